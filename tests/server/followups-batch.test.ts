import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOWUP_ANSWERS_MAX, FOLLOWUP_MESSAGES, followupSchema, type Followup } from '../../src/domain/followups.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_REPLAYED_HEADER } from '../../src/domain/uploads.ts';
import { acompanhamento, acompanhamentoPergunta, municipio } from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/**
 * Issue 32 item 7: the outbox sends a follow-up's queued answers in batches of up to 500 in one
 * request, under one Idempotency-Key per batch. What it relies on from the answer endpoint: 500
 * answers in one request, 501 refused in Portuguese, a batch repeated under its key replayed (applied
 * once), all or nothing (one refused answer refuses the batch, so the device may split it and resend
 * the rest), and the municipality decided before any answer is read.
 */

const ANSWER_URL = '/api/acompanhamento/acompanhamentos/acompanhamento-intermediario';
let t: TestApp;
const tokens: Record<string, string> = {};
let floripa = 0;
let joinville = 0;

async function post(user: string, body: unknown, extra: Record<string, string> = {}, tenant = 'sc') {
  tokens[`${user}@${tenant}`] ??= await login(t, `${user}@demo.local`, tenant);
  return t.app.inject({
    method: 'POST',
    url: ANSWER_URL,
    headers: { ...authHeaders(tokens[`${user}@${tenant}`]!, tenant), ...extra },
    payload: body as never,
  });
}

async function openFollowup(id: number): Promise<Followup> {
  tokens['condutor@sc'] ??= await login(t, 'condutor@demo.local', 'sc');
  const res = await t.app.inject({ method: 'GET', url: `/api/acompanhamento/${id}`, headers: authHeaders(tokens['condutor@sc']!, 'sc') });
  expect(res.statusCode, res.body).toBe(200);
  return followupSchema.parse(res.json());
}

async function followupOf(municipioId: number, nome: string) {
  const rows = await t.db
    .select()
    .from(acompanhamento)
    .where(and(eq(acompanhamento.tenantId, 'sc'), eq(acompanhamento.municipioId, municipioId)));
  const row = rows.find((f) => f.nome === nome && !f.finalizado);
  if (!row) throw new Error(`open follow-up ${nome} not found`);
  return row;
}

/** `count` answers cycling over the follow-up's questions, each the answer it holds (or Sim): none refused. */
function answersFor(followup: Followup, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const q = followup.perguntas[i % followup.perguntas.length]!;
    return { acompanhamentoPerguntaId: q.acompanhamentoPerguntaId, resposta: q.respondida ? q.resposta! : true };
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const cities = await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'));
  floripa = cities.find((c) => c.nome === 'Florianópolis')!.municipioId;
  joinville = cities.find((c) => c.nome === 'Joinville')!.municipioId;
});
afterAll(async () => t?.close());

describe('answers in batches (issue 32)', () => {
  it(`takes ${FOLLOWUP_ANSWERS_MAX} answers in one request and refuses ${FOLLOWUP_ANSWERS_MAX + 1} with a Portuguese message, storing nothing`, async () => {
    const row = await followupOf(joinville, 'Desenvolvimento Econômico Local');
    const before = await openFollowup(row.acompanhamentoId);
    const tooMany = await post('condutor', {
      acompanhamentoId: row.acompanhamentoId,
      respostas: answersFor(before, FOLLOWUP_ANSWERS_MAX + 1),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json())).toContain('Envie no máximo 500 respostas por vez.');
    expect(await openFollowup(row.acompanhamentoId)).toEqual(before);

    const res = await post('condutor', { acompanhamentoId: row.acompanhamentoId, respostas: answersFor(before, FOLLOWUP_ANSWERS_MAX) });
    expect(res.statusCode, res.body).toBe(200);
    const after = followupSchema.parse(res.json());
    expect(after.perguntas.every((q) => q.respondida)).toBe(true);
    expect(after.sim + after.nao).toBe(after.perguntas.length);
  });

  it('applies a batch once: the same batch under the same key is replayed, not applied again', async () => {
    const row = await followupOf(floripa, 'Sala do Empreendedor');
    const followup = await openFollowup(row.acompanhamentoId);
    const recurrent = followup.perguntas.find((q) => q.pergunta.recorrente)!;
    const key = randomUUID();
    // The recurrent question answered Não, Sim, Não in one batch: the last answer counts.
    const respostas = [false, true, false].map((resposta) => ({ acompanhamentoPerguntaId: recurrent.acompanhamentoPerguntaId, resposta }));
    const first = await post('condutor', { acompanhamentoId: row.acompanhamentoId, respostas }, { [IDEMPOTENCY_HEADER]: key });
    expect(first.statusCode, first.body).toBe(200);
    expect(followupSchema.parse(first.json()).perguntas.find((q) => q.perguntaId === recurrent.perguntaId)).toMatchObject({
      resposta: false,
    });
    // Another tablet answers Sim meanwhile; the lost batch's retry must not undo it.
    const other = await post('condutor', { acompanhamentoId: row.acompanhamentoId, respostas: [{ ...respostas[0]!, resposta: true }] });
    expect(other.statusCode).toBe(200);
    const replay = await post('condutor', { acompanhamentoId: row.acompanhamentoId, respostas }, { [IDEMPOTENCY_HEADER]: key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(replay.body).toBe(first.body);
    const [stored] = await t.db
      .select()
      .from(acompanhamentoPergunta)
      .where(eq(acompanhamentoPergunta.acompanhamentoPerguntaId, recurrent.acompanhamentoPerguntaId));
    expect(stored!.resposta).toBe(true);
    // The same key with another body is refused, never applied.
    const changed = await post(
      'condutor',
      { acompanhamentoId: row.acompanhamentoId, respostas: respostas.slice(0, 2) },
      { [IDEMPOTENCY_HEADER]: key },
    );
    expect(changed.statusCode).toBeGreaterThanOrEqual(400);
    expect(changed.statusCode).toBeLessThan(500);
  });

  it('refuses a batch whole when one of its answers is refused (409), so the device can send the others again', async () => {
    const row = await followupOf(floripa, 'Sala do Empreendedor');
    const followup = await openFollowup(row.acompanhamentoId);
    const locked = followup.perguntas.find((q) => q.respondida && !q.pergunta.recorrente);
    const open = followup.perguntas.find((q) => !q.respondida);
    expect(locked && open).toBeTruthy();
    const res = await post('condutor', {
      acompanhamentoId: row.acompanhamentoId,
      respostas: [
        { acompanhamentoPerguntaId: open!.acompanhamentoPerguntaId, resposta: true },
        { acompanhamentoPerguntaId: locked!.acompanhamentoPerguntaId, resposta: !locked!.resposta },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: FOLLOWUP_MESSAGES.answerLocked });
    expect(
      (await openFollowup(row.acompanhamentoId)).perguntas.find((q) => q.acompanhamentoPerguntaId === open!.acompanhamentoPerguntaId),
    ).toMatchObject({
      respondida: false,
    });
  });

  it('decides the municipality before reading a batch: 404 for one the user does not see or of another tenant', async () => {
    const row = await followupOf(joinville, 'Desenvolvimento Econômico Local');
    const followup = await openFollowup(row.acompanhamentoId);
    const before = await t.db
      .select()
      .from(acompanhamentoPergunta)
      .where(eq(acompanhamentoPergunta.acompanhamentoId, row.acompanhamentoId));
    const batch = {
      acompanhamentoId: row.acompanhamentoId,
      respostas: answersFor(followup, FOLLOWUP_ANSWERS_MAX).map((a) => ({ ...a, resposta: !a.resposta })),
    };
    // The member does not see Joinville.
    const hidden = await post('membro', batch, { [IDEMPOTENCY_HEADER]: randomUUID() });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: FOLLOWUP_MESSAGES.notFound });
    // Another tenant's administrator: the id names nothing there.
    const foreign = await post('admin', batch, {}, 'ms');
    expect(foreign.statusCode).toBe(404);
    const after = await t.db.select().from(acompanhamentoPergunta).where(eq(acompanhamentoPergunta.acompanhamentoId, row.acompanhamentoId));
    expect(after).toEqual(before);
  });
});
