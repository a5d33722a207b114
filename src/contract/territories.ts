import { z } from 'zod';
import {
  TERRITORY_MENU_FLAG,
  TERRITORY_MESSAGES,
  territoryInputSchema,
  territoryOptionsSchema,
  territorySchema,
  territoryUpdateSchema,
  visitFilterSchema,
  visitInputSchema,
  visitOptionsSchema,
  visitSchema,
  visitUpdateSchema,
} from '../domain/territories.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses, idParams, readErrors, recordErrors } from './schemas.ts';

/**
 * Territories and the territorial agents' visits (issue 31). The spec names the screens
 * (/gestao-territorios/{tab}, /cidade/{id}/agenteTerritorial/{tab}) but no API path: these follow
 * the family's singular nouns (api/territorio, api/visita). Territories are the managers' (an admin
 * or menuGestaoTerritorios); a territory spans municipalities, so its handlers apply §6 themselves
 * (src/domain/territories.ts seesTerritory); a visit belongs to a municipality, so one out of the
 * user's sight is a 404 decided by access.
 */
const territoryTags = ['territorio'];
const visitTags = ['visita'];
const manage = { manage: TERRITORY_MENU_FLAG, refused: TERRITORY_MESSAGES.manageRefused } as const;

export const territories = {
  list: endpoint({
    method: 'GET',
    path: '/territorio',
    summary: 'Os territórios que o usuário vê (com ao menos um município visível), com municípios e agentes',
    tags: territoryTags,
    access: manage,
    response: { 200: z.array(territorySchema), ...readErrors },
  }),
  options: endpoint({
    method: 'GET',
    path: '/territorio/opcoes',
    summary: 'O que o formulário de território escolhe: municípios visíveis, unidades regionais e usuários habilitados',
    tags: territoryTags,
    access: manage,
    response: { 200: territoryOptionsSchema, ...readErrors },
  }),
  get: endpoint({
    method: 'GET',
    path: '/territorio/:id',
    summary: 'Um território',
    tags: territoryTags,
    access: manage,
    params: idParams,
    response: { 200: territorySchema, ...readErrors },
  }),
  create: endpoint({
    method: 'POST',
    path: '/territorio',
    summary: 'Cria um território com seus municípios (de uma UF) e agentes',
    tags: territoryTags,
    access: manage,
    body: territoryInputSchema,
    response: { 201: territorySchema, ...recordErrors },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/territorio',
    summary: 'Altera um território, seus municípios e agentes',
    tags: territoryTags,
    access: manage,
    body: territoryUpdateSchema,
    response: { 200: territorySchema, ...recordErrors },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/territorio/:id',
    summary: 'Exclui um território (as visitas ficam, sem território)',
    tags: territoryTags,
    access: manage,
    params: idParams,
    response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
  }),
  visits: endpoint({
    method: 'GET',
    path: '/visita',
    summary: 'As visitas dos municípios que o usuário vê, por território, agente, município, período e situação',
    tags: visitTags,
    access: manage,
    query: visitFilterSchema,
    response: { 200: z.array(visitSchema), ...readErrors },
  }),
  municipalityVisits: endpoint({
    method: 'GET',
    path: '/visita/municipio/:id',
    summary: 'As visitas de um município (planejadas, realizadas e canceladas)',
    tags: visitTags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: z.array(visitSchema), ...readErrors },
  }),
  visitOptions: endpoint({
    method: 'GET',
    path: '/visita/municipio/:id/opcoes',
    summary: 'O que o formulário de visita de um município escolhe: soluções por visitas (com as metas), relatórios, territórios e agentes',
    tags: visitTags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: visitOptionsSchema, ...readErrors },
  }),
  visit: endpoint({
    method: 'GET',
    path: '/visita/:id',
    summary: 'Uma visita',
    tags: visitTags,
    access: { record: { of: 'visit', id: 'params.id' } },
    params: idParams,
    response: { 200: visitSchema, ...readErrors },
  }),
  createVisit: endpoint({
    method: 'POST',
    path: '/visita',
    summary: 'Planeja uma visita ou registra uma já realizada (com Idempotency-Key, enviada uma vez pela fila offline)',
    tags: visitTags,
    access: { municipality: 'body.municipioId' },
    body: visitInputSchema,
    response: { 201: visitSchema, ...recordErrors },
  }),
  updateVisit: endpoint({
    method: 'PUT',
    path: '/visita',
    summary: 'Altera uma visita: registra como realizada, cancela, replaneja ou corrige',
    tags: visitTags,
    access: { record: { of: 'visit', id: 'body.visitaId' } },
    body: visitUpdateSchema,
    response: { 200: visitSchema, ...recordErrors },
  }),
  removeVisit: endpoint({
    method: 'DELETE',
    path: '/visita/:id',
    summary: 'Exclui uma visita',
    tags: visitTags,
    access: { ...manage, record: { of: 'visit', id: 'params.id' } },
    params: idParams,
    response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
  }),
};
