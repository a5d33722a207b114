import { canEditSummary, SUMMARY_MESSAGES as M, type Summary, type SummaryCreate, type SummaryUpdate } from '../../../src/domain/municipality-summary.ts';
import type { PermissionContext } from '../../../src/domain/permissions.ts';
import type { Tx } from '../../lib/command.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { sanitizeReportHtml } from '../../lib/sanitize-html.ts';
import * as repo from './repository.ts';

/** The summaries' writes: the body is sanitised by the reports' rule (spec §5) before it is stored. */
export type Actor = { tenantId: string; ctx: PermissionContext };

const found = (row: Summary | null): Summary => {
  if (!row) throw notFound(M.notFound);
  return row;
};

export async function create(tx: Tx, actor: Actor, input: SummaryCreate): Promise<Summary> {
  const resumoId = await repo.insertSummary(tx, actor.tenantId, {
    municipioId: input.municipioId,
    titulo: input.titulo,
    texto: sanitizeReportHtml(input.texto),
    autorId: actor.ctx.usuario.usuarioId,
  });
  return found(await repo.findSummary(tx, actor.tenantId, resumoId));
}

/** The author or an administrator edits (the row's author is read here: the declaration cannot say it). */
export async function update(tx: Tx, actor: Actor, current: Summary, input: SummaryUpdate): Promise<Summary> {
  if (!canEditSummary(actor.ctx, current)) throw forbidden(M.notAuthor);
  const texto = sanitizeReportHtml(input.texto);
  if (!(await repo.updateSummary(tx, actor.tenantId, current.resumoId, { titulo: input.titulo, texto, atualizadoPorId: actor.ctx.usuario.usuarioId })))
    throw notFound(M.notFound);
  return found(await repo.findSummary(tx, actor.tenantId, current.resumoId));
}
