import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { batchMeta, openOfflineDb, type OfflineDb } from './db.ts';
import { createSyncEngine, type SyncEngineOptions } from './engine.ts';
import { createMemoryLocks } from './locks.ts';
import { discard, enqueue } from './outbox.ts';
import { drainFromServiceWorker } from './sw-drain.ts';
import { FakeApi, manualTimers } from './testing/fake-api.ts';
import { itemBatchedUpdate, itemCreate, reconciled } from './testing/item-kinds.ts';

let dbCounter = 0;
const opened: OfflineDb[] = [];

beforeEach(() => {
  reconciled.length = 0;
});

afterEach(() => {
  opened.splice(0).forEach((db) => db.close());
});

/** An engine over a fresh store and FakeApi, with item 1 already on the server. */
async function setup(overrides: Partial<SyncEngineOptions> = {}) {
  const db = await openOfflineDb('batch-test', ++dbCounter);
  opened.push(db);
  const api = new FakeApi();
  const timers = manualTimers();
  let clock = 1_000_000;
  const engine = createSyncEngine({
    openDb: async () => db,
    transport: api.transport({ onTimeout: () => timers.fireAll() }),
    locks: createMemoryLocks(),
    channel: null,
    now: () => clock,
    random: () => 1,
    timers,
    ...overrides,
  });
  await enqueue(db, itemCreate, { op: 'c', entity: 'c', text: '', invalid: false });
  await engine.drain();
  api.requests.length = 0;
  api.applied.length = 0;
  return { db, api, engine, advance: (ms: number) => (clock += ms) };
}

const update = (op: string, invalid = false) => ({ op, itemId: 1, text: `texto ${op}`, invalid });

async function queue(db: OfflineDb, ops: string[], invalid: ReadonlySet<string> = new Set()) {
  const entries = [];
  for (const op of ops) entries.push(await enqueue(db, itemBatchedUpdate, update(op, invalid.has(op))));
  return entries;
}

describe('batches of a kind that declares batch', () => {
  it('sends consecutive entries of one entity in requests of at most max, in order, one reconcile each', async () => {
    const { db, api, engine } = await setup();
    const entries = await queue(db, ['1', '2', '3', '4', '5', '6']);
    await engine.drain();
    expect(api.batches).toEqual([
      ['1', '2', '3', '4'],
      ['5', '6'],
    ]);
    expect(api.applied.map((a) => a.op)).toEqual(['1', '2', '3', '4', '5', '6']);
    // One key per batch, none an entry's own id.
    const keys = api.requests.map((r) => r.key);
    expect(new Set(keys).size).toBe(2);
    expect(keys.some((k) => entries.some((e) => e.id === k))).toBe(false);
    // One reconcile per batch, for its last entry, with the batch's answer.
    expect(reconciled).toEqual([
      { op: '4', response: { id: 1, text: 'texto 4' } },
      { op: '6', response: { id: 1, text: 'texto 6' } },
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.meta.filter((m) => m.key.startsWith('outbox:batch:')).count()).toBe(0);
    expect(await db.relatorios.get(1)).toMatchObject({ text: 'texto 6', pending: 0 });
  });

  it('never carries another kind, another entity or an entry waiting behind them', async () => {
    const { db, api, engine } = await setup();
    await queue(db, ['1', '2']);
    await enqueue(db, itemCreate, { op: 'c2', entity: 'c2', text: '', invalid: false });
    await enqueue(db, itemBatchedUpdate, { op: 'x', itemId: 2, text: 'x', invalid: false });
    await queue(db, ['3']);
    await engine.drain();
    expect(api.batches).toEqual([['1', '2', '3'], ['x']]);
    expect(api.applied.map((a) => a.op)).toEqual(['1', '2', '3', 'c2', 'x']);
  });

  it('resends a batch whose answer was lost with the same key and body: applied once', async () => {
    const { db, api, engine, advance } = await setup();
    api.faults = ['drop-after'];
    const entries = await queue(db, ['1', '2', '3']);
    await engine.drain();
    // Not sent, so still queued, all three with the batch's key.
    const stored = await db.outbox.bulkGet(entries.map((e) => e.id));
    const key = stored[0]!.batchKey!;
    expect(stored.map((e) => [e!.status, e!.batchKey])).toEqual([
      ['pending', key],
      ['pending', key],
      ['pending', key],
    ]);
    // Queued meanwhile: not added to the batch in flight (its body must not change).
    await queue(db, ['4']);
    advance(60_000);
    await engine.drain();
    expect(api.requests.map((r) => r.key).slice(0, 2)).toEqual([key, key]);
    expect(api.requests[1]).toMatchObject({ fault: null });
    expect(api.batches).toEqual([['1', '2', '3'], ['4']]);
    expect(api.applied.map((a) => a.op)).toEqual(['1', '2', '3', '4']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('resends a batch a dead drainer left in sending, and the service worker resends it without knowing the kind', async () => {
    const { db, api, engine, advance } = await setup();
    api.faults = ['timeout-after'];
    await queue(db, ['1', '2']);
    await engine.drain();
    const key = (await db.outbox.toArray()).find((e) => e.batchKey)!.batchKey!;
    await db.outbox.toCollection().modify({ status: 'sending' });
    advance(60_000);
    const sw = createSyncEngine({
      openDb: async () => db,
      transport: api.transport(),
      locks: createMemoryLocks(),
      channel: null,
      reconcile: false,
      now: () => 2_000_000_000,
    });
    await sw.drain();
    sw.dispose();
    expect(api.requests.map((r) => r.key)).toEqual([key, key]);
    expect(api.applied.map((a) => a.op)).toEqual(['1', '2']);
    // Left 'done' for the page, which retires the batch with one reconcile.
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['done', 'done']);
    await engine.drain();
    expect(reconciled.map((r) => r.op)).toEqual(['2']);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.meta.get(batchMeta(key))).toBeUndefined();
    expect(drainFromServiceWorker).toBeTypeOf('function');
  });

  it('splits a refused batch in halves: the others are sent, the refused one parks alone, order kept', async () => {
    const { db, api, engine } = await setup();
    const entries = await queue(db, ['1', '2', '3', '4', '5'], new Set(['3']));
    await engine.drain();
    // [1 2 3 4] refused → [1 2] sent, [3 4] refused → [3] refused alone (parked), 4 waits behind it.
    expect(api.batches).toEqual([['1', '2', '3', '4'], ['1', '2'], ['3', '4'], ['3']]);
    expect(api.applied.map((a) => a.op)).toEqual(['1', '2']);
    const left = await db.outbox.bulkGet(entries.map((e) => e.id));
    expect(left.map((e) => e?.status)).toEqual([undefined, undefined, 'attention', 'pending', 'pending']);
    expect(left[2]).toMatchObject({ lastError: { status: 409, message: 'Conflito (teste).' }, batchKey: null });
    // The user discards the refused answer: the rest goes, together again.
    await discard(db, entries[2]!.id);
    await engine.drain();
    expect(api.applied.map((a) => a.op)).toEqual(['1', '2', '4', '5']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('forms the batch again under a new key when one of its entries was discarded before it was answered', async () => {
    const { db, api, engine, advance } = await setup();
    api.faults = ['500'];
    const entries = await queue(db, ['1', '2', '3']);
    await engine.drain();
    const first = api.requests[0]!.key;
    await discard(db, entries[1]!.id);
    advance(60_000);
    await engine.drain();
    expect(api.requests[1]!.key).not.toBe(first);
    expect(api.batches.at(-1)).toEqual(['1', '3']);
    expect(api.applied.map((a) => a.op)).toEqual(['1', '3']);
    expect(await db.meta.get(batchMeta(first!))).toBeUndefined();
  });

  it('keeps a batch whole while signed out and resends it under the same key after signing in', async () => {
    const { db, api, engine } = await setup();
    api.faults = ['401'];
    await queue(db, ['1', '2']);
    await engine.drain();
    expect(engine.getState().paused).toBe('auth');
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['pending', 'pending']);
    api.login();
    await engine.resume();
    expect(api.requests[0]!.key).toBe(api.requests[1]!.key);
    expect(api.applied.map((a) => a.op)).toEqual(['1', '2']);
  });
});
