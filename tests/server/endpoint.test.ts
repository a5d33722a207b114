import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../src/contract/endpoint.ts';
import { errorResponses, idParams } from '../../src/contract/schemas.ts';
import { canSeeMunicipality } from '../../src/domain/permissions.ts';
import { idempotencyKey, municipio, usuario } from '../../server/db/schema/index.ts';
import { registerRecord } from '../../server/lib/access.ts';
import { withCommand } from '../../server/lib/command.ts';
import { route } from '../../server/lib/endpoint.ts';
import { loadSession } from '../../server/lib/session-repository.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/**
 * The endpoint helpers (src/contract/endpoint.ts, server/lib/endpoint.ts, server/lib/command.ts)
 * on routes mounted only for this test: access decided before the body is validated, the one
 * municipality gate, records gated by their municipality, and withCommand's answer committed with
 * the command's own transaction.
 */

declare module '../../server/lib/access.ts' {
  interface Records {
    testRecord: { municipioId: number };
  }
}

const nameBody = z.object({ nome: z.string().min(3) });
const errors = errorResponses(400, 401, 403, 404);
const ok = z.object({ municipioId: z.number(), nome: z.string() });

const analyse = endpoint({
  method: 'POST',
  path: '/teste/analisar/:id',
  summary: 'Teste: município no caminho, aba e flag',
  tags: ['teste'],
  access: { municipality: 'params.id', tab: 'evidencia', flag: 'analisarEvidenciadas' },
  params: idParams,
  body: nameBody,
  response: { 200: ok, ...errors },
});
const analyseByBody = endpoint({
  method: 'POST',
  path: '/teste/analisar',
  summary: 'Teste: município no corpo',
  tags: ['teste'],
  access: { municipality: 'body.municipioId', flag: 'analisarEvidenciadas' },
  body: z.object({ municipioId: z.number().int().positive(), nome: z.string().min(3) }),
  response: { 200: ok, ...errors },
});
const recordRead = endpoint({
  method: 'GET',
  path: '/teste/registro/:id',
  summary: 'Teste: registro de um município',
  tags: ['teste'],
  access: { record: { of: 'testRecord', id: 'params.id' } },
  params: idParams,
  response: { 200: z.object({ municipioId: z.number() }), ...errors },
});
const counted = endpoint({
  method: 'POST',
  path: '/teste/comando',
  summary: 'Teste: comando idempotente',
  tags: ['teste'],
  access: 'session',
  body: nameBody,
  response: { 200: z.object({ n: z.number(), nome: z.string() }), ...errors },
});

let t: TestApp;
let visible = 0;
let hidden = 0;
let otherTenant = 0;
let runs = 0;
/** Whether the last command's answer was stored before its reply was sent (so by withCommand). */
let committedWithCommand = false;
const RECORD_NOT_FOUND = 'Registro de teste não encontrado.';
const recordMunicipality = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      void app.register(
        async (child) => {
          route(child, analyse, async ({ municipality, body }) => ({ municipioId: municipality.municipioId, nome: body.nome }));
          route(child, analyseByBody, async ({ municipality, body }) => ({ municipioId: municipality.municipioId, nome: body.nome }));
          route(child, recordRead, async ({ record }) => ({ municipioId: record.municipioId }));
          route(child, counted, async ({ request, body, session }) => {
            const answer = await withCommand(request, async () => ({ n: ++runs, nome: body.nome }));
            // The answer is already committed, before the reply is sent (and stored again by onSend).
            const key = String(request.headers['idempotency-key'] ?? '');
            const [row] = await child.db
              .select()
              .from(idempotencyKey)
              .where(and(eq(idempotencyKey.key, key), eq(idempotencyKey.usuarioId, session.usuario.usuarioId)));
            committedWithCommand = row?.state === 'done' && JSON.parse(row.body ?? '{}').n === answer.n;
            return answer;
          });
        },
        { prefix: '/api' },
      );
    },
  });
  registerRecord('testRecord', {
    find: async (_db, _tenantId, id) => (recordMunicipality.has(id) ? { municipioId: recordMunicipality.get(id)! } : null),
    notFound: RECORD_NOT_FOUND,
  });
  const [analyst] = await t.db.select().from(usuario).where(eq(usuario.email, 'analista@demo.local'));
  const session = (await loadSession(t.db, 'sc', analyst!.usuarioId))!;
  const cities = await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'));
  visible = cities.find((c) => canSeeMunicipality(session, c.municipioId))!.municipioId;
  hidden = cities.find((c) => !canSeeMunicipality(session, c.municipioId))!.municipioId;
  otherTenant = (await t.db.select().from(municipio).where(eq(municipio.tenantId, 'ms')))[0]!.municipioId;
  recordMunicipality.set(1, visible).set(2, hidden).set(3, otherTenant);
});
afterAll(async () => t?.close());

const tokens: Record<string, string> = {};
async function headers(user: string) {
  tokens[user] ??= await login(t, `${user}@demo.local`);
  return authHeaders(tokens[user]);
}

describe('access declared on the endpoint', () => {
  it('refuses a user without the flag with 403 whatever body they send, before it is validated', async () => {
    for (const payload of [{ nome: 1 }, 'não é json', { nome: 'Válido' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/teste/analisar/${visible}`,
        headers: await headers('condutor'),
        payload,
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('Você não tem permissão para esta ação.');
    }
    const byBody = await t.app.inject({
      method: 'POST',
      url: '/api/teste/analisar',
      headers: await headers('condutor'),
      payload: { nome: 1 },
    });
    expect(byBody.statusCode).toBe(403);
  });

  it('validates the body of an allowed user (400 in Portuguese) and hands the handler the municipality', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/teste/analisar/${visible}`,
      headers: await headers('analista'),
      payload: { nome: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[ãçéóú]|inválid|Informe|esperado/i);
    const good = await t.app.inject({
      method: 'POST',
      url: `/api/teste/analisar/${visible}`,
      headers: await headers('analista'),
      payload: { nome: 'Ótimo' },
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ municipioId: visible, nome: 'Ótimo' });
  });

  it('answers 404 "Município não encontrado." for a municipality out of sight, of another tenant or missing', async () => {
    for (const id of [hidden, otherTenant, 2_000_000_000]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/teste/analisar/${id}`,
        headers: await headers('analista'),
        payload: { nome: 1 },
      });
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().message).toBe('Município não encontrado.');
      const byBody = await t.app.inject({
        method: 'POST',
        url: '/api/teste/analisar',
        headers: await headers('analista'),
        payload: { municipioId: id, nome: 'Ótimo' },
      });
      expect(byBody.statusCode).toBe(404);
      expect(byBody.json().message).toBe('Município não encontrado.');
    }
  });

  it('keeps the 400 of a malformed id (decided after validation, never skipped)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/teste/analisar/abc',
      headers: await headers('analista'),
      payload: { nome: 'Ótimo' },
    });
    expect(res.statusCode).toBe(400);
    const byBody = await t.app.inject({
      method: 'POST',
      url: '/api/teste/analisar',
      headers: await headers('analista'),
      payload: { municipioId: 'abc', nome: 'Ótimo' },
    });
    expect(byBody.statusCode).toBe(400);
  });

  it('gates a record by its municipality: one of a municipality out of sight is not found, with its own message', async () => {
    const mine = await t.app.inject({ method: 'GET', url: '/api/teste/registro/1', headers: await headers('analista') });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({ municipioId: visible });
    for (const id of [2, 3, 4]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/teste/registro/${id}`, headers: await headers('analista') });
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().message).toBe(RECORD_NOT_FOUND);
    }
  });

  it('still asks for a session (401 without a token)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/teste/registro/1', headers: { database: 'sc' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('withCommand', () => {
  it('commits the idempotent answer in the command transaction; a replay returns it without running again', async () => {
    const key = randomUUID();
    const send = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/teste/comando',
        headers: { ...(await headers('analista')), 'idempotency-key': key },
        payload: { nome: 'Uma vez' },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ nome: 'Uma vez' });
    expect(committedWithCommand).toBe(true);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(runs).toBe(first.json().n);
  });

  it('runs a command without a key as a plain transaction', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/teste/comando',
      headers: await headers('analista'),
      payload: { nome: 'Sem chave' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nome: 'Sem chave' });
    expect(committedWithCommand).toBe(false);
  });
});
