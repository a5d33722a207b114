import type { KyInstance } from 'ky';
import {
  offlineBundleSchema,
  offlineBundleSummarySchema,
  type OfflineBundle,
  type OfflineBundleSummary,
} from '../domain/offline-bundle.ts';
import { EVIDENCE_TABS, type EvidenceTab } from '../domain/evidence.ts';
import { REFERENCE_TABLES, type OfflineDb, type ReferenceTable } from './db.ts';
import { syncedAtKey, writeRows, type PulledRow } from './pull.ts';

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

/** The tables a bundle fills, each with its rows; every one of them is indexed by municipioId. */
function bundleTables(bundle: OfflineBundle): Array<[ReferenceTable, ReadonlyArray<PulledRow<ReferenceTable>>]> {
  return [
    ['municipios', [bundle.municipio]],
    ['grupos', bundle.grupos],
    ['membros', bundle.membros],
    ['encontros', bundle.encontros],
    ['solucoes', bundle.solucoes],
    ['tarefas', bundle.tarefas],
    ['perguntas', bundle.perguntas],
    ['relatorios', bundle.relatorios ?? []],
    // Whole follow-ups (with their questions), so they open and are answered offline; an older server sends none.
    ...(bundle.acompanhamentos ? [['acompanhamentos', bundle.acompanhamentos] satisfies [ReferenceTable, unknown]] : []),
    // Evidence questions with their files' metadata: the evidence tabs open and take files offline.
    ...(bundle.perguntasEvidencia ? [['perguntasEvidencia', bundle.perguntasEvidencia] satisfies [ReferenceTable, unknown]] : []),
    // Task progress: the Andamento tab opens offline; an older server sends none.
    ...(bundle.andamentoTarefas ? [['andamentoTarefas', bundle.andamentoTarefas] satisfies [ReferenceTable, unknown]] : []),
    // An older server sends none: the device's list is then left as it is rather than emptied.
    ...(bundle.relatoriosAdministrativos
      ? [['relatoriosAdministrativos', bundle.relatoriosAdministrativos] satisfies [ReferenceTable, unknown]]
      : []),
  ];
}

/** Every reference table but the evidences, which their domain fills on its own. */
const BUNDLE_TABLES = REFERENCE_TABLES.filter((table) => table !== 'evidencias');

/** Scope of a municipality's report list (GET relatorio/get-by-municipio), which the bundle also fills. */
export function reportListScope(municipioId: number): string {
  return `relatorios:municipio:${municipioId}`;
}

/** Scope of a municipality's administrative report list (GET get-by-municipio), which the bundle also fills. */
export function adminReportListScope(municipioId: number): string {
  return `relatoriosAdministrativos:municipio:${municipioId}`;
}

/** Scope of a municipality's follow-up list (GET acompanhamento/acompanhamentos/{id}), which the bundle also fills. */
export function followupListScope(municipioId: number): string {
  return `acompanhamentos:municipio:${municipioId}`;
}

/** Scope of one evidence tab of a municipality (GET get-perguntas-municipios-{tab}), which the bundle also fills. */
export function evidenceTabScope(municipioId: number, tab: EvidenceTab): string {
  return `perguntasEvidencia:municipio:${municipioId}:${tab}`;
}

/** Scope of a municipality's task progress (GET get-andamento-tarefas/{id}), which the bundle also fills. */
export function taskProgressScope(municipioId: number): string {
  return `andamentoTarefas:municipio:${municipioId}`;
}

/**
 * The HTTP client: the app's `api` (src/api/client.ts), passed in so this module loads without a
 * browser session (tests, and nothing here depends on how the client is configured).
 */
export type BundleHttp = Pick<KyInstance, 'get'>;

/** GET api/offline/municipio/{id}/resumo: the size (and counts), shown before downloading. */
export async function fetchBundleSummary(http: BundleHttp, municipioId: number, signal?: AbortSignal): Promise<OfflineBundleSummary> {
  return offlineBundleSummarySchema.parse(await http.get(`offline/municipio/${municipioId}/resumo`, { signal }).json());
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
  const response = await http.get(`offline/municipio/${municipioId}`, {
    signal,
    // Until the headers arrive; reading the body is bounded by the user's cancel button instead.
    timeout: 60_000,
  });
  // A compressed answer's Content-Length counts compressed bytes while the reader counts decoded
  // ones: the summary's size (the uncompressed JSON) is then the true total.
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  const announced = (!encoded && Number(response.headers.get('content-length'))) || expectedBytes;
  const { text: body, bytes } = await readText(response, (loaded) => onProgress?.({ loaded, total: Math.max(announced, loaded) }));
  const bundle = offlineBundleSchema.parse(JSON.parse(body));
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
export async function storeBundle(db: OfflineDb, bundle: OfflineBundle, bytes: number): Promise<OfflineMunicipality> {
  const municipioId = bundle.municipio.municipioId;
  const parsed = Date.parse(bundle.geradoEm);
  // Never later than this device's clock: a later pull compares its own start time with this
  // (pull.ts, newerThanPull), and a server clock ahead of the device's must not hold pulls off.
  const syncedAt = Number.isNaN(parsed) ? Date.now() : Math.min(parsed, Date.now());
  const ready: OfflineMunicipality = { municipioId, nome: bundle.municipio.nome, syncedAt, bytes };
  await db.transaction('rw', [...BUNDLE_TABLES.map((name) => db.table(name)), db.meta], async () => {
    for (const [table, rows] of bundleTables(bundle)) {
      await writeRows(db, table, rows, syncedAt, { index: 'municipioId', equals: municipioId });
    }
    await db.meta.bulkPut([
      { key: offlineReadyKey(municipioId), value: ready },
      { key: syncedAtKey(municipalityScope(municipioId)), value: syncedAt },
      // An older server sends no reports: the list then keeps its own age.
      ...(bundle.relatorios ? [{ key: syncedAtKey(reportListScope(municipioId)), value: syncedAt }] : []),
      ...(bundle.relatoriosAdministrativos ? [{ key: syncedAtKey(adminReportListScope(municipioId)), value: syncedAt }] : []),
      ...(bundle.acompanhamentos ? [{ key: syncedAtKey(followupListScope(municipioId)), value: syncedAt }] : []),
      ...(bundle.andamentoTarefas ? [{ key: syncedAtKey(taskProgressScope(municipioId)), value: syncedAt }] : []),
      ...(bundle.perguntasEvidencia
        ? EVIDENCE_TABS.map((tab) => ({ key: syncedAtKey(evidenceTabScope(municipioId, tab)), value: syncedAt }))
        : []),
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
  await db.transaction('rw', [...BUNDLE_TABLES.map((name) => db.table(name)), db.meta], async () => {
    for (const name of BUNDLE_TABLES) {
      await db
        .table(name)
        .where('municipioId')
        .equals(municipioId)
        .filter((row: { pending?: number }) => row.pending !== 1)
        .delete();
    }
    await db.meta.bulkDelete([
      offlineReadyKey(municipioId),
      syncedAtKey(municipalityScope(municipioId)),
      syncedAtKey(reportListScope(municipioId)),
      syncedAtKey(adminReportListScope(municipioId)),
      syncedAtKey(followupListScope(municipioId)),
      syncedAtKey(taskProgressScope(municipioId)),
      ...EVIDENCE_TABS.map((tab) => syncedAtKey(evidenceTabScope(municipioId, tab))),
    ]);
  });
}
