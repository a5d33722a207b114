import { z } from 'zod';
import {
  publicTimePanelSchema,
  timeImportSchema,
  timeInputSchema,
  timePanelLinkSchema,
  timeRoomSchema,
  timeRowSchema,
  timeUpdateSchema,
} from '../domain/sala-time.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses, idParams, readErrors, recordErrors as errors } from './schemas.ts';

const tags = ['sala-tempo'];
const BASE = '/salatempo';
const time = (id: 'params.id' | 'body.salaTempoId') => ({ record: { of: 'salaTime', id } }) as const;

/**
 * The time room of a Sala do Empreendedor (spec §7 api/salatempo; its paths follow the cost room's
 * shape). Whoever sees the municipality reads, enters and imports its times. The public panel
 * (/sala-tempo, no login) reads painel/{hash}: the averages and the municipality's name only, for a
 * room that has shared its panel; revoking it makes the old link answer 404.
 */
export const salaTime = {
  create: endpoint({
    method: 'POST',
    path: `${BASE}/cadastrar-tempo`,
    summary: 'Registrar o tempo de um atendimento',
    tags,
    access: { municipality: 'body.municipioId' },
    body: timeInputSchema,
    response: { 201: timeRowSchema, ...errors },
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}/atualizar-tempo`,
    summary: 'Atualizar o tempo de um atendimento',
    tags,
    access: time('body.salaTempoId'),
    body: timeUpdateSchema,
    response: { 200: timeRowSchema, ...errors },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Excluir um registro de tempo',
    tags,
    access: time('params.id'),
    params: idParams,
    response: { 204: z.null(), ...errors },
  }),
  importRows: endpoint({
    method: 'POST',
    path: `${BASE}/importar-tempos`,
    summary: 'Importar tempos de atendimento de uma planilha (todas as linhas ou nenhuma)',
    tags,
    access: { municipality: 'body.municipioId' },
    bodyLimit: 2 * 1024 * 1024,
    body: timeImportSchema,
    response: { 201: z.object({ importados: z.number().int() }), ...errors },
  }),
  ofMunicipality: endpoint({
    method: 'GET',
    path: `${BASE}/obter-tempo-por-municipio/:id`,
    summary: 'Os tempos da sala do município, com as médias por serviço e por mês',
    tags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: timeRoomSchema, ...readErrors },
  }),
  sharePanel: endpoint({
    method: 'PUT',
    path: `${BASE}/painel/:id`,
    summary: 'Publicar o painel de tempos da sala com um novo link (o anterior deixa de abrir)',
    tags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: timePanelLinkSchema, ...errors },
  }),
  revokePanel: endpoint({
    method: 'DELETE',
    path: `${BASE}/painel/:id`,
    summary: 'Revogar o link do painel público de tempos da sala',
    tags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: timePanelLinkSchema, ...errors },
  }),
  publicPanel: endpoint({
    method: 'GET',
    path: `${BASE}/painel-publico/:hash`,
    summary: 'O painel público de tempos de uma sala, pelo link compartilhado (sem login)',
    tags,
    access: 'public',
    params: z.object({ hash: z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'Painel não encontrado.') }),
    response: { 200: publicTimePanelSchema, ...errorResponses(400, 404) },
  }),
};
