import { z } from 'zod';
import { downloadFile } from '../../api/download.ts';
import { ATTACHMENT_DOWNLOAD_FAILED, type AttachmentDownload } from '../../domain/uploads.ts';
import { api } from '../../api/client.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { fieldReports as endpoints } from '../../contract/field-reports.ts';
import { meetings } from '../../contract/meetings.ts';
import { uploadAllNow } from '../../api/upload.ts';
import { command, type CommandResult } from '../../data/command.ts';
import { query, type Query } from '../../data/query.ts';
import type { Member } from '../../domain/members.ts';
import type { MeetingOptions } from '../../domain/meetings.ts';
import type { OfflineMeeting } from '../../domain/offline-rows.ts';
import { type ReportFilterInput } from '../../domain/report-common.ts';
import {
  reportRichListItemSchema,
  reportSchema,
  type Report,
  type ReportAnalysis,
  type ReportCreateInput,
  type ReportListItem,
  type ReportUpdateInput,
  reportListItemOf,
} from '../../domain/field-reports.ts';
import type { OfflineDb } from '../../offline/db.ts';
import { getMeta, setMeta } from '../../offline/meta.ts';
import type { EncontroRow } from '../../entities/meetings/table.ts';
import { reportListScope, type RelatorioRow } from './table.ts';
import { usePulled } from '../../offline/hooks.ts';
import { pullInto } from '../../offline/pull.ts';
import { getOfflineDb, openStore } from '../../offline/store.ts';
import { oldestSync } from '../../offline/use-local-first.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';
import { meetingsReportedElsewhere, meetingsWithoutReport } from './form-logic.ts';
import { reportCreateKind, reportRowOf } from './offline-kinds.ts';

/**
 * Field reports' data object (issue 27): everything the feature's screens read and write, built on
 * the two primitives of src/data. Screens and components import this file only, never src/offline,
 * src/api or Dexie (a lint gate, eslint.config.js).
 */

export { httpStatusOf, apiErrorMessage } from '../../lib/api-errors.ts';
export { useSyncState } from '../../offline/hooks.ts';
// Shared directories, still on src/api's reader until their entities move (issue 27, step 2).
export { usersData } from '../../entities/users/data.ts';
export { useMunicipalityNames } from '../../entities/municipality/lists.ts';
export type { CommandResult } from '../../data/command.ts';

// ---------------------------------------------------------------- the city's report list

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
 * shown as soon as it arrives (with the pending ones), without waiting for thousands of rows to be
 * stored; and a never-synced empty list is loading, or an error (spec §8 "Erro ao obter
 * relatorios") when the first pull failed, never an empty list.
 */
const list = query.local((municipioId: number) => {
  const scope = reportListScope(municipioId);
  return {
    scope,
    deps: [municipioId],
    read: async (store: OfflineDb) => listed(await store.relatorios.where('municipioId').equals(municipioId).toArray()),
    fetch: async (signal: AbortSignal): Promise<PulledReports> => {
      const startedAt = Date.now();
      const ep = endpoints.byMunicipality;
      return { items: ep.response[200].parse(await api.get(pathOf(ep, { id: municipioId }), { signal }).json()), startedAt };
    },
    write: (store: OfflineDb, { items, startedAt }: PulledReports) =>
      pullInto(store, 'relatorios', items, scope, { range: { index: 'municipioId', equals: municipioId }, startedAt }),
    direct: ({ items }: PulledReports) => listed(items),
    preview: {
      read: (store: OfflineDb) =>
        store.relatorios
          .where('municipioId')
          .equals(municipioId)
          .filter((r) => r.pending === 1)
          .toArray(),
      merge: ({ items }: PulledReports, pending: RelatorioRow[] | undefined) => listed([...(pending ?? []), ...items]),
    },
    isEmpty: (rows: ListedReport[]) => rows.length === 0,
    errorMessage: ERROR_MESSAGES.getReports,
  };
});

// ---------------------------------------------------------------- the new-report form

function reportedElsewhereKey(municipioId: number): string {
  return `relatorios:encontros-com-relatorio:${municipioId}`;
}

function freeMeetingsScope(municipioId: number): string {
  return `encontros-sem-relatorio:municipio:${municipioId}`;
}

async function fetchFreeMeetings(municipioId: number, signal: AbortSignal): Promise<OfflineMeeting[]> {
  // The calendar's full shape: its rows on the device keep what the calendar shows, and say whether a report exists.
  const ep = meetings.withoutReport;
  return ep.response[200].parse(await api.get(pathOf(ep, { id: municipioId }), { signal }).json());
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
function useFreeMeetingsSync(municipioId: number): void {
  usePulled(
    freeMeetingsScope(municipioId),
    (signal) => fetchFreeMeetings(municipioId, signal),
    (db, free) => writeFreeMeetings(db, municipioId, free),
  );
}

type FreeMeetings = { all: Array<EncontroRow & { temRelatorio?: boolean }>; available: OfflineMeeting[] };

/** The meetings without a report among `rows`; rows the calendar stored say themselves whether a report exists. */
function freeMeetings(rows: FreeMeetings['all'], reported: ReadonlySet<number>): FreeMeetings {
  return {
    all: rows,
    available: meetingsWithoutReport(
      rows.filter((m) => m.temRelatorio !== true),
      reported,
    ),
  };
}

/**
 * The municipality's meetings that can still get a report, from the device (the offline bundle or
 * an earlier visit), refreshed from GET api/calendario/encontro/get-by-municipio-sem-relatorio/{id}
 * while online. A meeting named by a report on the device (synced or queued) is left out at once:
 * the device read covers the reports too.
 */
const meetingsWithoutReportOnDevice = query.local((municipioId: number) => ({
  scope: freeMeetingsScope(municipioId),
  deps: [municipioId],
  read: async (store: OfflineDb) => {
    const [rows, reports, elsewhere = []] = await Promise.all([
      store.encontros.where('municipioId').equals(municipioId).toArray(),
      store.relatorios.where('municipioId').equals(municipioId).toArray(),
      getMeta<number[]>(store, reportedElsewhereKey(municipioId)),
    ]);
    const named = reports.map((r) => r.encontroId).filter((id): id is number => typeof id === 'number');
    return freeMeetings(rows, new Set([...elsewhere, ...named]));
  },
  fetch: (signal: AbortSignal) => fetchFreeMeetings(municipioId, signal),
  write: (store: OfflineDb, free: OfflineMeeting[]) => writeFreeMeetings(store, municipioId, free),
  direct: (free: OfflineMeeting[]) =>
    freeMeetings(
      free.map((m) => ({ ...m, syncedAt: Date.now(), pending: 0 as const })),
      new Set(),
    ),
  syncedAtOf: (data: FreeMeetings) => oldestSync(data.all),
}));

function useMeetingsWithoutReport(municipioId: number): Query<OfflineMeeting[]> {
  const meetings = meetingsWithoutReportOnDevice(municipioId);
  switch (meetings.status) {
    case 'ready':
      return { ...meetings, data: meetings.data.available };
    case 'loading':
      return { ...meetings, previous: meetings.previous?.available };
    default:
      return meetings;
  }
}

/**
 * Evidence names of the municipality's tasks (municipioTarefaId → names), from the device (the
 * offline bundle), refreshed from GET api/calendario/encontro/opcoes/{id} while online.
 */
const taskEvidencesOnDevice = query.local((municipioId: number) => {
  const scope = `tarefas:opcoes:municipio:${municipioId}`;
  const evidencesOf = (tasks: ReadonlyArray<{ municipioTarefaId: number; municipioEvidencias: Array<{ nome: string }> }>) =>
    new Map(tasks.map((t) => [t.municipioTarefaId, t.municipioEvidencias.map((e) => e.nome)]));
  return {
    scope,
    deps: [municipioId],
    read: async (store: OfflineDb) => evidencesOf(await store.tarefas.where('municipioId').equals(municipioId).toArray()),
    fetch: async (signal: AbortSignal) =>
      meetings.options.response[200].parse(await api.get(pathOf(meetings.options, { id: municipioId }), { signal }).json()).tarefas,
    write: (store: OfflineDb, tasks: MeetingOptions['tarefas']) => pullInto(store, 'tarefas', tasks, scope),
    direct: evidencesOf,
  };
});

function useTaskEvidences(municipioId: number): ReadonlyMap<number, string[]> {
  const evidences = taskEvidencesOnDevice(municipioId);
  return evidences.status === 'ready' ? evidences.data : EMPTY_EVIDENCES;
}
const EMPTY_EVIDENCES: ReadonlyMap<number, string[]> = new Map();

/** Ids of the municipality's members on the device now (to spot one registered in the member dialog). */
async function memberIdsOnDevice(municipioId: number): Promise<Set<number>> {
  // Opened now if need be: the member dialog's write opens it, and "added since" needs the same store before.
  const db = await openStore();
  if (!db) return new Set();
  return new Set(await db.membros.where('municipioId').equals(municipioId).primaryKeys());
}

/** Members of the municipality on the device that were not there before (registered meanwhile, perhaps offline with a temp id). */
async function membersAddedSince(municipioId: number, before: ReadonlySet<number>): Promise<Member[]> {
  const db = getOfflineDb();
  if (!db) return [];
  const rows = await db.membros.where('municipioId').equals(municipioId).toArray();
  return rows.filter((m) => !before.has(m.membroId)).map(({ syncedAt: _s, pending: _p, ...m }) => m);
}

// ---------------------------------------------------------------- saving a new report

/**
 * A saved new report: `sent` (the server has it), `queued` (offline: stored on the device, sent when
 * the connection comes back) or `background` (online but not answered in time, a slow upload: the
 * outbox goes on sending it).
 */
export type ReportSaved = 'sent' | 'queued' | 'background';

/** How long the form waits for an online save before leaving it to the outbox. */
const SAVE_WAIT_MS = 15_000;

const SAVE_FAILED = { title: ERROR_MESSAGES.saveReport };

/** The spec's multipart create (§7), for browsers without IndexedDB, where the outbox cannot hold the files. */
const postDirect = command.online({
  send: ({ payload, files }: { payload: ReportCreateInput; files: File[] }) => {
    const form = new FormData();
    const { convidadosRelatorio, tarefasRelatorio, arquivosUploadIds: _ids, ...fields } = payload;
    for (const [key, value] of Object.entries(fields)) if (value !== null && value !== undefined) form.append(key, String(value));
    form.append('convidadosRelatorioString', JSON.stringify(convidadosRelatorio ?? []));
    form.append('tarefasRelatorioString', JSON.stringify(tarefasRelatorio ?? []));
    for (const file of files) form.append('arquivos', file, file.name);
    return api.post(pathOf(endpoints.create), { body: form, timeout: 120_000 });
  },
  failure: SAVE_FAILED,
});

const queueReport = command.offline<ReportCreateInput>(reportCreateKind, { failure: SAVE_FAILED });

/**
 * Saves a new report through the outbox (report-create): visible at once in the city's list as
 * pendente, sent exactly once now or when the device is back online. Online, the form waits a
 * little for the answer so that a refusal is shown on the form, which still holds everything; the
 * refused entry is then discarded so nothing is left behind. Offline it returns as soon as the
 * report and its files are stored.
 */
async function create(payload: ReportCreateInput, files: File[]): Promise<CommandResult<ReportSaved>> {
  const db = await openStore();
  if (!db) {
    const direct = await postDirect({ payload, files });
    return direct.ok ? { ok: true, data: 'sent' } : direct;
  }
  const queued = await queueReport(payload, { files, municipioId: payload.municipioId });
  if (!queued.ok) return queued;
  const entry = queued.data;
  const settled = await queueReport.settle(entry, { waitMs: SAVE_WAIT_MS });
  if (!settled.ok) return settled;
  return { ok: true, data: settled.data === 'waiting' ? 'background' : settled.data };
}

// ---------------------------------------------------------------- one report

/** GET api/relatorio/get-by-id/{id}; null waits. The screen reports a failure itself (a 404 leaves). */
const one = query.online((relatorioId: number | null) =>
  relatorioId === null
    ? null
    : {
        key: ['relatorio', relatorioId],
        fetch: (signal: AbortSignal) => api.get(pathOf(endpoints.get, { id: relatorioId }), { signal }).json(),
        schema: reportSchema,
      },
);

/** Keeps the city's list on the device in step after a change made online. */
async function storeListed(report: Report): Promise<Report> {
  const db = await openStore();
  if (db) await db.relatorios.put(reportRowOf(report, Date.now()));
  return report;
}

type UpdateInput = {
  body: ReportUpdateInput;
  files?: readonly File[];
  onProgress?: (sentBytes: number, totalBytes: number) => void;
};

/** PUT api/relatorio: the author's edit, online; its files are uploaded first. */
const update = command.online({
  send: async ({ body, files = [], onProgress }: UpdateInput) => {
    const arquivosUploadIds = await uploadAllNow(files, onProgress);
    return api.put(pathOf(endpoints.update), { json: { ...body, arquivosUploadIds } }).json();
  },
  schema: reportSchema,
  after: storeListed,
  invalidates: (_input, report) => [['relatorio', report.relatorioId]],
  failure: { title: ERROR_MESSAGES.saveReport },
});

/** DELETE api/relatorio/{id}: the author while it awaits analysis, or an admin; the device's copy goes too. */
const remove = command.online({
  send: (relatorioId: number) => api.delete(pathOf(endpoints.remove, { id: relatorioId })),
  after: async (_none, relatorioId) => (await openStore())?.relatorios.delete(relatorioId),
  failure: { message: 'Não foi possível excluir o relatório.' },
});

/** PUT api/relatorio/analisar-relatorio: approve, or reject with a reason. */
const analyse = command.online({
  send: (body: ReportAnalysis) => api.put(pathOf(endpoints.analyse), { json: body }).json(),
  schema: reportSchema,
  after: storeListed,
  invalidates: (_input, report) => [['relatorio', report.relatorioId]],
  failure: { message: 'Não foi possível analisar o relatório.' },
});

/**
 * POST api/arquivo/anexo/download/{id}: the file as the server stored it, saved under its name.
 * The server refuses users who may not see the report.
 */
const downloadAttachment = command.online({
  send: ({ arquivoId, nome, onProgress }: AttachmentDownload) =>
    downloadFile(pathOf(endpoints.download, { id: arquivoId }), nome, onProgress),
  failure: { message: ATTACHMENT_DOWNLOAD_FAILED },
});

// ---------------------------------------------------------------- across municipalities

const richListSchema = z.array(reportRichListItemSchema);

/** POST api/relatorio/get-by-filtro-novo; a null filter waits (nothing searched yet). */
const search = query.online((filter: ReportFilterInput | null) =>
  filter === null
    ? null
    : {
        key: ['relatorio', 'filtro', filter],
        // Searches may aggregate a whole programme's records.
        fetch: (signal: AbortSignal) => api.post(pathOf(endpoints.search), { json: filter, signal, timeout: 60_000 }).json(),
        schema: richListSchema,
        errorMessage: ERROR_MESSAGES.getReports,
      },
);

/**
 * The feature's data object. Reads are hooks (`use…`: call them at the top of a component);
 * writes are plain async functions answering a CommandResult, their failures already shown.
 */
export const fieldReports = {
  useList: list,
  useOne: one,
  useSearch: search,
  useMeetingsWithoutReport,
  useFreeMeetingsSync,
  useTaskEvidences,
  create,
  update,
  remove,
  analyse,
  downloadAttachment,
  memberIdsOnDevice,
  membersAddedSince,
};
