import { z } from 'zod';
import { messageSchema } from '../domain/session.ts';
import {
  cpfSchema,
  emailSchema,
  enableUserSchema,
  idTextSchema,
  permissionCreateSchema,
  permissionListQuerySchema,
  roleHolderSchema,
  userDetailSchema,
  userFilterSchema,
  userInputSchema,
  userListItemSchema,
  userListQuerySchema,
  userPermissionSchema,
  userSummarySchema,
  userUpdateSchema,
} from '../domain/users.ts';
import { endpoint } from './endpoint.ts';
import { idParams, recordErrors as errors } from './schemas.ts';

const tags = ['usuario'];
/** Users and their per-municipality roles are managed by admins or by holders of the Usuários menu. */
const manage = { manage: 'menuUsuarios' } as const;

const update = {
  method: 'PUT',
  summary: 'Atualiza um usuário; listas de permissões enviadas substituem as atuais',
  tags,
  access: manage,
  body: userUpdateSchema,
  response: { 200: userDetailSchema, ...errors },
} as const;

/**
 * Users (spec §7 api/usuario). Every read and write of people data needs the manager rule, decided
 * before the body is read; who may touch which account (the built-in administrator, the Administrador
 * group) depends on the account and stays in the server's commands. The consultant lists are read
 * by whoever picks a consultant and are narrowed to the municipalities the caller sees.
 */
export const users = {
  create: endpoint({
    method: 'POST',
    path: '/usuario/cadastrar-usuario',
    summary: 'Cadastra um usuário, sem senha: ele a cria pelo primeiro acesso',
    tags,
    access: manage,
    body: userInputSchema,
    response: { 201: userDetailSchema, ...errors },
  }),
  update: endpoint({ ...update, path: '/usuario' }),
  /** The same operation at the path the app calls. */
  updateUser: endpoint({ ...update, path: '/usuario/atualizar-usuario' }),
  remove: endpoint({
    method: 'DELETE',
    path: '/usuario/:id',
    summary: 'Exclui (desabilita) um usuário',
    description:
      'Exclusão lógica: o usuário é desabilitado e não entra mais, mas relatórios, evidências e encontros continuam com o autor. ' +
      'Para reativá-lo use habilitar-desabilitar-usuario.',
    tags,
    access: manage,
    params: idParams,
    response: { 200: messageSchema, ...errors },
  }),
  setEnabled: endpoint({
    method: 'POST',
    path: '/usuario/habilitar-desabilitar-usuario',
    summary: 'Habilita ou desabilita um usuário',
    tags,
    access: manage,
    body: enableUserSchema,
    response: { 200: userListItemSchema, ...errors },
  }),
  list: endpoint({
    method: 'GET',
    path: '/usuario',
    summary: 'Lista os usuários, com filtros',
    tags,
    access: manage,
    query: userListQuerySchema,
    response: { 200: z.array(userListItemSchema), ...errors },
  }),
  filter: endpoint({
    method: 'POST',
    path: '/usuario/get-by-filtro',
    summary: 'Lista os usuários por nome, e-mail, grupo, município e situação',
    tags,
    access: manage,
    body: userFilterSchema,
    response: { 200: z.array(userListItemSchema), ...errors },
  }),
  consultants: endpoint({
    method: 'GET',
    path: '/usuario/consultores',
    summary: 'Consultores (condutores e especialistas) habilitados',
    tags,
    access: 'session',
    response: { 200: z.array(roleHolderSchema), ...errors },
  }),
  consultantsOfMunicipality: endpoint({
    method: 'GET',
    path: '/usuario/consultoresByMunicipio',
    summary: 'Consultores habilitados de um município',
    tags,
    access: { municipality: 'query.municipioId' },
    query: z.object({ municipioId: idTextSchema }),
    response: { 200: z.array(roleHolderSchema), ...errors },
  }),
  /** The municipality is optional, which `access.municipality` cannot say: the server checks it when given. */
  ads: endpoint({
    method: 'GET',
    path: '/usuario/ads',
    summary: 'Usuários habilitados com o papel AD',
    tags,
    access: 'session',
    query: z.object({ municipioId: idTextSchema.optional() }),
    response: { 200: z.array(roleHolderSchema), ...errors },
  }),
  find: endpoint({
    method: 'GET',
    path: '/usuario/find-user/:texto',
    summary: 'Busca usuários por parte do nome ou do e-mail',
    tags,
    // The same people data as the user list, so the same rule.
    access: manage,
    params: z.object({ texto: z.string().trim().min(1, 'Informe o nome ou o e-mail').max(200, 'Texto de busca longo demais') }),
    response: { 200: z.array(userSummarySchema), ...errors },
  }),
  byEmail: endpoint({
    method: 'GET',
    path: '/usuario/find-user-by-email/:email',
    summary: 'Usuário pelo e-mail',
    tags,
    access: manage,
    params: z.object({ email: emailSchema }),
    response: { 200: userSummarySchema, ...errors },
  }),
  byCpf: endpoint({
    method: 'GET',
    path: '/usuario/get-by-cpf/:cpf',
    summary: 'Usuário pelo CPF (com ou sem máscara)',
    tags,
    // A CPF names a person: only those who manage users may resolve one.
    access: manage,
    params: z.object({ cpf: cpfSchema }),
    response: { 200: userListItemSchema, ...errors },
  }),
  get: endpoint({
    method: 'GET',
    path: '/usuario/:id',
    summary: 'Usuário com suas permissões',
    tags,
    access: manage,
    params: idParams,
    response: { 200: userDetailSchema, ...errors },
  }),
  permissions: endpoint({
    method: 'GET',
    path: '/usuario/permissao',
    summary: 'Permissões por município de um usuário',
    tags,
    access: manage,
    query: permissionListQuerySchema,
    response: { 200: z.array(userPermissionSchema), ...errors },
  }),
  addPermission: endpoint({
    method: 'POST',
    path: '/usuario/permissao',
    summary: 'Atribui um papel a um usuário em um município (e eixo)',
    tags,
    access: manage,
    body: permissionCreateSchema,
    response: { 201: userPermissionSchema, ...errors },
  }),
  removePermission: endpoint({
    method: 'DELETE',
    path: '/usuario/permissao/:id',
    summary: 'Remove uma permissão por município',
    tags,
    access: manage,
    params: idParams,
    response: { 200: messageSchema, ...errors },
  }),
};
