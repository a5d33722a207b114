import { useEffect, useState } from 'react';
import type * as z from 'zod/mini';
import { api, apiErrorMessage, isAbortError } from '../../api/client.ts';
import type { changePasswordWithTokenSchema, LoginRequest, LoginResponse } from '../../domain/session.ts';

// The signed-out pages open without zod: the schemas load with the first request, alongside it.
const sessionSchemas = () => import('../../domain/session.ts');

export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  const [{ loginResponseSchema }, body] = await Promise.all([sessionSchemas(), api.post('usuario/login', { json: credentials }).json()]);
  return loginResponseSchema.parse(body);
}

async function postForMessage(path: string, json: unknown): Promise<string> {
  const [{ messageSchema }, body] = await Promise.all([sessionSchemas(), api.post(path, { json }).json()]);
  return messageSchema.parse(body).message;
}

/** Both link requests answer with the same message whether or not the account exists. */
export function requestPasswordRecovery(login: string): Promise<string> {
  return postForMessage('usuario/recuperar-senha', { login });
}

export function requestFirstAccess(login: string): Promise<string> {
  return postForMessage('usuario/primeiro-acesso', { login });
}

export function changePasswordWithToken(body: z.output<typeof changePasswordWithTokenSchema>): Promise<string> {
  return postForMessage('usuario/trocar-senha', body);
}

export type PasswordTokenState =
  { status: 'checking' } | { status: 'valid'; nome: string; email: string } | { status: 'invalid'; message: string };

const INVALID_LINK_FALLBACK = 'Não foi possível verificar o link. Verifique sua conexão e tente novamente.';

/** Checks a password link once per token, when its screen opens. */
export function usePasswordToken(token: string): PasswordTokenState {
  const [state, setState] = useState<{ token: string; result: PasswordTokenState }>({ token, result: { status: 'checking' } });

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      sessionSchemas(),
      api.post('usuario/verifica-token-valido', { searchParams: { token }, signal: controller.signal }).json(),
    ])
      .then(([{ tokenCheckResponseSchema }, body]) => {
        const { nome, email } = tokenCheckResponseSchema.parse(body);
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
