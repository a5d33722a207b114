import { asc, count, desc, eq, gte, inArray, isNull, lte, ne, notExists, sql, type SQL } from 'drizzle-orm';
import type { BillableAdminReport, BillableReport, PaymentFilter, PaymentRow, Period } from '../../../src/domain/payments.ts';
import { periodText } from '../../../src/domain/payments.ts';
import { REPORT_STATUS } from '../../../src/domain/report-common.ts';
import {
  contrato,
  municipio,
  processoPagamento,
  processoPagamentoArquivo,
  processoPagamentoRelatorio,
  processoPagamentoRelatorioAdministrativo,
  relatorio,
  relatorioAdministrativo,
  usuario,
} from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { SAO_PAULO } from '../../lib/report-records.ts';
import { taskHoursSubquery } from '../field-reports/read.ts';

/** The São Paulo day a row was created on, as an ISO day: what "inside the period" compares. */
const dayOf = (column: typeof relatorio.criadoEm | typeof relatorioAdministrativo.criadoEm) =>
  sql<string>`to_char(${column} at time zone ${SAO_PAULO}, 'YYYY-MM-DD')`;

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

export type Contract = { contratoId: number; usuarioId: number; numContrato: string; inicio: string; fim: string };

/** The contract, when it is of this tenant. */
export async function findContract(db: Conn, tenantId: string, contratoId: number): Promise<Contract | null> {
  const [row] = await db
    .select({ contratoId: contrato.contratoId, usuarioId: contrato.usuarioId, numContrato: contrato.numContrato, inicio: contrato.inicio, fim: contrato.fim })
    .from(contrato)
    .where(scoped(contrato, tenantId, eq(contrato.contratoId, contratoId)));
  return row ?? null;
}

const rowColumns = {
  processoPagamentoId: processoPagamento.processoPagamentoId,
  numero: processoPagamento.numero,
  codigoContratacao: processoPagamento.codigoContratacao,
  contratoId: processoPagamento.contratoId,
  numContrato: contrato.numContrato,
  usuarioId: processoPagamento.usuarioId,
  usuarioNome: usuario.nome,
  periodoInicio: processoPagamento.periodoInicio,
  periodoFim: processoPagamento.periodoFim,
  horas: processoPagamento.horas,
  total: processoPagamento.total,
  status: processoPagamento.status,
  motivoRejeicao: processoPagamento.motivoRejeicao,
  enviadoSgfEm: processoPagamento.enviadoSgfEm,
  assinaturaSolicitadaEm: processoPagamento.assinaturaSolicitadaEm,
  assinadoEm: processoPagamento.assinadoEm,
  criadoEm: processoPagamento.criadoEm,
};

function rowOf(r: Awaited<ReturnType<typeof selectRows>>[number]): PaymentRow {
  return {
    processoPagamentoId: r.processoPagamentoId,
    numero: r.numero,
    codigoContratacao: r.codigoContratacao,
    contratoId: r.contratoId,
    numContrato: r.numContrato,
    usuarioId: r.usuarioId,
    usuarioNome: r.usuarioNome,
    periodoRealizacao: periodText({ inicio: r.periodoInicio, fim: r.periodoFim }),
    horas: Number(r.horas),
    total: r.total,
    status: r.status,
    motivoRejeicao: r.motivoRejeicao,
    enviadoSgfEm: isoOrNull(r.enviadoSgfEm),
    assinaturaSolicitadaEm: isoOrNull(r.assinaturaSolicitadaEm),
    assinadoEm: isoOrNull(r.assinadoEm),
    criacao: iso(r.criadoEm),
  };
}

/** What a list may be narrowed to: one user (a consultant's own), and the filter of list-by-filtro. */
export type PaymentQuery = { usuarioId?: number; processoPagamentoId?: number; filter?: PaymentFilter };

function queryConditions(q: PaymentQuery): (SQL | undefined)[] {
  const f = q.filter;
  return [
    q.usuarioId !== undefined ? eq(processoPagamento.usuarioId, q.usuarioId) : undefined,
    q.processoPagamentoId !== undefined ? eq(processoPagamento.processoPagamentoId, q.processoPagamentoId) : undefined,
    f?.usuarioIds?.length ? inArray(processoPagamento.usuarioId, f.usuarioIds) : undefined,
    f?.contratoIds?.length ? inArray(processoPagamento.contratoId, f.contratoIds) : undefined,
    f?.status?.length ? inArray(processoPagamento.status, f.status) : undefined,
    // A process is in the filter's period when the two periods overlap.
    f?.inicio ? gte(processoPagamento.periodoFim, f.inicio) : undefined,
    f?.fim ? lte(processoPagamento.periodoInicio, f.fim) : undefined,
  ];
}

/** Processes newest first, with their contract's number and consultant's name. */
function selectRows(db: Conn, tenantId: string, q: PaymentQuery) {
  return db
    .select(rowColumns)
    .from(processoPagamento)
    .innerJoin(contrato, eq(contrato.contratoId, processoPagamento.contratoId))
    .innerJoin(usuario, eq(usuario.usuarioId, processoPagamento.usuarioId))
    .where(scoped(processoPagamento, tenantId, ...queryConditions(q)))
    .orderBy(desc(processoPagamento.criadoEm), desc(processoPagamento.processoPagamentoId))
    .$dynamic();
}

/** The processes in the list's order; with the filter's `limite`, the first ones only (the screen's first rows). */
export async function listPayments(db: Conn, tenantId: string, q: PaymentQuery): Promise<PaymentRow[]> {
  const rows = selectRows(db, tenantId, q);
  const limit = q.filter?.limite;
  return (await (limit === undefined ? rows : rows.limit(limit))).map(rowOf);
}

export async function findPayment(db: Conn, tenantId: string, processoPagamentoId: number): Promise<PaymentRow | null> {
  const [row] = await listPayments(db, tenantId, { processoPagamentoId });
  return row ?? null;
}

/** The process row locked for a change (analysis, SGF, signature), so two offices' clicks are ordered. */
export async function lockPayment(tx: Tx, tenantId: string, processoPagamentoId: number) {
  const [row] = await tx
    .select()
    .from(processoPagamento)
    .where(scoped(processoPagamento, tenantId, eq(processoPagamento.processoPagamentoId, processoPagamentoId)))
    .for('update');
  return row ?? null;
}

/** The field reports a process bills, or may bill. */
function reportSelect(db: Conn, tenantId: string) {
  const hours = taskHoursSubquery(db, tenantId);
  return db
    .select({
      relatorioId: relatorio.relatorioId,
      titulo: relatorio.titulo,
      criadoEm: relatorio.criadoEm,
      dia: dayOf(relatorio.criadoEm),
      municipioNome: municipio.nome,
      horasTarefas: hours.horas,
    })
    .from(relatorio)
    .innerJoin(municipio, eq(municipio.municipioId, relatorio.municipioId))
    .leftJoin(hours, eq(hours.relatorioId, relatorio.relatorioId));
}

type ReportRow = { relatorioId: number; titulo: string; criadoEm: Date; dia: string; municipioNome: string; horasTarefas: string | null };
export type BillableReportRow = BillableReport & { dia: string };
const billableReportOf = (r: ReportRow): BillableReportRow => ({
  relatorioId: r.relatorioId,
  titulo: r.titulo,
  criacao: iso(r.criadoEm),
  municipioNome: r.municipioNome,
  horasTarefas: Number(r.horasTarefas ?? 0),
  dia: r.dia,
});

/** The conditions of "may be billed": the user's, approved, created inside `range`, in no other process. */
function billableReportConditions(tenantId: string, usuarioId: number, range: Period, except?: number) {
  return scoped(
    relatorio,
    tenantId,
    eq(relatorio.usuarioId, usuarioId),
    eq(relatorio.statusRelatorioId, REPORT_STATUS.aprovado),
    sql`${dayOf(relatorio.criadoEm)} between ${range.inicio} and ${range.fim}`,
    notExists(
      sqlSelectBilled(processoPagamentoRelatorio, processoPagamentoRelatorio.relatorioId, relatorio.relatorioId, except),
    ),
  );
}

function sqlSelectBilled(
  table: typeof processoPagamentoRelatorio | typeof processoPagamentoRelatorioAdministrativo,
  billed: typeof processoPagamentoRelatorio.relatorioId | typeof processoPagamentoRelatorioAdministrativo.relatorioAdministrativoId,
  outer: typeof relatorio.relatorioId | typeof relatorioAdministrativo.relatorioAdministrativoId,
  except?: number,
) {
  return sql`(select 1 from ${table} where ${billed} = ${outer}${except === undefined ? sql`` : sql` and ${table.processoPagamentoId} <> ${except}`})`;
}

export async function billableReports(db: Conn, tenantId: string, usuarioId: number, range: Period, except?: number) {
  const rows = await reportSelect(db, tenantId)
    .where(billableReportConditions(tenantId, usuarioId, range, except))
    .orderBy(asc(relatorio.criadoEm), asc(relatorio.relatorioId));
  return rows.map(billableReportOf);
}

export async function billedReports(db: Conn, tenantId: string, processoPagamentoId: number) {
  const rows = await reportSelect(db, tenantId)
    .innerJoin(processoPagamentoRelatorio, eq(processoPagamentoRelatorio.relatorioId, relatorio.relatorioId))
    .where(scoped(processoPagamentoRelatorio, tenantId, eq(processoPagamentoRelatorio.processoPagamentoId, processoPagamentoId)))
    .orderBy(asc(relatorio.criadoEm), asc(relatorio.relatorioId));
  return rows.map(billableReportOf);
}

function adminSelect(db: Conn) {
  return db
    .select({
      relatorioAdministrativoId: relatorioAdministrativo.relatorioAdministrativoId,
      titulo: relatorioAdministrativo.titulo,
      criadoEm: relatorioAdministrativo.criadoEm,
      dia: dayOf(relatorioAdministrativo.criadoEm),
      horas: relatorioAdministrativo.horas,
    })
    .from(relatorioAdministrativo);
}
export type BillableAdminReportRow = BillableAdminReport & { dia: string };
const billableAdminOf = (r: { relatorioAdministrativoId: number; titulo: string; criadoEm: Date; dia: string; horas: number }): BillableAdminReportRow => ({
  relatorioAdministrativoId: r.relatorioAdministrativoId,
  titulo: r.titulo,
  criacao: iso(r.criadoEm),
  horas: r.horas,
  dia: r.dia,
});

export async function billableAdminReports(db: Conn, tenantId: string, usuarioId: number, range: Period, except?: number) {
  const rows = await adminSelect(db)
    .where(
      scoped(
        relatorioAdministrativo,
        tenantId,
        eq(relatorioAdministrativo.usuarioId, usuarioId),
        eq(relatorioAdministrativo.statusRelatorioId, REPORT_STATUS.aprovado),
        sql`${dayOf(relatorioAdministrativo.criadoEm)} between ${range.inicio} and ${range.fim}`,
        notExists(
          sqlSelectBilled(
            processoPagamentoRelatorioAdministrativo,
            processoPagamentoRelatorioAdministrativo.relatorioAdministrativoId,
            relatorioAdministrativo.relatorioAdministrativoId,
            except,
          ),
        ),
      ),
    )
    .orderBy(asc(relatorioAdministrativo.criadoEm), asc(relatorioAdministrativo.relatorioAdministrativoId));
  return rows.map(billableAdminOf);
}

export async function billedAdminReports(db: Conn, tenantId: string, processoPagamentoId: number) {
  const rows = await adminSelect(db)
    .innerJoin(
      processoPagamentoRelatorioAdministrativo,
      eq(processoPagamentoRelatorioAdministrativo.relatorioAdministrativoId, relatorioAdministrativo.relatorioAdministrativoId),
    )
    .where(
      scoped(
        processoPagamentoRelatorioAdministrativo,
        tenantId,
        eq(processoPagamentoRelatorioAdministrativo.processoPagamentoId, processoPagamentoId),
      ),
    )
    .orderBy(asc(relatorioAdministrativo.criadoEm));
  return rows.map(billableAdminOf);
}

/** How many processes the user has under the contract, and the latest period (excluding one being edited). */
export async function numberInfo(db: Conn, tenantId: string, usuarioId: number, contratoId: number, except?: number) {
  const where = scoped(
    processoPagamento,
    tenantId,
    eq(processoPagamento.usuarioId, usuarioId),
    eq(processoPagamento.contratoId, contratoId),
    except === undefined ? undefined : ne(processoPagamento.processoPagamentoId, except),
  );
  const [counted] = await db.select({ n: count() }).from(processoPagamento).where(where);
  const [last] = await db
    .select({ inicio: processoPagamento.periodoInicio, fim: processoPagamento.periodoFim })
    .from(processoPagamento)
    .where(where)
    .orderBy(desc(processoPagamento.periodoFim))
    .limit(1);
  return { quantidadeAtual: counted?.n ?? 0, ultimo: last ?? null };
}

export type PaymentValues = {
  usuarioId: number;
  contratoId: number;
  numero: string;
  codigoContratacao: string;
  periodo: Period;
  horas: number;
  total: number;
};

const valuesOf = (v: PaymentValues) => ({
  usuarioId: v.usuarioId,
  contratoId: v.contratoId,
  numero: v.numero.trim(),
  codigoContratacao: v.codigoContratacao.trim(),
  periodoInicio: v.periodo.inicio,
  periodoFim: v.periodo.fim,
  horas: v.horas,
  total: v.total,
});

export async function insertPayment(tx: Tx, tenantId: string, v: PaymentValues): Promise<number> {
  const [row] = await tx
    .insert(processoPagamento)
    .values(withTenant(tenantId, valuesOf(v)))
    .returning({ id: processoPagamento.processoPagamentoId });
  return row!.id;
}

/** An edit sends the process back to analysis: what was analysed is not what is there now. */
export async function updatePayment(tx: Tx, tenantId: string, id: number, v: PaymentValues) {
  await tx
    .update(processoPagamento)
    .set({ ...valuesOf(v), status: 'aberto', motivoRejeicao: null, analisadoPorId: null, analisadoEm: null })
    .where(scoped(processoPagamento, tenantId, eq(processoPagamento.processoPagamentoId, id)));
}

/** Replaces the billed reports; the unique indexes refuse a report another process bills (23505). */
export async function setBilled(tx: Tx, tenantId: string, id: number, relatorios: number[], administrativos: number[]) {
  await tx.delete(processoPagamentoRelatorio).where(scoped(processoPagamentoRelatorio, tenantId, eq(processoPagamentoRelatorio.processoPagamentoId, id)));
  await tx
    .delete(processoPagamentoRelatorioAdministrativo)
    .where(scoped(processoPagamentoRelatorioAdministrativo, tenantId, eq(processoPagamentoRelatorioAdministrativo.processoPagamentoId, id)));
  if (relatorios.length > 0)
    await tx.insert(processoPagamentoRelatorio).values(relatorios.map((relatorioId) => withTenant(tenantId, { processoPagamentoId: id, relatorioId })));
  if (administrativos.length > 0)
    await tx
      .insert(processoPagamentoRelatorioAdministrativo)
      .values(administrativos.map((relatorioAdministrativoId) => withTenant(tenantId, { processoPagamentoId: id, relatorioAdministrativoId })));
}

export async function setStatus(tx: Tx, tenantId: string, id: number, values: Partial<typeof processoPagamento.$inferInsert>) {
  await tx.update(processoPagamento).set(values).where(scoped(processoPagamento, tenantId, eq(processoPagamento.processoPagamentoId, id)));
}

export async function deletePayment(tx: Tx, tenantId: string, id: number) {
  await tx.delete(processoPagamento).where(scoped(processoPagamento, tenantId, eq(processoPagamento.processoPagamentoId, id)));
}

/** Signs once: only while the code's hash is there and matches. Null when it did not. */
export async function markSigned(tx: Tx, tenantId: string, id: number, codigoHash: string): Promise<boolean> {
  const done = await tx
    .update(processoPagamento)
    .set({ assinadoEm: sql`now()`, assinaturaCodigoHash: null })
    .where(
      scoped(
        processoPagamento,
        tenantId,
        eq(processoPagamento.processoPagamentoId, id),
        eq(processoPagamento.assinaturaCodigoHash, codigoHash),
        isNull(processoPagamento.assinadoEm),
      ),
    )
    .returning({ id: processoPagamento.processoPagamentoId });
  return done.length > 0;
}


/** The process's files with where their bytes are, for the downloads. */
export async function storedFiles(db: Conn, tenantId: string, processoPagamentoId: number) {
  return db
    .select({
      arquivoId: processoPagamentoArquivo.arquivoId,
      nome: processoPagamentoArquivo.nome,
      tamanho: processoPagamentoArquivo.tamanho,
      tipo: processoPagamentoArquivo.tipo,
      sha256: processoPagamentoArquivo.sha256,
      uploadId: processoPagamentoArquivo.uploadId,
      storageKey: processoPagamentoArquivo.storageKey,
      ownerId: processoPagamentoArquivo.processoPagamentoId,
    })
    .from(processoPagamentoArquivo)
    .where(scoped(processoPagamentoArquivo, tenantId, eq(processoPagamentoArquivo.processoPagamentoId, processoPagamentoId)))
    .orderBy(asc(processoPagamentoArquivo.arquivoId));
}

/** The consultant's e-mail, for the signature link. */
export async function emailOf(db: Conn, tenantId: string, usuarioId: number): Promise<string | null> {
  const [row] = await db.select({ email: usuario.email }).from(usuario).where(scoped(usuario, tenantId, eq(usuario.usuarioId, usuarioId)));
  return row?.email ?? null;
}
