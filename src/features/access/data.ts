import { isHTTPError } from 'ky';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { api, isAbortError, isSessionExpiredError } from '../../api/client.ts';
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
import { notifyError } from '../../ui/notify.ts';

/** `refreshing`: a reload is under way while the last answer is still shown (no flicker after a delete). */
export type Remote<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T; refreshing: boolean };

type Settled<T> = { path: string; attempt: number; result: { status: 'error'; error: unknown } | { status: 'ready'; data: T } };

/**
 * GET `path` and parse the answer; null `path` waits (an id that is not valid). A failure other
 * than a 401 (the client already ended the session and said so) shows `errorMessage` when given.
 */
function useApiGet<T>(path: string | null, schema: z.ZodType<T>, errorMessage?: string): Remote<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    api
      .get(path, { signal: controller.signal })
      .json()
      .then((body) => setSettled({ path, attempt, result: { status: 'ready', data: schema.parse(body) } }))
      .catch((error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        setSettled({ path, attempt, result: { status: 'error', error } });
        if (errorMessage && !isSessionExpiredError(error)) notifyError(errorMessage);
      });
    return () => controller.abort();
  }, [path, attempt, schema, errorMessage]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  let state: Remote<T> = { status: 'loading' };
  if (settled && settled.path === path) {
    if (settled.attempt === attempt) state = settled.result.status === 'ready' ? { ...settled.result, refreshing: false } : settled.result;
    else if (settled.result.status === 'ready') state = { ...settled.result, refreshing: true };
  }
  return { ...state, reload };
}

/** The HTTP status of a failed call, or null when the server was not reached. */
export function httpStatusOf(error: unknown): number | null {
  return isHTTPError(error) ? error.response.status : null;
}

// ---------------------------------------------------------------- user groups (api/usuario/grupo)

const groupListSchema = z.array(groupListItemSchema);

export function useGroupList() {
  return useApiGet('usuario/grupo', groupListSchema, 'Erro ao obter grupos');
}

/** A 404 is not reported here: the form turns it into its own notice. */
export function useGroup(grupoId: number | null) {
  return useApiGet(grupoId === null ? null : `usuario/grupo/${grupoId}`, groupSchema);
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
  return useApiGet('configuracao', configSchema, 'Erro ao obter configurações');
}

/** Only the flags given change on the server; the answer is the whole configuration after the change. */
export async function updateConfiguration(changes: ConfigUpdate): Promise<FlagSet> {
  return configSchema.parse(await api.put('configuracao', { json: changes }).json());
}
