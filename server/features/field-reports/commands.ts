import { formatDate } from '../../../src/domain/format.ts';
import type { MunicipalityDetail } from '../../../src/domain/municipality.ts';
import type { PermissionContext } from '../../../src/domain/permissions.ts';
import { canAnalyseReports, canDeleteReport, canEditReport, REPORT_MESSAGES, shownTo } from '../../../src/domain/report-common.ts';
import {
  validateReportSave,
  type Report,
  type ReportAnalysis,
  type ReportCreate,
  type ReportSaveFields,
  type ReportUpdate,
} from '../../../src/domain/field-reports.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../../src/domain/uploads.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { badRequest, conflict, forbidden, notFound, pgCode } from '../../lib/errors.ts';
import { idsInMunicipality } from '../../lib/municipality-records.ts';
import { sanitizeReportHtml } from '../../lib/sanitize-html.ts';
import type { Storage } from '../../lib/storage.ts';
import * as repo from './repository.ts';
import { requireVisible } from './visibility.ts';

/**
 * The field reports' writes (spec §5, §7), each inside withCommand's transaction (server/lib/command.ts):
 * the report, its guests, tasks and claimed files commit with the request's idempotent answer, so a
 * retry after a crash replays the answer instead of writing twice. Access (src/contract/field-reports.ts)
 * has decided what it can say; the rules it cannot (the report's own visibility, its status, "admin
 * or podeAnalisarRelatorio") are here, each with its 403/404 message. The repository answers rows or
 * null; a report gone meanwhile is the same 404 as before.
 */

/** Who runs a command: the caller's session and tenant, the storage of the files, and the variant (AT wording of rule 2). */
export type Actor = {
  tenantId: string;
  ctx: PermissionContext & { usuario: { usuarioId: number } };
  storage: Storage;
  isAt: boolean;
};

/** The whole report as the caller may read it (without the reason where spec §6 hides it). */
export async function present(conn: Conn, ctx: PermissionContext, tenantId: string, relatorioId: number): Promise<Report> {
  const report = await repo.loadReport(conn, tenantId, relatorioId);
  if (!report) throw notFound(REPORT_MESSAGES.naoEncontrado);
  return shownTo(ctx, report);
}

/** A report the caller may see (the author anywhere, an analyst in a municipality they see), else 404. */
export async function visible(conn: Conn, ctx: PermissionContext, tenantId: string, relatorioId: number): Promise<repo.ReportRef> {
  return requireVisible(ctx, await repo.findReportRef(conn, tenantId, relatorioId));
}

/** Guests must be members and tasks must be tasks of the report's municipality. */
async function checkLinks(
  tx: Tx,
  tenantId: string,
  municipioId: number,
  input: Pick<ReportCreate, 'convidadosRelatorio' | 'tarefasRelatorio'>,
): Promise<void> {
  const membroIds = input.convidadosRelatorio.map((g) => g.membroId);
  const members = await idsInMunicipality(
    tx,
    tenantId,
    municipioId,
    'membro',
    membroIds.filter((id) => id > 0),
  );
  if (membroIds.some((id) => !members.has(id))) throw badRequest(REPORT_MESSAGES.convidadoInvalido);
  const taskIds = input.tarefasRelatorio.map((t) => t.municipioTarefaId);
  const tasks = await idsInMunicipality(tx, tenantId, municipioId, 'tarefa', taskIds);
  if (taskIds.some((id) => !tasks.has(id))) throw badRequest(REPORT_MESSAGES.tarefaInvalida);
}

/** Spec §9's 25 MB applies to all the files of a report together, not only to each one. */
async function checkTotalSize(tx: Tx, tenantId: string, relatorioId: number): Promise<void> {
  if ((await repo.storedBytes(tx, tenantId, relatorioId)) > MAX_UPLOAD_BYTES) throw badRequest(UPLOAD_MESSAGES.totalGrande);
}

/** Spec §5, checked on what will be stored (the description sanitised: one that is only a script has no text). */
function validated<T extends ReportSaveFields>(body: T, uf: string, actor: Actor): T {
  const result = validateReportSave(body, { uf, mode: { isAT: actor.isAt } });
  if (!result.ok) throw badRequest(result.message);
  return result.value;
}

/** POST api/relatorio: access has checked novoRelatorio and the municipality (`municipality`). */
export async function create(tx: Tx, actor: Actor, municipality: MunicipalityDetail, body: ReportCreate): Promise<Report> {
  const { tenantId, ctx } = actor;
  const input = validated({ ...body, descricao: sanitizeReportHtml(body.descricao) }, municipality.uf, actor);
  const meeting = await repo.findMeeting(tx, tenantId, input.encontroId!);
  if (!meeting || meeting.municipioId !== input.municipioId) throw badRequest(REPORT_MESSAGES.encontroNaoEncontrado);
  if (await repo.meetingHasReport(tx, tenantId, meeting.encontroId)) throw conflict(REPORT_MESSAGES.encontroComRelatorio);
  await checkLinks(tx, tenantId, input.municipioId, input);
  let relatorioId: number;
  try {
    relatorioId = await repo.insertReport(tx, actor.storage, {
      tenantId,
      usuarioId: ctx.usuario.usuarioId,
      input: {
        ...input,
        encontroId: meeting.encontroId,
        // The form fills it from the meeting (spec §2); an API client that left it empty gets the same.
        titulo: input.titulo || `${meeting.grupoNome} - ${formatDate(meeting.inicio)}`,
      },
    });
  } catch (error) {
    // The unique index on encontro_id: a second report of the same meeting written at the same time.
    if (pgCode(error) === '23505') throw conflict(REPORT_MESSAGES.encontroComRelatorio);
    throw error;
  }
  await checkTotalSize(tx, tenantId, relatorioId);
  return present(tx, ctx, tenantId, relatorioId);
}

/**
 * PUT api/relatorio: the author's edit until approval; back to waiting for analysis. `removed`
 * receives the storage keys of the files taken off, removed once the transaction has committed.
 */
export async function update(tx: Tx, actor: Actor, body: ReportUpdate, removed: string[]): Promise<Report> {
  const { tenantId, ctx } = actor;
  const ref = await visible(tx, ctx, tenantId, body.relatorioId);
  if (!canEditReport(ctx, ref)) throw forbidden(REPORT_MESSAGES.semPermissaoEditar);
  const municipality = await repo.findMunicipality(tx, tenantId, ref.municipioId);
  if (!municipality) throw notFound(REPORT_MESSAGES.naoEncontrado);
  // The meeting is fixed at creation (rule 2 holds for it); a report whose meeting was deleted since stays editable.
  const clean = { ...body, descricao: sanitizeReportHtml(body.descricao), encontroId: ref.encontroId ?? ('excluido' as const) };
  const input = validated(clean, municipality.uf, actor);
  await checkLinks(tx, tenantId, ref.municipioId, input);
  removed.push(
    ...(await repo.updateReport(tx, actor.storage, {
      tenantId,
      usuarioId: ctx.usuario.usuarioId,
      input: { ...input, encontroId: ref.encontroId, titulo: input.titulo || ref.titulo },
    })),
  );
  await checkTotalSize(tx, tenantId, ref.relatorioId);
  return present(tx, ctx, tenantId, ref.relatorioId);
}

/** DELETE api/relatorio/{id}: the author while it waits for analysis, or an admin. */
export async function remove(tx: Tx, actor: Actor, relatorioId: number, removed: string[]): Promise<null> {
  const ref = await visible(tx, actor.ctx, actor.tenantId, relatorioId);
  if (!canDeleteReport(actor.ctx, ref)) throw forbidden(REPORT_MESSAGES.semPermissaoExcluir);
  removed.push(...(await repo.deleteReport(tx, actor.tenantId, ref.relatorioId)));
  return null;
}

/**
 * PUT api/relatorio/analisar-relatorio. Not in the declaration: "admin or podeAnalisarRelatorio"
 * with its own message, decided before the report's visibility (an analyst's 403 is not a 404).
 */
export async function analyse(tx: Tx, actor: Actor, body: ReportAnalysis): Promise<Report> {
  const { tenantId, ctx } = actor;
  if (!canAnalyseReports(ctx)) throw forbidden(REPORT_MESSAGES.semPermissaoAnalisar);
  const ref = await visible(tx, ctx, tenantId, body.relatorioId);
  await repo.analyseReport(tx, {
    tenantId,
    relatorioId: ref.relatorioId,
    aprovado: body.aprovado,
    motivoRejeicao: body.motivoRejeicao?.trim() || null,
    analisadoPorId: ctx.usuario.usuarioId,
  });
  return present(tx, ctx, tenantId, ref.relatorioId);
}
