import { z } from 'zod';
import { api } from '../../api/client.ts';
import {
  groupListItemSchema,
  userDetailSchema,
  userListItemSchema,
  type UserDetail,
  type UserInput,
  type UserListItem,
  type UserUpdate,
} from '../../domain/users.ts';
import { useServerData } from '../../api/use-server-data.ts';

export { type Remote } from '../../api/use-server-data.ts';
export { httpStatusOf } from '../../lib/api-errors.ts';

// ---------------------------------------------------------------- reading

const userListSchema = z.array(userListItemSchema);

/**
 * Every user of the tenant (GET api/usuario). The list is filtered on the client: it is small, and
 * the search must match the name or the e-mail, which the server's filters combine with "and".
 */
export function useUserList(errorMessage: string) {
  return useServerData('usuario', userListSchema, errorMessage);
}

/** GET api/usuario/{id}: the user with their per-municipality and solution permissions. */
export function useUserDetail(usuarioId: number | null) {
  return useServerData(usuarioId === null ? null : `usuario/${usuarioId}`, userDetailSchema);
}

const groupListSchema = z.array(groupListItemSchema);

/** The user groups, for the group combo and filter (GET api/usuario/grupo). */
export function useUserGroups() {
  return useServerData('usuario/grupo', groupListSchema, 'Erro ao obter grupos');
}

// ---------------------------------------------------------------- writing

/** The new user has no password: they create it through "Primeiro acesso". */
export async function createUser(body: UserInput): Promise<UserDetail> {
  return userDetailSchema.parse(await api.post('usuario/cadastrar-usuario', { json: body }).json());
}

/** Lists sent replace the user's current ones. */
export async function updateUser(body: UserUpdate): Promise<UserDetail> {
  return userDetailSchema.parse(await api.put('usuario/atualizar-usuario', { json: body }).json());
}

export async function setUserEnabled(usuarioId: number, habilitado: boolean): Promise<UserListItem> {
  return userListItemSchema.parse(await api.post('usuario/habilitar-desabilitar-usuario', { json: { usuarioId, habilitado } }).json());
}
