import { isHTTPError } from 'ky';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { api, isAbortError, isSessionExpiredError } from '../../api/client.ts';
import {
  groupListItemSchema,
  userDetailSchema,
  userListItemSchema,
  type UserDetail,
  type UserInput,
  type UserListItem,
  type UserUpdate,
} from '../../domain/users.ts';
import { notifyError } from '../../ui/notify.ts';

// ---------------------------------------------------------------- reading

/** `refreshing`: a reload is under way while the last answer is still shown (no flicker after a change). */
export type Remote<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T; refreshing: boolean };

type Settled<T> = { path: string; attempt: number; result: { status: 'error'; error: unknown } | { status: 'ready'; data: T } };

/**
 * GET `path` and parse the answer; a null `path` waits. A failure other than a 401 (already
 * reported by the client) shows `errorMessage` when given.
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

const userListSchema = z.array(userListItemSchema);

/**
 * Every user of the tenant (GET api/usuario). The list is filtered on the client: it is small, and
 * the search must match the name or the e-mail, which the server's filters combine with "and".
 */
export function useUserList(errorMessage: string) {
  return useApiGet('usuario', userListSchema, errorMessage);
}

/** GET api/usuario/{id}: the user with their per-municipality and solution permissions. */
export function useUserDetail(usuarioId: number | null) {
  return useApiGet(usuarioId === null ? null : `usuario/${usuarioId}`, userDetailSchema);
}

const groupListSchema = z.array(groupListItemSchema);

/** The user groups, for the group combo and filter (GET api/usuario/grupo). */
export function useUserGroups() {
  return useApiGet('usuario/grupo', groupListSchema, 'Erro ao obter grupos');
}

const municipalityNameSchema = z.object({ municipioId: z.number().int(), nome: z.string() });
export type MunicipalityName = z.infer<typeof municipalityNameSchema>;
const municipalityNamesSchema = z.array(municipalityNameSchema);

/** Id and name of the municipalities the signed-in user may see (GET api/municipio/get-nomes). */
export function useMunicipalityNames() {
  return useApiGet('municipio/get-nomes', municipalityNamesSchema, 'Erro ao obter municipios');
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
