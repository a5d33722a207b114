import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER, sha256Hex, UPLOAD_MESSAGES } from '../domain/uploads.ts';
import { setCurrentIdentity, clearCurrentIdentity } from './current.ts';
import { openOfflineDb, type OfflineDb } from './db.ts';
import { createSyncEngine, pickNext, type ChannelLike, type SyncEngine, type SyncEngineOptions } from './engine.ts';
import { SYNC_MESSAGES } from './failures.ts';
import { createFetchTransport } from './fetch-transport.ts';
import { setDeclarationsLoader } from './declarations.ts';
import { defineMutationKind, registerMutationKind } from './kinds.ts';
import { createMemoryLocks } from './locks.ts';
import { OUTBOX_MESSAGES, OutboxValidationError, countUnsent, discard, enqueue, listEntries, retryNow, updateParked } from './outbox.ts';
import { drainFromServiceWorker } from './sw-drain.ts';
import { FIRST_TEMP_ID } from './temp-ids.ts';
import { FakeApi, manualTimers, until, type Fault, type Watchable } from './testing/fake-api.ts';
import { itemAttach, itemCreate, itemLink, itemSettledUpdate, itemUpdate } from './testing/item-kinds.ts';
import type { Transport } from './transport-types.ts';

let dbCounter = 0;
const opened: OfflineDb[] = [];

afterEach(() => {
  opened.splice(0).forEach((db) => db.close());
});

async function setup(overrides: Partial<SyncEngineOptions> & { wrap?: (t: Transport) => Transport } = {}) {
  const db = await openOfflineDb('engine-test', ++dbCounter);
  opened.push(db);
  const api = new FakeApi();
  const timers = manualTimers();
  let clock = 1_000_000;
  const base = api.transport({ onTimeout: () => timers.fireAll() });
  const engine = createSyncEngine({
    openDb: async () => db,
    transport: overrides.wrap ? overrides.wrap(base) : base,
    locks: createMemoryLocks(),
    channel: null,
    now: () => clock,
    random: () => 1,
    timers,
    uploadChunkBytes: 4,
    ...overrides,
  });
  return {
    db,
    api,
    engine,
    advance: (ms: number) => {
      clock += ms;
    },
    now: () => clock,
  };
}

const create = (op: string, extra: Partial<{ invalid: boolean; text: string }> = {}) => ({
  op,
  entity: op,
  text: `texto ${op}`,
  invalid: false,
  ...extra,
});

function file(name: string, bytes: number[]): { blob: Blob; name: string } {
  return { blob: new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name };
}

/** Answers `status`/`body` to the first request, then lets the fake server answer. */
function answerFirst(status: number, body: unknown, headers: Record<string, string> = {}) {
  return (inner: Transport): Transport => {
    let used = false;
    return async (request) => {
      if (used) return inner(request);
      used = true;
      return { status, body, headers: { get: (n) => headers[n.toLowerCase()] ?? null } };
    };
  };
}

describe('enqueue', () => {
  it('applies locally at once, in the same transaction as the queued entry', async () => {
    const { db } = await setup();
    const entry = await enqueue(db, itemCreate, create('a'), { municipioId: 42 });
    expect(entry.tempId).toBe(FIRST_TEMP_ID);
    expect(entry).toMatchObject({
      status: 'pending',
      seq: 1,
      municipioId: 42,
      label: 'Item a',
      attempts: 0,
      entityKey: `item:${FIRST_TEMP_ID}`,
    });
    expect(await db.relatorios.get(FIRST_TEMP_ID)).toMatchObject({ text: 'texto a', pending: 1 });
    const second = await enqueue(db, itemCreate, create('b'));
    expect(second.tempId).toBe(FIRST_TEMP_ID - 1);
    expect(second.seq).toBe(2);
    expect(await countUnsent(db)).toBe(2);
  });

  it('refuses an invalid payload with the schema message and writes nothing', async () => {
    const { db } = await setup();
    await expect(enqueue(db, itemCreate, { op: 'x', entity: 1 })).rejects.toBeInstanceOf(OutboxValidationError);
    await expect(enqueue(db, itemCreate, { op: '', entity: 'x', text: '', invalid: false })).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.relatorios.count()).toBe(0);
  });

  it('orders entries of one entity and makes dependants of a temp id wait for its creator', async () => {
    const { db } = await setup();
    const a = await enqueue(db, itemCreate, create('a'));
    const u1 = await enqueue(db, itemUpdate, { op: 'u1', itemId: a.tempId, text: 'x', invalid: false });
    const u2 = await enqueue(db, itemUpdate, { op: 'u2', itemId: a.tempId, text: 'y', invalid: false });
    expect(u1.dependsOn).toEqual([a.id]);
    expect(u2.dependsOn.toSorted()).toEqual([u1.id, a.id].toSorted());
    expect(await db.relatorios.get(a.tempId!)).toMatchObject({ text: 'y' });
    const entries = await listEntries(db);
    expect(pickNext(entries, 0)?.id).toBe(a.id);
    expect(pickNext(entries, 0, new Set([a.id]))).toBeNull();
  });

  it('stores files with their SHA-256 and refuses files over 25 MB', async () => {
    const { db } = await setup();
    const a = await enqueue(db, itemCreate, create('a'));
    const attach = await enqueue(db, itemAttach, { op: 'f', itemId: a.tempId, invalid: false }, { files: [file('ata.pdf', [1, 2, 3])] });
    expect(attach.dependsOn).toEqual([a.id]);
    const [record] = await db.files.where('outboxId').equals(attach.id).toArray();
    expect(record).toMatchObject({
      name: 'ata.pdf',
      size: 3,
      sha256: await sha256Hex(new Blob([new Uint8Array([1, 2, 3])])),
      done: false,
      purpose: 'anexo',
    });
    expect(attach.bytes).toBe(3);
    const big = { blob: new Blob([new Uint8Array(26_214_401)]), name: 'grande.pdf' };
    await expect(enqueue(db, itemAttach, { op: 'g', itemId: 1, invalid: false }, { files: [big] })).rejects.toThrow(
      UPLOAD_MESSAGES.arquivoGrande,
    );
    await expect(enqueue(db, itemCreate, create('c'), { files: [file('x.pdf', [1])] })).rejects.toThrow(OUTBOX_MESSAGES.semArquivos);
  });
});

describe('kinds registered later (issue 32)', () => {
  afterEach(() => setDeclarationsLoader(null));

  it('loads no kinds for an empty queue, and loads them once, before the first entry is sent and reconciled', async () => {
    const { db, api, engine } = await setup();
    const later = defineMutationKind({ ...itemCreate, name: 'item.later' });
    let loads = 0;
    setDeclarationsLoader(async () => {
      loads += 1;
      registerMutationKind(later);
    });
    await engine.drain();
    expect(loads).toBe(0);
    const a = await enqueue(db, later, create('a'));
    const b = await enqueue(db, later, create('b'));
    await engine.drain();
    expect(loads).toBe(1);
    expect(api.applied.map((x) => x.op)).toEqual(['a', 'b']);
    // Reconciled by its kind: the temp id maps to the server's, and the entries are retired.
    expect(await db.idMap.get(a.tempId!)).toMatchObject({ serverId: 1, entryId: a.id });
    expect(await db.idMap.get(b.tempId!)).toMatchObject({ serverId: 2, entryId: b.id });
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends nothing while the kinds cannot be loaded, and loads them again on the next pass', async () => {
    const { db, api, engine } = await setup();
    const later = defineMutationKind({ ...itemCreate, name: 'item.later.retry' });
    let loads = 0;
    let offline = true;
    setDeclarationsLoader(async () => {
      loads += 1;
      if (offline) throw new Error('offline');
      registerMutationKind(later);
    });
    await enqueue(db, later, create('a'));
    await expect(engine.drain()).rejects.toThrow('offline');
    expect(api.requests).toEqual([]);
    expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
    offline = false;
    const before = loads;
    await engine.drain();
    expect(loads).toBe(before + 1);
    expect(api.applied.map((x) => x.op)).toEqual(['a']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('queueing a write starts loading the kinds at once, before any pass needs them', async () => {
    const { db } = await setup();
    const later = defineMutationKind({ ...itemCreate, name: 'item.later.early' });
    let loads = 0;
    setDeclarationsLoader(async () => {
      loads += 1;
      registerMutationKind(later);
    });
    await enqueue(db, later, create('a'));
    expect(loads).toBe(1);
  });

  it('offline, queueing a write leaves the kinds for the pass once the network returns', async () => {
    const { db } = await setup();
    const later = defineMutationKind({ ...itemCreate, name: 'item.later.offline' });
    let loads = 0;
    setDeclarationsLoader(async () => {
      loads += 1;
      registerMutationKind(later);
    });
    vi.stubGlobal('navigator', { onLine: false });
    try {
      await enqueue(db, later, create('a'));
    } finally {
      vi.unstubAllGlobals();
    }
    expect(loads).toBe(0);
  });
});

describe('drain', () => {
  it('sends with the idempotency key, remaps the temp id into local rows and queued dependants', async () => {
    const { db, api, engine } = await setup();
    const a = await enqueue(db, itemCreate, create('a'));
    const u = await enqueue(db, itemUpdate, { op: 'u', itemId: a.tempId, text: 'novo', invalid: false });
    await enqueue(db, itemAttach, { op: 'f', itemId: a.tempId, invalid: false }, { files: [file('a.pdf', [1, 2, 3, 4, 5, 6, 7, 8, 9])] });
    await engine.drain();
    expect(api.violations).toEqual([]);
    expect(api.applied.map((x) => x.op)).toEqual(['a', 'u', 'f']);
    expect(api.requests.find((r) => r.method === 'PUT' && r.path === 'items/1')?.key).toBe(u.id);
    expect(api.requests.find((r) => r.path === 'items')?.key).toBe(a.id);
    expect(await db.idMap.get(a.tempId!)).toMatchObject({ serverId: 1, entryId: a.id });
    expect(await db.relatorios.get(a.tempId!)).toBeUndefined();
    expect(await db.relatorios.get(1)).toMatchObject({ text: 'novo', pending: 0 });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.files.count()).toBe(0);
    expect(engine.getState()).toMatchObject({ pending: 0, attention: 0, draining: false, current: null });
  });

  it('maps a temp id the server already named when a new entry still carries it', async () => {
    const { db, api, engine } = await setup({ reconcile: false });
    const a = await enqueue(db, itemCreate, create('a'));
    await engine.drain();
    // Not reconciled yet (as after a service-worker drain): the local row still has the temp id.
    expect(await db.relatorios.get(a.tempId!)).toBeDefined();
    const u = await enqueue(db, itemUpdate, { op: 'u', itemId: a.tempId, text: 't', invalid: false });
    expect(u.request.path).toBe('items/1');
    expect(u.entityKey).toBe('item:1');
    await engine.drain();
    expect(api.applied.map((x) => x.op)).toEqual(['a', 'u']);
  });

  it('keeps per-entity order across a 5xx while other entities proceed', async () => {
    const { db, api, engine, advance } = await setup();
    api.faults = ['500'];
    const a = await enqueue(db, itemCreate, create('a'));
    await enqueue(db, itemUpdate, { op: 'ua', itemId: a.tempId, text: 't', invalid: false });
    await enqueue(db, itemCreate, create('b'));
    await engine.drain();
    expect(api.applied.map((x) => x.op)).toEqual(['b']);
    const entry = await db.outbox.get(a.id);
    expect(entry).toMatchObject({ status: 'pending', attempts: 1, lastError: { status: 500, message: SYNC_MESSAGES.erroServidor(500) } });
    await engine.drain();
    expect(api.applied.map((x) => x.op)).toEqual(['b']); // not due yet
    advance(2_000);
    await engine.drain();
    expect(api.applied.map((x) => x.op)).toEqual(['b', 'a', 'ua']);
  });

  const retried: [Fault, string, boolean][] = [
    ['drop-before', SYNC_MESSAGES.semConexao, true],
    ['timeout-before', SYNC_MESSAGES.tempoEsgotado, true],
    ['429', SYNC_MESSAGES.servidorOcupado, true],
    ['408', SYNC_MESSAGES.servidorOcupado, true],
    ['503', SYNC_MESSAGES.erroServidor(503), false],
  ];
  it.each(retried)('retries later after %s (ends the pass: %s)', async (fault, message, endsPass) => {
    const { db, api, engine, now } = await setup();
    api.faults = [fault];
    const a = await enqueue(db, itemCreate, create('a'));
    await enqueue(db, itemCreate, create('b'));
    await engine.drain();
    const entry = (await db.outbox.get(a.id))!;
    expect(entry.status).toBe('pending');
    expect(entry.lastError?.message.startsWith(message)).toBe(true);
    expect(entry.nextAttemptAt).toBeGreaterThan(now());
    expect(api.applied.map((x) => x.op)).toEqual(endsPass ? [] : ['b']);
  });

  it('waits at least Retry-After and backs off exponentially with full jitter, capped', async () => {
    const { db, api, engine, now, advance } = await setup({ random: () => 1 });
    const a = await enqueue(db, itemCreate, create('a'));
    api.faults = Array(12).fill('503');
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      await engine.drain();
      const entry = (await db.outbox.get(a.id))!;
      waits.push(entry.nextAttemptAt - now());
      advance(entry.nextAttemptAt - now());
    }
    expect(waits.slice(0, 4)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(Math.max(...waits)).toBe(300_000);
    const { db: db2, api: api2, engine: e2, now: now2 } = await setup({ random: () => 0 });
    const b = await enqueue(db2, itemCreate, create('b'));
    api2.faults = ['429'];
    await e2.drain();
    expect((await db2.outbox.get(b.id))!.nextAttemptAt - now2()).toBe(1_000);
  });

  it('pauses on 401 without dropping anything and resumes after signing in again', async () => {
    const { db, api, engine } = await setup();
    api.faults = ['401'];
    await enqueue(db, itemCreate, create('a'));
    await enqueue(db, itemCreate, create('b'));
    await engine.drain();
    expect(engine.getState().paused).toBe('auth');
    expect(await db.outbox.where('status').equals('pending').count()).toBe(2);
    expect(api.requests.length).toBe(1);
    await engine.drain();
    expect(api.requests.length).toBe(1);
    api.login();
    await engine.resume();
    expect(engine.getState().paused).toBeNull();
    expect(api.applied.map((x) => x.op)).toEqual(['a', 'b']);
  });

  it.each([
    [422, { message: 'O telefone já cadastrado' }, 'O telefone já cadastrado'],
    [409, { message: 'Conflito de versão.' }, 'Conflito de versão.'],
    [400, null, SYNC_MESSAGES.recusado(400)],
    [403, { message: '' }, SYNC_MESSAGES.recusado(403)],
    [404, '<html>', SYNC_MESSAGES.recusado(404)],
  ])('parks the item on %s with the server message, and its dependants wait', async (status, body, message) => {
    const { db, api, engine } = await setup({ wrap: answerFirst(status, body) });
    const a = await enqueue(db, itemCreate, create('a'));
    await enqueue(db, itemUpdate, { op: 'u', itemId: a.tempId, text: 't', invalid: false });
    await enqueue(db, itemCreate, create('b'));
    await engine.drain();
    expect(await db.outbox.get(a.id)).toMatchObject({ status: 'attention', lastError: { status, message } });
    expect(api.applied.map((x) => x.op)).toEqual(['b']);
    expect(engine.getState()).toMatchObject({ attention: 1, pending: 1 });
  });

  it('retries a 409 that says the same key is still being processed', async () => {
    const { db, api, engine } = await setup({ wrap: answerFirst(409, { message: UPLOAD_MESSAGES.emAndamento }) });
    const a = await enqueue(db, itemCreate, create('a'));
    await engine.drain();
    expect(await db.outbox.get(a.id)).toMatchObject({ status: 'pending' });
    expect(api.applied).toEqual([]);
  });

  it('applies once when the answer is lost after the server committed', async () => {
    const { db, api, engine, advance } = await setup();
    api.faults = ['drop-after', 'timeout-after'];
    const a = await enqueue(db, itemCreate, create('a'));
    await engine.drain();
    advance(10_000);
    await engine.drain();
    advance(10_000);
    await engine.drain();
    expect(api.requests.filter((r) => r.key === a.id).length).toBe(3);
    expect(api.applied.map((x) => x.op)).toEqual(['a']);
    expect(await db.relatorios.get(1)).toBeDefined();
  });

  it('resends an entry a dead drainer left in sending, under the same key', async () => {
    const { db, api, engine } = await setup();
    const a = await enqueue(db, itemCreate, create('a'));
    await db.outbox.update(a.id, { status: 'sending', attempts: 1 });
    await engine.drain();
    expect(api.requests.map((r) => r.key)).toEqual([a.id]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('never sends while another drainer holds the lock, and never twice from one engine', async () => {
    const locks = createMemoryLocks();
    const { db, api, engine } = await setup({ locks });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let sending!: () => void;
    // Resolved when the first engine's request is in flight: it holds the lock from then until release.
    const inFlight = new Promise<void>((r) => (sending = r));
    const slowTransport: Transport = async (request) => {
      sending();
      await gate;
      return api.transport()(request);
    };
    const first = createSyncEngine({ openDb: async () => db, transport: slowTransport, locks, channel: null });
    await enqueue(db, itemCreate, create('a'));
    const draining = first.drain();
    const again = first.drain();
    await inFlight;
    await engine.drain(); // lock busy: returns without sending
    expect(api.requests).toEqual([]);
    release();
    await Promise.all([draining, again]);
    expect(api.requests.length).toBe(1);
    expect(api.applied.map((x) => x.op)).toEqual(['a']);
    first.dispose();
  });

  it('lets the user edit and resend a parked item, under a new key, and its dependants follow', async () => {
    const { db, api, engine } = await setup();
    const a = await enqueue(db, itemCreate, create('a', { invalid: true }));
    const u = await enqueue(db, itemUpdate, { op: 'u', itemId: a.tempId, text: 't', invalid: false });
    await engine.drain();
    expect(await db.outbox.get(a.id)).toMatchObject({
      status: 'attention',
      lastError: { status: 422, message: 'Texto inválido (teste).' },
    });
    await expect(updateParked(db, a.id, { ...create('a'), entity: 1 })).rejects.toBeInstanceOf(OutboxValidationError);
    const fixed = await updateParked(db, a.id, create('a', { text: 'corrigido' }));
    expect(fixed.id).not.toBe(a.id);
    expect(fixed).toMatchObject({ status: 'pending', attempts: 0, lastError: null, tempId: a.tempId });
    expect((await db.outbox.get(u.id))!.dependsOn).toEqual([fixed.id]);
    expect(await db.relatorios.get(a.tempId!)).toMatchObject({ text: 'corrigido' });
    await engine.drain();
    expect(api.applied.map((x) => x.op)).toEqual(['a', 'u']);
    expect(api.items.get(1)?.text).toBe('t');
    await expect(updateParked(db, u.id, {})).rejects.toThrow(OUTBOX_MESSAGES.naoEncontrado);
  });

  it('resends a parked item as it is with retry now', async () => {
    const { db, api, engine } = await setup({ wrap: answerFirst(409, { message: 'Bloqueado agora.' }) });
    const a = await enqueue(db, itemCreate, create('a'));
    await engine.drain();
    const retried = await retryNow(db, a.id);
    expect(retried.status).toBe('pending');
    await engine.drain();
    expect(api.applied.map((x) => x.op)).toEqual(['a']);
  });

  it('discards an item with its files and local change; dependants on its record are parked', async () => {
    const { db, engine, api } = await setup();
    const a = await enqueue(db, itemCreate, create('a'));
    const f = await enqueue(db, itemAttach, { op: 'f', itemId: a.tempId, invalid: false }, { files: [file('a.pdf', [1])] });
    await enqueue(db, itemCreate, create('b'));
    await discard(db, a.id);
    expect(await db.outbox.get(a.id)).toBeUndefined();
    expect(await db.relatorios.get(a.tempId!)).toBeUndefined();
    expect(await db.outbox.get(f.id)).toMatchObject({
      status: 'attention',
      lastError: { message: OUTBOX_MESSAGES.dependenciaDescartada('Item a') },
    });
    await discard(db, f.id);
    expect(await db.files.count()).toBe(0);
    await engine.drain();
    expect(api.applied.map((x) => x.op)).toEqual(['b']);
    expect(api.violations).toEqual([]);
  });

  it('keeps the Blobs and parks the item when the answer does not list every file sent', async () => {
    const stripFiles =
      (inner: Transport): Transport =>
      async (request) => {
        const response = await inner(request);
        if (request.path.endsWith('/anexos')) return { ...response, body: { anexoId: 1 } };
        return response;
      };
    const { db, api, engine } = await setup({ wrap: stripFiles });
    const a = await enqueue(db, itemCreate, create('a'));
    const f = await enqueue(
      db,
      itemAttach,
      { op: 'f', itemId: a.tempId, invalid: false },
      { files: [file('a.pdf', [1, 2]), file('b.pdf', [3])] },
    );
    await engine.drain();
    expect(api.applied.map((x) => x.op)).toEqual(['a', 'f']);
    expect(await db.outbox.get(f.id)).toMatchObject({
      status: 'attention',
      lastError: { status: 201, message: SYNC_MESSAGES.arquivosNaoConfirmados },
    });
    expect(await db.files.where('outboxId').equals(f.id).count()).toBe(2);
    // Retry keeps the key (the server applied it): it answers the same again, nothing is applied twice.
    await retryNow(db, f.id);
    await engine.drain();
    expect(api.applied.map((x) => x.op)).toEqual(['a', 'f']);
    expect(await db.files.where('outboxId').equals(f.id).count()).toBe(2);
  });

  it('broadcasts progress per file and overall', async () => {
    const messages: unknown[] = [];
    const channel: ChannelLike = { postMessage: (m) => messages.push(m), addEventListener() {}, removeEventListener() {}, close() {} };
    const { db, engine } = await setup({ channel });
    const a = await enqueue(db, itemCreate, create('a'));
    await enqueue(
      db,
      itemAttach,
      { op: 'f', itemId: a.tempId, invalid: false },
      { files: [file('a.pdf', [1, 2, 3, 4, 5, 6]), file('b.pdf', [7, 8])] },
    );
    const seen: number[] = [];
    engine.subscribe((s) => s.current?.fileName && seen.push(s.current.sentBytes));
    await engine.drain();
    expect(seen).toContain(4);
    expect(seen).toContain(6);
    expect(seen.at(-1)).toBe(8);
    const states = messages.filter(
      (m): m is { type: 'state'; state: { current: { fileName?: string; totalBytes: number } | null } } =>
        (m as { type: string }).type === 'state',
    );
    expect(states.some((m) => m.state.current?.fileName === 'b.pdf' && m.state.current.totalBytes === 8)).toBe(true);
    expect(states.at(-1)!.state.current).toBeNull();
  });

  it('drains on enqueue and on its backoff timer once started', async () => {
    const timers = manualTimers();
    const { db, api, engine, advance } = await setup({ timers });
    api.faults = ['503'];
    const stop = engine.start();
    try {
      await enqueue(db, itemCreate, create('a'));
      await until(() => api.requests.length === 1, api);
      await wakeScheduled(engine, timers);
      expect(api.applied).toEqual([]);
      advance(2_000);
      timers.fireAll();
      await until(() => api.applied.length === 1, api);
      await engine.drain();
      const b = await enqueue(db, itemCreate, create('b', { invalid: true }));
      await until(() => engine.getState().attention === 1, stateOf(engine));
      await discard(db, b.id);
      await until(() => engine.getState().attention === 0, stateOf(engine));
    } finally {
      stop();
    }
  });
});

describe('a refusal the kind settles itself (onRejected)', () => {
  /** The server's copy of an item, read by onRejected with GET items/{id}. */
  function serverReads(answer: { status: number; body: unknown }) {
    return (inner: Transport): Transport =>
      async (request) =>
        request.method === 'GET' ? { ...answer, headers: { get: () => null } } : inner(request);
  }

  it('retires the refused entry with the server state instead of parking it, and the queue goes on', async () => {
    const { db, api, engine } = await setup({ wrap: serverReads({ status: 200, body: { text: 'do servidor' } }) });
    const a = await enqueue(db, itemCreate, create('a'));
    await engine.drain();
    const refused = await enqueue(db, itemSettledUpdate, { op: 'x', itemId: 1, text: 'local', invalid: true });
    const next = await enqueue(db, itemUpdate, { op: 'u', itemId: 1, text: 'depois', invalid: false });
    const settled = engine.whenSettled(refused.id, { timeoutMs: 60_000 });
    await engine.drain();
    expect(await settled).toBe('rejected');
    expect(await db.outbox.get(refused.id)).toBeUndefined();
    expect(await db.outbox.get(next.id)).toBeUndefined();
    expect(api.applied.map((x) => x.op)).toEqual(['a', 'u']);
    expect(await db.relatorios.get(1)).toMatchObject({ text: 'do servidor (recusado: Conflito (teste).)' });
    expect(engine.getState()).toMatchObject({ attention: 0, pending: 0 });
    expect(a.tempId).not.toBeNull();
  });

  it('parks as usual when the kind cannot settle it (the read fails)', async () => {
    const { db, engine } = await setup({ wrap: serverReads({ status: 503, body: null }) });
    await enqueue(db, itemCreate, create('a'));
    await engine.drain();
    const refused = await enqueue(db, itemSettledUpdate, { op: 'x', itemId: 1, text: 'local', invalid: true });
    await engine.drain();
    expect(await db.outbox.get(refused.id)).toMatchObject({
      status: 'attention',
      lastError: { status: 409, message: 'Conflito (teste).' },
    });
  });
});

describe('a record that names another record created offline', () => {
  // A field report naming a guest registered offline: two records, two entity keys. Only the report's
  // dependsOn (the guest's creator) keeps it from being sent with the guest's temp id.
  const guest = () => create('convidado');
  const report = (linkedItemId: number) => ({ op: 'relatorio', entity: 'relatorio', linkedItemId, invalid: false });

  it('waits for the creator of the record it names, even on another entity, and is sent with its server id', async () => {
    const { db, api, engine, advance } = await setup();
    const g = await enqueue(db, itemCreate, guest());
    const r = await enqueue(db, itemLink, report(g.tempId!));
    expect(r.entityKey).not.toBe(g.entityKey);
    expect(r.dependsOn).toEqual([g.id]);
    api.faults = ['503'];
    await engine.drain();
    // The guest failed and waits for its backoff: the report waits with it, untouched.
    expect(api.requests.map((x) => x.key)).toEqual([g.id]);
    expect(await db.outbox.get(r.id)).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    advance(2_000);
    await engine.drain();
    expect(api.violations).toEqual([]);
    expect(api.applied.map((x) => x.op)).toEqual(['convidado', 'relatorio']);
    expect(api.items.get(2)).toMatchObject({ entity: 'relatorio', linkedTo: 1 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('remaps the temp id it names across records when the creator is answered', async () => {
    const { db, api, engine } = await setup({ reconcile: false });
    const g = await enqueue(db, itemCreate, guest());
    const r = await enqueue(db, itemLink, report(g.tempId!));
    // Only the guest goes out: the report's dependency is met only once the guest's entry is done.
    api.faults = [null, 'drop-before'];
    await engine.drain();
    expect(await db.idMap.get(g.tempId!)).toMatchObject({ serverId: 1, entryId: g.id });
    const waiting = (await db.outbox.get(r.id))!;
    expect(waiting.payload).toMatchObject({ linkedItemId: 1 });
    expect(waiting.request.json).toMatchObject({ linkedItemId: 1 });
    // Its own record keeps its own temp id until the server names it.
    expect(waiting.entityKey).toBe(`item:${r.tempId}`);
    expect(waiting.dependsOn).toEqual([g.id]);
  });

  it('stays unsent while the record it names is parked, and is parked when that record is discarded', async () => {
    const { db, api, engine } = await setup();
    const g = await enqueue(db, itemCreate, create('convidado', { invalid: true }));
    const r = await enqueue(db, itemLink, report(g.tempId!));
    await enqueue(db, itemCreate, create('outro'));
    await engine.drain();
    expect(await db.outbox.get(g.id)).toMatchObject({ status: 'attention', lastError: { status: 422 } });
    // Never sent and not parked by a send: it waits for the user to fix or discard the guest.
    expect(await db.outbox.get(r.id)).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect(api.applied.map((x) => x.op)).toEqual(['outro']);
    await discard(db, g.id);
    expect(await db.outbox.get(r.id)).toMatchObject({
      status: 'attention',
      lastError: { message: OUTBOX_MESSAGES.dependenciaDescartada('Item convidado') },
    });
    await engine.drain();
    expect(api.applied.map((x) => x.op)).toEqual(['outro']);
    expect(api.violations).toEqual([]);
  });

  it('follows its creator once the user fixes it and sends it again', async () => {
    const { db, api, engine } = await setup();
    const g = await enqueue(db, itemCreate, create('convidado', { invalid: true }));
    const r = await enqueue(db, itemLink, report(g.tempId!));
    await engine.drain();
    const fixed = await updateParked(db, g.id, guest());
    expect((await db.outbox.get(r.id))!.dependsOn).toEqual([fixed.id]);
    await engine.drain();
    expect(api.applied.map((x) => x.op)).toEqual(['convidado', 'relatorio']);
    expect(api.items.get(2)?.linkedTo).toBe(1);
  });
});

describe('whenSettled', () => {
  it('resolves from the engine’s own events: sent once reconciled, attention once parked', async () => {
    const { db, engine } = await setup();
    const ok = await enqueue(db, itemCreate, create('a'));
    const bad = await enqueue(db, itemCreate, create('b', { invalid: true }));
    const waits = [engine.whenSettled(ok.id, { timeoutMs: 60_000 }), engine.whenSettled(bad.id, { timeoutMs: 60_000 })];
    await engine.drain();
    expect(await Promise.all(waits)).toEqual(['sent', 'attention']);
    // The created row was reconciled before 'sent': the waiter reads the server's row.
    expect(await db.relatorios.get(1)).toMatchObject({ pending: 0 });
    // Asked after the fact, it answers from the store.
    expect(await engine.whenSettled(ok.id, { timeoutMs: 60_000 })).toBe('sent');
  });

  it('answers waiting when the time runs out or sending pauses, and hears another drainer settle', async () => {
    const listeners: ((event: MessageEvent) => void)[] = [];
    const pageSide: ChannelLike = {
      postMessage() {},
      addEventListener: (_t, l) => listeners.push(l),
      removeEventListener() {},
      close() {},
    };
    const timers = manualTimers();
    const { db, api, engine } = await setup({ channel: pageSide, timers });
    const a = await enqueue(db, itemCreate, create('a'));
    const late = engine.whenSettled(a.id, { timeoutMs: 1_000 });
    timers.fireAll();
    expect(await late).toBe('waiting');

    const settledElsewhere = engine.whenSettled(a.id, { timeoutMs: 60_000 });
    const worker = createSyncEngine({
      openDb: async () => db,
      transport: api.transport(),
      locks: createMemoryLocks(),
      channel: {
        postMessage: (data) => listeners.forEach((l) => l({ data } as MessageEvent)),
        addEventListener() {},
        removeEventListener() {},
        close() {},
      },
      reconcile: false,
    });
    await worker.drain();
    expect(await settledElsewhere).toBe('sent');
    worker.dispose();
  });
});

describe('waking up', () => {
  it('comes back for an entry whose backoff ended before the pass did', async () => {
    const timers = manualTimers();
    // Full jitter drew 0: the entry is due again as soon as the failed attempt returns.
    const { db, api, engine } = await setup({ timers, random: () => 0 });
    api.faults = ['drop-before'];
    // Queued before start, so exactly one pass runs and nothing but the timer can send it again.
    await enqueue(db, itemCreate, create('a'));
    const stop = engine.start();
    try {
      await until(() => api.requests.length === 1, api);
      await wakeScheduled(engine, timers);
      expect(api.applied).toEqual([]);
      timers.fireAll();
      await until(() => api.applied.length === 1, api);
    } finally {
      stop();
    }
  });

  it('looks again while another drainer holds an entry in sending, and sends it if that drainer failed', async () => {
    const timers = manualTimers();
    const inner = createMemoryLocks();
    let claimAfterPass: (() => Promise<void>) | null = null;
    // Between this engine's pass and its wake-up, the service worker claims the entry and then dies
    // with it unsent: nothing but this engine's own timer can send it.
    const locks = {
      async request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T> {
        const result = await inner.request(name, options, callback);
        const claim = claimAfterPass;
        claimAfterPass = null;
        await claim?.();
        return result;
      },
    };
    const { db, api, engine, now } = await setup({ timers, locks });
    api.faults = ['drop-before'];
    const a = await enqueue(db, itemCreate, create('a'));
    claimAfterPass = () => db.outbox.update(a.id, { status: 'sending' }).then(() => undefined);
    const stop = engine.start();
    try {
      await until(() => api.requests.length === 1, api);
      await wakeScheduled(engine, timers);
      expect(api.applied).toEqual([]);
      await db.outbox.update(a.id, { status: 'pending', nextAttemptAt: now() });
      timers.fireAll();
      await until(() => api.applied.length === 1, api);
    } finally {
      stop();
    }
  });
});

describe('another drainer', () => {
  it('mirrors its progress and shows the drain over when it ends', async () => {
    // Two ends of one BroadcastChannel: what the worker posts reaches the page.
    const listeners: ((event: MessageEvent) => void)[] = [];
    const pageSide: ChannelLike = {
      postMessage() {},
      addEventListener: (_t, l) => listeners.push(l),
      removeEventListener() {},
      close() {},
    };
    const workerSide: ChannelLike = {
      postMessage: (data) => listeners.forEach((l) => l({ data } as MessageEvent)),
      addEventListener() {},
      removeEventListener() {},
      close() {},
    };
    const { db, api, engine: page } = await setup({ channel: pageSide });
    const seen: boolean[] = [];
    page.subscribe((state) => seen.push(state.draining));
    await enqueue(db, itemCreate, create('a'));
    const worker = createSyncEngine({
      openDb: async () => db,
      transport: api.transport(),
      locks: createMemoryLocks(),
      channel: workerSide,
      reconcile: false,
    });
    await worker.drain();
    expect(api.applied.map((x) => x.op)).toEqual(['a']);
    expect(seen).toContain(true);
    expect(page.getState().draining).toBe(false);
    worker.dispose();
  });
});

describe('uploader', () => {
  const bytes = Array.from({ length: 10 }, (_, i) => i + 1);

  it('resumes from what the server holds after an interrupted chunk', async () => {
    const { db, api, engine, advance } = await setup();
    const a = await enqueue(db, itemCreate, create('a'));
    const f = await enqueue(db, itemAttach, { op: 'f', itemId: a.tempId, invalid: false }, { files: [file('a.pdf', bytes)] });
    // create, upload start, chunk 0 ok, chunk 4 committed but answer lost.
    api.faults = [null, null, null, 'drop-after'];
    await engine.drain();
    const stored = (await db.files.where('outboxId').equals(f.id).first())!;
    expect(stored).toMatchObject({ uploaded: 4, done: false });
    advance(10_000);
    await engine.drain();
    const puts = api.requests.filter((r) => r.method === 'PUT').map((r) => r.path.split('?')[1]);
    expect(puts).toEqual(['offset=0', 'offset=4', 'offset=8']);
    expect(api.applied.map((x) => x.op)).toEqual(['a', 'f']);
  });

  it('re-syncs its offset from a 409 on a chunk', async () => {
    const { db, api } = await setup();
    const a = await enqueue(db, itemCreate, create('a'));
    await enqueue(db, itemAttach, { op: 'f', itemId: a.tempId, invalid: false }, { files: [file('a.pdf', bytes)] });
    // Chunk at 4 lands but its answer is lost; a stale resend of it is refused with recebido 8.
    let lost = false;
    const flaky: Transport = async (request) => {
      const response = await api.transport()(request);
      if (request.path.endsWith('offset=4') && !lost) {
        lost = true;
        return api.transport()(request);
      }
      return response;
    };
    const e2 = createSyncEngine({
      openDb: async () => db,
      transport: flaky,
      locks: createMemoryLocks(),
      channel: null,
      uploadChunkBytes: 4,
    });
    await e2.drain();
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.path.split('?')[1])).toEqual([
      'offset=0',
      'offset=4',
      'offset=4',
      'offset=8',
    ]);
    expect(api.applied.map((x) => x.op)).toEqual(['a', 'f']);
    expect(await db.outbox.count()).toBe(0);
    expect(e2.getState()).toMatchObject({ pending: 0, attention: 0 });
  });

  it('restarts from zero once after a hash mismatch, then parks', async () => {
    const { db, api, engine } = await setup();
    const a = await enqueue(db, itemCreate, create('a'));
    const f = await enqueue(db, itemAttach, { op: 'f', itemId: a.tempId, invalid: false }, { files: [file('a.pdf', bytes)] });
    api.faults = [null, null, 'corrupt'];
    await engine.drain();
    expect(api.applied.map((x) => x.op)).toEqual(['a', 'f']);
    expect(api.requests.filter((r) => r.path.endsWith('/concluir')).length).toBe(2);

    const g = await enqueue(db, itemAttach, { op: 'g', itemId: 1, invalid: false }, { files: [file('b.pdf', bytes)] });
    api.faults = [null, 'corrupt', null, null, null, null, 'corrupt'];
    await engine.drain();
    expect(await db.outbox.get(g.id)).toMatchObject({
      status: 'attention',
      lastError: { status: 400, message: UPLOAD_MESSAGES.hashDiferente },
    });
    expect(await db.files.where('outboxId').equals(g.id).count()).toBe(1);
    expect(f.id).not.toBe(g.id);
  });
});

describe('service worker drain', () => {
  afterEach(() => clearCurrentIdentity());

  it('sends with the stored identity and leaves done entries for the page to reconcile', async () => {
    const db = await openOfflineDb('sw', 77);
    opened.push(db);
    const api = new FakeApi();
    const a = await enqueue(db, itemCreate, create('a'));
    await enqueue(db, itemUpdate, { op: 'u', itemId: a.tempId, text: 'x', invalid: false });
    await setCurrentIdentity({ tenant: 'sw', userId: 77, token: 't0k3n' });
    const seenTokens: string[] = [];
    await drainFromServiceWorker((identity) => {
      seenTokens.push(identity.token);
      return api.transport();
    });
    expect(seenTokens).toEqual(['t0k3n']);
    expect(api.applied.map((x) => x.op)).toEqual(['a', 'u']);
    const done = await listEntries(db);
    expect(done.map((e) => e.status)).toEqual(['done', 'done']);
    expect(done[0]!.response).toEqual({ id: 1, text: 'texto a' });
    expect(await db.relatorios.get(a.tempId!)).toBeDefined();

    const page: SyncEngine = createSyncEngine({
      openDb: async () => db,
      transport: api.transport(),
      locks: createMemoryLocks(),
      channel: null,
    });
    await page.drain();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.relatorios.get(1)).toMatchObject({ text: 'x', pending: 0 });
    expect(api.requests.length).toBe(2);
  });

  it('does nothing when nobody is signed in', async () => {
    const api = new FakeApi();
    await drainFromServiceWorker(() => api.transport());
    expect(api.requests).toEqual([]);
  });
});

describe('request headers', () => {
  it('carries the entry id as Idempotency-Key only on record requests', async () => {
    const headers: Record<string, string>[] = [];
    const { db, engine } = await setup({
      wrap: (inner) => async (request) => {
        headers.push(request.headers);
        return inner(request);
      },
    });
    const a = await enqueue(db, itemCreate, create('a'));
    await enqueue(db, itemAttach, { op: 'f', itemId: a.tempId, invalid: false }, { files: [file('a.pdf', [1])] });
    await engine.drain();
    expect(headers.map((h) => IDEMPOTENCY_HEADER in h)).toEqual([true, false, false, false, true]);
  });
});

describe('fetch transport (service worker)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds the stored identity headers and reads every status as an answer', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ message: 'O telefone já cadastrado' }), { status: 422 });
    });
    const transport = createFetchTransport({ tenant: 'ms', userId: 4, token: 'tok' });
    const signal = new AbortController().signal;
    const answer = await transport({
      method: 'POST',
      path: 'municipio/membro',
      headers: { [IDEMPOTENCY_HEADER]: 'k-12345678' },
      json: { a: 1 },
      signal,
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: 'O telefone já cadastrado' });
    expect(calls[0]!.url).toBe('/api/municipio/membro');
    expect(calls[0]!.init.headers).toMatchObject({
      Authorization: 'Bearer tok',
      database: 'ms',
      branch: 'hlg',
      'Content-Type': 'application/json',
      [IDEMPOTENCY_HEADER]: 'k-12345678',
    });
    expect(calls[0]!.init.body).toBe('{"a":1}');
    const chunk = new Uint8Array([1, 2]).buffer;
    await transport({
      method: 'PUT',
      path: 'upload/u1?offset=0',
      headers: {},
      body: chunk,
      contentType: 'application/octet-stream',
      signal,
    });
    expect(calls[1]!.init.body).toBe(chunk);
    expect(calls[1]!.init.headers).toMatchObject({ 'Content-Type': 'application/octet-stream' });
  });
});

/** Engine state changes as something `until` can wait on. */
function stateOf(engine: SyncEngine): Watchable {
  return { watch: (listener) => engine.subscribe(() => listener()) };
}

/** A started engine's pass is over and it set its wake-up timer (the only timer while nothing is in flight). */
function wakeScheduled(engine: SyncEngine, timers: ReturnType<typeof manualTimers>): Promise<void> {
  return until(() => timers.size === 1 && !engine.getState().draining, timers, stateOf(engine));
}
