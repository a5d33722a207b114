// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '../domain/messages.ts';
import type { LoginResponse } from '../domain/session.ts';
import { setNotificationSink, type Notification } from '../lib/notify.ts';
import { getSession, signIn, signOut } from '../session/store.ts';
import { api, apiErrorMessage } from './client.ts';

/**
 * What a screen shows when a call fails: the server's pt-BR message when it sent one, the screen's
 * own catalogue text (spec §8) otherwise, and a single "session expired" notice when the token in
 * use is refused. Only the network is faked: the real client reads the real answers.
 */

const shown: Notification[] = [];

function loginAs(token: string): LoginResponse {
  return {
    token,
    expiraEm: '2099-01-01T00:00:00.000Z',
    usuario: { usuarioId: 12, nome: 'Dora Alves' },
    config: {},
    tenant: { id: 'sc', nome: 'Santa Catarina', uf: 'SC' },
  } as unknown as LoginResponse;
}

/** The network answers every call with `status` and `body` (JSON when it is an object), recording what was asked. */
function serverAnswers(status: number, body: unknown) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push(request);
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      const type = typeof body === 'string' ? 'text/html' : 'application/json';
      return new Response(text, { status, headers: { 'Content-Type': type } });
    }),
  );
  return requests;
}

async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('the call should have failed');
}

beforeEach(() => {
  shown.length = 0;
  setNotificationSink((n) => shown.push(n));
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('API errors as the user reads them', () => {
  it('gives the server’s pt-BR message of a refused call', async () => {
    signIn(loginAs('token-a'));
    serverAnswers(400, { message: 'Este encontro já tem relatório.' });
    const error = await failureOf(api.post('relatorio', { json: {} }));
    expect(apiErrorMessage(error, ERROR_MESSAGES.saveReport)).toBe('Este encontro já tem relatório.');
    expect(getSession().token).toBe('token-a');
    expect(shown).toEqual([]);
  });

  it('falls back to the screen’s own text when the answer carries no message (a proxy’s error page)', async () => {
    signIn(loginAs('token-b'));
    serverAnswers(502, '<html><body>Bad Gateway</body></html>');
    const error = await failureOf(api.get('relatorio/get-by-id/1'));
    expect(apiErrorMessage(error, ERROR_MESSAGES.saveReport)).toBe('Erro ao salvar relatório');
  });

  it('ends the session once, with one notice, when the token in use is refused by several calls at once', async () => {
    signIn(loginAs('token-c'));
    const requests = serverAnswers(401, { message: 'Sessão expirada.' });
    await Promise.all([failureOf(api.get('municipio/1')), failureOf(api.get('municipio/2'))]);
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer token-c', 'Bearer token-c']);
    expect(getSession().token).toBeNull();
    expect(shown).toEqual([{ type: 'error', title: 'Sessão expirada. Entre novamente.', duration: 8000 }]);
  });

  it('keeps the user on the login screen, signed out and without a session notice, when the credentials are wrong', async () => {
    signOut();
    const requests = serverAnswers(401, { message: 'Login ou senha inválidos' });
    const error = await failureOf(api.post('login', { json: { login: 'x', senha: 'y' } }));
    expect(requests[0]!.headers.get('Authorization')).toBeNull();
    expect(apiErrorMessage(error, 'Erro ao entrar')).toBe('Login ou senha inválidos');
    expect(shown).toEqual([]);
  });
});
