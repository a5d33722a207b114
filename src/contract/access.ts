import { z } from 'zod';
import { messageSchema } from '../domain/session.ts';
import {
  configSchema,
  configUpdateSchema,
  groupInputSchema,
  groupListItemSchema,
  groupReportInputSchema,
  groupReportListQuerySchema,
  groupReportSchema,
  groupReportUpdateSchema,
  groupSchema,
  groupUpdateSchema,
} from '../domain/users.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses, idParams, recordErrors as errors } from './schemas.ts';

const groupTags = ['grupo'];
/** Groups and their report permissions are managed by admins or by holders of the Grupos menu. */
const manage = { manage: 'menuGrupos' } as const;
/** The user form picks a group, so whoever manages users may read groups too. */
const read = { manage: ['menuGrupos', 'menuUsuarios'] } as const;

const updateGroup = {
  method: 'PUT',
  summary: 'Atualiza um grupo; flags e listas omitidas ficam como estão',
  tags: groupTags,
  access: manage,
  body: groupUpdateSchema,
  response: { 200: groupSchema, ...errors },
} as const;

/**
 * Access (spec §3, §7): the permission groups (api/usuario/grupo), the administrative reports each
 * group may open (api/UsuarioGrupoPermissao) and the tenant's global flags (api/configuracao). What
 * only an administrator may do to the Administrador group depends on the group and stays in the
 * server's commands.
 */
export const access = {
  groups: endpoint({
    method: 'GET',
    path: '/usuario/grupo',
    summary: 'Lista os grupos de usuários',
    tags: groupTags,
    access: read,
    response: { 200: z.array(groupListItemSchema), ...errors },
  }),
  lastGroup: endpoint({
    method: 'GET',
    path: '/usuario/grupo/get-Last-grupo',
    summary: 'O grupo cadastrado por último',
    tags: groupTags,
    access: read,
    response: { 200: groupSchema, ...errors },
  }),
  group: endpoint({
    method: 'GET',
    path: '/usuario/grupo/:id',
    summary: 'Grupo com todas as flags, eixos visíveis e relatórios administrativos',
    tags: groupTags,
    access: read,
    params: idParams,
    response: { 200: groupSchema, ...errors },
  }),
  createGroup: endpoint({
    method: 'POST',
    path: '/usuario/grupo',
    summary: 'Cadastra um grupo; flags omitidas assumem o padrão do catálogo',
    tags: groupTags,
    access: manage,
    body: groupInputSchema,
    response: { 201: groupSchema, ...errors },
  }),
  /** The same operation at two paths of the spec; the app calls update-grupo. */
  updateGroup: endpoint({ ...updateGroup, path: '/usuario/grupo/update-grupo' }),
  updateGroupAtRoot: endpoint({ ...updateGroup, path: '/usuario/grupo' }),
  removeGroup: endpoint({
    method: 'DELETE',
    path: '/usuario/grupo/delete-group/:id',
    summary: 'Exclui um grupo sem usuários',
    tags: groupTags,
    access: manage,
    params: idParams,
    response: { 200: messageSchema, ...errors },
  }),
  groupReports: endpoint({
    method: 'GET',
    path: '/UsuarioGrupoPermissao',
    summary: 'Relatórios administrativos liberados por grupo',
    tags: groupTags,
    access: manage,
    query: groupReportListQuerySchema,
    response: { 200: z.array(groupReportSchema), ...errors },
  }),
  reportsOfGroup: endpoint({
    method: 'GET',
    path: '/UsuarioGrupoPermissao/get-by-grupo/:id',
    summary: 'Relatórios administrativos liberados para um grupo',
    tags: groupTags,
    access: manage,
    params: idParams,
    response: { 200: z.array(groupReportSchema), ...errors },
  }),
  addGroupReport: endpoint({
    method: 'POST',
    path: '/UsuarioGrupoPermissao',
    summary: 'Libera um relatório administrativo (1 a 51) para um grupo',
    tags: groupTags,
    access: manage,
    body: groupReportInputSchema,
    response: { 201: groupReportSchema, ...errors },
  }),
  updateGroupReport: endpoint({
    method: 'PUT',
    path: '/UsuarioGrupoPermissao',
    summary: 'Altera uma liberação de relatório administrativo',
    tags: groupTags,
    access: manage,
    body: groupReportUpdateSchema,
    response: { 200: groupReportSchema, ...errors },
  }),
  removeGroupReport: endpoint({
    method: 'DELETE',
    path: '/UsuarioGrupoPermissao/:id',
    summary: 'Remove a liberação de um relatório administrativo',
    tags: groupTags,
    access: manage,
    params: idParams,
    response: { 200: messageSchema, ...errors },
  }),
  settings: endpoint({
    method: 'GET',
    path: '/configuracao',
    summary: 'Flags globais (de sistema) da base de dados',
    description: 'Legível por qualquer usuário autenticado: o cliente precisa delas para decidir o que mostrar.',
    tags: ['configuracao'],
    access: 'session',
    response: { 200: configSchema, ...errorResponses(400, 401, 403) },
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/configuracao',
    summary: 'Altera qualquer subconjunto das flags globais',
    tags: ['configuracao'],
    // Admins keep access even after switching the Configurações menu off for everyone.
    access: { manage: 'menuConfiguracoes' },
    body: configUpdateSchema,
    response: { 200: configSchema, ...errorResponses(400, 401, 403) },
  }),
};
