import { IDEMPOTENCY_HEADER, receivedFileSchema } from '../domain/uploads.ts';
import { markBatchDone, releaseBatch, retireBatch, splitBatch, takeBatch, type Batch } from './batch.ts';
import type { FileRecord, OfflineDb, OutboxEntry } from './db.ts';
import { SYNC_MESSAGES, SyncFailure, failureFromResponse, isSuccess, toFailure, type Failure } from './failures.ts';
import { ensureDeclarations } from './declarations.ts';
import { findMutationKind } from './kinds.ts';
import { defaultLocks, type LockManagerLike } from './locks.ts';
import { countByStatus, onQueueChanged, remapTempId, requestBackgroundSync } from './outbox.ts';
import { findTempIds } from './temp-ids.ts';
import type { Transport, TransportRequest, TransportResponse } from './transport-types.ts';
import { getUploadPaths, type UploadPaths } from './routes.ts';
import { uploadFile, type Send } from './uploader.ts';

/**
 * The replay engine. Exactly-once rests on three things:
 * 1. every entry is sent with its own Idempotency-Key (its id), every file with its own chave, and
 *    the server answers a repeated key with its first answer: resending is always safe;
 * 2. one drainer at a time (Web Lock 'ce-outbox' across tabs and the service worker, plus one
 *    drain promise per engine), so an entry is never sent twice *concurrently* and an entry found
 *    'sending' by the lock holder was left by a dead drainer;
 * 3. the local state changes only after an answer: status 'done' and the temp-id remap are one
 *    transaction, so a crash before it just means one more (replayed) send.
 * A kind that declares `batch` has consecutive entries of one entity sent in one request under one
 * key kept with the batch until it is answered (batch.ts): the same three rules hold per batch.
 */

export const OUTBOX_LOCK = 'ce-outbox';
export const OUTBOX_CHANNEL = 'ce-outbox';

export type SyncProgress = {
  entryId: string;
  label: string;
  fileName?: string;
  fileSentBytes?: number;
  fileTotalBytes?: number;
  sentBytes: number;
  totalBytes: number;
};

export type SyncState = {
  online: boolean;
  draining: boolean;
  paused: null | 'auth';
  attention: number;
  /** Entries waiting to be sent (pending or sending). */
  pending: number;
  current: SyncProgress | null;
};

export type ChannelLike = {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
};

/**
 * How an entry ended, as far as a form waiting for it cares: the server took it, it needs a
 * person, or the server refused it and its kind settled that itself (onRejected): nothing queued.
 */
export type Settlement = 'sent' | 'attention' | 'rejected';

/**
 * What `whenSettled` resolves with: the entry's settlement, or 'waiting' when it will not settle
 * soon (time ran out, the device went offline, or sending paused until the user signs in again);
 * the outbox goes on with it in the background.
 */
export type SettledOutcome = Settlement | 'waiting';

type ChannelMessage =
  | { type: 'drain' }
  | { type: 'state'; state: SyncState }
  /** Another tab or the service worker settled an entry: its waiters here learn it without polling. */
  | { type: 'settled'; entryId: string; outcome: Settlement };

export type Timers = {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type SyncEngineOptions = {
  /** The signed-in user's store, or null when nobody is signed in. */
  openDb: () => Promise<OfflineDb | null>;
  transport: Transport;
  locks?: LockManagerLike;
  /** BroadcastChannel('ce-outbox') by default; null for none. */
  channel?: ChannelLike | null;
  now?: () => number;
  random?: () => number;
  /**
   * Page side (default): retire successful entries through their kind's reconcile. The service
   * worker passes false: it knows no kinds, so it leaves entries 'done' with their answer for the
   * page to reconcile on its next drain.
   */
  reconcile?: boolean;
  timers?: Timers;
  /** Per-request time limit; default 30 s plus 1 s per 20 kB sent. */
  requestTimeoutMs?: (bytes: number) => number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** Whether the device says it is online (navigator.onLine by default). */
  isOnline?: () => boolean;
  /** The upload's steps; those registered where the engine is wired (registerUploadPaths) by default. */
  uploadPaths?: UploadPaths;
  /** A fixed chunk size (tests use tiny ones); by default chunks follow the link speed (uploader.ts nextChunkBytes). */
  uploadChunkBytes?: number;
};

export type SyncEngine = {
  /** Sends what can be sent now. Resolves when this pass (and any asked for meanwhile) ends. */
  drain(): Promise<void>;
  /** Wires the triggers (start, online, visible, timer, channel, service worker); returns stop. */
  start(): () => void;
  /** After signing in again: lifts the 401 pause and drains. */
  resume(): Promise<void>;
  subscribe(listener: (state: SyncState) => void): () => void;
  getState(): SyncState;
  /**
   * Resolves once the entry is settled (by this engine, another tab or the service worker), from
   * the engines' own events: 'sent' once the server took it (and, on a page, its reconcile ran),
   * 'attention' once parked, or 'waiting' after `timeoutMs`, or as soon as the device is offline
   * or sending is paused.
   */
  whenSettled(entryId: string, options: { timeoutMs: number }): Promise<SettledOutcome>;
  /** Stops triggers, aborts a request in flight without touching the queue (as a closed tab would), closes the channel. */
  dispose(): void;
};

const BUSY_RETRY_MS = 3_000;
/** Shortest wait before a pass after the last one, so a zero backoff cannot spin. */
const MIN_WAKE_MS = 250;

function defaultChannel(): ChannelLike | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
}

function defaultOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

class Disposed extends Error {}

/** Files the server says it received, from any top-level array of the answer shaped like receivedFileSchema. */
function receivedFiles(body: unknown): { uploadId: string; sha256: string }[] {
  if (body === null || typeof body !== 'object') return [];
  const out: { uploadId: string; sha256: string }[] = [];
  for (const value of Object.values(body)) {
    if (!Array.isArray(value)) continue;
    for (const item of value) {
      const parsed = receivedFileSchema.safeParse(item);
      if (parsed.success) out.push(parsed.data);
    }
  }
  return out;
}

function serverIdOf(entry: OutboxEntry, body: unknown): number | null {
  if (!entry.serverIdField || body === null || typeof body !== 'object') return null;
  const value = (body as Record<string, unknown>)[entry.serverIdField];
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

/**
 * The next entry to send: lowest seq that is pending and due, whose dependencies are all finished
 * (done, or gone once reconciled) and with no earlier unfinished entry of the same entity.
 */
export function pickNext(entries: OutboxEntry[], now: number, skip: ReadonlySet<string> = new Set()): OutboxEntry | null {
  const open = entries.filter((e) => e.status !== 'done').sort((a, b) => a.seq - b.seq);
  const unfinished = new Set(open.map((e) => e.id));
  const blockedEntities = new Set<string>();
  for (const entry of open) {
    const ready =
      entry.status === 'pending' &&
      entry.nextAttemptAt <= now &&
      !skip.has(entry.id) &&
      !blockedEntities.has(entry.entityKey) &&
      entry.dependsOn.every((id) => !unfinished.has(id));
    if (ready) return entry;
    blockedEntities.add(entry.entityKey);
  }
  return null;
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const locks = options.locks ?? defaultLocks();
  const channel = options.channel === undefined ? defaultChannel() : options.channel;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const reconcileDone = options.reconcile ?? true;
  const timers: Timers = options.timers ?? {
    setTimeout: (cb, ms) => globalThis.setTimeout(cb, ms),
    clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof globalThis.setTimeout>),
  };
  const requestTimeoutMs = options.requestTimeoutMs ?? ((bytes: number) => 30_000 + bytes / 20);
  const backoffBase = options.backoffBaseMs ?? 2_000;
  const backoffCap = options.backoffCapMs ?? 5 * 60_000;
  const isOnline = options.isOnline ?? defaultOnline;

  let state: SyncState = { online: isOnline(), draining: false, paused: null, attention: 0, pending: 0, current: null };
  const listeners = new Set<(state: SyncState) => void>();
  const settledListeners = new Set<(entryId: string, outcome: Settlement) => void>();
  let running: Promise<void> | null = null;
  let again = false;
  let lockBusy = false;
  // Our own drain, as opposed to state.draining, which also mirrors another tab's or the worker's.
  let holdsLock = false;
  let disposed = false;
  const inFlight = new Set<AbortController>();
  let started = false;
  let wakeTimer: unknown = null;

  function setState(patch: Partial<SyncState>, broadcast = true): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener(state);
    if (broadcast && !disposed) channel?.postMessage({ type: 'state', state } satisfies ChannelMessage);
  }

  /** Called after the transaction that settled the entry committed, so a waiter reads the outcome. */
  function announceSettled(entryId: string, outcome: Settlement, broadcast = true): void {
    for (const listener of settledListeners) listener(entryId, outcome);
    if (broadcast && !disposed) channel?.postMessage({ type: 'settled', entryId, outcome } satisfies ChannelMessage);
  }

  async function refreshCounts(db: OfflineDb): Promise<void> {
    const [pending, attention] = await Promise.all([
      countByStatus(db, 'pending', 'sending'),
      db.outbox.where('status').equals('attention').count(),
    ]);
    setState({ pending, attention });
  }

  const send: Send = async (request, bytes) => {
    if (disposed) throw new Disposed();
    const controller = new AbortController();
    inFlight.add(controller);
    let timedOut = false;
    const timer = timers.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, requestTimeoutMs(bytes));
    // A transport that ignores the signal must still not hold the drain forever.
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    });
    const call = options.transport({ ...request, signal: controller.signal } satisfies TransportRequest);
    call.catch(() => undefined);
    aborted.catch(() => undefined);
    try {
      return await Promise.race([call, aborted]);
    } catch (error) {
      if (disposed) throw new Disposed();
      if (timedOut) throw new SyncFailure({ class: 'timeout', status: null, message: SYNC_MESSAGES.tempoEsgotado, retryAfterMs: null });
      const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
      throw new SyncFailure({ class: 'network', status: null, message: SYNC_MESSAGES.semConexao + detail, retryAfterMs: null });
    } finally {
      timers.clearTimeout(timer);
      inFlight.delete(controller);
    }
  };

  function backoff(attempts: number, retryAfterMs: number | null): number {
    const ceiling = Math.min(backoffCap, backoffBase * 2 ** Math.max(0, attempts - 1));
    return Math.max(Math.floor(random() * ceiling), retryAfterMs ?? 0);
  }

  async function recoverStale(db: OfflineDb): Promise<void> {
    // Only the lock holder runs this: anything 'sending' now was left by a drainer that died.
    await db.outbox.where('status').equals('sending').modify({ status: 'pending' });
  }

  /** Kind reconcile, then the entry and its Blobs go, in one transaction. */
  async function retire(db: OfflineDb, entry: OutboxEntry): Promise<void> {
    const kind = findMutationKind(entry.kind);
    if (!kind) return; // Its feature is not loaded: stays 'done' until a page that has it drains.
    await db.transaction('rw', db.tables, async () => {
      const fresh = await db.outbox.get(entry.id);
      if (!fresh || fresh.status !== 'done') return;
      const serverId = fresh.tempId === null ? null : ((await db.idMap.get(fresh.tempId))?.serverId ?? null);
      await kind.reconcile?.(db, fresh, fresh.response, { serverId });
      await db.files.where('outboxId').equals(fresh.id).delete();
      await db.outbox.delete(fresh.id);
    });
  }

  async function retireSafely(db: OfflineDb, entry: OutboxEntry): Promise<void> {
    try {
      await retire(db, entry);
    } catch (error) {
      // The server has it and the entry stays 'done' with the answer: a failing reconcile must not
      // block the queue nor cause a resend. Tried again at the next drain.
      console.error('Falha ao conciliar item enviado', entry.id, error);
    }
  }

  async function retireAllDone(db: OfflineDb): Promise<void> {
    const batches = new Set<string>();
    for (const entry of await db.outbox.where('status').equals('done').toArray()) {
      if (!entry.batchKey) await retireSafely(db, entry);
      else if (!batches.has(entry.batchKey)) {
        batches.add(entry.batchKey);
        await retireBatchSafely(db, entry.batchKey);
      }
    }
  }

  async function retireBatchSafely(db: OfflineDb, key: string): Promise<void> {
    try {
      await retireBatch(db, key);
    } catch (error) {
      // As retireSafely: the server has the batch; its entries stay 'done' and are tried again at the next drain.
      console.error('Falha ao conciliar lote enviado', key, error);
    }
  }

  /**
   * Sends a claimed batch under its own key. Its entries leave the queue only after the answer; a
   * refusal splits it ('split': the caller picks its first entry again at once), any other failure
   * leaves it as it is, to be resent with the same body and key.
   */
  async function sendBatch(db: OfflineDb, batch: Batch): Promise<boolean | 'split'> {
    const lead = batch.members[0]!;
    const more = batch.members.length - 1;
    setState({ current: { entryId: lead.id, label: `${lead.label} e mais ${more}`, sentBytes: 0, totalBytes: 0 } });
    try {
      const { method, path, json } = batch.request;
      const response = await send({ method, path, headers: { [IDEMPOTENCY_HEADER]: batch.key }, json }, 0);
      if (!isSuccess(response.status)) throw new SyncFailure(failureFromResponse(response));
      await markBatchDone(db, batch, response.body);
      if (reconcileDone) await retireBatchSafely(db, batch.key);
      for (const member of batch.members) announceSettled(member.id, 'sent');
      return true;
    } catch (error) {
      if (error instanceof Disposed) throw error;
      const failure = toFailure(error);
      const lastError = { status: failure.status, message: failure.message, at: now() };
      if (failure.class === 'park') {
        await splitBatch(db, batch, lastError);
        return 'split';
      }
      if (failure.class === 'auth') {
        await releaseBatch(db, batch, { lastError });
        setState({ paused: 'auth' });
        return false;
      }
      await releaseBatch(db, batch, { lastError, nextAttemptAt: now() + backoff(lead.attempts, failure.retryAfterMs) });
      if (failure.class === 'network' || failure.class === 'timeout') void requestBackgroundSync();
      return failure.class === 'server';
    } finally {
      setState({ current: null });
    }
  }

  async function park(db: OfflineDb, entry: OutboxEntry, failure: Failure, response: unknown = null): Promise<void> {
    await db.outbox.update(entry.id, {
      status: 'attention',
      lastError: { status: failure.status, message: failure.message, at: now() },
      response,
    });
  }

  /**
   * A refusal its kind settles itself (onRejected): the entry and its Blobs go instead of parking.
   * Any failure of the hook (offline while it reads the API, a bug) leaves the usual parking.
   */
  async function settleRejection(db: OfflineDb, entry: OutboxEntry, failure: Failure): Promise<boolean> {
    const kind = findMutationKind(entry.kind);
    if (!reconcileDone || !kind?.onRejected) return false;
    const get = async (path: string): Promise<unknown> => {
      const response = await send({ method: 'GET', path, headers: {} }, 0);
      if (!isSuccess(response.status)) throw new SyncFailure(failureFromResponse(response));
      return response.body;
    };
    try {
      const settled = await kind.onRejected(db, entry, { status: failure.status, message: failure.message }, { get });
      if (!settled) return false;
    } catch (error) {
      if (error instanceof Disposed) throw error;
      console.error('Falha ao tratar item recusado', entry.id, error);
      return false;
    }
    await db.transaction('rw', db.outbox, db.files, async () => {
      await db.files.where('outboxId').equals(entry.id).delete();
      await db.outbox.delete(entry.id);
    });
    return true;
  }

  async function succeed(db: OfflineDb, entry: OutboxEntry, response: TransportResponse, sentFiles: FileRecord[]): Promise<void> {
    const serverId = serverIdOf(entry, response.body);
    const received = receivedFiles(response.body);
    const allReceived = sentFiles.every((f) => received.some((r) => r.uploadId === f.uploadId && r.sha256 === f.sha256));
    let problem: string | null = null;
    if (!allReceived) problem = SYNC_MESSAGES.arquivosNaoConfirmados;
    else if (entry.tempId !== null && serverId === null) problem = SYNC_MESSAGES.semIdentificador;
    await db.transaction('rw', db.outbox, db.idMap, async () => {
      if (entry.tempId !== null && serverId !== null) await remapTempId(db, entry.id, entry.tempId, serverId, now());
      if (problem) {
        // The server applied it: kept visible (and its Blobs kept) rather than silently retired.
        await park(db, entry, { class: 'park', status: response.status, message: problem, retryAfterMs: null }, response.body);
      } else {
        await db.outbox.update(entry.id, { status: 'done', response: response.body, lastError: null });
      }
    });
    if (problem) {
      announceSettled(entry.id, 'attention');
      return;
    }
    if (reconcileDone) await retireSafely(db, entry);
    announceSettled(entry.id, 'sent');
  }

  /** Sends one entry; false ends the pass. */
  async function sendEntry(db: OfflineDb, picked: OutboxEntry): Promise<boolean> {
    if (findTempIds(picked.request.json, picked.request.path).length > 0) {
      await park(db, picked, { class: 'park', status: null, message: SYNC_MESSAGES.dependeDeRegistroLocal, retryAfterMs: null });
      announceSettled(picked.id, 'attention');
      return true;
    }
    const entry = await db.transaction('rw', db.outbox, async () => {
      const fresh = await db.outbox.get(picked.id);
      if (!fresh || fresh.status !== 'pending') return null;
      const claimed: OutboxEntry = { ...fresh, status: 'sending', attempts: fresh.attempts + 1 };
      await db.outbox.put(claimed);
      return claimed;
    });
    if (!entry) return true;

    const progress: SyncProgress = { entryId: entry.id, label: entry.label, sentBytes: 0, totalBytes: entry.bytes };
    setState({ current: progress });
    try {
      const files: FileRecord[] = [];
      let before = 0;
      for (const fileId of entry.fileIds) {
        const file = await db.files.get(fileId);
        if (!file) throw new SyncFailure({ class: 'park', status: null, message: SYNC_MESSAGES.arquivoLocalAusente, retryAfterMs: null });
        if (!file.done || !file.uploadId) {
          const base = before;
          file.uploadId = await uploadFile(
            db,
            file,
            send,
            options.uploadPaths ?? getUploadPaths(),
            (f, uploaded) => {
              setState({
                current: { ...progress, fileName: f.name, fileSentBytes: uploaded, fileTotalBytes: f.size, sentBytes: base + uploaded },
              });
            },
            options.uploadChunkBytes,
          );
        }
        before += file.size;
        files.push(file);
      }
      const { method, path, json, filesField } = entry.request;
      const body = filesField ? { ...(json as Record<string, unknown>), [filesField]: files.map((f) => f.uploadId) } : json;
      const response = await send({ method, path, headers: { [IDEMPOTENCY_HEADER]: entry.id }, json: body }, 0);
      if (!isSuccess(response.status)) throw new SyncFailure(failureFromResponse(response));
      await succeed(db, entry, response, files);
      return true;
    } catch (error) {
      if (error instanceof Disposed) throw error;
      const failure = toFailure(error);
      if (failure.class === 'auth') {
        await db.outbox.update(entry.id, { status: 'pending', lastError: { status: failure.status, message: failure.message, at: now() } });
        setState({ paused: 'auth' });
        return false;
      }
      if (failure.class === 'park') {
        if (await settleRejection(db, entry, failure)) {
          announceSettled(entry.id, 'rejected');
          return true;
        }
        await park(db, entry, failure);
        announceSettled(entry.id, 'attention');
        return true;
      }
      await db.outbox.update(entry.id, {
        status: 'pending',
        nextAttemptAt: now() + backoff(entry.attempts, failure.retryAfterMs),
        lastError: { status: failure.status, message: failure.message, at: now() },
      });
      // Chromium then wakes the service worker when the connection is back, even with the tab closed.
      if (failure.class === 'network' || failure.class === 'timeout') void requestBackgroundSync();
      return failure.class === 'server';
    } finally {
      setState({ current: null });
    }
  }

  async function pass(): Promise<void> {
    const db = await options.openDb();
    if (!db) return;
    lockBusy = false;
    await locks.request(OUTBOX_LOCK, { ifAvailable: true }, async (lock) => {
      if (!lock) {
        lockBusy = true;
        await refreshCounts(db);
        return;
      }
      holdsLock = true;
      setState({ draining: true });
      try {
        // Every step below reads entries' kinds; on a page they may still be downloading
        // (declarations.ts). An empty queue needs none, so a screen that queues nothing never waits.
        if (reconcileDone && (await db.outbox.count()) > 0) await ensureDeclarations();
        await recoverStale(db);
        if (reconcileDone) await retireAllDone(db);
        // An entry is tried at most once per pass: a zero backoff (full jitter can draw 0) must not spin.
        const tried = new Set<string>();
        // Read once per pass, then kept in step entry by entry: re-reading the whole queue for every
        // entry made a long queue (a thousand taps) quadratic. Only this drainer sends while it holds
        // the lock; entries queued meanwhile ask for another pass (enqueue triggers a drain).
        let unfinished = await db.outbox.where('status').anyOf('pending', 'attention', 'sending').toArray();
        while (!disposed && !state.paused && isOnline()) {
          const picked = pickNext(unfinished, now(), tried);
          if (!picked) break;
          tried.add(picked.id);
          const batch = await takeBatch(db, picked, new Set(unfinished.map((e) => e.id)), now());
          if (batch) {
            const sent = await sendBatch(db, batch);
            // A split batch is not a failed try: its first half goes at once (halving ends at single entries).
            if (sent === 'split') tried.delete(picked.id);
            const ids = new Set(batch.members.map((m) => m.id));
            const after = (await db.outbox.bulkGet([...ids])).filter((e): e is OutboxEntry => e !== undefined && e.status !== 'done');
            unfinished = [...unfinished.filter((e) => !ids.has(e.id)), ...after];
            if (sent === false) break;
            continue;
          }
          // Its stored copy: a temp id may have been replaced in it since the pass began.
          const next = await db.outbox.get(picked.id);
          const go = next ? await sendEntry(db, next) : true;
          const after = await db.outbox.get(picked.id);
          unfinished = unfinished.filter((e) => e.id !== picked.id);
          if (after && after.status !== 'done') unfinished.push(after);
          if (!go) break;
        }
      } catch (error) {
        if (!(error instanceof Disposed)) throw error;
      } finally {
        holdsLock = false;
        if (!disposed) {
          setState({ draining: false, current: null });
          await refreshCounts(db);
        }
      }
    });
    if (started && !disposed) await scheduleWake(db);
  }

  async function scheduleWake(db: OfflineDb): Promise<void> {
    if (wakeTimer !== null) timers.clearTimeout(wakeTimer);
    wakeTimer = null;
    let delay: number | null = lockBusy ? BUSY_RETRY_MS : null;
    const sooner = (wait: number) => (delay = delay === null ? wait : Math.min(delay, wait));
    if (!state.paused) {
      const unfinished = await db.outbox.where('status').anyOf('pending', 'attention', 'sending').toArray();
      const t = now();
      // Due already (a jittered backoff can end before the pass does): nothing else would wake us.
      if (pickNext(unfinished, t)) sooner(MIN_WAKE_MS);
      // Another drainer (a tab, the service worker) is sending: it does not wake this engine when
      // it fails, so look again once it has likely finished.
      if (unfinished.some((e) => e.status === 'sending')) sooner(BUSY_RETRY_MS);
      const due = unfinished.filter((e) => e.status === 'pending' && e.nextAttemptAt > t).map((e) => e.nextAttemptAt - t);
      if (due.length > 0) sooner(Math.min(...due));
    }
    if (delay !== null && started && !disposed) wakeTimer = timers.setTimeout(trigger, delay);
  }

  function drain(): Promise<void> {
    if (disposed || state.paused) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again && !disposed && !state.paused);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  /** Drains started by events have no caller to report to: a failure (e.g. the store closed at sign-out) is logged. */
  function trigger(): void {
    drain().catch((error: unknown) => console.error('Falha ao enviar a fila offline', error));
  }

  const onChannelMessage = (event: MessageEvent) => {
    const message = event.data as ChannelMessage;
    if (message?.type === 'drain') trigger();
    else if (message?.type === 'settled') announceSettled(message.entryId, message.outcome, false);
    else if (message?.type === 'state' && !holdsLock) {
      // Another tab (or the service worker) drains: show its progress here too.
      setState({ ...message.state, online: state.online, paused: state.paused }, false);
    }
  };
  channel?.addEventListener('message', onChannelMessage);

  function start(): () => void {
    if (disposed) return () => undefined;
    started = true;
    const cleanups: (() => void)[] = [];
    const on = (target: EventTarget | undefined, type: string, handler: (event: Event) => void) => {
      if (!target) return;
      target.addEventListener(type, handler);
      cleanups.push(() => target.removeEventListener(type, handler));
    };
    const win = typeof window === 'undefined' ? undefined : window;
    on(win, 'online', () => {
      setState({ online: true }, false);
      trigger();
    });
    on(win, 'offline', () => setState({ online: false }, false));
    on(typeof document === 'undefined' ? undefined : document, 'visibilitychange', () => {
      if (document.visibilityState === 'visible') trigger();
    });
    on(typeof navigator === 'undefined' ? undefined : navigator.serviceWorker, 'message', (event) => {
      if ((event as MessageEvent).data?.type === 'ce:drain') trigger();
    });
    cleanups.push(
      onQueueChanged((db) => {
        trigger();
        // Counts must follow at once even when no pass runs (paused, offline, another tab drains).
        refreshCounts(db).catch(() => undefined);
      }),
    );
    trigger();
    return () => {
      started = false;
      if (wakeTimer !== null) timers.clearTimeout(wakeTimer);
      wakeTimer = null;
      cleanups.forEach((c) => c());
    };
  }

  let stopStarted: (() => void) | null = null;

  function whenSettled(entryId: string, { timeoutMs }: { timeoutMs: number }): Promise<SettledOutcome> {
    return new Promise((resolve) => {
      let finished = false;
      const cleanups: (() => void)[] = [];
      const finish = (outcome: SettledOutcome) => {
        if (finished) return;
        finished = true;
        cleanups.forEach((c) => c());
        resolve(outcome);
      };
      const onSettled = (id: string, outcome: Settlement) => {
        if (id === entryId) finish(outcome);
      };
      settledListeners.add(onSettled);
      cleanups.push(() => settledListeners.delete(onSettled));
      const onState = (s: SyncState) => {
        if (s.paused || !s.online) finish('waiting');
      };
      listeners.add(onState);
      cleanups.push(() => listeners.delete(onState));
      const timer = timers.setTimeout(() => finish('waiting'), timeoutMs);
      cleanups.push(() => timers.clearTimeout(timer));
      if (disposed || state.paused || !isOnline()) {
        finish('waiting');
        return;
      }
      // It may have settled before anyone listened (an answer faster than this call): look once.
      void options
        .openDb()
        .then((db) => db?.outbox.get(entryId))
        .then((entry) => {
          if (!entry || entry.status === 'done') finish('sent');
          else if (entry.status === 'attention') finish('attention');
        })
        .catch(() => undefined);
    });
  }

  return {
    drain,
    start() {
      stopStarted?.();
      stopStarted = start();
      return () => {
        stopStarted?.();
        stopStarted = null;
      };
    },
    async resume() {
      if (state.paused) setState({ paused: null });
      await drain();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => state,
    whenSettled,
    dispose() {
      stopStarted?.();
      disposed = true;
      inFlight.forEach((c) => c.abort());
      channel?.removeEventListener('message', onChannelMessage);
      if (options.channel === undefined) channel?.close();
    },
  };
}

/** Ask other tabs (and the service worker's clients) to drain, e.g. after signing in again. */
export function broadcastDrain(channel: ChannelLike): void {
  channel.postMessage({ type: 'drain' } satisfies ChannelMessage);
}
