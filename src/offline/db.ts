import Dexie, { liveQuery, type Table, type Transaction } from 'dexie';
import type { UploadPurpose } from '../domain/uploads.ts';
import {
  firstVersionOf,
  registeredTables,
  schemaSteps,
  type DeviceTableStores,
  type DeviceTables,
  type SchemaStep,
  type SyncFields,
} from './tables.ts';
import { registerLiveQuery } from './live-source.ts';

/**
 * The device's offline store: one IndexedDB database per tenant and user, so signing in as someone
 * else never shows the previous user's cache or queue. This folder is the only code that opens it.
 * Its reference tables are declared by the entities and features that own them (tables.ts); this
 * file declares only the engine's own: the outbox, its files, the temp-id map and meta.
 */

export type { SyncFields } from './tables.ts';

// A store exists only once this module has loaded: from then on the screens' reads go live (live.ts).
registerLiveQuery(liveQuery);

export type OutboxStatus = 'pending' | 'sending' | 'attention' | 'done';

export type HttpMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type OutboxRequest = {
  method: HttpMethod;
  /** Relative to /api, without a leading slash (ky's prefixUrl rule): "municipio/membro". */
  path: string;
  json?: unknown;
  /** Field of `json` that receives the uploadIds of the entry's files, in fileIds order. */
  filesField?: string;
};

export type OutboxError = { status: number | null; message: string; at: number };

export type OutboxEntry = {
  /** Client UUID; also the Idempotency-Key, so a resend can never apply twice. */
  id: string;
  /** Global enqueue order. */
  seq: number;
  kind: string;
  /** Entries with the same entityKey reach the server in seq order. */
  entityKey: string;
  /** Outbox ids that must be done first. */
  dependsOn: string[];
  municipioId: number | null;
  /** pt-BR text the sync centre shows ("Membro Maria Souza"). */
  label: string;
  payload: unknown;
  request: OutboxRequest;
  /** Negative client id of the record this entry creates, until the server names it. */
  tempId: number | null;
  /** Field of the server's answer holding the id that replaces tempId. */
  serverIdField: string | null;
  fileIds: string[];
  /** Bytes of the files (the request body itself is not counted). */
  bytes: number;
  status: OutboxStatus;
  attempts: number;
  /** Epoch ms before which the entry is not sent again (backoff). */
  nextAttemptAt: number;
  createdAt: number;
  lastError: OutboxError | null;
  /** The server's answer once done, kept until the page reconciles it (for a batch, on its last entry only). */
  response: unknown;
  /**
   * Set while the entry travels in a batch (kinds with `batch`): the batch's Idempotency-Key; its
   * members and request are the meta row `batchMeta(key)`, so a retry (even by the service worker,
   * which knows no kinds) resends the same body under the same key. Not indexed: no new version.
   */
  batchKey?: string | null;
  /** After a refused batch: the most entries a batch holding this one may carry (halved each time). */
  batchCap?: number | null;
};

/** What the meta row of a batch in flight holds. */
export type OutboxBatch = { ids: string[]; request: OutboxRequest };

export function batchMeta(key: string): string {
  return `outbox:batch:${key}`;
}

export type FileRecord = {
  /** Also the upload's `chave` (its idempotency key on the server). */
  id: string;
  outboxId: string;
  name: string;
  type: string;
  size: number;
  sha256: string;
  blob: Blob;
  purpose: UploadPurpose;
  uploadId: string | null;
  /** Bytes the server confirmed holding. */
  uploaded: number;
  /** The server accepted the whole file (concluir answered 2xx). */
  done: boolean;
};

export type IdMapRow = { tempId: number; serverId: number; entryId: string; at: number };
export type MetaRow = { key: string; value: unknown };

/**
 * The engine's own tables, as schema steps. Each step lists only what changes from the previous
 * one; a new issue appends a step (with its upgrade) and never edits a landed one: devices in the
 * field hold every version. The reference tables' steps are in their declarations.
 */
const ENGINE_TABLES: ReadonlyArray<Pick<DeviceTableStores, 'name' | 'versions'>> = [
  // v2: the sync centre filters the queue by municipality.
  { name: 'outbox', versions: { 1: '&id, seq, status, entityKey', 2: '&id, seq, status, entityKey, municipioId' } },
  { name: 'files', versions: { 1: '&id, outboxId' } },
  { name: 'idMap', versions: { 1: '&tempId' } },
  { name: 'meta', versions: { 1: '&key' } },
];

/**
 * v1 rows may predate municipioId on the entry and the sync fields on rows written by early
 * builds: fill them so every reader can rely on them (an IndexedDB index skips rows without the
 * key, so an entry without municipioId would vanish from the per-municipality list).
 */
async function upgradeToV2(tx: Transaction, referenceTables: readonly string[]): Promise<void> {
  await tx
    .table<OutboxEntry, string>('outbox')
    .toCollection()
    .modify((entry) => {
      if (entry.municipioId === undefined) {
        const fromPayload = (entry.payload as { municipioId?: unknown } | null)?.municipioId;
        entry.municipioId = typeof fromPayload === 'number' ? fromPayload : null;
      }
      entry.dependsOn ??= [];
      entry.fileIds ??= [];
      entry.lastError ??= null;
    });
  for (const name of referenceTables) {
    await tx
      .table<SyncFields>(name)
      .toCollection()
      .modify((row) => {
        row.syncedAt ??= 0;
        row.pending ??= 0;
      });
  }
}

/** Every registered table is a typed property of the store (declaration merging, tables.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the class gets its tables' types from the declarations
export interface OfflineDb extends DeviceTables {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
export class OfflineDb extends Dexie {
  outbox!: Table<OutboxEntry, string>;
  files!: Table<FileRecord, string>;
  idMap!: Table<IdMapRow, number>;
  meta!: Table<MetaRow, string>;

  readonly tenant: string;
  readonly userId: number;

  constructor(tenant: string, userId: number) {
    super(offlineDbName(tenant, userId));
    this.tenant = tenant;
    this.userId = userId;
    for (const step of offlineSchemaSteps()) {
      const version = this.version(step.version).stores(step.stores);
      if (step.upgrades.length > 0) {
        version.upgrade(async (tx) => {
          for (const upgrade of step.upgrades) await upgrade(tx);
        });
      }
    }
  }
}

/**
 * The store's version steps: the engine's tables and every registered one. Invariant: every table
 * is registered before the store first opens (src/app/offline.ts, sw/sw.ts; tests/setup for
 * tests): opening with a partial schema would upgrade a device without the tables it did not know,
 * so opening with none is refused.
 */
export function offlineSchemaSteps(): SchemaStep[] {
  const tables = registeredTables();
  if (tables.length === 0) throw new Error('As tabelas do dispositivo não foram registradas (src/app/device-tables.ts).');
  // v2 fills the sync fields of the tables that existed before it.
  const v1Tables = tables.filter((table) => firstVersionOf(table) < 2).map((table) => table.name);
  const engine = ENGINE_TABLES.map((table) =>
    table.name === 'outbox' ? { ...table, upgrades: { 2: (tx: Transaction) => upgradeToV2(tx, v1Tables) } } : table,
  );
  return schemaSteps([...engine, ...tables]);
}

export function offlineDbName(tenant: string, userId: number): string {
  return `ce-offline:${tenant}:${userId}`;
}

/** Opens (creating or upgrading) the store of this tenant and user. */
export async function openOfflineDb(tenant: string, userId: number): Promise<OfflineDb> {
  const db = new OfflineDb(tenant, userId);
  await db.open();
  return db;
}

/** Deletes the whole store of this tenant and user: cache, queue and files. */
export async function deleteOfflineDb(tenant: string, userId: number): Promise<void> {
  await Dexie.delete(offlineDbName(tenant, userId));
}
