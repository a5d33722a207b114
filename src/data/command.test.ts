// @vitest-environment happy-dom
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorBodies } from '../lib/api-errors.ts';
import { setNotificationSink, type Notification } from '../lib/notify.ts';
import { OutboxValidationError } from '../offline/outbox.ts';
import { command, triage } from './command.ts';
import { queryClient } from './query-client.ts';

/**
 * The error triage every write shares (issue 27): a 401 ends the session silently, a validation
 * error goes back to the form, any other failure shows its pt-BR message, all decided here once.
 * The calls are test doubles failing as the API client fails (ky's HTTPError, its body read).
 */

const shown: Notification[] = [];

beforeAll(() => setNotificationSink((n) => shown.push(n)));
beforeEach(() => {
  shown.length = 0;
});

/** A failed call as src/api/client.ts hands it over: the error, with its JSON body already read. */
function failed(status: number, body?: { message: string; issues?: Array<{ path: string; message: string }> }, bearer = 'token') {
  const request = new Request('http://localhost/api/relatorio', { method: 'PUT', headers: bearer ? { Authorization: `Bearer ${bearer}` } : {} });
  const error = new HTTPError(new Response(null, { status }), request, {} as NormalizedOptions);
  if (body) errorBodies.set(error, body);
  return error;
}

const saved = z.object({ id: z.number() });

describe('command.online', () => {
  it('answers the parsed result and shows nothing', async () => {
    const save = command.online({ send: async (n: number) => ({ id: n }), schema: saved, failure: { message: 'Falhou.' } });
    expect(await save(7)).toEqual({ ok: true, data: { id: 7 } });
    expect(shown).toEqual([]);
  });

  it('ends silently on a 401 to the token in use: the client has already said the session expired', async () => {
    const save = command.online({ send: () => Promise.reject(failed(401, { message: 'Sessão expirada.' })), failure: { message: 'Falhou.' } });
    expect(await save(undefined)).toEqual({ ok: false, reason: 'session' });
    expect(shown).toEqual([]);
  });

  it('shows the server’s pt-BR message of another 4xx, or its own when there is none', async () => {
    const save = command.online({ send: () => Promise.reject(failed(403, { message: 'Sem permissão.' })), failure: { message: 'Falhou.' } });
    expect(await save(undefined)).toMatchObject({ ok: false, reason: 'refused', message: 'Sem permissão.' });
    const bare = command.online({ send: () => Promise.reject(failed(409)), failure: { message: 'Falhou.' } });
    expect(await bare(undefined)).toMatchObject({ ok: false, reason: 'refused', message: 'Falhou.' });
    expect(shown.map((n) => n.title)).toEqual(['Sem permissão.', 'Falhou.']);
  });

  it('words a failure as a title with the server’s message beneath when asked', async () => {
    const save = command.online({ send: () => Promise.reject(failed(422, { message: 'Encontro já tem relatório.' })), failure: { title: 'Erro ao salvar' } });
    await save(undefined);
    expect(shown).toMatchObject([{ type: 'error', title: 'Erro ao salvar', description: 'Encontro já tem relatório.' }]);
  });

  it('hands a validation error’s issues back to the form', async () => {
    const issues = [{ path: 'titulo', message: 'Informe o título.' }];
    const save = command.online({ send: () => Promise.reject(failed(400, { message: 'Dados inválidos.', issues })), failure: { message: 'Falhou.' } });
    expect(await save(undefined)).toEqual({ ok: false, reason: 'invalid', message: 'Dados inválidos.', issues });
  });

  it('shows nothing when the form shows the failure itself (inline)', async () => {
    const save = command.online({ send: () => Promise.reject(failed(403, { message: 'Sem permissão.' })), failure: { message: 'Falhou.' } });
    expect(await save(undefined, { inline: true })).toMatchObject({ ok: false, reason: 'refused', message: 'Sem permissão.' });
    expect(shown).toEqual([]);
  });

  it('invalidates the reads it names after a successful write, and only then', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const ok = command.online({
      send: async (id: number) => ({ id }),
      schema: saved,
      invalidates: (id) => [['relatorio', id]],
      failure: { message: 'Falhou.' },
    });
    await ok(3);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['relatorio', 3] });
    invalidate.mockClear();
    const refused = command.online({ send: () => Promise.reject(failed(403)), invalidates: () => [['relatorio']], failure: { message: 'Falhou.' } });
    await refused(undefined);
    expect(invalidate).not.toHaveBeenCalled();
    invalidate.mockRestore();
  });
});

describe('command.device', () => {
  it('answers what the device action answered and shows nothing', async () => {
    const retry = command.device({ run: async (id: string) => `feito ${id}`, failure: { message: 'Falhou.' } });
    expect(await retry('a1')).toEqual({ ok: true, data: 'feito a1' });
    expect(shown).toEqual([]);
  });

  it('shows the device’s own message (no room, no store), else its wording', async () => {
    const full = command.device({ run: () => Promise.reject(new Error('Sem espaço neste aparelho.')), failure: { message: 'Falhou.' } });
    expect(await full(undefined)).toMatchObject({ ok: false, reason: 'refused', message: 'Sem espaço neste aparelho.' });
    const bare = command.device({ run: () => Promise.reject('?'), failure: { title: 'Não foi possível exportar a fila' } });
    expect(await bare(undefined)).toMatchObject({ ok: false, reason: 'refused', message: 'Não foi possível exportar a fila' });
    expect(shown.map((n) => n.title)).toEqual(['Sem espaço neste aparelho.', 'Não foi possível exportar a fila']);
  });

  it('gives the outbox’s refusal back with its issues, and shows nothing inline', async () => {
    const refusal = new OutboxValidationError([{ path: ['telefone'], message: 'Telefone inválido' }]);
    const resend = command.device({ run: () => Promise.reject(refusal), failure: { message: 'Não foi possível reenviar o item.' } });
    expect(await resend(undefined, { inline: true })).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Telefone inválido',
      issues: [{ path: 'telefone', message: 'Telefone inválido' }],
    });
    expect(shown).toEqual([]);
  });

  it('shows nothing for an aborted action: the caller cancelled it', async () => {
    const download = command.device({ run: () => Promise.reject(new DOMException('Aborted', 'AbortError')), failure: { message: 'Falhou.' } });
    expect(await download(undefined)).toMatchObject({ ok: false, reason: 'refused', message: '' });
    expect(shown).toEqual([]);
  });
});

describe('triage', () => {
  it('treats the outbox refusing a payload as a validation error', () => {
    const error = new OutboxValidationError([{ path: ['arquivos', 0], message: 'Arquivo grande demais.' }]);
    expect(triage(error, { title: 'Erro ao salvar relatório' })).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Arquivo grande demais.',
      issues: [{ path: 'arquivos.0', message: 'Arquivo grande demais.' }],
    });
    expect(shown).toMatchObject([{ title: 'Erro ao salvar relatório', description: 'Arquivo grande demais.' }]);
  });

  it('shows a 401 of a call without a token (a refused sign-in) like any refusal', () => {
    expect(triage(failed(401, { message: 'Usuário ou senha inválidos.' }, ''), { message: 'Falhou.' })).toMatchObject({
      reason: 'refused',
      message: 'Usuário ou senha inválidos.',
    });
  });
});
