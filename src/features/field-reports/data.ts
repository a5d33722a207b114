import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { downloadFile, type DownloadProgress } from '../../api/download.ts';
import { api, apiErrorMessage, isSessionExpiredError } from '../../api/client.ts';
import { uploadAllNow } from '../../api/upload.ts';
import { useServerData } from '../../api/use-server-data.ts';
import type { Member } from '../../domain/members.ts';
import { meetingOptionsSchema, meetingSchema } from '../../domain/meetings.ts';
import type { OfflineMeeting } from '../../domain/offline-bundle.ts';
import { type ReportFilterInput } from '../../domain/report-common.ts';
import {
  publicReportSchema,
  reportListItemSchema,
  reportRichListItemSchema,
  reportSchema,
  type Report,
  type ReportAnalysis,
  type ReportCreateInput,
  type ReportListItem,
  type ReportUpdateInput,
  reportListItemOf,
} from '../../domain/field-reports.ts';
import { getMeta, setMeta, type OfflineDb } from '../../offline/db.ts';
import type { EncontroRow } from '../../entities/meetings/table.ts';
import { reportListScope, type RelatorioRow } from './table.ts';
import { useOfflineDb, useOnline, usePulled } from '../../offline/hooks.ts';
import { discard, enqueue, queuedEntry } from '../../offline/outbox.ts';
import { pullInto } from '../../offline/pull.ts';
import { getOfflineDb, whenSettled } from '../../offline/runtime.ts';
import { oldestSync, useLocalFirst } from '../../offline/use-local-first.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';
import { notifyError } from '../../lib/notify.ts';
import { meetingsReportedElsewhere, meetingsWithoutReport } from './form-logic.ts';
import { reportCreateKind, reportRowOf } from './offline-kinds.ts';

export { httpStatusOf } from '../../lib/api-errors.ts';

// ---------------------------------------------------------------- the city's report list

const reportListSchema = z.array(reportListItemSchema);

/** A row of the city's list: `pending` while the report only exists on this device. */
export type ListedReport = ReportListItem & { pending: boolean };

/** Newest first; ISO instants of one format order as text, much faster than a locale compare on thousands of rows. */
function newestFirst(a: ReportListItem, b: ReportListItem): number {
  if (a.criacao === b.criacao) return b.relatorioId - a.relatorioId;
  return a.criacao < b.criacao ? 1 : -1;
}

function listed(rows: ReadonlyArray<RelatorioRow | (ReportListItem & { pending?: 0 | 1 })>): ListedReport[] {
  return rows
    .map((row) => ({ ...reportListItemOf(row), pending: row.pending === 1 }))
    .sort((a, b) => (a.pending === b.pending ? newestFirst(a, b) : a.pending ? -1 : 1));
}

type PulledReports = { items: ReportListItem[]; startedAt: number };

/**
 * GET api/relatorio/get-by-municipio/{id} into the device's `relatorios`, read local-first; reports
 * waiting in the outbox are in the same table, marked pending. On a first visit the answer is
 * shown as soon as it arrives, without waiting for thousands of rows to be stored.
 */
export function useReportList(municipioId: number) {
  const scope = reportListScope(municipioId);
  const db = useOfflineDb();
  const [fresh, setFresh] = useState<{ municipioId: number; items: ReportListItem[]; at: number } | null>(null);
  const local = useLocalFirst<ListedReport[], PulledReports>({
    scope,
    deps: [municipioId],
    read: async (store) => listed(await store.relatorios.where('municipioId').equals(municipioId).toArray()),
    fetch: async (signal) => {
      const startedAt = Date.now();
      const items = reportListSchema.parse(await api.get(`relatorio/get-by-municipio/${municipioId}`, { signal }).json());
      setFresh({ municipioId, items, at: Date.now() });
      return { items, startedAt };
    },
    write: (store, { items, startedAt }) =>
      pullInto(store, 'relatorios', items, scope, { range: { index: 'municipioId', equals: municipioId }, startedAt }),
    direct: ({ items }) => listed(items),
    errorMessage: ERROR_MESSAGES.getReports,
  });
  const pendingRows = useLiveQuery(
    async () =>
      db
        ? await db.relatorios
            .where('municipioId')
            .equals(municipioId)
            .filter((r) => r.pending === 1)
            .toArray()
        : [],
    [db, municipioId],
  );
  const early = useMemo(
    () => (fresh && fresh.municipioId === municipioId ? listed([...(pendingRows ?? []), ...fresh.items]) : null),
    [fresh, municipioId, pendingRows],
  );
  const online = useOnline();
  // Nothing on the device and the first pull failed: an error (spec §8 "Erro ao obter relatorios"), not an empty list.
  const neverSynced = local.status === 'ready' && local.syncedAt === null && local.data.length === 0;
  const failed = neverSynced && local.pullError && !isSessionExpiredError(local.pullError) ? local.pullError : null;
  useEffect(() => {
    if (failed) notifyError(ERROR_MESSAGES.getReports);
  }, [failed]);

  // The answer is on screen before thousands of rows are stored; the device's copy takes over once it holds that answer.
  const stored = local.status === 'ready' && fresh !== null && (local.syncedAt ?? 0) >= fresh.at;
  if (early && fresh && !stored) {
    return { status: 'ready' as const, data: early, syncedAt: fresh.at, pulling: true, pullError: null, reload: local.reload };
  }
  if (failed) return { status: 'error' as const, error: failed, reload: local.reload };
  // Never synced here and nothing of its own: the first answer is still on its way, not an empty list.
  if (neverSynced && online && !local.pullError) return { status: 'loading' as const, reload: local.reload };
  return local;
}

// ---------------------------------------------------------------- the new-report form

// The calendar's full shape: its rows on the device keep what the calendar shows, and say whether a report exists.
const meetingListSchema = z.array(meetingSchema);

function reportedElsewhereKey(municipioId: number): string {
  return `relatorios:encontros-com-relatorio:${municipioId}`;
}

function freeMeetingsScope(municipioId: number): string {
  return `encontros-sem-relatorio:municipio:${municipioId}`;
}

async function fetchFreeMeetings(municipioId: number, signal: AbortSignal): Promise<OfflineMeeting[]> {
  return meetingListSchema.parse(await api.get(`calendario/encontro/get-by-municipio-sem-relatorio/${municipioId}`, { signal }).json());
}

/** Stores the free meetings and remembers which cached ones the server left out (they have a report). */
async function writeFreeMeetings(db: OfflineDb, municipioId: number, free: OfflineMeeting[]): Promise<void> {
  await pullInto(db, 'encontros', free, freeMeetingsScope(municipioId));
  const cached = await db.encontros.where('municipioId').equals(municipioId).primaryKeys();
  await setMeta(
    db,
    reportedElsewhereKey(municipioId),
    meetingsReportedElsewhere(
      cached,
      free.map((m) => m.encontroId),
    ),
  );
}

/**
 * Keeps the device's knowledge of which meetings still lack a report fresh while the city's report
 * list is open, so the new-report form offers the right meetings if the connection drops later.
 */
export function useFreeMeetingsSync(municipioId: number): void {
  usePulled(
    freeMeetingsScope(municipioId),
    (signal) => fetchFreeMeetings(municipioId, signal),
    (db, free) => writeFreeMeetings(db, municipioId, free),
  );
}

/**
 * The municipality's meetings that can still get a report, from the device (the offline bundle or
 * an earlier visit), refreshed from GET api/calendario/encontro/get-by-municipio-sem-relatorio/{id}
 * while online. A meeting named by a report on the device (synced or queued) is left out at once.
 */
export function useMeetingsWithoutReport(municipioId: number) {
  const db = useOfflineDb();
  const meetings = useLocalFirst<Array<EncontroRow & { temRelatorio?: boolean }>, OfflineMeeting[]>({
    scope: freeMeetingsScope(municipioId),
    deps: [municipioId],
    read: (store) => store.encontros.where('municipioId').equals(municipioId).toArray(),
    fetch: (signal) => fetchFreeMeetings(municipioId, signal),
    write: (store, free) => writeFreeMeetings(store, municipioId, free),
    direct: (free) => free.map((m) => ({ ...m, syncedAt: Date.now(), pending: 0 as const })),
    syncedAtOf: oldestSync,
  });
  const reported = useLiveQuery(async () => {
    if (!db) return new Set<number>();
    const rows = await db.relatorios.where('municipioId').equals(municipioId).toArray();
    const elsewhere = (await getMeta<number[]>(db, reportedElsewhereKey(municipioId))) ?? [];
    return new Set<number>([...elsewhere, ...rows.map((r) => r.encontroId).filter((id): id is number => typeof id === 'number')]);
  }, [db, municipioId]);
  const available = useMemo(() => {
    if (meetings.status !== 'ready' || !reported) return null;
    // Rows the calendar stored say themselves whether a report exists.
    return meetingsWithoutReport(
      meetings.data.filter((m) => m.temRelatorio !== true),
      reported,
    );
  }, [meetings, reported]);
  return {
    meetings: available,
    status: meetings.status,
    syncedAt: meetings.status === 'ready' ? meetings.syncedAt : null,
    pullError: meetings.status === 'ready' ? meetings.pullError : null,
  };
}

/**
 * Evidence names of the municipality's tasks (municipioTarefaId → names), from the device (the
 * offline bundle), refreshed from GET api/calendario/encontro/opcoes/{id} while online.
 */
export function useTaskEvidences(municipioId: number): ReadonlyMap<number, string[]> {
  const db = useOfflineDb();
  const scope = `tarefas:opcoes:municipio:${municipioId}`;
  usePulled(
    scope,
    async (signal) => meetingOptionsSchema.parse(await api.get(`calendario/encontro/opcoes/${municipioId}`, { signal }).json()).tarefas,
    (store, tasks) => pullInto(store, 'tarefas', tasks, scope),
  );
  const map = useLiveQuery(async () => {
    if (!db) return new Map<number, string[]>();
    const tasks = await db.tarefas.where('municipioId').equals(municipioId).toArray();
    return new Map(tasks.map((t) => [t.municipioTarefaId, t.municipioEvidencias.map((e) => e.nome)]));
  }, [db, municipioId]);
  return map ?? EMPTY_EVIDENCES;
}
const EMPTY_EVIDENCES: ReadonlyMap<number, string[]> = new Map();

/** Ids of the municipality's members on the device now (to spot one registered in the member dialog). */
export async function memberIdsOnDevice(municipioId: number): Promise<Set<number>> {
  const db = getOfflineDb();
  if (!db) return new Set();
  return new Set(await db.membros.where('municipioId').equals(municipioId).primaryKeys());
}

/** Members of the municipality on the device that were not there before (registered meanwhile, perhaps offline with a temp id). */
export async function membersAddedSince(municipioId: number, before: ReadonlySet<number>): Promise<Member[]> {
  const db = getOfflineDb();
  if (!db) return [];
  const rows = await db.membros.where('municipioId').equals(municipioId).toArray();
  return rows.filter((m) => !before.has(m.membroId)).map(({ syncedAt: _s, pending: _p, ...m }) => m);
}

// ---------------------------------------------------------------- saving a new report

export type ReportSaveOutcome =
  | { outcome: 'sent' }
  /** Offline: stored on the device, sent when the connection comes back. */
  | { outcome: 'queued' }
  /** Online but not answered in time (a slow upload): the outbox goes on sending in the background. */
  | { outcome: 'background' }
  | { outcome: 'rejected'; message: string };

/** How long the form waits for an online save before leaving it to the outbox. */
const SAVE_WAIT_MS = 15_000;

/** The spec's multipart create (§7), for browsers without IndexedDB, where the outbox cannot hold the files. */
async function postDirect(payload: ReportCreateInput, files: File[]): Promise<void> {
  const form = new FormData();
  const { convidadosRelatorio, tarefasRelatorio, arquivosUploadIds: _ids, ...fields } = payload;
  for (const [key, value] of Object.entries(fields)) if (value !== null && value !== undefined) form.append(key, String(value));
  form.append('convidadosRelatorioString', JSON.stringify(convidadosRelatorio ?? []));
  form.append('tarefasRelatorioString', JSON.stringify(tarefasRelatorio ?? []));
  for (const file of files) form.append('arquivos', file, file.name);
  await api.post('relatorio', { body: form, timeout: 120_000 });
}

/**
 * Saves a new report through the outbox (report-create): visible at once in the city's list as
 * pendente, sent exactly once now or when the device is back online. Online, the form waits a
 * little for the answer so that a refusal is shown on the form, which still holds everything; the
 * refused entry is then discarded so nothing is left behind. Offline it returns as soon as the
 * report and its files are stored.
 */
export async function saveNewReport(payload: ReportCreateInput, files: File[]): Promise<ReportSaveOutcome> {
  const db = getOfflineDb();
  if (!db) {
    try {
      await postDirect(payload, files);
      return { outcome: 'sent' };
    } catch (error) {
      if (isSessionExpiredError(error)) throw error;
      return { outcome: 'rejected', message: apiErrorMessage(error, ERROR_MESSAGES.saveReport) };
    }
  }
  const entry = await enqueue(db, reportCreateKind, payload, { files, municipioId: payload.municipioId });
  if (!navigator.onLine) return { outcome: 'queued' };
  const settled = await whenSettled(entry.id, SAVE_WAIT_MS);
  if (settled === 'waiting') return { outcome: navigator.onLine ? 'background' : 'queued' };
  if (settled === 'attention') {
    const parked = await queuedEntry(db, entry.id);
    await discard(db, entry.id);
    return { outcome: 'rejected', message: parked?.lastError?.message ?? ERROR_MESSAGES.saveReport };
  }
  return { outcome: 'sent' };
}

// ---------------------------------------------------------------- one report

/** GET api/relatorio/get-by-id/{id}; null waits. */
export function useReport(relatorioId: number | null) {
  return useServerData<Report>(relatorioId === null ? null : `relatorio/get-by-id/${relatorioId}`, reportSchema);
}

/** Keeps the city's list on the device in step after a change made online. */
async function storeListed(report: Report): Promise<Report> {
  const db = getOfflineDb();
  if (db) await db.relatorios.put(reportRowOf(report, Date.now()));
  return report;
}

/** PUT api/relatorio: the author's edit, online. */
export async function updateReport(
  body: ReportUpdateInput,
  files: readonly File[] = [],
  onProgress?: (sentBytes: number, totalBytes: number) => void,
): Promise<Report> {
  const arquivosUploadIds = await uploadAllNow(files, onProgress);
  return storeListed(reportSchema.parse(await api.put('relatorio', { json: { ...body, arquivosUploadIds } }).json()));
}

/** DELETE api/relatorio/{id}: the author while it awaits analysis, or an admin; the device's copy goes too. */
export async function deleteReport(relatorioId: number): Promise<void> {
  await api.delete(`relatorio/${relatorioId}`);
  await getOfflineDb()?.relatorios.delete(relatorioId);
}

/** PUT api/relatorio/analisar-relatorio: approve, or reject with a reason. */
export async function analyseReport(body: ReportAnalysis): Promise<Report> {
  return storeListed(reportSchema.parse(await api.put('relatorio/analisar-relatorio', { json: body }).json()));
}

/**
 * POST api/arquivo/anexo/download/{id}: the file as the server stored it, saved under its name.
 * The server refuses users who may not see the report.
 */
export function downloadAttachment(arquivoId: number, nome: string, onProgress: (p: DownloadProgress) => void): Promise<void> {
  return downloadFile(`arquivo/anexo/download/${arquivoId}`, nome, onProgress);
}

// ---------------------------------------------------------------- across municipalities

const richListSchema = z.array(reportRichListItemSchema);

/** POST api/relatorio/get-by-filtro-novo; a null filter waits (nothing searched yet). */
export function useReportSearch(filter: ReportFilterInput | null) {
  return useServerData(
    filter === null ? null : { path: 'relatorio/get-by-filtro-novo', body: filter },
    richListSchema,
    ERROR_MESSAGES.getReports,
  );
}

/** GET api/relatorio/obter-publico/{codigo}: no login; only what a shared link shows. */
export function usePublicReport(codigo: string | null) {
  return useServerData(codigo === null ? null : `relatorio/obter-publico/${encodeURIComponent(codigo)}`, publicReportSchema);
}
