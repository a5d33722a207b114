import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { REPORT_STATUS, reportStatusName } from '../../../src/domain/report-common.ts';
import { type AdminReport, type AdminReportListItem } from '../../../src/domain/admin-reports.ts';
import type { Db } from '../../db/client.ts';
import { municipio, relatorioAdministrativo, usuario } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import {
  ADMIN_REPORT_ATTACHMENTS as FILES,
  deleteAttachments,
  findAttachment as findStoredAttachment,
  insertAttachments,
  listAttachments,
} from '../../lib/attachments.ts';
import { analysisColumns, createdOnDays, newPublicCode } from '../../lib/report-records.ts';
import type { Storage } from '../../lib/storage.ts';
import { claimUploads } from '../uploads/claims.ts';

import type { Tx } from '../../lib/command.ts';

/** Which reports a list may return. Undefined fields do not restrict; an empty id list matches nothing. */
export type AdminReportFilter = {
  municipioIds?: number[];
  usuarioIds?: number[];
  statusRelatorioIds?: number[];
  /** Inclusive days ("2025-03-01") of the creation date, São Paulo calendar. */
  inicio?: string | null;
  fim?: string | null;
};

/** The stored row plus the names the answers carry; motivoRejeicao is filtered by the routes (spec §6). */
export type StoredAdminReport = Omit<AdminReport, 'statusNome'>;

const listColumns = {
  relatorioAdministrativoId: relatorioAdministrativo.relatorioAdministrativoId,
  municipioId: relatorioAdministrativo.municipioId,
  titulo: relatorioAdministrativo.titulo,
  horas: relatorioAdministrativo.horas,
  motivoRejeicao: relatorioAdministrativo.motivoRejeicao,
  usuarioId: relatorioAdministrativo.usuarioId,
  usuarioNome: usuario.nome,
  criadoEm: relatorioAdministrativo.criadoEm,
  statusRelatorioId: relatorioAdministrativo.statusRelatorioId,
};

export async function listAdminReports(db: Db, tenantId: string, filter: AdminReportFilter): Promise<AdminReportListItem[]> {
  for (const ids of [filter.municipioIds, filter.usuarioIds, filter.statusRelatorioIds]) if (ids && ids.length === 0) return [];
  const conditions: (SQL | undefined)[] = [
    filter.municipioIds ? inArray(relatorioAdministrativo.municipioId, filter.municipioIds) : undefined,
    filter.usuarioIds ? inArray(relatorioAdministrativo.usuarioId, filter.usuarioIds) : undefined,
    filter.statusRelatorioIds ? inArray(relatorioAdministrativo.statusRelatorioId, filter.statusRelatorioIds) : undefined,
    ...createdOnDays(relatorioAdministrativo.criadoEm, filter.inicio, filter.fim),
  ];
  const rows = await db
    .select(listColumns)
    .from(relatorioAdministrativo)
    .innerJoin(usuario, eq(usuario.usuarioId, relatorioAdministrativo.usuarioId))
    .where(scoped(relatorioAdministrativo, tenantId, ...conditions))
    .orderBy(desc(relatorioAdministrativo.criadoEm), desc(relatorioAdministrativo.relatorioAdministrativoId));
  return rows.map(({ usuarioNome, criadoEm, ...row }) => ({ ...row, usuario: { nome: usuarioNome }, criacao: criadoEm.toISOString() }));
}

export async function findAdminReport(db: Db, tenantId: string, id: number): Promise<StoredAdminReport | null> {
  const [row] = await db
    .select({
      ...listColumns,
      descricao: relatorioAdministrativo.descricao,
      codigoPublico: relatorioAdministrativo.codigoPublico,
      municipioNome: municipio.nome,
      municipioUf: municipio.uf,
    })
    .from(relatorioAdministrativo)
    .innerJoin(usuario, eq(usuario.usuarioId, relatorioAdministrativo.usuarioId))
    .innerJoin(municipio, eq(municipio.municipioId, relatorioAdministrativo.municipioId))
    .where(scoped(relatorioAdministrativo, tenantId, eq(relatorioAdministrativo.relatorioAdministrativoId, id)));
  if (!row) return null;
  const files = await listAttachments(db, tenantId, FILES, id);
  const { usuarioNome, criadoEm, municipioNome, municipioUf, ...rest } = row;
  return {
    ...rest,
    usuario: { nome: usuarioNome },
    municipio: { nome: municipioNome, uf: municipioUf },
    criacao: criadoEm.toISOString(),
    arquivos: files,
  };
}

export async function findByPublicCode(db: Db, tenantId: string, codigo: string): Promise<number | null> {
  const [row] = await db
    .select({ id: relatorioAdministrativo.relatorioAdministrativoId })
    .from(relatorioAdministrativo)
    .where(scoped(relatorioAdministrativo, tenantId, eq(relatorioAdministrativo.codigoPublico, codigo)));
  return row?.id ?? null;
}

/** An attachment of an administrative report; its ownerId is the report's id. */
export async function findAttachment(db: Db, tenantId: string, arquivoId: number) {
  return findStoredAttachment(db, tenantId, FILES, arquivoId);
}

/**
 * Claims the author's finished uploads and attaches them, inside the report's transaction: a refused
 * upload (someone else's, unfinished, already used) leaves no report change behind and no upload
 * marked as used.
 */
async function attach(tx: Tx, storage: Storage, tenantId: string, id: number, author: { usuarioId: number; uploadIds: string[] }) {
  const files = await claimUploads(tx, storage, {
    tenantId,
    usuarioId: author.usuarioId,
    uploadIds: author.uploadIds,
    finalidade: 'anexo',
  });
  await insertAttachments(tx, tenantId, FILES, id, files);
}

export type AdminReportValues = { titulo: string; horas: number; descricao: string };
/** Who writes the report, and the finished uploads (api/upload, finalidade anexo) to attach. */
export type AdminReportAuthor = { usuarioId: number; uploadIds: string[] };

/** Report and attachments, in the command's transaction. */
export async function insertAdminReport(
  tx: Tx,
  storage: Storage,
  tenantId: string,
  input: AdminReportValues & AdminReportAuthor & { municipioId: number },
): Promise<number> {
  const [row] = await tx
    .insert(relatorioAdministrativo)
    .values(
      withTenant(tenantId, {
        municipioId: input.municipioId,
        usuarioId: input.usuarioId,
        titulo: input.titulo,
        horas: input.horas,
        descricao: input.descricao,
        statusRelatorioId: REPORT_STATUS.enviado,
        codigoPublico: newPublicCode(),
      }),
    )
    .returning({ id: relatorioAdministrativo.relatorioAdministrativoId });
  await attach(tx, storage, tenantId, row!.id, input);
  return row!.id;
}

/**
 * The author's edit: new values, the report back to "waiting for analysis" (the rejection reason
 * stays, so the analyst sees what was asked), new files attached and the listed ones detached.
 * Returns the storage keys of the detached files, to be removed once the change is committed.
 */
export async function updateAdminReport(
  tx: Tx,
  storage: Storage,
  tenantId: string,
  id: number,
  input: AdminReportValues & AdminReportAuthor & { removeArquivoIds: number[] },
): Promise<string[]> {
  await tx
    .update(relatorioAdministrativo)
    .set({
      titulo: input.titulo,
      horas: input.horas,
      descricao: input.descricao,
      statusRelatorioId: REPORT_STATUS.enviado,
      atualizadoEm: sql`now()`,
    })
    .where(scoped(relatorioAdministrativo, tenantId, eq(relatorioAdministrativo.relatorioAdministrativoId, id)));
  const removed = await deleteAttachments(tx, tenantId, FILES, id, input.removeArquivoIds);
  await attach(tx, storage, tenantId, id, input);
  return removed;
}

/** Detaches one file; resolves with its storage keys, to remove once the transaction has committed. */
export async function removeAttachment(tx: Tx, tenantId: string, relatorioAdministrativoId: number, arquivoId: number): Promise<string[]> {
  const removed = await deleteAttachments(tx, tenantId, FILES, relatorioAdministrativoId, [arquivoId]);
  await tx
    .update(relatorioAdministrativo)
    .set({ atualizadoEm: sql`now()` })
    .where(scoped(relatorioAdministrativo, tenantId, eq(relatorioAdministrativo.relatorioAdministrativoId, relatorioAdministrativoId)));
  return removed;
}

export async function analyseAdminReport(
  db: Db,
  tenantId: string,
  id: number,
  decision: { aprovado: boolean; motivoRejeicao: string | null; analisadoPorId: number },
): Promise<void> {
  await db
    .update(relatorioAdministrativo)
    .set({ ...analysisColumns(decision), atualizadoEm: sql`now()` })
    .where(scoped(relatorioAdministrativo, tenantId, eq(relatorioAdministrativo.relatorioAdministrativoId, id)));
}

/** Resolves with the storage keys of the report's files, to remove once the transaction has committed. */
export async function deleteAdminReport(tx: Tx, tenantId: string, id: number): Promise<string[]> {
  const removed = await deleteAttachments(tx, tenantId, FILES, id, 'all');
  await tx
    .delete(relatorioAdministrativo)
    .where(scoped(relatorioAdministrativo, tenantId, eq(relatorioAdministrativo.relatorioAdministrativoId, id)));
  return removed;
}

export function withStatusName(report: StoredAdminReport): AdminReport {
  return { ...report, statusNome: reportStatusName(report.statusRelatorioId) };
}
