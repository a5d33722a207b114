import type { FastifyRequest } from 'fastify';
import {
  applyAnswers,
  canCreateFollowup,
  canFinalizeFollowup,
  FOLLOWUP_MESSAGES,
  type AnswerItem,
  type Followup,
  type NewFollowupResponse,
} from '../../../src/domain/followups.ts';
import type { PermissionContext } from '../../../src/domain/permissions.ts';
import { withCommand, type Tx } from '../../lib/command.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * The follow-up writes (spec §4, §7). Answers and finalization run inside withCommand's transaction
 * on the follow-up's row locked FOR UPDATE, so of two concurrent answers to a non-recurrent question
 * the first wins and the second, which then sees it, is refused (409). The repository answers rows
 * or null; a follow-up gone since access found it is a 404 here.
 */

const REFUSAL_STATUS: Record<string, (message: string) => Error> = {
  [FOLLOWUP_MESSAGES.finalized]: conflict,
  [FOLLOWUP_MESSAGES.answerLocked]: conflict,
};

/**
 * Opens the municipality's open follow-up of the scope's theme (null: its diagnostic one), or
 * creates it. Creating needs canCreateFollowup (403); an existing follow-up is opened by whoever may
 * read it. Not one withCommand around it all: a unique violation (another request created it
 * meanwhile) aborts the transaction, and the winner is read after it.
 */
export async function openOrCreate(
  request: FastifyRequest,
  input: { municipioId: number; nome: string; scope: repo.QuestionScope },
): Promise<NewFollowupResponse> {
  const { db } = request.server;
  const tenantId = request.tenant.id;
  const ctx = request.session;
  const existing = await repo.findOpen(db, tenantId, input.municipioId, input.scope.temaId);
  if (existing) return repo.opened(db, tenantId, existing, input.scope);
  if (!canCreateFollowup(ctx)) throw forbidden(FOLLOWUP_MESSAGES.cannotCreate);
  try {
    return await withCommand(request, (tx) => repo.createFollowup(tx, tenantId, { ...input, usuarioId: ctx.usuario.usuarioId }));
  } catch (error) {
    if (!repo.isUniqueViolation(error)) throw error;
    const winner = await repo.findOpen(db, tenantId, input.municipioId, input.scope.temaId);
    if (!winner) throw error;
    return repo.opened(db, tenantId, winner, input.scope);
  }
}

/**
 * Applies answers with the domain's rules (applyAnswers) under the row lock. All or nothing: one
 * refused answer refuses the request. Resolves with the follow-up as the view shows it, with no second read.
 */
export async function answer(
  tx: Tx,
  tenantId: string,
  input: { acompanhamentoId: number; respostas: readonly AnswerItem[]; usuarioId: number; view: repo.FollowupView },
): Promise<Followup> {
  const locked = await repo.lockFollowup(tx, tenantId, input.acompanhamentoId, input.view.axes);
  if (!locked) throw notFound(FOLLOWUP_MESSAGES.notFound);
  const before = locked.followup;
  const { followup: after, refused } = applyAnswers(before, input.respostas);
  const first = refused[0];
  if (first) throw (REFUSAL_STATUS[first.message] ?? badRequest)(first.message);
  const previous = new Map(before.perguntas.map((q) => [q.acompanhamentoPerguntaId, q]));
  const answered = after.perguntas.filter((q) => previous.get(q.acompanhamentoPerguntaId) !== q);
  await repo.saveAnswers(tx, tenantId, locked.row.municipioId, answered, input.usuarioId);
  return repo.withView(after, input.view);
}

/** Finalizes under the row lock, with the rules checked on the row as it stands then; resolves with the follow-up finalized. */
export async function finalize(
  tx: Tx,
  tenantId: string,
  input: { ctx: PermissionContext; acompanhamentoId: number; view: repo.FollowupView },
): Promise<Followup> {
  const { ctx, acompanhamentoId } = input;
  const locked = await repo.lockFollowup(tx, tenantId, acompanhamentoId, 'all');
  if (!locked) throw notFound(FOLLOWUP_MESSAGES.notFound);
  const { row } = locked;
  if (row.diagnostico) throw badRequest(FOLLOWUP_MESSAGES.diagnosticNotFinalizable);
  if (row.finalizado) throw conflict(FOLLOWUP_MESSAGES.finalized);
  if (!canFinalizeFollowup(ctx, row)) throw forbidden(FOLLOWUP_MESSAGES.cannotFinalize);
  await repo.markFinalized(tx, tenantId, acompanhamentoId);
  return repo.presentFollowup(tx, tenantId, { ...row, finalizado: true }, input.view);
}
