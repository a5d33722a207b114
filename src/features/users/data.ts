import { call } from '../../api/call.ts';
import { access } from '../../contract/access.ts';
import { users as usersApi } from '../../contract/users.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';
import { groupListItemSchema, userDetailSchema, userListItemSchema, type UserInput, type UserUpdate } from '../../domain/users.ts';
import { z } from 'zod';

/**
 * Users' data object (issue 27): what the user list and form read and write, built on the two
 * primitives of src/data over the declarations of src/contract/users.ts. Screens import this file only.
 */

export { httpStatusOf, apiErrorMessage } from '../../lib/api-errors.ts';
export { useMunicipalityNames, type MunicipalityName } from '../../entities/municipality/lists.ts';
export type { Query } from '../../data/query.ts';

/** Every key of the users' reads starts with this, so a write refreshes them all. */
const USERS = 'usuario';
/** The permission groups' list, shared with the access feature's reads (same key, one request). */
const GROUPS_KEY = ['usuario/grupo'] as const;

/**
 * Every user of the tenant (GET api/usuario). The list is filtered on the client: it is small, and
 * the search must match the name or the e-mail, which the server's filters combine with "and".
 */
const list = query.online(() => ({
  key: [USERS, 'list'],
  fetch: (signal: AbortSignal) => call(usersApi.list, { query: {}, signal }),
  schema: z.array(userListItemSchema),
  errorMessage: ERROR_MESSAGES.getUsers,
}));

/** GET api/usuario/{id}: the user with their per-municipality and solution permissions; the form reports a failure itself. */
const one = query.online((usuarioId: number | null) =>
  usuarioId === null
    ? null
    : {
        key: [USERS, usuarioId],
        fetch: (signal: AbortSignal) => call(usersApi.get, { params: { id: usuarioId }, signal }),
        schema: userDetailSchema,
      },
);

/** The user groups, for the group combo and filter (GET api/usuario/grupo). */
const groups = query.online(() => ({
  key: GROUPS_KEY,
  fetch: (signal: AbortSignal) => call(access.groups, { signal }),
  schema: z.array(groupListItemSchema),
  errorMessage: 'Erro ao obter grupos',
}));

/** The new user has no password: they create it through "Primeiro acesso". */
const create = command.online({
  send: (body: UserInput) => call(usersApi.create, { body }),
  schema: userDetailSchema,
  invalidates: () => [[USERS], GROUPS_KEY],
  failure: { message: 'Não foi possível salvar o usuário. Verifique sua conexão e tente novamente.' },
});

/** Lists sent replace the user's current ones. */
const update = command.online({
  send: (body: UserUpdate) => call(usersApi.updateUser, { body }),
  schema: userDetailSchema,
  invalidates: () => [[USERS], GROUPS_KEY],
  failure: { message: 'Não foi possível salvar o usuário. Verifique sua conexão e tente novamente.' },
});

const setEnabled = command.online({
  send: (body: { usuarioId: number; habilitado: boolean }) => call(usersApi.setEnabled, { body }),
  schema: userListItemSchema,
  invalidates: () => [[USERS]],
  failure: { message: 'Não foi possível alterar o usuário.' },
});

export const users = { useList: list, useOne: one, useGroups: groups, create, update, setEnabled };
