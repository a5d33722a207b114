import { useMemo } from 'react';
import { z } from 'zod';
import { downloadFile } from '../../api/download.ts';
import { ATTACHMENT_DOWNLOAD_FAILED, type AttachmentDownload } from '../../domain/uploads.ts';
import { api } from '../../api/client.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { adminReports as endpoints } from '../../contract/admin-reports.ts';
import { uploadAllNow } from '../../api/upload.ts';
import { command, type CommandResult } from '../../data/command.ts';
import { query } from '../../data/query.ts';
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
import { lastSyncedAt, pullInto } from '../../offline/pull.ts';
import { openStore } from '../../offline/store.ts';
import type { OfflineDb } from '../../offline/db.ts';
import { adminReportListScope } from './table.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';
import { listedAdminReports, type ListedAdminReport } from './form-logic.ts';
import { adminReportCreateKind, adminReportRowOf } from './offline-kinds.ts';

/**
 * Administrative reports' data object (issue 27): what the feature's screens read and write, built
 * on the two primitives of src/data. Screens and components import this file only.
 */

export { httpStatusOf } from '../../lib/api-errors.ts';
export { useSyncState } from '../../offline/hooks.ts';
// Shared directories, still on src/api's reader until their entities move.
export { usersData } from '../../entities/users/data.ts';
export { useMunicipalityNames } from '../../entities/municipality/lists.ts';
export type { CommandResult } from '../../data/command.ts';

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
const listOnDevice = query.local((municipioId: number) => {
  const scope = adminReportListScope(municipioId);
  return {
    scope,
    deps: [municipioId],
    read: async (db: OfflineDb) => {
      const rows = await db.relatoriosAdministrativos.where('municipioId').equals(municipioId).toArray();
      // Never listed here and nothing queued: nothing to show yet, rather than an empty list.
      return rows.length === 0 && (await lastSyncedAt(db, scope)) === null ? undefined : rows;
    },
    fetch: async (signal: AbortSignal): Promise<Pulled> => {
      const startedAt = Date.now();
      return { rows: listSchema.parse(await api.get(pathOf(endpoints.byMunicipality, { id: municipioId }), { signal }).json()), startedAt };
    },
    write: (db: OfflineDb, { rows, startedAt }: Pulled) =>
      pullInto(db, 'relatoriosAdministrativos', rows, scope, { range: { index: 'municipioId', equals: municipioId }, startedAt }),
    direct: ({ rows }: Pulled) => rows.map((row) => ({ ...row, syncedAt: 0, pending: 0 as const })),
    errorMessage: ERROR_MESSAGES.getAdminReports,
  };
});

function useList(municipioId: number) {
  const list = listOnDevice(municipioId);
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
const one = query.online((id: number | null) =>
  id === null
    ? null
    : {
        key: ['relatorio-administrativo', id],
        fetch: (signal: AbortSignal) => api.get(pathOf(endpoints.get, { id }), { signal }).json(),
        schema: adminReportSchema,
      },
);

/** Keeps the city's list on the device in step after a change made online. */
async function keepCached(report: AdminReport): Promise<void> {
  await (await openStore())?.relatoriosAdministrativos.put(adminReportRowOf(report, Date.now()));
}

const refreshed = (_input: unknown, report: AdminReport) => [['relatorio-administrativo', report.relatorioAdministrativoId]];

/** PUT analisar-relatorio-administrativo: approve, or reject with a reason. */
const analyse = command.online({
  send: (body: AdminReportAnalysis) => api.put(pathOf(endpoints.analyse), { json: body }).json(),
  schema: adminReportSchema,
  after: keepCached,
  invalidates: refreshed,
  failure: { message: 'Não foi possível registrar a análise.' },
});

type UpdateInput = { body: AdminReportUpdateInput; files?: File[]; onProgress?: (sentBytes: number, totalBytes: number) => void };

/** PUT: the author's edit, online (new files are uploaded first); the report goes back to waiting for analysis. */
const update = command.online({
  send: async ({ body, files = [], onProgress }: UpdateInput) => {
    const arquivosUploadIds = await uploadAllNow(files, onProgress);
    return api.put(pathOf(endpoints.update), { json: { ...body, arquivosUploadIds } }).json();
  },
  schema: adminReportSchema,
  after: keepCached,
  invalidates: refreshed,
  failure: { title: ERROR_MESSAGES.saveReport },
});

const remove = command.online({
  send: (report: Pick<AdminReport, 'relatorioAdministrativoId' | 'municipioId'>) =>
    api.delete(pathOf(endpoints.remove, { id: report.relatorioAdministrativoId })),
  after: async (_none, report) => (await openStore())?.relatoriosAdministrativos.delete(report.relatorioAdministrativoId),
  failure: { message: 'Não foi possível excluir o relatório.' },
});

/** POST api/arquivo/anexo/excluir-relatorio-anexo/{arquivoId}; answers the report without that file. */
const deleteAttachment = command.online({
  send: (arquivoId: number) => api.post(pathOf(endpoints.removeAttachment, { id: arquivoId })).json(),
  schema: adminReportSchema,
  invalidates: refreshed,
  failure: { message: ERROR_MESSAGES.deleteFile },
});

/** POST api/arquivo/anexo/download/relatorio-administrativo/{arquivoId}, saved under the file's name. */
const downloadAttachment = command.online({
  send: ({ arquivoId, nome, onProgress }: AttachmentDownload) =>
    downloadFile(pathOf(endpoints.download, { id: arquivoId }), nome, onProgress),
  failure: { message: ATTACHMENT_DOWNLOAD_FAILED },
});

// ---------------------------------------------------------------- creating

/** A saved new report: `sent` (the server has it) or `queued` (on the device, sent when it can be). */
export type AdminReportSaved = 'sent' | 'queued';

/** How long the form waits for an online save before leaving it to the queue (attachments are uploaded first). */
const ONLINE_WAIT_MS = 15_000;

const SAVE_FAILED = { title: ERROR_MESSAGES.saveReport };

/** No IndexedDB on this browser (some private windows): straight to the API, online only. */
const postDirect = command.online({
  send: async ({ input, files }: { input: AdminReportCreate; files: File[] }) => {
    const arquivosUploadIds = await uploadAllNow(files);
    return api.post(pathOf(endpoints.create), { json: { ...input, arquivosUploadIds } }).json();
  },
  failure: SAVE_FAILED,
});

const queueReport = command.offline<AdminReportCreate>(adminReportCreateKind, { failure: SAVE_FAILED });

/**
 * Saves a new report through the outbox (works offline; see adminReportCreateKind). Online, the
 * form waits a little for the answer so that a refusal can be fixed in place: the queued item is
 * then discarded and nothing stays behind. `onQueued` runs once the report is safe on the device.
 */
async function create(
  input: AdminReportCreate,
  files: File[],
  onQueued?: (entryId: string) => void,
): Promise<CommandResult<AdminReportSaved>> {
  // Opened now if the screen was usable before it (store.ts); null only when this browser refuses it.
  const db = await openStore();
  if (!db) {
    const direct = await postDirect({ input, files });
    return direct.ok ? { ok: true, data: 'sent' } : direct;
  }
  const queued = await queueReport(input, { files, municipioId: input.municipioId });
  if (!queued.ok) return queued;
  const entry = queued.data;
  onQueued?.(entry.id);
  const settled = await queueReport.settle(entry, { waitMs: ONLINE_WAIT_MS + files.reduce((sum, f) => sum + f.size, 0) / 50_000 });
  if (!settled.ok) return settled;
  return { ok: true, data: settled.data === 'sent' ? 'sent' : 'queued' };
}

// ---------------------------------------------------------------- across municipalities

/** POST get-by-filtro; a null filter waits (nothing searched yet). */
const search = query.online((filter: ReportFilterInput | null) =>
  filter === null
    ? null
    : {
        key: ['relatorio-administrativo', 'filtro', filter],
        // Searches may aggregate a whole programme's records.
        fetch: (signal: AbortSignal) => api.post(pathOf(endpoints.byFilter), { json: filter, signal, timeout: 60_000 }).json(),
        schema: listSchema,
        errorMessage: ERROR_MESSAGES.getAdminReports,
      },
);

/** GET get-by-usuario/{usuarioId}/0: the user's own reports in every municipality they see. */
const own = query.online((usuarioId: number | null) =>
  usuarioId === null
    ? null
    : {
        key: ['relatorio-administrativo', 'usuario', usuarioId],
        fetch: (signal: AbortSignal) => api.get(pathOf(endpoints.byUser, { usuarioId, municipioId: 0 }), { signal }).json(),
        schema: listSchema,
        errorMessage: ERROR_MESSAGES.getAdminReports,
      },
);

// ---------------------------------------------------------------- public page

/** GET obter-publico/{codigo}: no login; what a shared link shows. */
const publicReport = query.online((codigo: string | null) =>
  codigo === null
    ? null
    : {
        key: ['relatorio-administrativo', 'publico', codigo],
        fetch: (signal: AbortSignal) => api.get(pathOf(endpoints.public, { codigo }), { signal }).json(),
        schema: publicAdminReportSchema,
      },
);

/**
 * The feature's data object. Reads are hooks (`use…`); writes are plain async functions answering
 * a CommandResult, their failures already shown.
 */
export const adminReports = {
  useList,
  useOne: one,
  useSearch: search,
  useOwn: own,
  usePublic: publicReport,
  create,
  update,
  analyse,
  remove,
  deleteAttachment,
  downloadAttachment,
};
