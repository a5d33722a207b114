import { randomBytes } from 'node:crypto';
import { asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  REPORT_STATUS,
  reportStatusName,
  type AdminReport,
  type AdminReportListItem,
  type ReportFile,
} from '../../../src/domain/reports.ts';
import type { Db } from '../../db/client.ts';
import { municipio, relatorioAdministrativo, relatorioAdministrativoArquivo, upload, usuario } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { Storage } from '../../lib/storage.ts';
import type { ClaimedFile } from '../uploads/repository.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

const SAO_PAULO = 'America/Sao_Paulo';

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

/** Random and long enough that public links cannot be guessed or enumerated (ids are sequential). */
function newPublicCode(): string {
  return randomBytes(18).toString('base64url');
}

function fileOf(row: typeof relatorioAdministrativoArquivo.$inferSelect): ReportFile {
  return { arquivoId: row.arquivoId, uploadId: row.uploadId, nome: row.nome, tamanho: row.tamanho, sha256: row.sha256, tipo: row.tipo };
}

export async function listAdminReports(db: Db, tenantId: string, filter: AdminReportFilter): Promise<AdminReportListItem[]> {
  for (const ids of [filter.municipioIds, filter.usuarioIds, filter.statusRelatorioIds]) if (ids && ids.length === 0) return [];
  const conditions: (SQL | undefined)[] = [
    filter.municipioIds ? inArray(relatorioAdministrativo.municipioId, filter.municipioIds) : undefined,
    filter.usuarioIds ? inArray(relatorioAdministrativo.usuarioId, filter.usuarioIds) : undefined,
    filter.statusRelatorioIds ? inArray(relatorioAdministrativo.statusRelatorioId, filter.statusRelatorioIds) : undefined,
    // Days are São Paulo days: the start of `inicio` there up to the start of the day after `fim`.
    filter.inicio ? gte(relatorioAdministrativo.criadoEm, sql`(${filter.inicio}::date)::timestamp at time zone ${SAO_PAULO}`) : undefined,
    filter.fim ? lt(relatorioAdministrativo.criadoEm, sql`(${filter.fim}::date + 1)::timestamp at time zone ${SAO_PAULO}`) : undefined,
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
  const files = await db
    .select()
    .from(relatorioAdministrativoArquivo)
    .where(scoped(relatorioAdministrativoArquivo, tenantId, eq(relatorioAdministrativoArquivo.relatorioAdministrativoId, id)))
    .orderBy(asc(relatorioAdministrativoArquivo.arquivoId));
  const { usuarioNome, criadoEm, municipioNome, municipioUf, ...rest } = row;
  return {
    ...rest,
    usuario: { nome: usuarioNome },
    municipio: { nome: municipioNome, uf: municipioUf },
    criacao: criadoEm.toISOString(),
    arquivos: files.map(fileOf),
  };
}

export async function findByPublicCode(db: Db, tenantId: string, codigo: string): Promise<number | null> {
  const [row] = await db
    .select({ id: relatorioAdministrativo.relatorioAdministrativoId })
    .from(relatorioAdministrativo)
    .where(scoped(relatorioAdministrativo, tenantId, eq(relatorioAdministrativo.codigoPublico, codigo)));
  return row?.id ?? null;
}

export async function municipalityExists(db: Db, tenantId: string, municipioId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: municipio.municipioId })
    .from(municipio)
    .where(scoped(municipio, tenantId, eq(municipio.municipioId, municipioId)));
  return row !== undefined;
}

/** An attachment with the report it belongs to. */
export async function findAttachment(db: Db, tenantId: string, arquivoId: number) {
  const [row] = await db
    .select()
    .from(relatorioAdministrativoArquivo)
    .where(scoped(relatorioAdministrativoArquivo, tenantId, eq(relatorioAdministrativoArquivo.arquivoId, arquivoId)));
  return row ?? null;
}

async function attach(tx: Tx, tenantId: string, relatorioAdministrativoId: number, files: ClaimedFile[]): Promise<void> {
  if (files.length === 0) return;
  await tx.insert(relatorioAdministrativoArquivo).values(
    files.map((f) =>
      withTenant(tenantId, {
        arquivoId: f.arquivoId,
        relatorioAdministrativoId,
        uploadId: f.uploadId,
        nome: f.nome,
        tamanho: f.tamanho,
        sha256: f.sha256,
        tipo: f.tipo,
        storageKey: f.storageKey,
      }),
    ),
  );
}

export type AdminReportValues = { titulo: string; horas: number; descricao: string };

/**
 * Report and attachments in one transaction: `claim` runs inside it, so a refused upload (someone
 * else's, unfinished, already used) leaves no report behind and no upload marked as used.
 */
export async function insertAdminReport(
  db: Db,
  tenantId: string,
  input: AdminReportValues & { municipioId: number; usuarioId: number },
  claim: (tx: Tx) => Promise<ClaimedFile[]>,
): Promise<number> {
  return db.transaction(async (tx) => {
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
    await attach(tx, tenantId, row!.id, await claim(tx));
    return row!.id;
  });
}

/**
 * The author's edit: new values, the report back to "waiting for analysis" (the rejection reason
 * stays, so the analyst sees what was asked), new files attached and the listed ones detached.
 * Returns the storage keys of the detached files, to be removed once the change is committed.
 */
export async function updateAdminReport(
  db: Db,
  tenantId: string,
  id: number,
  input: AdminReportValues & { removeArquivoIds: number[] },
  claim: (tx: Tx) => Promise<ClaimedFile[]>,
): Promise<string[]> {
  return db.transaction(async (tx) => {
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
    const removed = await detach(tx, tenantId, id, input.removeArquivoIds);
    await attach(tx, tenantId, id, await claim(tx));
    return removed;
  });
}

/** Detaches files of this report (ids of other reports are ignored) and drops their upload rows. */
async function detach(tx: Tx, tenantId: string, relatorioAdministrativoId: number, arquivoIds: number[]): Promise<string[]> {
  if (arquivoIds.length === 0) return [];
  const gone = await tx
    .delete(relatorioAdministrativoArquivo)
    .where(
      scoped(
        relatorioAdministrativoArquivo,
        tenantId,
        eq(relatorioAdministrativoArquivo.relatorioAdministrativoId, relatorioAdministrativoId),
        inArray(relatorioAdministrativoArquivo.arquivoId, arquivoIds),
      ),
    )
    .returning({ arquivoId: relatorioAdministrativoArquivo.arquivoId, storageKey: relatorioAdministrativoArquivo.storageKey });
  if (gone.length > 0) {
    await tx.delete(upload).where(
      scoped(
        upload,
        tenantId,
        inArray(
          upload.arquivoId,
          gone.map((g) => g.arquivoId),
        ),
      ),
    );
  }
  return gone.map((g) => g.storageKey);
}

export async function removeAttachment(db: Db, storage: Storage, tenantId: string, relatorioAdministrativoId: number, arquivoId: number) {
  const keys = await db.transaction(async (tx) => {
    const removed = await detach(tx, tenantId, relatorioAdministrativoId, [arquivoId]);
    await tx
      .update(relatorioAdministrativo)
      .set({ atualizadoEm: sql`now()` })
      .where(scoped(relatorioAdministrativo, tenantId, eq(relatorioAdministrativo.relatorioAdministrativoId, relatorioAdministrativoId)));
    return removed;
  });
  await removeFiles(storage, keys);
}

/** Bytes go only after the rows are gone for good: a failed transaction must not leave a report pointing at nothing. */
export async function removeFiles(storage: Storage, keys: string[]): Promise<void> {
  for (const key of keys) await storage.remove(key);
}

export async function analyseAdminReport(
  db: Db,
  tenantId: string,
  id: number,
  decision: { aprovado: boolean; motivoRejeicao: string | null; analisadoPorId: number },
): Promise<void> {
  await db
    .update(relatorioAdministrativo)
    .set({
      statusRelatorioId: decision.aprovado ? REPORT_STATUS.aprovado : REPORT_STATUS.rejeitado,
      // An approved report carries no reason: the list would otherwise show a stale rejection.
      motivoRejeicao: decision.aprovado ? null : decision.motivoRejeicao,
      analisadoPorId: decision.analisadoPorId,
      analisadoEm: sql`now()`,
      atualizadoEm: sql`now()`,
    })
    .where(scoped(relatorioAdministrativo, tenantId, eq(relatorioAdministrativo.relatorioAdministrativoId, id)));
}

export async function deleteAdminReport(db: Db, storage: Storage, tenantId: string, id: number): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const files = await tx
      .select({ arquivoId: relatorioAdministrativoArquivo.arquivoId })
      .from(relatorioAdministrativoArquivo)
      .where(scoped(relatorioAdministrativoArquivo, tenantId, eq(relatorioAdministrativoArquivo.relatorioAdministrativoId, id)));
    const removed = await detach(
      tx,
      tenantId,
      id,
      files.map((f) => f.arquivoId),
    );
    await tx
      .delete(relatorioAdministrativo)
      .where(scoped(relatorioAdministrativo, tenantId, eq(relatorioAdministrativo.relatorioAdministrativoId, id)));
    return removed;
  });
  await removeFiles(storage, keys);
}

export function withStatusName(report: StoredAdminReport): AdminReport {
  return { ...report, statusNome: reportStatusName(report.statusRelatorioId) };
}
