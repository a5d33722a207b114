import { and, asc, count, desc, eq, inArray, isNotNull, sql, sum, type SQL } from 'drizzle-orm';
import { REPORT_STATUS, reportStatusName } from '../../../src/domain/report-common.ts';
import {
  type PublicReport,
  type Report,
  type ReportCreate,
  type ReportRichListItem,
  type ReportUpdate,
} from '../../../src/domain/field-reports.ts';
import type { Db } from '../../db/client.ts';
import {
  encontro,
  membro,
  municipio,
  municipioGrupo,
  municipioTarefa,
  relatorio,
  relatorioArquivo,
  relatorioConvidado,
  relatorioTarefa,
  usuario,
} from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import {
  deleteAttachments,
  findAttachment,
  insertAttachments,
  listAttachments,
  REPORT_ATTACHMENTS as FILES,
} from '../../lib/attachments.ts';
import { analysisColumns, createdOnDays, newPublicCode } from '../../lib/report-records.ts';
import type { Storage } from '../../lib/storage.ts';
import { evidencesByTask } from '../../lib/task-evidences.ts';
import { claimUploads } from '../uploads/claims.ts';
import type { ReportScoreCounts } from '../../../src/domain/report-statistics.ts';
import type { Conn, Tx } from '../../lib/command.ts';

/** What the permission rules and the routes need to know about a report before loading all of it. */
export type ReportRef = {
  relatorioId: number;
  titulo: string;
  municipioId: number;
  usuarioId: number;
  statusRelatorioId: number;
  encontroId: number | null;
};

/**
 * Which reports a query may return. Undefined fields do not restrict; an empty id list matches
 * nothing. `autorId` is the visibility rule for users who are not analysts (their own reports only).
 */
export type ReportQuery = {
  municipioIds?: number[];
  usuarioIds?: number[];
  statusRelatorioIds?: number[];
  autorId?: number;
  /** Inclusive São Paulo days ("2025-03-01") of the creation date. */
  inicio?: string | null;
  fim?: string | null;
};

export async function findMunicipality(db: Db, tenantId: string, municipioId: number) {
  const [row] = await db
    .select({ municipioId: municipio.municipioId, nome: municipio.nome, uf: municipio.uf })
    .from(municipio)
    .where(scoped(municipio, tenantId, eq(municipio.municipioId, municipioId)));
  return row ?? null;
}

export async function findMeeting(db: Db, tenantId: string, encontroId: number) {
  const [row] = await db
    .select({
      encontroId: encontro.encontroId,
      municipioId: encontro.municipioId,
      grupoNome: municipioGrupo.nome,
      inicio: encontro.inicio,
    })
    .from(encontro)
    .innerJoin(municipioGrupo, eq(municipioGrupo.grupoId, encontro.grupoId))
    .where(scoped(encontro, tenantId, eq(encontro.encontroId, encontroId)));
  return row ?? null;
}

export async function meetingHasReport(db: Db, tenantId: string, encontroId: number): Promise<boolean> {
  const [row] = await db
    .select({ relatorioId: relatorio.relatorioId })
    .from(relatorio)
    .where(scoped(relatorio, tenantId, eq(relatorio.encontroId, encontroId)));
  return row !== undefined;
}

export async function findReportRef(db: Db, tenantId: string, relatorioId: number): Promise<ReportRef | null> {
  const [row] = await db
    .select({
      relatorioId: relatorio.relatorioId,
      titulo: relatorio.titulo,
      municipioId: relatorio.municipioId,
      usuarioId: relatorio.usuarioId,
      statusRelatorioId: relatorio.statusRelatorioId,
      encontroId: relatorio.encontroId,
    })
    .from(relatorio)
    .where(scoped(relatorio, tenantId, eq(relatorio.relatorioId, relatorioId)));
  return row ?? null;
}

type BodyFields = Omit<
  ReportCreate,
  'municipioId' | 'encontroId' | 'convidadosRelatorio' | 'tarefasRelatorio' | 'arquivosUploadIds' | 'motivoRejeicao'
>;

/** The stored columns a create or an edit writes; descricao arrives already sanitised. */
function columnsOf(input: BodyFields) {
  return {
    titulo: input.titulo,
    descricao: input.descricao,
    pjAtendidas: input.pjAtendidas,
    pfAtendidas: input.pfAtendidas,
    tipoExecucaoRelatorioId: input.tipoExecucaoRelatorioId,
    horasUtilizadasString: input.horasUtilizadasString,
    inicioString: input.inicioString,
    fimString: input.fimString,
    observacoes: input.observacoes,
    complemento: input.complemento,
  };
}

async function writeLinks(
  tx: Tx,
  storage: Storage,
  tenantId: string,
  usuarioId: number,
  relatorioId: number,
  input: Pick<ReportCreate, 'convidadosRelatorio' | 'tarefasRelatorio' | 'arquivosUploadIds'>,
) {
  if (input.convidadosRelatorio.length > 0) {
    await tx
      .insert(relatorioConvidado)
      .values(input.convidadosRelatorio.map((g) => withTenant(tenantId, { relatorioId, membroId: g.membroId, presente: g.presente })));
  }
  if (input.tarefasRelatorio.length > 0) {
    await tx
      .insert(relatorioTarefa)
      .values(
        input.tarefasRelatorio.map((t) =>
          withTenant(tenantId, { relatorioId, municipioTarefaId: t.municipioTarefaId, cumprida: t.cumprida }),
        ),
      );
  }
  const files = await claimUploads(tx, storage, { tenantId, usuarioId, uploadIds: input.arquivosUploadIds, finalidade: 'anexo' });
  await insertAttachments(tx, tenantId, FILES, relatorioId, files);
}

/** Bytes of all the report's files together (spec §9's 25 MB is for the report, not only each file). */
export async function storedBytes(conn: Conn, tenantId: string, relatorioId: number): Promise<number> {
  const [stored] = await conn
    .select({ total: sum(relatorioArquivo.tamanho).mapWith(Number) })
    .from(relatorioArquivo)
    .where(scoped(relatorioArquivo, tenantId, eq(relatorioArquivo.relatorioId, relatorioId)));
  return stored?.total ?? 0;
}

/**
 * The report, its guests, tasks and claimed files, inside the command's transaction (all exist or
 * none does). The unique index on encontro_id refuses a concurrent second report of the same
 * meeting (a unique violation, which the command answers 409).
 */
export async function insertReport(
  tx: Tx,
  storage: Storage,
  opts: { tenantId: string; usuarioId: number; input: ReportCreate & { encontroId: number } },
): Promise<number> {
  const { tenantId, usuarioId, input } = opts;
  const [row] = await tx
    .insert(relatorio)
    .values(
      withTenant(tenantId, {
        ...columnsOf(input),
        municipioId: input.municipioId,
        encontroId: input.encontroId,
        usuarioId,
        statusRelatorioId: REPORT_STATUS.enviado,
        codigoPublico: newPublicCode(),
      }),
    )
    .returning({ relatorioId: relatorio.relatorioId });
  await writeLinks(tx, storage, tenantId, usuarioId, row!.relatorioId, input);
  return row!.relatorioId;
}

/**
 * The author's edit: fields, guests and tasks replaced, files added and removed, and the report
 * goes back to waiting for analysis. Resolves with the storage keys of removed files, to delete
 * once the transaction has committed (bytes are never removed for a change that rolled back).
 */
export async function updateReport(
  tx: Tx,
  storage: Storage,
  opts: { tenantId: string; usuarioId: number; input: ReportUpdate },
): Promise<string[]> {
  const { tenantId, usuarioId, input } = opts;
  await tx
    .update(relatorio)
    .set({ ...columnsOf(input), statusRelatorioId: REPORT_STATUS.enviado, atualizadoEm: sql`now()` })
    .where(scoped(relatorio, tenantId, eq(relatorio.relatorioId, input.relatorioId)));
  await tx.delete(relatorioConvidado).where(scoped(relatorioConvidado, tenantId, eq(relatorioConvidado.relatorioId, input.relatorioId)));
  await tx.delete(relatorioTarefa).where(scoped(relatorioTarefa, tenantId, eq(relatorioTarefa.relatorioId, input.relatorioId)));
  const removed = await deleteAttachments(tx, tenantId, FILES, input.relatorioId, input.arquivosExcluidosIds);
  await writeLinks(tx, storage, tenantId, usuarioId, input.relatorioId, input);
  return removed;
}

/** Resolves with the storage keys of the report's files, to delete after the commit. */
export async function deleteReport(tx: Tx, tenantId: string, relatorioId: number): Promise<string[]> {
  const keys = await deleteAttachments(tx, tenantId, FILES, relatorioId, 'all');
  await tx.delete(relatorio).where(scoped(relatorio, tenantId, eq(relatorio.relatorioId, relatorioId)));
  return keys;
}

export async function analyseReport(
  db: Db,
  opts: { tenantId: string; relatorioId: number; aprovado: boolean; motivoRejeicao: string | null; analisadoPorId: number },
): Promise<void> {
  await db
    .update(relatorio)
    .set(analysisColumns(opts))
    .where(scoped(relatorio, opts.tenantId, eq(relatorio.relatorioId, opts.relatorioId)));
}

/** Hours of the fulfilled tasks per report (what a payment process adds up). */
export function taskHoursSubquery(db: Db, tenantId: string) {
  return db
    .select({
      relatorioId: relatorioTarefa.relatorioId,
      horas: sql<string>`coalesce(sum(${municipioTarefa.horas}), 0)`.as('horas'),
    })
    .from(relatorioTarefa)
    .innerJoin(municipioTarefa, eq(municipioTarefa.municipioTarefaId, relatorioTarefa.municipioTarefaId))
    .where(and(eq(relatorioTarefa.tenantId, tenantId), eq(relatorioTarefa.cumprida, true)))
    .groupBy(relatorioTarefa.relatorioId)
    .as('horas_tarefas');
}

function fileCountSubquery(db: Db, tenantId: string) {
  return db
    .select({ relatorioId: relatorioArquivo.relatorioId, quantidade: count().as('quantidade') })
    .from(relatorioArquivo)
    .where(eq(relatorioArquivo.tenantId, tenantId))
    .groupBy(relatorioArquivo.relatorioId)
    .as('quantidade_arquivos');
}

function queryConditions(q: ReportQuery): (SQL | undefined)[] {
  return [
    q.municipioIds ? inArray(relatorio.municipioId, q.municipioIds) : undefined,
    q.usuarioIds ? inArray(relatorio.usuarioId, q.usuarioIds) : undefined,
    q.statusRelatorioIds ? inArray(relatorio.statusRelatorioId, q.statusRelatorioIds) : undefined,
    q.autorId !== undefined ? eq(relatorio.usuarioId, q.autorId) : undefined,
    ...createdOnDays(relatorio.criadoEm, q.inicio, q.fim),
  ];
}

/** Rows with everything the lists and aggregates need; motivoRejeicao is filtered by the routes (spec §6). */
export async function listReports(db: Db, tenantId: string, q: ReportQuery): Promise<ReportRichListItem[]> {
  for (const ids of [q.municipioIds, q.usuarioIds, q.statusRelatorioIds]) if (ids && ids.length === 0) return [];
  const hours = taskHoursSubquery(db, tenantId);
  const files = fileCountSubquery(db, tenantId);
  const rows = await db
    .select({
      relatorioId: relatorio.relatorioId,
      municipioId: relatorio.municipioId,
      titulo: relatorio.titulo,
      motivoRejeicao: relatorio.motivoRejeicao,
      usuarioId: relatorio.usuarioId,
      usuarioNome: usuario.nome,
      criadoEm: relatorio.criadoEm,
      statusRelatorioId: relatorio.statusRelatorioId,
      municipioNome: municipio.nome,
      uf: municipio.uf,
      encontroId: relatorio.encontroId,
      tipoExecucaoRelatorioId: relatorio.tipoExecucaoRelatorioId,
      horasUtilizadasString: relatorio.horasUtilizadasString,
      horasTarefas: hours.horas,
      pjAtendidas: relatorio.pjAtendidas,
      pfAtendidas: relatorio.pfAtendidas,
      quantidadeArquivos: files.quantidade,
    })
    .from(relatorio)
    .innerJoin(usuario, eq(usuario.usuarioId, relatorio.usuarioId))
    .innerJoin(municipio, eq(municipio.municipioId, relatorio.municipioId))
    .leftJoin(hours, eq(hours.relatorioId, relatorio.relatorioId))
    .leftJoin(files, eq(files.relatorioId, relatorio.relatorioId))
    .where(scoped(relatorio, tenantId, ...queryConditions(q)))
    .orderBy(desc(relatorio.criadoEm), desc(relatorio.relatorioId));
  return rows.map((r) => ({
    relatorioId: r.relatorioId,
    municipioId: r.municipioId,
    titulo: r.titulo,
    motivoRejeicao: r.motivoRejeicao,
    usuarioId: r.usuarioId,
    usuario: { nome: r.usuarioNome },
    criacao: r.criadoEm.toISOString(),
    statusRelatorioId: r.statusRelatorioId,
    municipio: { nome: r.municipioNome, uf: r.uf },
    encontroId: r.encontroId,
    tipoExecucaoRelatorioId: r.tipoExecucaoRelatorioId,
    horasUtilizadasString: r.horasUtilizadasString,
    horasTarefas: Number(r.horasTarefas ?? 0),
    pjAtendidas: r.pjAtendidas,
    pfAtendidas: r.pfAtendidas,
    quantidadeArquivos: Number(r.quantidadeArquivos ?? 0),
  }));
}

/** The whole report (spec §3) with the stored rejection reason; the routes strip it where §6 says so. */
export async function loadReport(db: Db, tenantId: string, relatorioId: number): Promise<Report | null> {
  const [row] = await db
    .select({
      r: relatorio,
      usuarioNome: usuario.nome,
      municipioNome: municipio.nome,
      uf: municipio.uf,
      encontroInicio: encontro.inicio,
      encontroFim: encontro.fim,
      grupoNome: municipioGrupo.nome,
    })
    .from(relatorio)
    .innerJoin(usuario, eq(usuario.usuarioId, relatorio.usuarioId))
    .innerJoin(municipio, eq(municipio.municipioId, relatorio.municipioId))
    .leftJoin(encontro, eq(encontro.encontroId, relatorio.encontroId))
    .leftJoin(municipioGrupo, eq(municipioGrupo.grupoId, encontro.grupoId))
    .where(scoped(relatorio, tenantId, eq(relatorio.relatorioId, relatorioId)));
  if (!row) return null;
  const r = row.r;

  const guests = await db
    .select({
      membroId: relatorioConvidado.membroId,
      nome: membro.nome,
      cpf: membro.cpf,
      email: membro.email,
      presente: relatorioConvidado.presente,
    })
    .from(relatorioConvidado)
    .innerJoin(membro, eq(membro.membroId, relatorioConvidado.membroId))
    .where(scoped(relatorioConvidado, tenantId, eq(relatorioConvidado.relatorioId, relatorioId)))
    .orderBy(asc(membro.nome), asc(membro.membroId));

  const tasks = await db
    .select({
      municipioTarefaId: relatorioTarefa.municipioTarefaId,
      nome: municipioTarefa.nome,
      horas: municipioTarefa.horas,
      cumprida: relatorioTarefa.cumprida,
    })
    .from(relatorioTarefa)
    .innerJoin(municipioTarefa, eq(municipioTarefa.municipioTarefaId, relatorioTarefa.municipioTarefaId))
    .where(scoped(relatorioTarefa, tenantId, eq(relatorioTarefa.relatorioId, relatorioId)))
    .orderBy(asc(relatorioTarefa.id));
  const evidences = await evidencesByTask(db, tenantId, tasks, { enabledOnly: false });

  const files = await listAttachments(db, tenantId, FILES, relatorioId);

  return {
    relatorioId: r.relatorioId,
    titulo: r.titulo,
    descricao: r.descricao,
    encontroId: r.encontroId,
    encontro:
      r.encontroId !== null && row.encontroInicio && row.encontroFim
        ? {
            encontroId: r.encontroId,
            grupoNome: row.grupoNome ?? '',
            inicio: row.encontroInicio.toISOString(),
            fim: row.encontroFim.toISOString(),
          }
        : null,
    municipioId: r.municipioId,
    municipio: { nome: row.municipioNome, uf: row.uf },
    usuarioId: r.usuarioId,
    usuario: { nome: row.usuarioNome },
    criacao: r.criadoEm.toISOString(),
    statusRelatorioId: r.statusRelatorioId,
    statusNome: reportStatusName(r.statusRelatorioId),
    motivoRejeicao: r.motivoRejeicao,
    complemento: r.complemento,
    observacoes: r.observacoes,
    pjAtendidas: r.pjAtendidas,
    pfAtendidas: r.pfAtendidas,
    tipoExecucaoRelatorioId: r.tipoExecucaoRelatorioId,
    horasUtilizadasString: r.horasUtilizadasString,
    inicioString: r.inicioString,
    fimString: r.fimString,
    horasTarefas: tasks.filter((t) => t.cumprida).reduce((total, t) => total + Number(t.horas), 0),
    convidadosRelatorio: guests,
    tarefasRelatorio: tasks.map((t) => ({
      municipioTarefaId: t.municipioTarefaId,
      municipioTarefa: {
        municipioTarefaId: t.municipioTarefaId,
        nome: t.nome,
        horas: Number(t.horas),
        municipioEvidencias: evidences.get(t.municipioTarefaId) ?? [],
      },
      cumprida: t.cumprida,
    })),
    arquivos: files,
    codigoPublico: r.codigoPublico,
  };
}

export async function findReportIdByPublicCode(db: Db, tenantId: string, codigo: string): Promise<number | null> {
  const [row] = await db
    .select({ relatorioId: relatorio.relatorioId })
    .from(relatorio)
    .where(scoped(relatorio, tenantId, eq(relatorio.codigoPublico, codigo)));
  return row?.relatorioId ?? null;
}

/** Only what a shared link shows: no contact data, CPF, author, status or rejection reason. */
export function toPublicReport(report: Report): PublicReport {
  return {
    titulo: report.titulo,
    municipio: report.municipio,
    data: report.encontro?.inicio ?? report.criacao,
    descricao: report.descricao,
    convidados: report.convidadosRelatorio.map((g) => ({ nome: g.nome, presente: g.presente })),
    tarefas: report.tarefasRelatorio.map((t) => ({ nome: t.municipioTarefa.nome, cumprida: t.cumprida })),
    arquivos: report.arquivos.map((f) => ({ nome: f.nome })),
  };
}

/** A report's attachment; its ownerId is the report's id. */
export async function findFile(db: Db, tenantId: string, arquivoId: number) {
  return findAttachment(db, tenantId, FILES, arquivoId);
}

/** Counts behind relatorio-municipio-pontuacao, straight from the municipality's rows. */
export async function scoreCounts(db: Db, tenantId: string, municipioId: number): Promise<ReportScoreCounts> {
  const [meetings] = await db
    .select({ n: count() })
    .from(encontro)
    .where(scoped(encontro, tenantId, eq(encontro.municipioId, municipioId)));
  const [reports] = await db
    .select({
      n: count(),
      aprovados: sql<number>`count(*) filter (where ${relatorio.statusRelatorioId} = ${REPORT_STATUS.aprovado})`.mapWith(Number),
      comEncontro: sql<number>`count(${relatorio.encontroId})`.mapWith(Number),
    })
    .from(relatorio)
    .where(scoped(relatorio, tenantId, eq(relatorio.municipioId, municipioId)));
  const [tasks] = await db
    .select({
      n: count(),
      cumpridas: sql<number>`count(*) filter (where ${relatorioTarefa.cumprida})`.mapWith(Number),
      horas: sum(sql`case when ${relatorioTarefa.cumprida} then ${municipioTarefa.horas} else 0 end`).mapWith(Number),
    })
    .from(relatorioTarefa)
    .innerJoin(relatorio, eq(relatorio.relatorioId, relatorioTarefa.relatorioId))
    .innerJoin(municipioTarefa, eq(municipioTarefa.municipioTarefaId, relatorioTarefa.municipioTarefaId))
    .where(scoped(relatorioTarefa, tenantId, eq(relatorio.municipioId, municipioId)));
  const [guests] = await db
    .select({
      n: count(),
      presentes: sql<number>`count(*) filter (where ${relatorioConvidado.presente})`.mapWith(Number),
    })
    .from(relatorioConvidado)
    .innerJoin(relatorio, eq(relatorio.relatorioId, relatorioConvidado.relatorioId))
    .where(scoped(relatorioConvidado, tenantId, eq(relatorio.municipioId, municipioId)));
  return {
    encontros: meetings?.n ?? 0,
    encontrosComRelatorio: reports?.comEncontro ?? 0,
    relatorios: reports?.n ?? 0,
    aprovados: reports?.aprovados ?? 0,
    tarefas: tasks?.n ?? 0,
    tarefasCumpridas: tasks?.cumpridas ?? 0,
    convidados: guests?.n ?? 0,
    presentes: guests?.presentes ?? 0,
    horasTarefas: tasks?.horas ?? 0,
  };
}

/** Present guests with an e-mail: who gets the satisfaction survey of a report. */
export async function presentGuestEmails(db: Db, tenantId: string, relatorioId: number) {
  return db
    .select({ nome: membro.nome, email: membro.email })
    .from(relatorioConvidado)
    .innerJoin(membro, eq(membro.membroId, relatorioConvidado.membroId))
    .where(
      scoped(
        relatorioConvidado,
        tenantId,
        eq(relatorioConvidado.relatorioId, relatorioId),
        eq(relatorioConvidado.presente, true),
        isNotNull(membro.email),
      ),
    )
    .orderBy(asc(membro.nome));
}

