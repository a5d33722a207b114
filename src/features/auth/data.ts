import { useEffect, useState } from 'react';
import type * as z from 'zod/mini';
import { apiErrorMessage, isAbortError } from '../../api/client.ts';
import type { changePasswordWithTokenSchema, LoginRequest, LoginResponse } from '../../domain/session.ts';

/**
 * The signed-out pages open without zod: the declarations (with their schemas) and the caller that
 * parses with them load with the first request. These calls stay plain (not command.online): on
 * these pages a 401 is a wrong password to show, not a session to end.
 */
const declared = () => Promise.all([import('../../contract/auth.ts'), import('../../api/call.ts')]);

async function login(credentials: LoginRequest): Promise<LoginResponse> {
  const [{ auth }, { call }] = await declared();
  return call(auth.login, { body: credentials });
}

/** Both link requests answer with the same message whether or not the account exists. */
async function requestPasswordRecovery(login: string): Promise<string> {
  const [{ auth }, { call }] = await declared();
  return (await call(auth.requestRecovery, { body: { login } })).message;
}

async function requestFirstAccess(login: string): Promise<string> {
  const [{ auth }, { call }] = await declared();
  return (await call(auth.requestFirstAccess, { body: { login } })).message;
}

async function changePasswordWithToken(body: z.output<typeof changePasswordWithTokenSchema>): Promise<string> {
  const [{ auth }, { call }] = await declared();
  return (await call(auth.changePasswordWithToken, { body })).message;
}

/**
 * Ends this session on the server, so its token stops working at once (POST usuario/logout).
 * Offline, or when the server does not answer soon, signing out just clears the device: the token
 * then lapses by itself.
 */
async function endServerSession(): Promise<void> {
  if (!navigator.onLine) return;
  const [{ auth }, { callRaw }] = await declared();
  await callRaw(auth.logout, { timeout: 5_000 }).catch(() => undefined);
}

export type PasswordTokenState =
  { status: 'checking' } | { status: 'valid'; nome: string; email: string } | { status: 'invalid'; message: string };

const INVALID_LINK_FALLBACK = 'Não foi possível verificar o link. Verifique sua conexão e tente novamente.';

/** Checks a password link once per token, when its screen opens. */
function usePasswordToken(token: string): PasswordTokenState {
  const [state, setState] = useState<{ token: string; result: PasswordTokenState }>({ token, result: { status: 'checking' } });

  useEffect(() => {
    const controller = new AbortController();
    declared()
      .then(([{ auth }, { call }]) => call(auth.checkToken, { query: { token }, signal: controller.signal }))
      .then(({ nome, email }) => {
        setState({ token, result: { status: 'valid', nome, email } });
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setState({ token, result: { status: 'invalid', message: apiErrorMessage(error, INVALID_LINK_FALLBACK) } });
      });
    return () => controller.abort();
  }, [token]);

  return state.token === token ? state.result : { status: 'checking' };
}

/** This feature's data object: what its screens read and write. */
export const authData = {
  login,
  requestPasswordRecovery,
  requestFirstAccess,
  changePasswordWithToken,
  endServerSession,
  usePasswordToken,
};
