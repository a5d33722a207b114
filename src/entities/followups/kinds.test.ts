import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyAnswers, FOLLOWUP_MESSAGES, type AnswerItem, type Followup } from '../../domain/followups.ts';
import { IDEMPOTENCY_HEADER } from '../../domain/uploads.ts';
import { setNotificationSink, type Notification } from '../../lib/notify.ts';
import { openOfflineDb, type OfflineDb } from '../../offline/db.ts';
import { createSyncEngine } from '../../offline/engine.ts';
import { registerMutationKind } from '../../offline/kinds.ts';
import { createMemoryLocks } from '../../offline/locks.ts';
import { pullInto } from '../../offline/pull.ts';
import type { Transport } from '../../offline/transport-types.ts';
import { answerFollowup, finalizeFollowup, followupListRows, storeFollowupList } from './store.ts';
import { followupAnswerKind, followupFinalizeKind } from './kinds.ts';
import { followupFixture } from '../../offline/testing/followup-fixture.ts';

/**
 * The real follow-up kinds through the real engine, against a transport that answers as the
 * server's follow-up routes do (the same applyAnswers rule, 409 for a locked answer): what the
 * answering page and the list show before, during and after sending.
 */

registerMutationKind(followupAnswerKind);
registerMutationKind(followupFinalizeKind);

const ANSWER_PATH = 'acompanhamento/acompanhamentos/acompanhamento-intermediario';
const FINALIZE_PATH = 'acompanhamento/acompanhamentos/finalizar';

let dbCounter = 0;
const opened: OfflineDb[] = [];
let notices: Notification[] = [];
beforeEach(() => {
  notices = [];
  setNotificationSink((n) => notices.push(n));
});
afterEach(() => opened.splice(0).forEach((db) => db.close()));

/** The follow-up routes, in memory, with the idempotency rule: a repeated key gets its first answer. */
function followupServer(initial: Followup) {
  const state = { followup: initial };
  const seen: { method: string; path: string; key: string | undefined; json: unknown }[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  const transport: Transport = async (request) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    seen.push({ method: request.method, path: request.path, key, json: request.json });
    const reply = (status: number, body: unknown) => {
      if (key) replies.set(key, { status, body });
      return { status, body, headers: { get: () => null } };
    };
    const replayed = key ? replies.get(key) : undefined;
    if (replayed) return { ...replayed, headers: { get: () => null } };
    if (request.method === 'GET' && request.path === `acompanhamento/${state.followup.acompanhamentoId}`) return reply(200, state.followup);
    if (request.path === ANSWER_PATH) {
      const { respostas } = request.json as { respostas: AnswerItem[] };
      const { followup, refused } = applyAnswers(state.followup, respostas);
      if (refused.length > 0) return reply(409, { message: refused[0]!.message });
      state.followup = followup;
      return reply(200, followup);
    }
    if (request.path === FINALIZE_PATH) {
      if (state.followup.finalizado) return reply(409, { message: FOLLOWUP_MESSAGES.finalized });
      state.followup = { ...state.followup, finalizado: true };
      return reply(200, state.followup);
    }
    return reply(404, { message: 'Rota não encontrada.' });
  };
  return { state, seen, transport };
}

async function setup(followup = followupFixture(40, 3, 6)) {
  const db = await openOfflineDb('followup-kinds', ++dbCounter);
  opened.push(db);
  await pullInto(db, 'acompanhamentos', [followup], 'teste');
  const server = followupServer(followup);
  let online = false;
  const engine = createSyncEngine({
    openDb: async () => db,
    transport: server.transport,
    locks: createMemoryLocks(),
    channel: null,
    random: () => 0,
    isOnline: () => online,
  });
  return { db, server, engine, goOnline: () => (online = true) };
}

const answer = (acompanhamentoPerguntaId: number, resposta: boolean, comentario: string | null = null) => ({
  acompanhamentoId: 40,
  municipioId: 3,
  acompanhamentoPerguntaId,
  resposta,
  comentario,
  numero: acompanhamentoPerguntaId - 40_000,
});

describe('answering a follow-up offline', () => {
  it('shows each answer at once (the list counts too), then sends them exactly once, in order, in one request when back online', async () => {
    const { db, server, engine, goOnline } = await setup();
    const first = await answerFollowup(db, answer(40_001, true, 'Lei municipal aprovada.'));
    const second = await answerFollowup(db, answer(40_002, false));
    const third = await answerFollowup(db, answer(40_003, true));
    expect(first.label).toBe('Resposta Sim à pergunta 1');

    await engine.drain();
    expect(server.seen).toEqual([]);
    const local = await db.acompanhamentos.get(40);
    expect(local).toMatchObject({ sim: 2, nao: 1, pontos: 4, pending: 1 });
    expect(local!.perguntas![0]).toMatchObject({
      resposta: true,
      respondida: true,
      comentario: 'Lei municipal aprovada.',
      pontos_especificos: 2,
    });
    expect(followupListRows(await db.acompanhamentos.toArray())).toMatchObject([{ acompanhamentoId: 40, sim: 2, nao: 1, pending: true }]);

    goOnline();
    await engine.drain();
    // Issue 32: the queued answers of one follow-up travel in one request, under a key of the batch's own.
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]!.json).toEqual({
      acompanhamentoId: 40,
      respostas: [
        { acompanhamentoPerguntaId: 40_001, resposta: true, comentario: 'Lei municipal aprovada.' },
        { acompanhamentoPerguntaId: 40_002, resposta: false, comentario: null },
        { acompanhamentoPerguntaId: 40_003, resposta: true, comentario: null },
      ],
    });
    expect([first.id, second.id, third.id]).not.toContain(server.seen[0]!.key);
    expect(server.state.followup).toMatchObject({ sim: 2, nao: 1 });
    expect(await db.acompanhamentos.get(40)).toMatchObject({ sim: 2, nao: 1, pending: 0 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('queues the finalization after the answers; the page is finalized at once and the server gets it last', async () => {
    const { db, server, engine, goOnline } = await setup();
    await answerFollowup(db, answer(40_001, true));
    const finalize = await finalizeFollowup(db, { acompanhamentoId: 40, municipioId: 3, nome: 'Compras Públicas' });
    expect(finalize.label).toBe('Finalizar o acompanhamento Compras Públicas');
    expect(await db.acompanhamentos.get(40)).toMatchObject({ finalizado: true, pending: 1 });

    goOnline();
    await engine.drain();
    expect(server.seen.map((r) => r.path)).toEqual([ANSWER_PATH, FINALIZE_PATH]);
    expect(await db.acompanhamentos.get(40)).toMatchObject({ finalizado: true, sim: 1, pending: 0 });
  });

  it('keeps the row pending, with the answers still queued applied, while the server has only some of them', async () => {
    const { db, engine, goOnline, server } = await setup();
    goOnline();
    // The second answer's request fails (server error): the first is reconciled, the second stays queued.
    const transport = server.transport;
    let calls = 0;
    const flaky = createSyncEngine({
      openDb: async () => db,
      transport: async (request) => (++calls === 2 ? { status: 503, body: null, headers: { get: () => null } } : transport(request)),
      locks: createMemoryLocks(),
      channel: null,
      random: () => 0,
    });
    await answerFollowup(db, answer(40_001, true));
    await flaky.drain();
    await answerFollowup(db, answer(40_002, false));
    await flaky.drain();
    expect(server.state.followup).toMatchObject({ sim: 1, nao: 0 });
    expect(await db.acompanhamentos.get(40)).toMatchObject({ sim: 1, nao: 1, pending: 1 });
    await engine.drain();
    expect(await db.acompanhamentos.get(40)).toMatchObject({ sim: 1, nao: 1, pending: 0 });
  });

  it('resends a batch whose answer was lost under the same key: the server replays it, nothing twice', async () => {
    const { db, engine, goOnline, server } = await setup();
    await answerFollowup(db, answer(40_001, true));
    await answerFollowup(db, answer(40_002, false));
    goOnline();
    const lossy = createSyncEngine({
      openDb: async () => db,
      transport: async (request) => {
        await server.transport(request);
        throw new TypeError('Failed to fetch');
      },
      locks: createMemoryLocks(),
      channel: null,
      random: () => 0,
    });
    await lossy.drain();
    expect(await db.outbox.count()).toBe(2);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await engine.drain();
    expect(server.seen.map((r) => r.key)).toEqual([server.seen[0]!.key, server.seen[0]!.key]);
    expect(server.state.followup).toMatchObject({ sim: 1, nao: 1 });
    expect(await db.acompanhamentos.get(40)).toMatchObject({ sim: 1, nao: 1, pending: 0 });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('two tablets answer the same follow-up', () => {
  it('keeps the server answer of a locked question, notifies it, and still sends the next answers (nothing parked)', async () => {
    const { db, server, engine, goOnline } = await setup();
    // The other tablet answered question 1 (not recurrent) Sim while this one was offline.
    server.state.followup = applyAnswers(server.state.followup, [{ acompanhamentoPerguntaId: 40_001, resposta: true }]).followup;
    await answerFollowup(db, answer(40_001, false));
    await answerFollowup(db, answer(40_002, true));
    goOnline();
    await engine.drain();

    // Both in one request, refused whole (409): split, the locked one alone is settled, the other goes alone.
    expect(
      server.seen.map((r) => `${r.method} ${r.path} ${(r.json as { respostas?: unknown[] } | undefined)?.respostas?.length ?? ''}`),
    ).toEqual([`POST ${ANSWER_PATH} 2`, `POST ${ANSWER_PATH} 1`, 'GET acompanhamento/40 ', `POST ${ANSWER_PATH} 1`]);
    const row = await db.acompanhamentos.get(40);
    expect(row!.perguntas!.slice(0, 2).map((q) => q.resposta)).toEqual([true, true]);
    expect(row).toMatchObject({ sim: 2, nao: 0, pending: 0 });
    expect(await db.outbox.count()).toBe(0);
    expect(notices).toEqual([
      expect.objectContaining({
        type: 'error',
        title: FOLLOWUP_MESSAGES.answerLocked,
        description: 'A resposta da pergunta 1 dada em outro aparelho (Sim) foi mantida; a deste aparelho (Não) não foi registrada.',
      }),
    ]);
  });

  it('a recurrent question takes the later answer', async () => {
    const { db, server, engine, goOnline } = await setup(followupFixture(40, 3, 4, { recurrent: [1] }));
    server.state.followup = applyAnswers(server.state.followup, [{ acompanhamentoPerguntaId: 40_001, resposta: true }]).followup;
    await answerFollowup(db, answer(40_001, false));
    goOnline();
    await engine.drain();
    expect(server.state.followup.perguntas[0]).toMatchObject({ resposta: false });
    expect(notices).toEqual([]);
  });
});

describe('reads', () => {
  it('a pull of the follow-up or of the list never overwrites a row with answers still queued', async () => {
    const { db } = await setup();
    await answerFollowup(db, answer(40_001, true));
    const stale = followupFixture(40, 3, 6);
    await pullInto(db, 'acompanhamentos', [stale], 'acompanhamento:40');
    expect(await db.acompanhamentos.get(40)).toMatchObject({ sim: 1, pending: 1 });
    const { perguntas: _p, ...listItem } = stale;
    await storeFollowupList(db, 3, { items: [listItem], startedAt: Date.now() });
    expect(await db.acompanhamentos.get(40)).toMatchObject({ sim: 1, pending: 1 });
  });

  it('a read that left while the answers were being sent does not undo the ones that settled after it', async () => {
    const { db, server } = await setup();
    await answerFollowup(db, answer(40_001, true));
    await answerFollowup(db, answer(40_002, false));
    // The page reads the follow-up when the first answer has reached the server, not yet the second.
    let read: { followup: Followup; startedAt: number } | undefined;
    const send = server.transport;
    const engineWithRead = createSyncEngine({
      openDb: async () => db,
      transport: async (request) => {
        const reply = await send(request);
        if (!read) read = { followup: server.state.followup, startedAt: Date.now() - 1 };
        return reply;
      },
      locks: createMemoryLocks(),
      channel: null,
      random: () => 0,
      isOnline: () => true,
    });
    await engineWithRead.drain();
    expect(await db.acompanhamentos.get(40)).toMatchObject({ sim: 1, nao: 1, pending: 0 });

    // Its answer arrives last: both answers stay, in the row and in the list.
    await pullInto(db, 'acompanhamentos', [read!.followup], 'acompanhamento:40', { startedAt: read!.startedAt });
    const { perguntas: _p, ...listItem } = read!.followup;
    await storeFollowupList(db, 3, { items: [listItem], startedAt: read!.startedAt });
    const row = await db.acompanhamentos.get(40);
    expect(row).toMatchObject({ sim: 1, nao: 1 });
    expect(row!.perguntas!.slice(0, 2).map((q) => q.resposta)).toEqual([true, false]);
  });

  it('a list pull keeps the questions of a follow-up stored whole, and drops follow-ups no longer listed', async () => {
    const { db } = await setup();
    await pullInto(db, 'acompanhamentos', [followupFixture(41, 3, 2)], 'teste');
    const { perguntas: _p, ...listItem } = { ...followupFixture(40, 3, 6), sim: 3 };
    await storeFollowupList(db, 3, { items: [listItem], startedAt: Date.now() });
    expect(await db.acompanhamentos.get(40)).toMatchObject({ sim: 3, pending: 0, perguntas: expect.any(Array) });
    expect(await db.acompanhamentos.get(41)).toBeUndefined();
  });

  it('lists newest first, then by name ignoring accents', () => {
    const base = followupFixture(1, 3, 0);
    const rows = followupListRows([
      { ...base, acompanhamentoId: 1, nome: 'Ética', criacao: '2026-01-01T10:00:00.000Z' },
      { ...base, acompanhamentoId: 2, nome: 'Compras', criacao: '2026-02-01T10:00:00.000Z' },
      { ...base, acompanhamentoId: 3, nome: 'Educação', criacao: '2026-01-01T10:00:00.000Z' },
    ]);
    expect(rows.map((r) => r.acompanhamentoId)).toEqual([2, 3, 1]);
    expect(rows[0]).not.toHaveProperty('perguntas');
  });
});
