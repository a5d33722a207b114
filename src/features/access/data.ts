import { z } from 'zod';
import { api } from '../../api/client.ts';
import type { FlagSet } from '../../domain/permission-flags.ts';
import {
  configSchema,
  groupListItemSchema,
  groupSchema,
  type ConfigUpdate,
  type Group,
  type GroupInput,
  type GroupUpdate,
} from '../../domain/users.ts';
import { useServerData } from '../../api/use-server-data.ts';

export { type Remote } from '../../api/use-server-data.ts';
export { httpStatusOf } from '../../lib/api-errors.ts';
/** The menus and tabs read the session's copy of the flags: a save that changes them refreshes it. */
export { refreshSession } from '../../api/session-refresh.ts';

// ---------------------------------------------------------------- user groups (api/usuario/grupo)

const groupListSchema = z.array(groupListItemSchema);

export function useGroupList() {
  return useServerData('usuario/grupo', groupListSchema, 'Erro ao obter grupos');
}

/** A 404 is not reported here: the form turns it into its own notice. */
export function useGroup(grupoId: number | null) {
  return useServerData(grupoId === null ? null : `usuario/grupo/${grupoId}`, groupSchema);
}

/**
 * The administrative reports travel inside the group payload (relatorioAdm) rather than through
 * api/UsuarioGrupoPermissao one by one: the server replaces the list in the same transaction as
 * the flags, so a failed save never leaves half of the reports changed.
 */
export async function createGroup(body: GroupInput): Promise<Group> {
  return groupSchema.parse(await api.post('usuario/grupo', { json: body }).json());
}

export async function updateGroup(body: GroupUpdate): Promise<Group> {
  return groupSchema.parse(await api.put('usuario/grupo/update-grupo', { json: body }).json());
}

/** 409 while users still belong to the group (or for the Administrador group); the server says which. */
export async function deleteGroup(grupoId: number): Promise<void> {
  await api.delete(`usuario/grupo/delete-group/${grupoId}`);
}

// ---------------------------------------------------------------- global configuration (api/configuracao)

export function useConfiguration() {
  return useServerData('configuracao', configSchema, 'Erro ao obter configurações');
}

/** Only the flags given change on the server; the answer is the whole configuration after the change. */
export async function updateConfiguration(changes: ConfigUpdate): Promise<FlagSet> {
  return configSchema.parse(await api.put('configuracao', { json: changes }).json());
}
