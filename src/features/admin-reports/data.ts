import { useMemo } from 'react';
import { z } from 'zod';
import { downloadFile, type DownloadProgress } from '../../api/download.ts';
import { api } from '../../api/client.ts';
import { uploadAllNow } from '../../api/upload.ts';
import { useApiSearch } from '../../api/use-api-search.ts';
import { httpStatusOf, useApiGet } from '../../api/use-api-get.ts';
import type { PermissionContext } from '../../domain/permissions.ts';
import {
  adminReportListItemSchema,
  adminReportSchema,
  publicAdminReportSchema,
  type AdminReport,
  type AdminReportAnalysis,
  type AdminReportCreate,
  type AdminReportListItem,
  type AdminReportUpdateInput,
  type ReportFilterInput,
} from '../../domain/reports.ts';
import type { OfflineDb } from '../../offline/db.ts';
import { useOutboxEntries } from '../../offline/hooks.ts';
import { discard, enqueue } from '../../offline/outbox.ts';
import { getOfflineDb, getSyncEngine } from '../../offline/runtime.ts';
import { useLocalFirst } from '../../offline/use-local-first.ts';
import { useSession } from '../../session/store.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';
import { mergeListed, queuedAdminReports, type ListedAdminReport } from './form-logic.ts';
import {
  adminReportCreateKind,
  adminReportsScope,
  cacheAdminReport,
  forgetAdminReport,
  readAdminReportList,
  writeAdminReportList,
} from './offline-kinds.ts';

export { httpStatusOf };

const BASE = 'relatorioadministrativo/relatorioadministrativo';
const listSchema = z.array(adminReportListItemSchema);

/** The signed-in user's permission context, or null while signed out. */
export function usePermissionContext(): PermissionContext | null {
  const session = useSession();
  return useMemo(() => (session.user ? { usuario: session.user, config: session.config } : null), [session.user, session.config]);
}

// ---------------------------------------------------------------- the city's list

type Pulled = { rows: AdminReportListItem[]; startedAt: number };

/**
 * The city's administrative reports (GET get-by-municipio), from the device first, with the
 * reports still in this device's queue listed as pendente. Spec §8: "Erro ao obter relatórios
 * administrativos" when nothing can be shown.
 */
export function useAdminReportList(municipioId: number) {
  const session = useSession();
  const scope = adminReportsScope(municipioId);
  const list = useLocalFirst<AdminReportListItem[], Pulled>({
    scope,
    deps: [municipioId],
    read: (db) => readAdminReportList(db, municipioId),
    fetch: async (signal) => {
      const startedAt = Date.now();
      return { rows: listSchema.parse(await api.get(`${BASE}/get-by-municipio/${municipioId}`, { signal }).json()), startedAt };
    },
    write: (db, pulled) => writeAdminReportList(db, municipioId, pulled.rows, pulled.startedAt),
    direct: (pulled) => pulled.rows,
    errorMessage: ERROR_MESSAGES.getAdminReports,
  });
  const entries = useOutboxEntries({ municipioId });
  const usuarioId = session.user?.usuarioId ?? null;
  const nome = session.user?.nome ?? '';
  const queued = useMemo(
    () => (entries && usuarioId !== null ? queuedAdminReports(entries, municipioId, { usuarioId, nome }) : []),
    [entries, usuarioId, nome, municipioId],
  );
  const rows: ListedAdminReport[] = useMemo(() => (list.status === 'ready' ? mergeListed(list.data, queued) : []), [list, queued]);
  return { ...list, rows, queued };
}

// ---------------------------------------------------------------- one report

/** GET {id}: online only (the detail holds the full text and attachments). */
export function useAdminReport(id: number | null) {
  return useApiGet(id === null ? null : `${BASE}/${id}`, adminReportSchema);
}

async function keepCached(report: AdminReport): Promise<AdminReport> {
  const db = getOfflineDb();
  if (db) await db.transaction('rw', db.meta, () => cacheAdminReport(db, report));
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
  const db = getOfflineDb();
  if (db) await forgetAdminReport(db, report.municipioId, report.relatorioAdministrativoId);
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

/** Follows one outbox entry until the server took it (the entry is gone), parked it, or time ran out. */
async function settle(db: OfflineDb, entryId: string, timeoutMs: number): Promise<'sent' | 'attention' | 'waiting'> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const entry = await db.outbox.get(entryId);
    if (!entry) return 'sent';
    if (entry.status === 'attention') return 'attention';
    if (Date.now() > deadline || getSyncEngine()?.getState().paused || !navigator.onLine) return 'waiting';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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
  const settled = await settle(db, entry.id, ONLINE_WAIT_MS + files.reduce((sum, f) => sum + f.size, 0) / 50_000);
  if (settled === 'waiting') return { outcome: 'queued' };
  if (settled === 'attention') {
    const parked = await db.outbox.get(entry.id);
    await discard(db, entry.id);
    return { outcome: 'rejected', message: parked?.lastError?.message ?? ERROR_MESSAGES.saveReport };
  }
  return { outcome: 'sent' };
}

// ---------------------------------------------------------------- across municipalities

/** POST get-by-filtro; a null filter waits (nothing searched yet). */
export function useAdminReportSearch(filter: ReportFilterInput | null) {
  return useApiSearch(`${BASE}/get-by-filtro`, filter, listSchema, ERROR_MESSAGES.getAdminReports);
}

/** GET get-by-usuario/{usuarioId}/0: the user's own reports in every municipality they see. */
export function useOwnAdminReports(usuarioId: number | null) {
  return useApiGet(usuarioId === null ? null : `${BASE}/get-by-usuario/${usuarioId}/0`, listSchema, ERROR_MESSAGES.getAdminReports);
}

// ---------------------------------------------------------------- public page

/** GET obter-publico/{codigo}: no login; what a shared link shows. */
export function usePublicAdminReport(codigo: string | null) {
  return useApiGet(codigo === null ? null : `${BASE}/obter-publico/${encodeURIComponent(codigo)}`, publicAdminReportSchema);
}
