import { z } from 'zod';
import { call } from '../../api/call.ts';
import { access } from '../../contract/access.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import {
  configSchema,
  groupListItemSchema,
  groupSchema,
  type ConfigUpdate,
  type GroupInput,
  type GroupUpdate,
} from '../../domain/users.ts';

/**
 * Access's data object (issue 27): the permission groups and the tenant's global flags, built on the
 * two primitives of src/data over the declarations of src/contract/access.ts. Screens import this file only.
 */

export { httpStatusOf } from '../../lib/api-errors.ts';
/** The menus and tabs read the session's copy of the flags: a save that changes them refreshes it. */
export { refreshSession } from '../../api/session-refresh.ts';

/** The groups' list key, shared with the users feature's group combo (same key, one request). */
const GROUPS = ['usuario/grupo'] as const;
const SETTINGS = ['configuracao'] as const;
const SAVE_FAILED = 'Não foi possível salvar o grupo. Verifique sua conexão e tente novamente.';

// ---------------------------------------------------------------- user groups (api/usuario/grupo)

const groups = query.online(() => ({
  key: GROUPS,
  fetch: (signal: AbortSignal) => call(access.groups, { signal }),
  schema: z.array(groupListItemSchema),
  errorMessage: 'Erro ao obter grupos',
}));

/** A 404 is not reported here: the form turns it into its own notice. */
const group = query.online((grupoId: number | null) =>
  grupoId === null
    ? null
    : {
        key: [...GROUPS, grupoId],
        fetch: (signal: AbortSignal) => call(access.group, { params: { id: grupoId }, signal }),
        schema: groupSchema,
      },
);

/**
 * The administrative reports travel inside the group payload (relatorioAdm) rather than through
 * api/UsuarioGrupoPermissao one by one: the server replaces the list in the same transaction as
 * the flags, so a failed save never leaves half of the reports changed.
 */
const createGroup = command.online({
  send: (body: GroupInput) => call(access.createGroup, { body }),
  schema: groupSchema,
  invalidates: () => [GROUPS],
  failure: { message: SAVE_FAILED },
});

const updateGroup = command.online({
  send: (body: GroupUpdate) => call(access.updateGroup, { body }),
  schema: groupSchema,
  invalidates: () => [GROUPS],
  failure: { message: SAVE_FAILED },
});

/** 409 while users still belong to the group (or for the Administrador group); the server says which. */
const removeGroup = command.online({
  send: (grupoId: number) => call(access.removeGroup, { params: { id: grupoId } }),
  invalidates: () => [GROUPS],
  failure: { message: 'Não foi possível excluir o grupo.' },
});

// ---------------------------------------------------------------- global configuration (api/configuracao)

const settings = query.online(() => ({
  key: SETTINGS,
  fetch: (signal: AbortSignal) => call(access.settings, { signal }),
  schema: configSchema,
  errorMessage: 'Erro ao obter configurações',
}));

/** Only the flags given change on the server; the answer is the whole configuration after the change. */
const updateSettings = command.online({
  send: (changes: ConfigUpdate) => call(access.updateSettings, { body: changes }),
  schema: configSchema,
  invalidates: () => [SETTINGS],
  failure: { message: 'Não foi possível salvar as configurações. Verifique sua conexão e tente novamente.' },
});

export const accessData = {
  useGroups: groups,
  useGroup: group,
  createGroup,
  updateGroup,
  removeGroup,
  useSettings: settings,
  updateSettings,
};
