import { addBusinessDays } from '../../../src/domain/business-days.ts';
import {
  canAnalyse,
  canApprove,
  canDeleteEvidence,
  canReject,
  canSendInTab,
  checkAttendants,
  checkEvaluation,
  checkEvidenceFiles,
  checkFinalize,
  checkResend,
  complementFileName,
  EVIDENCE_MESSAGES,
  evidenceTabOf,
  MAX_REJECTIONS,
  QUESTION_ATTENDANTS,
  RESEND_BUSINESS_DAYS,
  type EvaluateEvidence,
  type EvidenceFile,
  type EvidenceQuestion,
  type FinalizeAnalysis,
  type SaveEvidenceResponse,
  type UpdateQuestion,
  type updateAttendantsSchema,
} from '../../../src/domain/evidence.ts';
import type { z } from 'zod';
import type { PermissionContext } from '../../../src/domain/permissions.ts';
import { SNIFFED_MIME } from '../../../src/domain/uploads.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { assertCleanText } from '../../lib/clean-text.ts';
import { claimUploads } from '../uploads/claims.ts';
import * as repo from './repository.ts';

/**
 * The evidence writes (spec §4, §7): each runs inside withCommand's transaction (server/lib/command.ts)
 * on the question locked FOR UPDATE, so two analysts deciding at once, or a send racing a
 * finalization, run one after the other and the second sees the first's outcome. The repository
 * answers rows or null; a question or file gone since access found it is a 404 here.
 */

/** Who runs a command, when, and what they see of the answer. */
export type Actor = { tenantId: string; ctx: PermissionContext & { usuario: { usuarioId: number } }; now: Date; view: repo.EvidenceView };

export const mime = (t: keyof typeof SNIFFED_MIME) => SNIFFED_MIME[t];

/** The question as the API answers it, with its files and ranges. */
export async function presentOne(conn: Conn, tenantId: string, perguntaMunicipioId: number, view: repo.EvidenceView) {
  const q = await repo.findQuestion(conn, tenantId, perguntaMunicipioId);
  if (!q) throw notFound(EVIDENCE_MESSAGES.notFound);
  const [answer] = await repo.present(conn, tenantId, [q], view);
  return answer!;
}

async function locked(tx: Tx, tenantId: string, perguntaMunicipioId: number): Promise<repo.QuestionRow> {
  const q = await repo.lockQuestion(tx, tenantId, perguntaMunicipioId);
  if (!q) throw notFound(EVIDENCE_MESSAGES.notFound);
  return q;
}

/** The question's file counters, from its files. */
async function recount(tx: Tx, tenantId: string, perguntaMunicipioId: number) {
  const files = await repo.listFiles(tx, tenantId, [perguntaMunicipioId]);
  const complements = files.filter((f) => f.dadosComplementares).length;
  await repo.updateQuestion(tx, tenantId, perguntaMunicipioId, {
    temArquivo: files.length > 0,
    quantidadeArquivo: files.length - complements,
    quantidadeArquivoDadosComplementares: complements,
  });
  return files;
}

function requireAnsweredYes(q: repo.QuestionRow) {
  if (q.resposta !== true || !q.exigeEvidencia) throw badRequest(EVIDENCE_MESSAGES.notAnsweredYes);
}

function refuse(check: { ok: true } | { ok: false; message: string }) {
  if (!check.ok) throw badRequest(check.message);
}

/** Attaches concluded uploads (or the multipart form's files) to the question. */
export async function save(
  tx: Tx,
  actor: Actor,
  input: { perguntaMunicipioId: number; uploadIds: string[]; dadosComplementares: boolean; isSala: boolean; storage: Storage },
): Promise<SaveEvidenceResponse> {
  const { tenantId, ctx, now, view } = actor;
  const { uploadIds, dadosComplementares } = input;
  const q = await locked(tx, tenantId, input.perguntaMunicipioId);
  requireAnsweredYes(q);
  const tab = evidenceTabOf(q);
  if (!canSendInTab(ctx, tab)) throw forbidden();
  refuse(checkResend(q, now));
  const files = await repo.listFiles(tx, tenantId, [q.perguntaMunicipioId]);
  if (dadosComplementares) {
    if (q.perguntaId !== QUESTION_ATTENDANTS) throw badRequest('Somente a pergunta 3 recebe dados complementares.');
    if (uploadIds.length > 1) throw badRequest(EVIDENCE_MESSAGES.onlyOneFile);
    if (files.some((f) => f.dadosComplementares && !f.enviada)) throw conflict(EVIDENCE_MESSAGES.complementExists);
  }
  const claimed = await claimUploads(tx, input.storage, { tenantId, usuarioId: ctx.usuario.usuarioId, uploadIds, finalidade: 'evidencia' });
  // Files that still count against the question's limit: a rejected file of a finalized analysis is being replaced.
  const existing = files.filter((f) => !f.dadosComplementares && !(f.rejeitada && f.enviada)).length;
  refuse(
    checkEvidenceFiles(
      q,
      dadosComplementares ? 0 : existing,
      claimed.map((f) => ({ size: f.tamanho })),
      { ctx, isSala: input.isSala, now },
    ),
  );
  const named = claimed.map((f) => ({ ...f, nome: dadosComplementares ? complementFileName(f.nome) : f.nome }));
  const stored = await repo.insertFiles(tx, tenantId, q, named, { usuarioId: ctx.usuario.usuarioId, dadosComplementares });
  await recount(tx, tenantId, q.perguntaMunicipioId);
  await repo.updateQuestion(tx, tenantId, q.perguntaMunicipioId, { salvo: true });
  const added = new Set(claimed.map((c) => c.arquivoId));
  await repo.addHistory(
    tx,
    tenantId,
    stored
      .filter((f) => added.has(f.arquivoId))
      .map((f) => ({
        perguntaMunicipioId: q.perguntaMunicipioId,
        perguntaEvidenciaId: f.perguntaEvidenciaId,
        nomeArquivo: f.nomeArquivo,
        acao: 'carregada' as const,
        evidenciadoPorId: ctx.usuario.usuarioId,
        em: now,
      })),
  );
  // The answer commits with the files (withCommand): a retry after a crash replays it, never claims again.
  return {
    ...(await presentOne(tx, tenantId, q.perguntaMunicipioId, view)),
    arquivosRecebidos: claimed.map(({ arquivoId, uploadId, nome, tamanho, sha256 }) => ({ arquivoId, uploadId, nome, tamanho, sha256 })),
  };
}

/** Send for analysis, discard (storage keys to remove after commit are pushed to `removed`) or save the text. */
export async function updateQuestion(tx: Tx, actor: Actor, body: UpdateQuestion, removed: string[]): Promise<EvidenceQuestion> {
  const { tenantId, ctx, now, view } = actor;
  const q = await locked(tx, tenantId, body.perguntaMunicipioId);
  requireAnsweredYes(q);
  const tab = evidenceTabOf(q);
  // Already under analysis: nothing to send or save, whoever asks.
  if (tab === 'evidenciada' && body.acao !== 'descartar') throw conflict(EVIDENCE_MESSAGES.cannotChange);
  if (!canSendInTab(ctx, tab)) throw forbidden();
  const files = await repo.listFiles(tx, tenantId, [q.perguntaMunicipioId]);
  if (body.acao === 'enviar') {
    refuse(checkResend(q, now));
    const fresh = files.filter((f) => !f.enviada);
    const evidence = fresh.filter((f) => !f.dadosComplementares);
    if (q.perguntaId === QUESTION_ATTENDANTS) {
      const atualizacaoAtendentes = body.atualizacaoAtendentes ?? q.atualizacaoAtendentes;
      const valorInformado = body.valorInformado ?? q.valorInformado;
      refuse(
        checkAttendants({
          valorInformado,
          atualizacaoAtendentes,
          atendentesCadastrados: q.atendentesCadastrados,
          hasDeclaration: files.some((f) => f.dadosComplementares),
          evidenceCount: evidence.length,
        }),
      );
      await repo.updateQuestion(tx, tenantId, q.perguntaMunicipioId, {
        atualizacaoAtendentes,
        valorInformado: valorInformado === null ? null : String(valorInformado),
      });
    } else if (evidence.length === 0) {
      throw badRequest(EVIDENCE_MESSAGES.noFiles);
    }
    // Spec §4: sending sets evidenciada true and rejeitada false; the deadline is over.
    await repo.updateQuestion(tx, tenantId, q.perguntaMunicipioId, {
      evidenciada: true,
      rejeitada: false,
      aprovada: false,
      prazoReenvio: null,
      salvo: true,
    });
    await repo.addHistory(tx, tenantId, [
      { perguntaMunicipioId: q.perguntaMunicipioId, acao: 'enviada', evidenciadoPorId: ctx.usuario.usuarioId, em: now },
    ]);
  } else if (body.acao === 'descartar') {
    if (tab === 'respondida') throw badRequest('Somente perguntas evidenciadas, aprovadas ou rejeitadas podem ser descartadas.');
    removed.push(...(await repo.deleteFiles(tx, tenantId, q.perguntaMunicipioId, 'all')));
    await repo.updateQuestion(tx, tenantId, q.perguntaMunicipioId, {
      resposta: null,
      salvo: false,
      evidenciada: false,
      rejeitada: false,
      aprovada: false,
      temArquivo: false,
      quantidadeArquivo: 0,
      quantidadeArquivoDadosComplementares: 0,
      perguntaFaixaRespostaId: null,
      prazoReenvio: null,
    });
    await repo.addHistory(tx, tenantId, [
      { perguntaMunicipioId: q.perguntaMunicipioId, acao: 'descartada', avaliadoPorId: ctx.usuario.usuarioId, em: now },
    ]);
  } else {
    const text = body.evidencia?.trim() ? body.evidencia : null;
    if (text !== null) assertCleanText(text, 'evidencia');
    await repo.updateQuestion(tx, tenantId, q.perguntaMunicipioId, { evidencia: text, salvo: true });
  }
  // A discarded question is no longer answered Sim: it is still answered here, as it now stands.
  return presentOne(tx, tenantId, q.perguntaMunicipioId, view);
}

/** Question 3's attendants and minimum hours. */
export async function updateAttendants(
  tx: Tx,
  actor: Actor,
  perguntaMunicipioId: number,
  body: z.infer<typeof updateAttendantsSchema>,
): Promise<EvidenceQuestion> {
  const { tenantId, ctx, view } = actor;
  const q = await locked(tx, tenantId, perguntaMunicipioId);
  if (q.perguntaId !== QUESTION_ATTENDANTS) throw badRequest('Somente a pergunta 3 recebe dados de atendentes.');
  requireAnsweredYes(q);
  const tab = evidenceTabOf(q);
  if (!canSendInTab(ctx, tab)) throw forbidden();
  if (tab === 'evidenciada') throw conflict(EVIDENCE_MESSAGES.cannotChange);
  await repo.updateQuestion(tx, tenantId, q.perguntaMunicipioId, {
    atualizacaoAtendentes: body.atualizacaoAtendentes,
    valorInformado: String(body.valorInformado),
  });
  return presentOne(tx, tenantId, q.perguntaMunicipioId, view);
}

/** Approve, reject (with the justification) or update the justification of one file, until finalization. */
export async function evaluate(tx: Tx, actor: Actor, file: repo.StoredEvidence, body: EvaluateEvidence): Promise<EvidenceFile> {
  const { tenantId, ctx, now } = actor;
  const q = await locked(tx, tenantId, file.perguntaMunicipioId);
  const tab = evidenceTabOf(q);
  if (tab === 'respondida') throw badRequest(EVIDENCE_MESSAGES.notUnderAnalysis);
  if (!canAnalyse(ctx, tab)) throw forbidden();
  const current = await repo.findFile(tx, tenantId, file.perguntaEvidenciaId);
  if (!current) throw notFound(EVIDENCE_MESSAGES.evidenceNotFound);
  if (current.enviada) throw conflict(EVIDENCE_MESSAGES.alreadySent);
  if (body.aprovada && body.rejeitada) throw badRequest('Escolha aprovar ou rejeitar a evidência.');
  refuse(checkEvaluation(body, current));
  if (body.aprovada && !current.aprovada && !canApprove(tab, current)) throw badRequest('Esta evidência não pode ser aprovada nesta aba.');
  if (body.rejeitada && !current.rejeitada && !canReject(tab, current))
    throw badRequest('Esta evidência não pode ser rejeitada nesta aba.');
  const justificativa = body.justificativa?.trim() ? body.justificativa.trim() : null;
  if (justificativa) assertCleanText(justificativa, 'justificativa');
  await repo.updateFile(tx, tenantId, current.perguntaEvidenciaId, {
    aprovada: body.aprovada,
    rejeitada: body.rejeitada,
    justificativa: body.justificativa === undefined ? current.justificativa : justificativa,
  });
  if (body.aprovada !== current.aprovada || body.rejeitada !== current.rejeitada) {
    await repo.addHistory(tx, tenantId, [
      {
        perguntaMunicipioId: q.perguntaMunicipioId,
        perguntaEvidenciaId: current.perguntaEvidenciaId,
        nomeArquivo: current.nomeArquivo,
        acao: body.rejeitada ? 'rejeitada' : 'aprovada',
        analisada: body.aprovada || body.rejeitada,
        aprovada: body.aprovada,
        rejeitada: body.rejeitada,
        justificativa,
        avaliadoPorId: ctx.usuario.usuarioId,
        evidenciadoPorId: current.usuarioId,
        em: now,
      },
    ]);
  }
  const updated = await repo.findFile(tx, tenantId, current.perguntaEvidenciaId);
  if (!updated) throw notFound(EVIDENCE_MESSAGES.evidenceNotFound);
  return repo.presentFile(updated, mime);
}

/** Ends the analysis with each file's decision; a rejection opens the two-business-day resend deadline. */
export async function finalize(tx: Tx, actor: Actor, body: FinalizeAnalysis): Promise<EvidenceQuestion> {
  const { tenantId, ctx, now, view } = actor;
  const q = await locked(tx, tenantId, body.perguntaMunicipioId);
  const tab = evidenceTabOf(q);
  if (tab === 'aprovada' || tab === 'rejeitada') throw conflict(EVIDENCE_MESSAGES.alreadyFinalized);
  if (tab === 'respondida') throw badRequest(EVIDENCE_MESSAGES.notUnderAnalysis);
  if (!canAnalyse(ctx, tab)) throw forbidden();
  const files = await repo.listFiles(tx, tenantId, [q.perguntaMunicipioId]);
  const pending = new Map(files.filter((f) => !f.enviada).map((f) => [f.perguntaEvidenciaId, f]));
  const decided = new Map(body.evidencias.map((d) => [d.perguntaEvidenciaId, d]));
  if (body.evidencias.some((d) => !pending.has(d.perguntaEvidenciaId))) throw badRequest(EVIDENCE_MESSAGES.evidenceNotFound);
  if (decided.size !== pending.size) throw badRequest(EVIDENCE_MESSAGES.undecided);
  const ranges = (await repo.listRanges(tx, tenantId, [q.perguntaId])).get(q.perguntaId) ?? [];
  refuse(checkFinalize({ faixas: ranges }, [...decided.values()], body.perguntaFaixaRespostaId));
  if (body.perguntaFaixaRespostaId !== null && !ranges.some((r) => r.perguntaFaixaRespostaId === body.perguntaFaixaRespostaId)) {
    throw badRequest('Faixa inválida para esta pergunta.');
  }
  const rejected = [...decided.values()].some((d) => d.rejeitada);
  const prazoReenvio = rejected ? addBusinessDays(now, RESEND_BUSINESS_DAYS) : null;
  for (const d of decided.values()) {
    await repo.updateFile(tx, tenantId, d.perguntaEvidenciaId, {
      aprovada: d.aprovada,
      rejeitada: d.rejeitada,
      justificativa: d.justificativa?.trim() ? d.justificativa.trim() : null,
      enviada: true,
      prazoReenvio: d.rejeitada ? prazoReenvio : null,
    });
  }
  await repo.updateQuestion(tx, tenantId, q.perguntaMunicipioId, {
    aprovada: !rejected,
    rejeitada: rejected,
    qtdRejeicao: rejected ? Math.min(q.qtdRejeicao + 1, MAX_REJECTIONS + 10) : q.qtdRejeicao,
    prazoReenvio,
    perguntaFaixaRespostaId: body.perguntaFaixaRespostaId,
  });
  await repo.addHistory(tx, tenantId, [
    ...[...decided.values()].map((d) => ({
      perguntaMunicipioId: q.perguntaMunicipioId,
      perguntaEvidenciaId: d.perguntaEvidenciaId,
      nomeArquivo: pending.get(d.perguntaEvidenciaId)!.nomeArquivo,
      acao: (d.rejeitada ? 'rejeitada' : 'aprovada') as 'rejeitada' | 'aprovada',
      analisada: true,
      aprovada: d.aprovada,
      rejeitada: d.rejeitada,
      justificativa: d.justificativa?.trim() || null,
      avaliadoPorId: ctx.usuario.usuarioId,
      evidenciadoPorId: pending.get(d.perguntaEvidenciaId)!.usuarioId,
      em: now,
    })),
    {
      perguntaMunicipioId: q.perguntaMunicipioId,
      acao: 'finalizada',
      analisada: true,
      aprovada: !rejected,
      rejeitada: rejected,
      avaliadoPorId: ctx.usuario.usuarioId,
      em: now,
    },
  ]);
  return presentOne(tx, tenantId, q.perguntaMunicipioId, view);
}

/** Reopens a finalized analysis: back to evidenciada, the resend deadline over. */
export async function revert(tx: Tx, actor: Actor, perguntaMunicipioId: number): Promise<EvidenceQuestion> {
  const { tenantId, ctx, now, view } = actor;
  const q = await locked(tx, tenantId, perguntaMunicipioId);
  const tab = evidenceTabOf(q);
  if (tab !== 'aprovada' && tab !== 'rejeitada') throw conflict(EVIDENCE_MESSAGES.notFinalized);
  await repo.updateFilesOf(tx, tenantId, q.perguntaMunicipioId, { enviada: false, prazoReenvio: null });
  await repo.updateQuestion(tx, tenantId, q.perguntaMunicipioId, {
    evidenciada: true,
    aprovada: false,
    rejeitada: false,
    prazoReenvio: null,
    qtdRejeicao: tab === 'rejeitada' ? Math.max(0, q.qtdRejeicao - 1) : q.qtdRejeicao,
  });
  await repo.addHistory(tx, tenantId, [
    { perguntaMunicipioId: q.perguntaMunicipioId, acao: 'revertida', avaliadoPorId: ctx.usuario.usuarioId, em: now },
  ]);
  return presentOne(tx, tenantId, q.perguntaMunicipioId, view);
}

/** Deletes one file not yet evaluated; its storage key is pushed to `removed`, to be removed after commit. */
export async function deleteFile(
  tx: Tx,
  actor: Actor,
  input: { file: repo.StoredEvidence; isSala: boolean },
  removed: string[],
): Promise<EvidenceQuestion> {
  const { tenantId, ctx, now, view } = actor;
  const perguntaEvidenciaId = input.file.perguntaEvidenciaId;
  const q = await locked(tx, tenantId, input.file.perguntaMunicipioId);
  const current = await repo.findFile(tx, tenantId, perguntaEvidenciaId);
  if (!current) throw notFound(EVIDENCE_MESSAGES.evidenceNotFound);
  if (!canDeleteEvidence(ctx, evidenceTabOf(q), current, input.isSala)) throw forbidden(EVIDENCE_MESSAGES.cannotDelete);
  removed.push(...(await repo.deleteFiles(tx, tenantId, q.perguntaMunicipioId, [perguntaEvidenciaId])));
  await recount(tx, tenantId, q.perguntaMunicipioId);
  await repo.addHistory(tx, tenantId, [
    {
      perguntaMunicipioId: q.perguntaMunicipioId,
      nomeArquivo: current.nomeArquivo,
      perguntaEvidenciaId,
      acao: 'excluida',
      evidenciadoPorId: ctx.usuario.usuarioId,
      em: now,
    },
  ]);
  return presentOne(tx, tenantId, q.perguntaMunicipioId, view);
}
