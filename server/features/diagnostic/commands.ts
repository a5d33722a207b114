import {
  diagnosticQuestionIds,
  diagnosticSituation,
  FOLLOWUP_MESSAGES,
  groupQuestions,
  type DiagnosticState,
} from '../../../src/domain/followups.ts';
import type { PermissionContext } from '../../../src/domain/permissions.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { diagnosticFollowupOf } from '../followups/read.ts';
import * as repo from './repository.ts';

/**
 * The diagnostic as the user sees it: its situation by theme (its follow-up's answers, or the themes
 * of the municipality's questions before it exists) and the answers to 112-114 (113-114 for partners).
 * Read on the command's transaction after a write, so the idempotent answer is what was committed.
 */
export async function diagnosticState(conn: Conn, tenantId: string, ctx: PermissionContext, municipioId: number): Promise<DiagnosticState> {
  const [sent, { followup, themes: before }, respostas] = await Promise.all([
    repo.findSent(conn, tenantId, municipioId),
    diagnosticFollowupOf(conn, tenantId, ctx, municipioId),
    repo.diagnosticAnswers(conn, tenantId, municipioId, diagnosticQuestionIds(ctx.usuario)),
  ]);
  const themes = followup
    ? groupQuestions(followup.perguntas, 'tema').map((g) => ({
        temaId: g.id,
        nome: g.nome,
        eixoId: g.eixoId,
        respondidas: g.perguntas.filter((q) => q.respondida).length,
        total: g.perguntas.length,
      }))
    : (before ?? []).map((t) => ({ ...t, respondidas: 0 }));
  const temas = themes
    .map((t) => ({ ...t, situacao: diagnosticSituation(t.respondidas, sent !== null) }))
    .sort((a, b) => compareText(a.nome, b.nome));
  const answered = temas.reduce((sum, t) => sum + t.respondidas, 0) + respostas.filter((r) => r.resposta !== null).length;
  return {
    municipioId,
    situacao: diagnosticSituation(answered, sent !== null),
    enviadoEm: sent?.enviadoEm ?? null,
    acompanhamentoId: followup?.acompanhamentoId ?? null,
    temas,
    respostas,
  };
}

/**
 * Answers a diagnostic question for the municipality: refused (409) once the diagnostic was sent,
 * 404 for a question the tenant does not have. Resolves with the diagnostic as it now stands.
 */
export async function answer(
  tx: Tx,
  tenantId: string,
  ctx: PermissionContext,
  input: { municipioId: number; perguntaId: number; resposta: boolean },
): Promise<DiagnosticState> {
  if (await repo.isSent(tx, tenantId, input.municipioId)) throw conflict(FOLLOWUP_MESSAGES.diagnosticSent);
  const eixoId = await repo.questionAxis(tx, tenantId, input.perguntaId);
  if (eixoId === null) throw notFound('Pergunta não encontrada.');
  await repo.saveAnswer(tx, tenantId, { ...input, eixoId });
  return diagnosticState(tx, tenantId, ctx, input.municipioId);
}

/** Marks the diagnostic sent (sending it again changes nothing); resolves with the diagnostic as it now stands. */
export async function send(tx: Tx, tenantId: string, ctx: PermissionContext & { usuario: { usuarioId: number } }, municipioId: number) {
  await repo.markSent(tx, tenantId, municipioId, ctx.usuario.usuarioId);
  return diagnosticState(tx, tenantId, ctx, municipioId);
}
