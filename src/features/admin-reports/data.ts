import { useMemo } from 'react';
import { z } from 'zod';
import { downloadFile, type DownloadProgress } from '../../api/download.ts';
import { api } from '../../api/client.ts';
import { uploadAllNow } from '../../api/upload.ts';
import { useServerData } from '../../api/use-server-data.ts';
import { httpStatusOf } from '../../lib/api-errors.ts';
import { type ReportFilterInput } from '../../domain/report-common.ts';
import {
  adminReportListItemSchema,
  adminReportSchema,
  publicAdminReportSchema,
  type AdminReport,
  type AdminReportAnalysis,
  type AdminReportCreate,
  type AdminReportListItem,
  type AdminReportUpdateInput,
} from '../../domain/admin-reports.ts';
import { useOutboxEntries } from '../../offline/hooks.ts';
import { discard, enqueue, queuedEntry } from '../../offline/outbox.ts';
import { lastSyncedAt, pullInto } from '../../offline/pull.ts';
import { getOfflineDb, whenSettled } from '../../offline/runtime.ts';
import { useLocalFirst } from '../../offline/use-local-first.ts';
import { adminReportListScope, type RelatorioAdministrativoRow } from './table.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';
import { listedAdminReports, type ListedAdminReport } from './form-logic.ts';
import { adminReportCreateKind, adminReportRowOf } from './offline-kinds.ts';

export { httpStatusOf };

const BASE = 'relatorioadministrativo/relatorioadministrativo';
const listSchema = z.array(adminReportListItemSchema);

// ---------------------------------------------------------------- the city's list

type Pulled = { rows: AdminReportListItem[]; startedAt: number };

/**
 * The city's administrative reports (GET get-by-municipio) from the device's
 * `relatoriosAdministrativos`, read local-first: reports waiting in this device's queue are rows
 * of the same table (pending, from the kind's applyLocal), listed first as pendente, with the
 * server's refusal when parked. Spec §8: "Erro ao obter relatórios administrativos" when nothing
 * can be shown.
 */
export function useAdminReportList(municipioId: number) {
  const scope = adminReportListScope(municipioId);
  const list = useLocalFirst<RelatorioAdministrativoRow[], Pulled>({
    scope,
    deps: [municipioId],
    read: async (db) => {
      const rows = await db.relatoriosAdministrativos.where('municipioId').equals(municipioId).toArray();
      // Never listed here and nothing queued: nothing to show yet, rather than an empty list.
      return rows.length === 0 && (await lastSyncedAt(db, scope)) === null ? undefined : rows;
    },
    fetch: async (signal) => {
      const startedAt = Date.now();
      return { rows: listSchema.parse(await api.get(`${BASE}/get-by-municipio/${municipioId}`, { signal }).json()), startedAt };
    },
    write: (db, { rows, startedAt }) =>
      pullInto(db, 'relatoriosAdministrativos', rows, scope, { range: { index: 'municipioId', equals: municipioId }, startedAt }),
    direct: ({ rows }) => rows.map((row) => ({ ...row, syncedAt: 0, pending: 0 as const })),
    errorMessage: ERROR_MESSAGES.getAdminReports,
  });
  const entries = useOutboxEntries({ municipioId });
  const rows: ListedAdminReport[] = useMemo(
    () => (list.status === 'ready' ? listedAdminReports(list.data, entries ?? []) : []),
    [list, entries],
  );
  const queued = useMemo(() => rows.filter((r) => r.pending), [rows]);
  return { ...list, rows, queued };
}

// ---------------------------------------------------------------- one report

/** GET {id}: online only (the detail holds the full text and attachments). */
export function useAdminReport(id: number | null) {
  return useServerData(id === null ? null : `${BASE}/${id}`, adminReportSchema);
}

/** Keeps the city's list on the device in step after a change made online. */
async function keepCached(report: AdminReport): Promise<AdminReport> {
  await getOfflineDb()?.relatoriosAdministrativos.put(adminReportRowOf(report, Date.now()));
  return report;
}

/** PUT analisar-relatorio-administrativo: approve, or reject with a reason. */
export async function analyseAdminReport(body: AdminReportAnalysis): Promise<AdminReport> {
  return keepCached(adminReportSchema.parse(await api.put(`${BASE}/analisar-relatorio-administrativo`, { json: body }).json()));
}

/** PUT: the author's edit, online (new files are uploaded first); the report goes back to waiting for analysis. */
export async function updateAdminReport(
  body: AdminReportUpdateInput,
  files: File[] = [],
  onProgress?: (sentBytes: number, totalBytes: number) => void,
): Promise<AdminReport> {
  const arquivosUploadIds = await uploadAllNow(files, onProgress);
  return keepCached(adminReportSchema.parse(await api.put(BASE, { json: { ...body, arquivosUploadIds } }).json()));
}

export async function deleteAdminReport(report: Pick<AdminReport, 'relatorioAdministrativoId' | 'municipioId'>): Promise<void> {
  await api.delete(`${BASE}/${report.relatorioAdministrativoId}`);
  await getOfflineDb()?.relatoriosAdministrativos.delete(report.relatorioAdministrativoId);
}

/** POST api/arquivo/anexo/excluir-relatorio-anexo/{arquivoId}; answers the report without that file. */
export async function deleteAttachment(arquivoId: number): Promise<AdminReport> {
  return adminReportSchema.parse(await api.post(`arquivo/anexo/excluir-relatorio-anexo/${arquivoId}`).json());
}

/** POST api/arquivo/anexo/download/relatorio-administrativo/{arquivoId}, saved under the file's name. */
export function downloadAttachment(arquivoId: number, nome: string, onProgress: (p: DownloadProgress) => void): Promise<void> {
  return downloadFile(`arquivo/anexo/download/relatorio-administrativo/${arquivoId}`, nome, onProgress);
}

// ---------------------------------------------------------------- creating

export type CreateOutcome = { outcome: 'sent' } | { outcome: 'queued' } | { outcome: 'rejected'; message: string };

/** How long the form waits for an online save before leaving it to the queue (attachments are uploaded first). */
const ONLINE_WAIT_MS = 15_000;

/**
 * Saves a new report through the outbox (works offline; see adminReportCreateKind). Online, the
 * form waits a little for the answer so that a refusal can be fixed in place: the queued item is
 * then discarded and nothing stays behind. `onQueued` runs once the report is safe on the device.
 */
export async function createAdminReport(
  input: AdminReportCreate,
  files: File[],
  onQueued?: (entryId: string) => void,
): Promise<CreateOutcome> {
  const db = getOfflineDb();
  if (!db) {
    // No IndexedDB on this browser (some private windows): straight to the API, online only.
    const arquivosUploadIds = await uploadAllNow(files);
    await api.post(BASE, { json: { ...input, arquivosUploadIds } }).json();
    return { outcome: 'sent' };
  }
  const entry = await enqueue(db, adminReportCreateKind, input, { files, municipioId: input.municipioId });
  onQueued?.(entry.id);
  if (!navigator.onLine) return { outcome: 'queued' };
  const settled = await whenSettled(entry.id, ONLINE_WAIT_MS + files.reduce((sum, f) => sum + f.size, 0) / 50_000);
  if (settled === 'waiting') return { outcome: 'queued' };
  if (settled === 'attention') {
    const parked = await queuedEntry(db, entry.id);
    await discard(db, entry.id);
    return { outcome: 'rejected', message: parked?.lastError?.message ?? ERROR_MESSAGES.saveReport };
  }
  return { outcome: 'sent' };
}

// ---------------------------------------------------------------- across municipalities

/** POST get-by-filtro; a null filter waits (nothing searched yet). */
export function useAdminReportSearch(filter: ReportFilterInput | null) {
  return useServerData(
    filter === null ? null : { path: `${BASE}/get-by-filtro`, body: filter },
    listSchema,
    ERROR_MESSAGES.getAdminReports,
  );
}

/** GET get-by-usuario/{usuarioId}/0: the user's own reports in every municipality they see. */
export function useOwnAdminReports(usuarioId: number | null) {
  return useServerData(usuarioId === null ? null : `${BASE}/get-by-usuario/${usuarioId}/0`, listSchema, ERROR_MESSAGES.getAdminReports);
}

// ---------------------------------------------------------------- public page

/** GET obter-publico/{codigo}: no login; what a shared link shows. */
export function usePublicAdminReport(codigo: string | null) {
  return useServerData(codigo === null ? null : `${BASE}/obter-publico/${encodeURIComponent(codigo)}`, publicAdminReportSchema);
}
