import { MAX_UPLOAD_BYTES, sha256Hex, UPLOAD_MESSAGES } from '../domain/uploads.ts';
import { ensureRoomFor } from './storage.ts';
import type { FileRecord, OfflineDb, OutboxEntry, OutboxStatus } from './db.ts';
import { getMeta } from './meta.ts';
import { ensureDeclarations } from './declarations.ts';
import { findMutationKind, getMutationKind, type MutationKind } from './kinds.ts';
import { FIRST_TEMP_ID, findTempIds, replaceTempId, replaceTempIdInText } from './temp-ids.ts';
import { announceDropped, announceQueued, announceStored } from './in-flight.ts';
import { setQueuedMarker } from './queued-marker.ts';

/**
 * The write path: every offline change becomes one outbox entry, written in the same transaction
 * as its local effect, so the screen and the queue never disagree (a crash leaves both or neither).
 */

export const OUTBOX_MESSAGES = {
  semArquivos: 'Este tipo de alteração não aceita arquivos.',
  naoEncontrado: 'Item da fila não encontrado.',
  naoParado: 'Só é possível editar um item que requer atenção.',
  enviando: 'Este item está sendo enviado agora. Aguarde o fim do envio.',
  jaEnviado: 'Este item já foi enviado ao servidor.',
  registroDescartado: 'Este item depende de um registro que não existe mais neste aparelho. Descarte-o.',
  dependenciaDescartada: (label: string) => `Este item depende de "${label}", que foi descartado. Descarte-o ou edite-o.`,
} as const;

export class OutboxValidationError extends Error {
  readonly issues: readonly { path: PropertyKey[]; message: string }[];

  constructor(issues: readonly { path: PropertyKey[]; message: string }[]) {
    super(issues[0]?.message ?? 'Dados inválidos.');
    this.name = 'OutboxValidationError';
    this.issues = issues;
  }
}

/** A file to send with the entry: a File, or a Blob with the name to give it. */
export type EnqueueFile = File | { blob: Blob; name: string };

export type EnqueueOptions = {
  files?: EnqueueFile[];
  /** Outbox ids this entry must wait for, on top of the automatic ones. */
  dependsOn?: string[];
  municipioId?: number | null;
};

const SEQ_KEY = 'outbox:seq';
const TEMP_ID_KEY = 'outbox:tempId';

type QueueListener = (db: OfflineDb) => void;
const queueListeners = new Set<QueueListener>();

/** Called after each committed enqueue, edit, retry or discard (the engine drains and recounts); returns the unsubscribe. */
export function onQueueChanged(listener: QueueListener): () => void {
  queueListeners.add(listener);
  return () => queueListeners.delete(listener);
}

function queueChanged(db: OfflineDb): void {
  for (const listener of queueListeners) listener(db);
}

function validate<P>(kind: MutationKind<P>, payload: unknown): P {
  const parsed = kind.schema.safeParse(payload);
  if (!parsed.success) throw new OutboxValidationError(parsed.error.issues);
  return parsed.data;
}

/** Replaces temp ids the server has already named (the local rows may not be reconciled yet). */
async function applyKnownIds<T>(db: OfflineDb, value: T): Promise<T> {
  let out = value;
  for (const tempId of findTempIds(value)) {
    const mapped = await db.idMap.get(tempId);
    if (mapped) out = replaceTempId(out, tempId, mapped.serverId);
  }
  return out;
}

function unfinished(entry: OutboxEntry): boolean {
  return entry.status !== 'done';
}

/**
 * Entries this one must wait for: the previous unfinished entry of the same entity, the creators of
 * the temp ids it refers to, and the explicit ones. Throws when a temp id has no creator any more.
 */
async function computeDependencies(db: OfflineDb, entityKey: string, payload: unknown, explicit: string[]): Promise<string[]> {
  const deps = new Set(explicit);
  const sameEntity = (await db.outbox.where('entityKey').equals(entityKey).toArray()).filter(unfinished);
  const previous = sameEntity.sort((a, b) => b.seq - a.seq)[0];
  if (previous) deps.add(previous.id);
  const tempIds = findTempIds(payload);
  if (tempIds.length > 0) {
    const open = (await db.outbox.where('status').anyOf('pending', 'sending', 'attention').toArray()).filter((e) => e.tempId !== null);
    for (const tempId of tempIds) {
      const creator = open.find((e) => e.tempId === tempId);
      if (!creator) throw new OutboxValidationError([{ path: [], message: OUTBOX_MESSAGES.registroDescartado }]);
      deps.add(creator.id);
    }
  }
  return [...deps];
}

/** Refuses to resend an entry that refers to a record discarded before the server named it: it could never be sent. */
async function assertRecordsExist(db: OfflineDb, entry: OutboxEntry): Promise<void> {
  for (const tempId of findTempIds([entry.payload, entry.request.json], entry.request.path)) {
    if (await db.idMap.get(tempId)) continue;
    const creator = await db.outbox.filter((e) => e.tempId === tempId && e.id !== entry.id).first();
    if (!creator) throw new OutboxValidationError([{ path: [], message: OUTBOX_MESSAGES.registroDescartado }]);
  }
}

async function nextCounter(db: OfflineDb, key: string, first: number, step: number): Promise<number> {
  const current = await getMeta<number>(db, key);
  const value = current === undefined ? first : current + step;
  await db.meta.put({ key, value });
  return value;
}

/** Asks the service worker for a Background Sync 'ce-outbox' where the browser has it. */
export async function requestBackgroundSync(): Promise<void> {
  // Chromium only; the engine's own triggers (start, online, visible, timer) never depend on it.
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    await registration.sync?.register('ce-outbox');
  } catch {
    // Permission denied or no active worker: the page drains by itself.
  }
}

/**
 * Validates, applies locally and queues one mutation, all in one transaction. Returns the entry
 * (its tempId names the record created offline). Throws OutboxValidationError with the schema's
 * pt-BR message when the payload is invalid.
 */
export async function enqueue<P>(db: OfflineDb, kind: MutationKind<P>, input: unknown, options: EnqueueOptions = {}): Promise<OutboxEntry> {
  const files = options.files ?? [];
  if (files.length > 0 && !kind.files) throw new OutboxValidationError([{ path: [], message: OUTBOX_MESSAGES.semArquivos }]);
  let total = 0;
  for (const f of files) {
    const size = 'blob' in f ? f.blob.size : f.size;
    if (size > MAX_UPLOAD_BYTES) throw new OutboxValidationError([{ path: [], message: UPLOAD_MESSAGES.arquivoGrande }]);
    total += size;
  }
  if (total > MAX_UPLOAD_BYTES) throw new OutboxValidationError([{ path: [], message: UPLOAD_MESSAGES.totalGrande }]);
  const validated = validate(kind, input);
  const entryId = crypto.randomUUID();
  // Before the first await, so a live reader shows the change in the caller's own event (in-flight.ts).
  // A kind that creates a record has no entity key until its temp id is allocated: it shows once stored.
  if (!kind.creates) announceQueued({ id: entryId, kind: kind.name, entityKey: kind.entityKey(validated, null), payload: validated });
  // Before the write: a screen opening meanwhile, here or in another tab, must read the device (answer-first.ts).
  setQueuedMarker(db.tenant, db.userId, true);
  try {
    const entry = await store(db, kind, validated, entryId, files, total, options);
    announceStored(entryId);
    // The engine needs every kind to send the queue (declarations.ts). Online, fetched now: left for
    // the page to settle, a long upload kept it busy, and the first need came with the server gone
    // (the queue did not drain once it was back). Offline, left for the engine's pass once the
    // network returns: a module download that fails here may not be tried again by the browser.
    if (typeof navigator === 'undefined' || navigator.onLine !== false) void ensureDeclarations().catch(() => undefined);
    queueChanged(db);
    void requestBackgroundSync();
    return entry;
  } catch (error) {
    announceDropped(entryId);
    throw error;
  }
}

/** Writes the entry, its files and its local effect in one transaction (enqueue's IndexedDB half). */
async function store<P>(
  db: OfflineDb,
  kind: MutationKind<P>,
  validated: P,
  entryId: string,
  files: EnqueueFile[],
  total: number,
  options: EnqueueOptions,
): Promise<OutboxEntry> {
  // Refused before anything is written, with a clear message, rather than failing mid-transaction.
  if (total > 0) await ensureRoomFor(total);

  // Hashing awaits outside IndexedDB, which would commit the transaction: do it first.
  const fileRecords: FileRecord[] = await Promise.all(
    files.map(async (f) => {
      const blob = 'blob' in f ? f.blob : f;
      return {
        id: crypto.randomUUID(),
        outboxId: entryId,
        name: f.name,
        type: blob.type,
        size: blob.size,
        sha256: await sha256Hex(blob),
        blob,
        purpose: kind.files!,
        uploadId: null,
        uploaded: 0,
        done: false,
      };
    }),
  );

  return db.transaction('rw', db.tables, async () => {
    const payload = await applyKnownIds(db, validated);
    const tempId = kind.creates ? await nextCounter(db, TEMP_ID_KEY, FIRST_TEMP_ID, -1) : null;
    const entityKey = kind.entityKey(payload, tempId);
    const seq = await nextCounter(db, SEQ_KEY, 1, 1);
    const request = await applyKnownIds(db, kind.toRequest(payload));
    const created: OutboxEntry = {
      id: entryId,
      seq,
      kind: kind.name,
      entityKey,
      dependsOn: await computeDependencies(db, entityKey, payload, options.dependsOn ?? []),
      municipioId: options.municipioId ?? null,
      label: kind.label(payload),
      payload,
      request,
      tempId,
      serverIdField: kind.serverIdField ?? null,
      fileIds: fileRecords.map((f) => f.id),
      bytes: total,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: Date.now(),
      lastError: null,
      response: null,
    };
    await db.outbox.add(created);
    if (fileRecords.length > 0) await db.files.bulkAdd(fileRecords);
    await kind.applyLocal?.(db, payload, { tempId, entryId });
    return created;
  });
}

/** The queue in enqueue order, optionally of one municipality. */
export async function listEntries(db: OfflineDb, filter: { municipioId?: number } = {}): Promise<OutboxEntry[]> {
  const rows =
    filter.municipioId === undefined
      ? await db.outbox.toArray()
      : await db.outbox.where('municipioId').equals(filter.municipioId).toArray();
  return rows.sort((a, b) => a.seq - b.seq);
}

/** Entries not yet accepted by the server (pending, sending or requiring attention). */
export async function countUnsent(db: OfflineDb): Promise<number> {
  return countByStatus(db, 'pending', 'sending', 'attention');
}

/**
 * A parked entry was answered 4xx under its key, so nothing was applied under it; the server
 * replays its first answer to a repeated key (and refuses the key with another body), so the
 * resend needs a new key. The entry's id is that key: it changes, and so do the references to it.
 * An entry parked after a 2xx (the server did apply it) keeps its key: resending replays that answer.
 */
async function rekey(db: OfflineDb, entry: OutboxEntry): Promise<OutboxEntry> {
  const status = entry.lastError?.status ?? null;
  if (status === null || status < 400 || status >= 500) return entry;
  const renamed: OutboxEntry = { ...entry, id: crypto.randomUUID() };
  await db.outbox.delete(entry.id);
  await db.outbox.add(renamed);
  await db.files.where('outboxId').equals(entry.id).modify({ outboxId: renamed.id });
  await db.outbox
    .filter((e) => e.dependsOn.includes(entry.id))
    .modify((e) => {
      e.dependsOn = e.dependsOn.map((d) => (d === entry.id ? renamed.id : d));
    });
  return renamed;
}

/** Edit and resend an entry that requires attention: re-validated, re-applied locally, sent again. */
export async function updateParked(db: OfflineDb, id: string, input: unknown): Promise<OutboxEntry> {
  await ensureDeclarations();
  const current = await db.outbox.get(id);
  if (!current) throw new Error(OUTBOX_MESSAGES.naoEncontrado);
  const kind = getMutationKind(current.kind);
  const updated = await db.transaction('rw', db.tables, async () => {
    const entry = await db.outbox.get(id);
    if (!entry) throw new Error(OUTBOX_MESSAGES.naoEncontrado);
    if (entry.status !== 'attention') throw new Error(OUTBOX_MESSAGES.naoParado);
    const payload = await applyKnownIds(db, validate(kind, input));
    const changed: OutboxEntry = {
      ...entry,
      payload,
      request: await applyKnownIds(db, kind.toRequest(payload)),
      label: kind.label(payload),
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
    };
    await assertRecordsExist(db, changed);
    const renamed = await rekey(db, changed);
    renamed.lastError = null;
    await db.outbox.put(renamed);
    await kind.applyLocal?.(db, payload, { tempId: entry.tempId, entryId: renamed.id });
    return renamed;
  });
  queueChanged(db);
  return updated;
}

/** Send now: clears the backoff of a pending entry, or resends a parked one as it is. */
export async function retryNow(db: OfflineDb, id: string): Promise<OutboxEntry> {
  const updated = await db.transaction('rw', db.outbox, db.files, db.idMap, async () => {
    const entry = await db.outbox.get(id);
    if (!entry) throw new Error(OUTBOX_MESSAGES.naoEncontrado);
    if (entry.status === 'sending') throw new Error(OUTBOX_MESSAGES.enviando);
    if (entry.status === 'done') throw new Error(OUTBOX_MESSAGES.jaEnviado);
    await assertRecordsExist(db, entry);
    const renamed = entry.status === 'attention' ? await rekey(db, entry) : entry;
    const changed: OutboxEntry = { ...renamed, status: 'pending', nextAttemptAt: 0 };
    await db.outbox.put(changed);
    return changed;
  });
  queueChanged(db);
  return updated;
}

/**
 * Drops an entry and its files and undoes its local effect (the UI confirms first). Entries that
 * refer to the record it would have created can never be sent: they are parked at once, with a
 * message naming it, instead of failing later.
 */
export async function discard(db: OfflineDb, id: string): Promise<void> {
  // Before the transaction: a download inside it would commit it early.
  await ensureDeclarations();
  await db.transaction('rw', db.tables, async () => {
    const entry = await db.outbox.get(id);
    if (!entry) return;
    if (entry.status === 'sending') throw new Error(OUTBOX_MESSAGES.enviando);
    if (entry.status === 'done') throw new Error(OUTBOX_MESSAGES.jaEnviado);
    await db.files.where('outboxId').equals(id).delete();
    await db.outbox.delete(id);
    // After the delete, so a revert that asks "is anything still queued for this row?" gets the truth.
    await findMutationKind(entry.kind)?.revertLocal?.(db, entry);
    if (entry.tempId === null) return;
    const tempId = entry.tempId;
    await db.outbox
      .filter((e) => e.status === 'pending' && findTempIds([e.payload, e.request.json], e.request.path).includes(tempId))
      .modify((e) => {
        e.status = 'attention';
        e.lastError = { status: null, message: OUTBOX_MESSAGES.dependenciaDescartada(entry.label), at: Date.now() };
      });
  });
  queueChanged(db);
}

/**
 * After the server named a temp id: record it and rewrite queued entries that still carry it
 * (payload, request body, path and entity key), in the caller's transaction.
 */
export async function remapTempId(db: OfflineDb, entryId: string, tempId: number, serverId: number, at: number): Promise<void> {
  await db.idMap.put({ tempId, serverId, entryId, at });
  await db.outbox
    .filter((e) => e.id !== entryId && findTempIds([e.payload, e.request.json], e.request.path, e.entityKey).includes(tempId))
    .modify((e) => {
      e.payload = replaceTempId(e.payload, tempId, serverId);
      e.request = { ...replaceTempId(e.request, tempId, serverId), path: replaceTempIdInText(e.request.path, tempId, serverId) };
      e.entityKey = replaceTempIdInText(e.entityKey, tempId, serverId);
    });
}

/**
 * Entries in these states, each counted by the index itself: Dexie walks a cursor for
 * `anyOf(...).count()`, one step per entry, and the sync badge counts after every change of the
 * queue, so a queue of a thousand answers made each of its sends walk it whole (quadratic).
 */
export async function countByStatus(db: OfflineDb, ...statuses: OutboxStatus[]): Promise<number> {
  const counts = await Promise.all(statuses.map((status) => db.outbox.where('status').equals(status).count()));
  return counts.reduce((sum, n) => sum + n, 0);
}

// ---------------------------------------------------------------- what is queued for a record
// Entities ask the engine these questions instead of reading the outbox table: its indexes and
// statuses stay the engine's to change.

/**
 * Every entry the queue holds for a record (its mutation kind's entityKey), in enqueue order,
 * including entries already 'done' that the page has not reconciled yet.
 */
export async function queuedFor(db: OfflineDb, entityKey: string): Promise<OutboxEntry[]> {
  return (await db.outbox.where('entityKey').equals(entityKey).toArray()).sort((a, b) => a.seq - b.seq);
}

/**
 * How many entries the queue holds for a record ('done' ones included), counted on the index
 * without reading them: a reconcile runs once per entry, so reading the record's whole queue
 * there would make a long replay quadratic.
 */
export async function countQueuedFor(db: OfflineDb, entityKey: string): Promise<number> {
  return db.outbox.where('entityKey').equals(entityKey).count();
}

/** One entry of the queue, or undefined once it is gone (sent and reconciled, or discarded). */
export async function queuedEntry(db: OfflineDb, id: string): Promise<OutboxEntry | undefined> {
  return db.outbox.get(id);
}

/**
 * Runs `scope` in one rw transaction over `tables` and the queue, for a kind's work that reads what
 * is queued (queuedFor) and writes its rows atomically with it.
 */
export function withQueue<T>(db: OfflineDb, tables: ReadonlyArray<{ readonly name: string }>, scope: () => Promise<T>): Promise<T> {
  return db.transaction('rw', [...tables.map((table) => table.name), db.outbox.name], scope);
}
