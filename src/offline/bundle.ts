import type { KyInstance } from 'ky';
// zod/mini: the table declarations' row schemas may be mini or classic; mini's functions take both.
import * as z from 'zod/mini';
import type { OfflineDb } from './db.ts';
import { getBundlePaths } from './routes.ts';
import { syncedAtKey, writeRows } from './pull.ts';
import { ensureDeclarations } from './declarations.ts';
import { bundleTables, type DeviceTableName, type PulledRow } from './tables.ts';

/**
 * "Disponível offline": everything a consultant needs on site for one municipality, downloaded in
 * one answer and stored in one transaction, so the device either has the whole municipality or
 * keeps what it had before (never half of it).
 */

/** One offline-ready municipality, as the sync centre lists it. */
export type OfflineMunicipality = {
  municipioId: number;
  nome: string;
  /** Epoch ms the server read the data (the bundle's geradoEm). */
  syncedAt: number;
  /** Size of the downloaded bundle. */
  bytes: number;
};

const OFFLINE_READY_PREFIX = 'offline:municipio:';

export function offlineReadyKey(municipioId: number): string {
  return `${OFFLINE_READY_PREFIX}${municipioId}`;
}

/** Scope under which the bundle records its syncedAt; screens of that municipality may show it. */
export function municipalityScope(municipioId: number): string {
  return `municipio:${municipioId}`;
}

/**
 * The bundle as the engine reads it: when the server read the data and which municipality it is;
 * each registered table's key holds its rows (validated with the table's row schema).
 */
export type OfflineBundleEnvelope = { geradoEm: string; municipio: { municipioId: number; nome: string } } & Record<string, unknown>;

/**
 * Validates a downloaded bundle with the schema built from the registered tables (each key as its
 * table declares it); throws on an invalid answer.
 */
export function parseOfflineBundle(json: unknown): OfflineBundleEnvelope {
  return bundleSchema().parse(json);
}

function bundleSchema(): z.ZodMiniType<OfflineBundleEnvelope> {
  const shape: Record<string, z.core.$ZodType> = {
    geradoEm: z.string(),
    municipio: z.object({ municipioId: z.number().check(z.int()), nome: z.string() }),
  };
  for (const { row, bundle } of bundleTables()) {
    const rows = bundle.single ? row : z.array(row);
    shape[bundle.key] = (bundle.whenAbsent ?? 'required') === 'required' ? rows : z.optional(rows);
  }
  return z.object(shape) as unknown as z.ZodMiniType<OfflineBundleEnvelope>;
}

/** The tables a bundle fills, each with its rows; tables whose key is absent and kept are left out. */
function rowsOf(bundle: OfflineBundleEnvelope): Array<[DeviceTableName, ReadonlyArray<PulledRow<DeviceTableName>>]> {
  return bundleTables().flatMap(({ name, bundle: source }) => {
    const value = bundle[source.key];
    if (value === undefined) return source.whenAbsent === 'empty' ? [[name as DeviceTableName, []]] : [];
    return [[name as DeviceTableName, (source.single ? [value] : value) as ReadonlyArray<PulledRow<DeviceTableName>>]];
  });
}

/** The scopes the bundle marks as synced: its own, and each table's whose key it holds. */
function scopesOf(bundle: OfflineBundleEnvelope): string[] {
  const municipioId = bundle.municipio.municipioId;
  return [
    municipalityScope(municipioId),
    ...bundleTables().flatMap(({ bundle: source }) => (bundle[source.key] === undefined ? [] : (source.scopes?.(municipioId) ?? []))),
  ];
}

/** Every scope the bundle may mark for a municipality (removal forgets them all). */
function allScopesOf(municipioId: number): string[] {
  return [municipalityScope(municipioId), ...bundleTables().flatMap(({ bundle: source }) => source.scopes?.(municipioId) ?? [])];
}

/** The store's tables the bundle fills (every one of them is indexed by municipioId). */
function bundleStores(db: OfflineDb) {
  return bundleTables().map(({ name }) => db.table(name));
}

/**
 * The HTTP client: the app's `api` (src/api/client.ts), passed in so this module loads without a
 * browser session (tests, and nothing here depends on how the client is configured).
 */
export type BundleHttp = Pick<KyInstance, 'get'>;

/**
 * What the engine reads of the bundle's summary (BundlePaths.summary): the municipality, the bundle's
 * size, and its counts by table (the entity that shows them parses them with the domain's schema).
 */
export const bundleSummarySchema = z.object({
  municipioId: z.number().check(z.int()),
  /** Size in bytes of the bundle's JSON body as the server sends it. */
  bytes: z.number().check(z.int()),
  contagens: z.record(z.string(), z.number().check(z.int())),
});
export type BundleSummary = z.infer<typeof bundleSummarySchema>;

/** The bundle's size (and counts), shown before downloading. */
export async function fetchBundleSummary(http: BundleHttp, municipioId: number, signal?: AbortSignal): Promise<BundleSummary> {
  return bundleSummarySchema.parse(await http.get(getBundlePaths().summary(municipioId), { signal }).json());
}

export type DownloadProgress = { loaded: number; total: number };

/**
 * Downloads the bundle with progress (from Content-Length unless the answer is compressed, else the
 * size the summary announced), validates it and stores it. Rejects on a network failure, an abort or an invalid answer, in which
 * case nothing was written.
 */
export async function downloadBundle(
  http: BundleHttp,
  db: OfflineDb,
  municipioId: number,
  {
    onProgress,
    expectedBytes = 0,
    signal,
  }: { onProgress?: (progress: DownloadProgress) => void; expectedBytes?: number; signal?: AbortSignal } = {},
): Promise<OfflineMunicipality> {
  // The bundle's tables and their row schemas (declarations.ts).
  await ensureDeclarations();
  const response = await http.get(getBundlePaths().bundle(municipioId), {
    signal,
    // Until the headers arrive; reading the body is bounded by the user's cancel button instead.
    timeout: 60_000,
  });
  // A compressed answer's Content-Length counts compressed bytes while the reader counts decoded
  // ones: the summary's size (the uncompressed JSON) is then the true total.
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  const announced = (!encoded && Number(response.headers.get('content-length'))) || expectedBytes;
  const { text: body, bytes } = await readText(response, (loaded) => onProgress?.({ loaded, total: Math.max(announced, loaded) }));
  const bundle = parseOfflineBundle(JSON.parse(body));
  if (bundle.municipio.municipioId !== municipioId) throw new Error('O servidor enviou os dados de outro município.');
  return storeBundle(db, bundle, bytes);
}

/** Reads a body chunk by chunk, reporting the bytes received so far. */
async function readText(response: Response, onBytes: (loaded: number) => void): Promise<{ text: string; bytes: number }> {
  if (!response.body) {
    const text = await response.text();
    return { text, bytes: text.length };
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const pieces: string[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    loaded += value.byteLength;
    pieces.push(decoder.decode(value, { stream: true }));
    onBytes(loaded);
  }
  pieces.push(decoder.decode());
  return { text: pieces.join(''), bytes: loaded };
}

/**
 * Writes every table of the bundle and marks the municipality offline-ready, all in ONE
 * transaction. The municipality's cached rows that the bundle no longer lists are removed; rows
 * with an unsent local change (pending) are neither overwritten nor removed.
 */
export async function storeBundle(db: OfflineDb, bundle: OfflineBundleEnvelope, bytes: number): Promise<OfflineMunicipality> {
  await ensureDeclarations();
  const municipioId = bundle.municipio.municipioId;
  const parsed = Date.parse(bundle.geradoEm);
  // Never later than this device's clock: a later pull compares its own start time with this
  // (pull.ts, newerThanPull), and a server clock ahead of the device's must not hold pulls off.
  const syncedAt = Number.isNaN(parsed) ? Date.now() : Math.min(parsed, Date.now());
  const ready: OfflineMunicipality = { municipioId, nome: bundle.municipio.nome, syncedAt, bytes };
  await db.transaction('rw', [...bundleStores(db), db.meta], async () => {
    for (const [table, rows] of rowsOf(bundle)) {
      await writeRows(db, table, rows, syncedAt, { range: { index: 'municipioId', equals: municipioId } });
    }
    await db.meta.bulkPut([
      { key: offlineReadyKey(municipioId), value: ready },
      // A table whose key an older server did not send keeps its own age.
      ...scopesOf(bundle).map((scope) => ({ key: syncedAtKey(scope), value: syncedAt })),
    ]);
  });
  return ready;
}

/** The offline-ready municipalities, by name. */
export async function listOfflineMunicipalities(db: OfflineDb): Promise<OfflineMunicipality[]> {
  const rows = await db.meta.where('key').startsWith(OFFLINE_READY_PREFIX).toArray();
  return rows.map((row) => row.value as OfflineMunicipality).sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}

/**
 * No longer keeps the municipality offline: its cached rows go (freeing space) except rows with
 * an unsent change, which stay until the queue sends them.
 */
export async function removeOfflineMunicipality(db: OfflineDb, municipioId: number): Promise<void> {
  // Before the transaction: the bundle's tables are known once the declarations are (declarations.ts).
  await ensureDeclarations();
  await db.transaction('rw', [...bundleStores(db), db.meta], async () => {
    for (const { name } of bundleTables()) {
      await db
        .table(name)
        .where('municipioId')
        .equals(municipioId)
        .filter((row: { pending?: number }) => row.pending !== 1)
        .delete();
    }
    await db.meta.bulkDelete([offlineReadyKey(municipioId), ...allScopesOf(municipioId).map(syncedAtKey)]);
  });
}
