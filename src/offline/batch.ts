import { batchMeta, type OfflineDb, type OutboxBatch, type OutboxEntry, type OutboxRequest } from './db.ts';
import { getMeta } from './meta.ts';
import { findMutationKind, type MutationBatch } from './kinds.ts';
import { findTempIds } from './temp-ids.ts';

/**
 * Batches of queued entries (issue 32: a thousand answers of one follow-up in two requests, not a
 * thousand). The engine stays domain-free: a kind declares `batch` (kinds.ts) and this file forms,
 * resumes, splits and retires batches from the outbox alone.
 *
 * Invariants:
 * - a batch is consecutive entries of ONE entity (its queue order), so order holds within it and
 *   nothing of that entity is sent while it is in flight;
 * - its key and request are stored (meta row) when it forms, before the send, and reused until it is
 *   answered: a retry after a lost answer is the same body under the same Idempotency-Key, which the
 *   server replays (applied exactly once); a batch whose members changed (one was discarded) is
 *   formed again under a new key;
 * - an entry leaves the queue only once the batch that carried it succeeded; a refused batch
 *   (4xx, all or nothing on the server) is split: its entries are sent again in halves.
 */

/** A batch claimed for sending: its members in queue order (status 'sending'), its key and request. */
export type Batch = { key: string; members: OutboxEntry[]; request: OutboxRequest };

const bySeq = (a: OutboxEntry, b: OutboxEntry) => a.seq - b.seq;

/** Whether the entry may travel in a batch at all: no files to upload first, no record it creates or names locally. */
function batchable(entry: OutboxEntry): boolean {
  return (
    entry.fileIds.length === 0 && entry.tempId === null && findTempIds([entry.payload, entry.request.json], entry.request.path).length === 0
  );
}

/**
 * The entries that go with `first` (itself first): its entity's next pending entries of the same kind
 * and batch key, due, in queue order, each waiting only on entries already finished or in the batch,
 * up to `max` and the smallest cap a refused batch left on them. Stops at the first that does not fit,
 * so queue order is never jumped.
 */
export function collectBatch(
  first: OutboxEntry,
  entityEntries: readonly OutboxEntry[],
  unfinishedIds: ReadonlySet<string>,
  now: number,
  batch: Pick<MutationBatch<unknown>, 'key' | 'max'>,
): OutboxEntry[] {
  if (first.status !== 'pending' || first.batchKey || !batchable(first)) return [first];
  const key = batch.key(first.payload);
  let limit = Math.min(batch.max, first.batchCap ?? Infinity);
  const members = [first];
  const inBatch = new Set([first.id]);
  const later = entityEntries.filter((e) => e.entityKey === first.entityKey && e.seq > first.seq && e.status !== 'done').sort(bySeq);
  for (const entry of later) {
    if (members.length >= limit) break;
    const fits =
      entry.status === 'pending' &&
      entry.kind === first.kind &&
      !entry.batchKey &&
      entry.nextAttemptAt <= now &&
      (entry.batchCap ?? Infinity) > members.length &&
      batchable(entry) &&
      batch.key(entry.payload) === key &&
      entry.dependsOn.every((id) => inBatch.has(id) || !unfinishedIds.has(id));
    if (!fits) break;
    members.push(entry);
    inBatch.add(entry.id);
    limit = Math.min(limit, entry.batchCap ?? Infinity);
  }
  return members;
}

/** Marks the members 'sending' (one more attempt each) in the caller's transaction. */
async function claim(db: OfflineDb, members: OutboxEntry[], key: string): Promise<OutboxEntry[]> {
  const claimed = members.map((m) => ({ ...m, status: 'sending' as const, attempts: m.attempts + 1, batchKey: key }));
  await db.outbox.bulkPut(claimed);
  return claimed;
}

/** Lets go of a batch that can no longer be resent as it was: its entries go back to single, its meta row goes. */
async function dissolve(db: OfflineDb, key: string, ids: readonly string[], patch: Partial<OutboxEntry> = {}): Promise<void> {
  const rows = (await db.outbox.bulkGet([...ids])).filter((e): e is OutboxEntry => e !== undefined && e.batchKey === key);
  await db.outbox.bulkPut(rows.map((e) => ({ ...e, batchKey: null, ...patch })));
  await db.meta.delete(batchMeta(key));
}

/**
 * The batch to send for `picked`, claimed: the one it already travels in (same key, same body), or a
 * new one when its kind declares `batch` and at least one more entry can go with it. Null: send it
 * alone. Kind-free for a batch already formed, so the service worker resends one as it was.
 */
export async function takeBatch(
  db: OfflineDb,
  picked: OutboxEntry,
  unfinishedIds: ReadonlySet<string>,
  now: number,
  newKey: () => string = () => crypto.randomUUID(),
): Promise<Batch | null> {
  if (picked.batchKey) {
    const key = picked.batchKey;
    const resumed = await db.transaction('rw', db.outbox, db.meta, async () => {
      const stored = await getMeta<OutboxBatch>(db, batchMeta(key));
      const members = stored ? await db.outbox.bulkGet(stored.ids) : [];
      const whole = stored !== undefined && members.every((m) => m !== undefined && m.status === 'pending' && m.batchKey === key);
      if (!whole) {
        await dissolve(db, key, stored?.ids ?? [picked.id]);
        return null;
      }
      return { key, members: await claim(db, members as OutboxEntry[], key), request: stored.request };
    });
    if (resumed) return resumed;
  }
  const kind = findMutationKind(picked.kind);
  if (!kind?.batch) return null;
  const batch = kind.batch;
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const first = await db.outbox.get(picked.id);
    if (!first) return null;
    const members = collectBatch(first, await db.outbox.where('entityKey').equals(first.entityKey).toArray(), unfinishedIds, now, batch);
    if (members.length < 2) return null;
    const key = newKey();
    const request = batch.toRequest(members.map((m) => m.payload));
    await db.meta.put({ key: batchMeta(key), value: { ids: members.map((m) => m.id), request } satisfies OutboxBatch });
    return { key, members: await claim(db, members, key), request };
  });
}

/** The server took the batch: every member 'done', the answer kept on the last one (the one reconcile reads it). */
export async function markBatchDone(db: OfflineDb, batch: Batch, response: unknown): Promise<void> {
  const last = batch.members.length - 1;
  await db.outbox.bulkPut(
    batch.members.map((m, i) => ({ ...m, status: 'done' as const, lastError: null, response: i === last ? response : null })),
  );
}

/** The batch goes back to pending as it is (same key and body next time), e.g. after a 5xx or a lost answer. */
export async function releaseBatch(db: OfflineDb, batch: Batch, patch: Partial<OutboxEntry>): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const rows = (await db.outbox.bulkGet(batch.members.map((m) => m.id))).filter((e): e is OutboxEntry => e !== undefined);
    await db.outbox.bulkPut(rows.map((e) => ({ ...e, status: 'pending' as const, ...patch })));
  });
}

/**
 * The server refused the batch (all or nothing, so none of it was applied): its entries are sent
 * again in halves, under new keys, down to single entries, which the usual refusal handling settles
 * (the kind's onRejected, or "requer atenção"). The refused key is never used again.
 */
export async function splitBatch(db: OfflineDb, batch: Batch, lastError: OutboxEntry['lastError']): Promise<void> {
  const cap = Math.max(1, Math.floor(batch.members.length / 2));
  await db.transaction('rw', db.outbox, db.meta, () =>
    dissolve(
      db,
      batch.key,
      batch.members.map((m) => m.id),
      { status: 'pending', batchCap: cap, nextAttemptAt: 0, lastError },
    ),
  );
}

/**
 * Retires a batch the server took, in one transaction: its members go, and the kind's reconcile
 * runs once, for the last member with the batch's answer, while only that member (and what was
 * queued after the batch) is still in the queue. Nothing happens unless every member is 'done'.
 * False when the kind is not loaded here (the entries wait, 'done', for a page that has it).
 */
export async function retireBatch(db: OfflineDb, key: string): Promise<boolean> {
  const stored = await getMeta<OutboxBatch>(db, batchMeta(key));
  if (!stored) return false;
  const firstRow = await db.outbox.get(stored.ids[0]!);
  const kind = firstRow ? findMutationKind(firstRow.kind) : undefined;
  if (firstRow && !kind) return false;
  await db.transaction('rw', db.tables, async () => {
    const members = (await db.outbox.bulkGet(stored.ids)).filter((e): e is OutboxEntry => e !== undefined && e.batchKey === key);
    if (members.some((m) => m.status !== 'done')) return;
    members.sort(bySeq);
    const last = members.pop();
    await db.outbox.bulkDelete(members.map((m) => m.id));
    if (last) {
      await kind?.reconcile?.(db, last, last.response, { serverId: null });
      await db.outbox.delete(last.id);
    }
    await db.meta.delete(batchMeta(key));
  });
  return true;
}
