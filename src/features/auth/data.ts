import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { api, apiErrorMessage, isAbortError } from '../../api/client.ts';
import {
  loginResponseSchema,
  messageSchema,
  tokenCheckResponseSchema,
  type changePasswordWithTokenSchema,
  type LoginRequest,
  type LoginResponse,
} from '../../domain/session.ts';

export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  return loginResponseSchema.parse(await api.post('usuario/login', { json: credentials }).json());
}

/** Both link requests answer with the same message whether or not the account exists. */
export async function requestPasswordRecovery(login: string): Promise<string> {
  return messageSchema.parse(await api.post('usuario/recuperar-senha', { json: { login } }).json()).message;
}

export async function requestFirstAccess(login: string): Promise<string> {
  return messageSchema.parse(await api.post('usuario/primeiro-acesso', { json: { login } }).json()).message;
}

export async function changePasswordWithToken(body: z.output<typeof changePasswordWithTokenSchema>): Promise<string> {
  return messageSchema.parse(await api.post('usuario/trocar-senha', { json: body }).json()).message;
}

export type PasswordTokenState =
  { status: 'checking' } | { status: 'valid'; nome: string; email: string } | { status: 'invalid'; message: string };

const INVALID_LINK_FALLBACK = 'Não foi possível verificar o link. Verifique sua conexão e tente novamente.';

/** Checks a password link once per token, when its screen opens. */
export function usePasswordToken(token: string): PasswordTokenState {
  const [state, setState] = useState<{ token: string; result: PasswordTokenState }>({ token, result: { status: 'checking' } });

  useEffect(() => {
    const controller = new AbortController();
    api
      .post('usuario/verifica-token-valido', { searchParams: { token }, signal: controller.signal })
      .json()
      .then((body) => {
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
