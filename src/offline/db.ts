import Dexie, { type Table, type Transaction } from 'dexie';
import type { FollowupListItem, FollowupQuestion } from '../domain/followups.ts';
import type { Meeting } from '../domain/meetings.ts';
import type { Member, MunicipalityGroup } from '../domain/members.ts';
import type { MunicipalityDetail } from '../domain/municipality.ts';
import type { OfflineMeeting, OfflineQuestion, OfflineSolution, OfflineTask, OfflineTaskProgress } from '../domain/offline-bundle.ts';
import type { AdminReportListItem } from '../domain/admin-reports.ts';
import type { ReportListItem } from '../domain/field-reports.ts';
import type { UploadPurpose } from '../domain/uploads.ts';
import type { EvidenceQuestion } from '../domain/evidence.ts';

/**
 * The device's offline store: one IndexedDB database per tenant and user, so signing in as someone
 * else never shows the previous user's cache or queue. This folder is the only code that opens it.
 */

/** Every cached row carries when it came from the server and whether it holds an unsent local change. */
export type SyncFields = {
  /** Epoch ms of the pull (or bundle) that wrote the row; 0 for a row only created on this device. */
  syncedAt: number;
  /** 1 while a queued mutation changed the row: pulls must leave such rows alone. */
  pending: 0 | 1;
};

export type MunicipioRow = MunicipalityDetail & SyncFields;
export type GrupoRow = MunicipalityGroup & SyncFields;
export type MembroRow = Member & SyncFields;
/**
 * Rows stored by the offline bundle or the report form carry only the offline shape; rows pulled
 * by the calendar also carry the calendar's extras (group name, guests...).
 */
export type EncontroRow = OfflineMeeting & Partial<Omit<Meeting, keyof OfflineMeeting>> & SyncFields;
export type SolucaoRow = OfflineSolution & SyncFields;
export type TarefaRow = OfflineTask & SyncFields;
export type PerguntaRow = OfflineQuestion & SyncFields;
/** A municipality task's progress (done, planned and used hours), for the city's Andamento tab offline. */
export type AndamentoTarefaRow = OfflineTaskProgress & SyncFields;
/**
 * A follow-up: the list's row, and its questions once the follow-up was read whole (GET
 * acompanhamento/{id}, the offline bundle, or a queued answer applied on top). A list pull keeps
 * the questions a row already has, so a follow-up opened once still opens offline.
 */
export type AcompanhamentoRow = FollowupListItem & { perguntas?: FollowupQuestion[] } & SyncFields;
/** Evidence: the table exists since v1; its rows get their full shape with their issue. Nothing writes it yet. */
export type EvidenciaRow = { perguntaEvidenciaId: number; perguntaMunicipioId: number } & SyncFields;

/** A file chosen on this device for a question, waiting in the outbox (an `evidence-upload` entry): shown as pendente. */
export type PendingEvidenceFile = {
  /** The outbox entry that uploads it. */
  outboxId: string;
  nomeArquivo: string;
  tamanho: number;
  dadosComplementares: boolean;
};
/**
 * An evidence question of a municipality (issue 15) as its evidence tab lists it, with its files;
 * `pendentes` are the files queued here and not yet on the server. The offline bundle and each
 * tab's read fill it; a tab shows the rows whose evidenceTabOf is that tab.
 */
export type PerguntaEvidenciaRow = EvidenceQuestion & { pendentes?: PendingEvidenceFile[] } & SyncFields;

// ---------------------------------------------------------------- report rows
/** A city's field report as its list shows it; a report created on this device has its temp id and pending: 1 until sent. */
export type RelatorioRow = ReportListItem & SyncFields;
/** A city's administrative report as its list shows it; the same pending rule as RelatorioRow. */
export type RelatorioAdministrativoRow = AdminReportListItem & SyncFields;

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
  /** The server's answer once done, kept until the page reconciles it. */
  response: unknown;
};

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
 * Schema steps. Each step lists only what changes from the previous one; a new issue appends a
 * step (with its upgrade) and never edits a landed one: devices in the field hold every version.
 */
export const OFFLINE_SCHEMA_V1 = {
  municipios: '&municipioId',
  grupos: '&grupoId, municipioId',
  membros: '&membroId, municipioId',
  encontros: '&encontroId, municipioId',
  solucoes: '&municipioSolucaoId, municipioId',
  tarefas: '&municipioTarefaId, municipioId',
  perguntas: '&perguntaMunicipioId, municipioId, temaId, [municipioId+temaId]',
  acompanhamentos: '&acompanhamentoId, municipioId',
  evidencias: '&perguntaEvidenciaId, perguntaMunicipioId',
  relatorios: '&relatorioId, municipioId',
  outbox: '&id, seq, status, entityKey',
  files: '&id, outboxId',
  idMap: '&tempId',
  meta: '&key',
} as const;

/** v2: the sync centre filters the queue by municipality. */
export const OFFLINE_SCHEMA_V2 = {
  outbox: '&id, seq, status, entityKey, municipioId',
} as const;

/**
 * v3: administrative reports get their own table, like field reports; before, each city's list was
 * a JSON value in `meta` (see upgradeToV3).
 */
export const OFFLINE_SCHEMA_V3 = {
  relatoriosAdministrativos: '&relatorioAdministrativoId, municipioId',
} as const;

/**
 * v4: evidence questions (issue 15), keyed by perguntaMunicipioId; the files travel inside each
 * question, as the API answers them (the v1 `evidencias` table stays unused).
 */
export const OFFLINE_SCHEMA_V4 = {
  perguntasEvidencia: '&perguntaMunicipioId, municipioId',
} as const;

/** v5: each municipality's task progress (issue 16), filled by GET get-andamento-tarefas/{id} and the offline bundle. */
export const OFFLINE_SCHEMA_V5 = {
  andamentoTarefas: '&municipioTarefaId, municipioId',
} as const;

/** The reference tables of v1 and v2: upgradeToV2 runs before v3's tables exist. */
const V2_REFERENCE_TABLES = [
  'municipios',
  'grupos',
  'membros',
  'encontros',
  'solucoes',
  'tarefas',
  'perguntas',
  'acompanhamentos',
  'evidencias',
  'relatorios',
] as const;

export const REFERENCE_TABLES = [...V2_REFERENCE_TABLES, 'relatoriosAdministrativos', 'perguntasEvidencia', 'andamentoTarefas'] as const;
export type ReferenceTable = (typeof REFERENCE_TABLES)[number];

/**
 * v1 rows may predate municipioId on the entry and the sync fields on rows written by early
 * builds: fill them so every reader can rely on them (an IndexedDB index skips rows without the
 * key, so an entry without municipioId would vanish from the per-municipality list).
 */
async function upgradeToV2(tx: Transaction): Promise<void> {
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
  for (const name of V2_REFERENCE_TABLES) {
    await tx
      .table<SyncFields>(name)
      .toCollection()
      .modify((row) => {
        row.syncedAt ??= 0;
        row.pending ??= 0;
      });
  }
}

/** Meta keys of v2's administrative report lists: the list, and the reports sent since its pull. */
const V2_ADMIN_LIST_KEY = /^relatoriosAdministrativos:municipio:(\d+)$/;
const V2_ADMIN_SENT_KEY = /^relatoriosAdministrativos:municipio:\d+:enviados$/;

/**
 * Moves each city's administrative report list out of `meta` into the new table, as synced rows
 * of its pull (the pull's `syncedAt:` key stays, so "Atualizado em" is unchanged). The reports
 * sent since that pull (`…:enviados`) are server rows too; the next pull of the city settles them.
 */
async function upgradeToV3(tx: Transaction): Promise<void> {
  const meta = tx.table<MetaRow, string>('meta');
  const rows = tx.table<RelatorioAdministrativoRow, number>('relatoriosAdministrativos');
  for (const { key, value } of await meta.toArray()) {
    const list = V2_ADMIN_LIST_KEY.test(key);
    if (!list && !V2_ADMIN_SENT_KEY.test(key)) continue;
    const items = (Array.isArray(value) ? value : []) as Array<AdminReportListItem | { row: AdminReportListItem; at: number }>;
    const syncedAt = list ? (((await meta.get(`syncedAt:${key}`))?.value as number | undefined) ?? 0) : 0;
    for (const item of items) {
      const row = 'row' in item ? item.row : item;
      await rows.put({ ...row, syncedAt: 'row' in item ? item.at : syncedAt, pending: 0 });
    }
    await meta.delete(key);
  }
}

export class OfflineDb extends Dexie {
  municipios!: Table<MunicipioRow, number>;
  grupos!: Table<GrupoRow, number>;
  membros!: Table<MembroRow, number>;
  encontros!: Table<EncontroRow, number>;
  solucoes!: Table<SolucaoRow, number>;
  tarefas!: Table<TarefaRow, number>;
  perguntas!: Table<PerguntaRow, number>;
  acompanhamentos!: Table<AcompanhamentoRow, number>;
  evidencias!: Table<EvidenciaRow, number>;
  relatorios!: Table<RelatorioRow, number>;
  relatoriosAdministrativos!: Table<RelatorioAdministrativoRow, number>;
  perguntasEvidencia!: Table<PerguntaEvidenciaRow, number>;
  andamentoTarefas!: Table<AndamentoTarefaRow, number>;
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
    this.version(1).stores(OFFLINE_SCHEMA_V1);
    this.version(2).stores(OFFLINE_SCHEMA_V2).upgrade(upgradeToV2);
    this.version(3).stores(OFFLINE_SCHEMA_V3).upgrade(upgradeToV3);
    this.version(4).stores(OFFLINE_SCHEMA_V4);
    this.version(5).stores(OFFLINE_SCHEMA_V5);
  }
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

/** Typed access to the key/value table (per-scope syncedAt, offline-ready municipalities, ...). */
export async function getMeta<T>(db: OfflineDb, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export async function setMeta(db: OfflineDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}
