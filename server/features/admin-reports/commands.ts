import {
  ADMIN_REPORT_MESSAGES,
  type AdminReport,
  type AdminReportAnalysis,
  type AdminReportCreate,
  type AdminReportUpdate,
} from '../../../src/domain/admin-reports.ts';
import { canSeeMunicipality, isAdmin, type PermissionContext } from '../../../src/domain/permissions.ts';
import {
  canAnalyseReports,
  canDeleteReport,
  canEditReport,
  canSeeReport,
  htmlHasText,
  REPORT_MESSAGES,
  shownTo,
} from '../../../src/domain/report-common.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { sanitizeReportHtml } from '../../lib/sanitize-html.ts';
import type { Storage } from '../../lib/storage.ts';
import { ATTACHMENT_NOT_FOUND, type AttachmentOfReport } from './access.ts';
import * as repo from './repository.ts';

/**
 * The administrative reports' writes, each inside withCommand's transaction (server/lib/command.ts),
 * which also commits the request's idempotent answer. Access (src/contract/admin-reports.ts) has
 * found the report or file and decided who may see it; the rules that read the report's status or
 * are "admin or flag" are here, with their own messages. `removed` receives the storage keys of
 * detached files, removed by the route once the transaction has committed.
 */

export type Actor = { tenantId: string; ctx: PermissionContext & { usuario: { usuarioId: number } }; storage: Storage };

/** The report as its answers carry it, read in the command's transaction. */
async function present(conn: Conn, tenantId: string, id: number): Promise<AdminReport> {
  const report = await repo.findAdminReport(conn, tenantId, id);
  if (!report) throw notFound(ADMIN_REPORT_MESSAGES.naoEncontrado);
  return repo.withStatusName(report);
}

/** The sanitised description must still have text: "<script>…</script>" alone is an empty report. */
function cleanDescription(html: string): string {
  const clean = sanitizeReportHtml(html);
  if (!htmlHasText(clean)) throw badRequest(ADMIN_REPORT_MESSAGES.descricaoObrigatoria);
  return clean;
}

/** Access has checked novoRelatorio and the municipality of the body. */
export async function create(tx: Tx, actor: Actor, input: AdminReportCreate): Promise<AdminReport> {
  const descricao = cleanDescription(input.descricao);
  const id = await repo.insertAdminReport(tx, actor.storage, actor.tenantId, {
    municipioId: input.municipioId,
    usuarioId: actor.ctx.usuario.usuarioId,
    uploadIds: input.arquivosUploadIds,
    titulo: input.titulo,
    horas: input.horas,
    descricao,
  });
  return present(tx, actor.tenantId, id);
}

/** The author's edit while the report is not approved (the status is the report's: not sayable in access). */
export async function update(
  tx: Tx,
  actor: Actor,
  report: repo.StoredAdminReport,
  input: AdminReportUpdate,
  removed: string[],
): Promise<AdminReport> {
  if (!canEditReport(actor.ctx, report)) throw forbidden(REPORT_MESSAGES.semPermissaoEditar);
  const attached = new Set(report.arquivos.map((a) => a.arquivoId));
  if (input.arquivosExcluidosIds.some((arquivoId) => !attached.has(arquivoId))) throw notFound(ATTACHMENT_NOT_FOUND);
  const descricao = cleanDescription(input.descricao);
  removed.push(
    ...(await repo.updateAdminReport(tx, actor.storage, actor.tenantId, report.relatorioAdministrativoId, {
      usuarioId: actor.ctx.usuario.usuarioId,
      uploadIds: input.arquivosUploadIds,
      titulo: input.titulo,
      horas: input.horas,
      descricao,
      removeArquivoIds: input.arquivosExcluidosIds,
    })),
  );
  return present(tx, actor.tenantId, report.relatorioAdministrativoId);
}

/**
 * Not in the declaration: "admin or podeAnalisarRelatorio" with its own message, decided before the
 * report is looked for (a consultant gets 403, not the 404 of a report out of sight).
 */
export async function analyse(tx: Tx, actor: Actor, input: AdminReportAnalysis): Promise<AdminReport> {
  const { ctx, tenantId } = actor;
  if (!canAnalyseReports(ctx)) throw forbidden(REPORT_MESSAGES.semPermissaoAnalisar);
  const report = await repo.findAdminReport(tx, tenantId, input.relatorioAdministrativoId);
  if (!report || !canSeeReport(ctx, report) || !canSeeMunicipality(ctx, report.municipioId)) {
    throw notFound(ADMIN_REPORT_MESSAGES.naoEncontrado);
  }
  await repo.analyseAdminReport(tx, tenantId, report.relatorioAdministrativoId, {
    aprovado: input.aprovado,
    motivoRejeicao: input.motivoRejeicao?.trim() || null,
    analisadoPorId: ctx.usuario.usuarioId,
  });
  return present(tx, tenantId, report.relatorioAdministrativoId);
}

/** The author while it waits for analysis; admins always. */
export async function remove(tx: Tx, actor: Actor, report: repo.StoredAdminReport, removed: string[]): Promise<null> {
  if (!canDeleteReport(actor.ctx, report)) throw forbidden(REPORT_MESSAGES.semPermissaoExcluir);
  removed.push(...(await repo.deleteAdminReport(tx, actor.tenantId, report.relatorioAdministrativoId)));
  return null;
}

/** One file off the report: its author while they may edit it; admins always. */
export async function removeAttachment(tx: Tx, actor: Actor, file: AttachmentOfReport, removed: string[]): Promise<AdminReport> {
  const { ctx, tenantId } = actor;
  if (!isAdmin(ctx.usuario) && !canEditReport(ctx, file.report)) throw forbidden(REPORT_MESSAGES.semPermissaoEditar);
  removed.push(...(await repo.removeAttachment(tx, tenantId, file.report.relatorioAdministrativoId, file.arquivoId)));
  return shownTo(ctx, await present(tx, tenantId, file.report.relatorioAdministrativoId));
}
