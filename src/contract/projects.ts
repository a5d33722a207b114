import { z } from 'zod';
import { messageSchema } from '../domain/session.ts';
import { projectByUfQuerySchema, projectInputSchema, projectSchema, projectUpdateSchema } from '../domain/users.ts';
import { endpoint } from './endpoint.ts';
import { idParams, recordErrors as errors } from './schemas.ts';

const tags = ['projeto'];
/** Projects are managed by admins or holders of the Projetos e Soluções menu; any signed-in user reads them. */
const manage = { manage: 'menuProjetosSolucoes' } as const;

/** Projects (spec §7 api/projeto). */
export const projects = {
  list: endpoint({
    method: 'GET',
    path: '/projeto',
    summary: 'Lista os projetos',
    tags,
    access: 'session',
    response: { 200: z.array(projectSchema), ...errors },
  }),
  ofUf: endpoint({
    method: 'GET',
    path: '/projeto/get-projeto-by-uf',
    summary: 'Projetos de uma UF',
    tags,
    access: 'session',
    query: projectByUfQuerySchema,
    response: { 200: z.array(projectSchema), ...errors },
  }),
  get: endpoint({
    method: 'GET',
    path: '/projeto/:id',
    summary: 'Um projeto',
    tags,
    access: 'session',
    params: idParams,
    response: { 200: projectSchema, ...errors },
  }),
  create: endpoint({
    method: 'POST',
    path: '/projeto',
    summary: 'Cadastra um projeto (sem UF: a da base de dados)',
    tags,
    access: manage,
    body: projectInputSchema,
    response: { 201: projectSchema, ...errors },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/projeto',
    summary: 'Atualiza um projeto',
    tags,
    access: manage,
    body: projectUpdateSchema,
    response: { 200: projectSchema, ...errors },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/projeto/:id',
    summary: 'Exclui um projeto que nenhum município, eixo ou grupo de soluções usa',
    tags,
    access: manage,
    params: idParams,
    response: { 200: messageSchema, ...errors },
  }),
};
