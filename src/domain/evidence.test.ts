import { describe, expect, it } from 'vitest';
import {
  canAnalyse,
  canApprove,
  canDeleteEvidence,
  canReject,
  canSendInTab,
  canViewEvidenceTab,
  checkAttendants,
  checkEvaluation,
  checkEvidenceFiles,
  checkFinalize,
  checkResend,
  complementFileName,
  EVIDENCE_MESSAGES,
  evidenceTabOf,
  fileLimit,
  resendDeadlineInstant,
  sortForReview,
} from './evidence.ts';
import type { FlagKey } from './permission-flags.ts';
import { canRevertAnalysis, type PermissionContext } from './permissions.ts';
import { testContext } from './testing/session-user.ts';

function ctx(opts: { group?: string; on?: FlagKey[]; fullAdmin?: boolean; axes?: number[] } = {}): PermissionContext {
  return testContext(opts);
}

const member = ctx({ on: ['enviarRespondidas', 'enviarRejeitadas', 'visualizarRejeitadas'] });
const now = new Date('2026-11-19T15:00:00Z');
const q = (
  perguntaId: number,
  more: Partial<{ eixoId: number; atendentesCadastrados: number | null; atualizacaoAtendentes: number | null }> = {},
) => ({
  perguntaId,
  eixoId: 1,
  atendentesCadastrados: null,
  atualizacaoAtendentes: null,
  ...more,
});
const files = (n: number, size = 1000) => Array.from({ length: n }, () => ({ size }));
const check = (
  perguntaId: number,
  existing: number,
  n: number,
  opts: { isSala?: boolean; at?: Date; c?: PermissionContext; more?: Parameters<typeof q>[1] } = {},
) =>
  checkEvidenceFiles(q(perguntaId, opts.more), existing, files(n), {
    ctx: opts.c ?? member,
    isSala: opts.isSala ?? false,
    now: opts.at ?? now,
  });

describe('file counts and sizes', () => {
  it('questions 1, 4-12, 14 and 15 take one file; 13 up to two; others any number', () => {
    for (const id of [1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15]) {
      expect(check(id, 0, 1).ok, String(id)).toBe(true);
      expect(check(id, 1, 1)).toEqual({ ok: false, message: EVIDENCE_MESSAGES.onlyOneFile });
    }
    expect(check(13, 0, 2).ok).toBe(true);
    expect(check(13, 1, 2)).toEqual({ ok: false, message: EVIDENCE_MESSAGES.upToTwoFiles });
    expect(check(22, 10, 5).ok).toBe(true);
    expect(fileLimit(22, { cadastrados: null, atuais: null })).toBeNull();
  });
  it('question 3 takes up to max(registered, current) attendants, named in the message', () => {
    expect(check(3, 0, 4, { more: { atendentesCadastrados: 3, atualizacaoAtendentes: 4 } }).ok).toBe(true);
    expect(check(3, 2, 3, { more: { atendentesCadastrados: 3, atualizacaoAtendentes: 4 } })).toEqual({
      ok: false,
      message: 'Essa pergunta só aceita até 4 arquivos',
    });
    expect(check(3, 1, 1, { more: { atendentesCadastrados: 1, atualizacaoAtendentes: null } })).toEqual({
      ok: false,
      message: 'Essa pergunta só aceita até 1 arquivo',
    });
  });
  it('none selected, a file or the total over 25 MB', () => {
    expect(check(22, 0, 0)).toEqual({ ok: false, message: EVIDENCE_MESSAGES.noFiles });
    const big = checkEvidenceFiles(q(22), 0, [{ size: 26_214_401 }], { ctx: member, isSala: false, now });
    expect(big).toEqual({ ok: false, message: EVIDENCE_MESSAGES.fileTooLarge });
    const total = checkEvidenceFiles(q(22), 0, [{ size: 20_000_000 }, { size: 7_000_000 }], { ctx: member, isSala: false, now });
    expect(total).toEqual({ ok: false, message: EVIDENCE_MESSAGES.totalTooLarge });
  });
  it('question 1 in the seal room closes on 2025-07-01 in Brasília unless enviaPerguntaId1Selo; Sala sends only on its axes', () => {
    const sala = ctx({ on: ['enviarRespondidas'], axes: [1] });
    expect(check(1, 0, 1, { isSala: true, c: sala, at: new Date('2025-07-01T02:59:00Z') }).ok).toBe(true);
    expect(check(1, 0, 1, { isSala: true, c: sala, at: new Date('2025-07-01T03:00:00Z') })).toEqual({
      ok: false,
      message: EVIDENCE_MESSAGES.question1Closed,
    });
    const late = ctx({ on: ['enviarRespondidas', 'enviaPerguntaId1Selo'], axes: [1] });
    expect(check(1, 0, 1, { isSala: true, c: late, at: new Date('2026-01-01T12:00:00Z') }).ok).toBe(true);
    expect(check(1, 0, 1, { isSala: false, at: new Date('2026-01-01T12:00:00Z') }).ok).toBe(true);
    expect(check(22, 0, 1, { isSala: true, c: sala, more: { eixoId: 2 } })).toEqual({
      ok: false,
      message: EVIDENCE_MESSAGES.axisNotAllowed,
    });
  });
});

describe('question 3', () => {
  const base = { valorInformado: 20, atualizacaoAtendentes: 3, atendentesCadastrados: 3, hasDeclaration: false, evidenceCount: 1 };
  it('asks, in order, for hours, attendants, the declaration when the number differs, and one evidence', () => {
    expect(checkAttendants(base).ok).toBe(true);
    expect(checkAttendants({ ...base, valorInformado: null })).toEqual({ ok: false, message: EVIDENCE_MESSAGES.minimumHoursRequired });
    expect(checkAttendants({ ...base, atualizacaoAtendentes: null })).toEqual({ ok: false, message: EVIDENCE_MESSAGES.attendantsRequired });
    expect(checkAttendants({ ...base, atualizacaoAtendentes: 4 })).toEqual({ ok: false, message: EVIDENCE_MESSAGES.declarationRequired });
    expect(checkAttendants({ ...base, atualizacaoAtendentes: 4, hasDeclaration: true }).ok).toBe(true);
    expect(checkAttendants({ ...base, evidenceCount: 0 })).toEqual({ ok: false, message: EVIDENCE_MESSAGES.oneEvidenceRequired });
  });
  it('names the declaration with the DADOS_COMPLE_ prefix once', () => {
    expect(complementFileName('declaracao.pdf')).toBe('DADOS_COMPLE_declaracao.pdf');
    expect(complementFileName('DADOS_COMPLE_declaracao.pdf')).toBe('DADOS_COMPLE_declaracao.pdf');
  });
});

describe('resend', () => {
  const rejected = { rejeitada: true, qtdRejeicao: 1, prazoReenvio: '2026-11-24' };
  it('is allowed until 23:59 of the deadline in São Paulo', () => {
    expect(resendDeadlineInstant('2026-11-24').toISOString()).toBe('2026-11-25T02:59:59.999Z');
    expect(checkResend(rejected, new Date('2026-11-25T02:59:00Z')).ok).toBe(true);
    expect(checkResend(rejected, new Date('2026-11-25T03:00:00Z'))).toEqual({
      ok: false,
      message: 'Prazo para envio de novo arquivo encerrou no dia 24/11/2026 às 23:59',
    });
  });
  it('never after two rejections; a question not rejected is not limited', () => {
    expect(checkResend({ ...rejected, qtdRejeicao: 2 }, new Date('2026-11-20T12:00:00Z'))).toEqual({
      ok: false,
      message: EVIDENCE_MESSAGES.rejectedTwice,
    });
    expect(checkResend({ rejeitada: false, qtdRejeicao: 2, prazoReenvio: '2020-01-01' }, now).ok).toBe(true);
  });
});

describe('evaluation and finalization', () => {
  it('needs a justification to reject and refuses a sent file', () => {
    expect(checkEvaluation({ rejeitada: true, justificativa: '  ' }, { enviada: false })).toEqual({
      ok: false,
      message: EVIDENCE_MESSAGES.justificationRequired,
    });
    expect(checkEvaluation({ rejeitada: false, justificativa: null }, { enviada: true })).toEqual({
      ok: false,
      message: EVIDENCE_MESSAGES.alreadySent,
    });
    expect(checkEvaluation({ rejeitada: true, justificativa: 'Ilegível' }, { enviada: false }).ok).toBe(true);
  });
  it('finalizes only with every file decided, rejections justified and a range where the question has ranges', () => {
    const faixas = [{ perguntaFaixaRespostaId: 1, faixaNome: 'Parcial', faixaPontos: 5 }];
    const ok = { aprovada: true, rejeitada: false, justificativa: null };
    expect(checkFinalize({ faixas }, [ok], 1).ok).toBe(true);
    expect(checkFinalize({ faixas: [] }, [ok], null).ok).toBe(true);
    expect(checkFinalize({ faixas }, [ok], null)).toEqual({ ok: false, message: EVIDENCE_MESSAGES.rangeRequired });
    expect(checkFinalize({ faixas }, [ok, { aprovada: false, rejeitada: false, justificativa: null }], 1)).toEqual({
      ok: false,
      message: EVIDENCE_MESSAGES.undecided,
    });
    expect(checkFinalize({ faixas }, [{ aprovada: false, rejeitada: true, justificativa: null }], 1)).toEqual({
      ok: false,
      message: EVIDENCE_MESSAGES.justificationRequired,
    });
    expect(checkFinalize({ faixas }, [], 1)).toEqual({ ok: false, message: EVIDENCE_MESSAGES.undecided });
  });
  it('offers Aprovar on evidenciada or rejeitada when not approved, Rejeitar on evidenciada or aprovada when not rejected, never once sent', () => {
    const file = { aprovada: false, rejeitada: false, enviada: false };
    expect(canApprove('evidenciada', file)).toBe(true);
    expect(canApprove('rejeitada', file)).toBe(true);
    expect(canApprove('aprovada', file)).toBe(false);
    expect(canApprove('evidenciada', { ...file, aprovada: true })).toBe(false);
    expect(canReject('evidenciada', file)).toBe(true);
    expect(canReject('aprovada', file)).toBe(true);
    expect(canReject('rejeitada', file)).toBe(false);
    expect(canReject('evidenciada', { ...file, enviada: true })).toBe(false);
  });
  it('lists undecided files first, then by name', () => {
    const f = (id: number, nomeArquivo: string, aprovada = false) => ({ perguntaEvidenciaId: id, nomeArquivo, aprovada, rejeitada: false });
    expect(sortForReview([f(1, 'b', true), f(2, 'c'), f(3, 'a')]).map((x) => x.perguntaEvidenciaId)).toEqual([3, 2, 1]);
  });
});

describe('rights and tabs', () => {
  it('the tab of a question', () => {
    expect(evidenceTabOf({ evidenciada: false, aprovada: false, rejeitada: false })).toBe('respondida');
    expect(evidenceTabOf({ evidenciada: true, aprovada: false, rejeitada: false })).toBe('evidenciada');
    expect(evidenceTabOf({ evidenciada: true, aprovada: true, rejeitada: false })).toBe('aprovada');
    expect(evidenceTabOf({ evidenciada: true, aprovada: false, rejeitada: true })).toBe('rejeitada');
  });
  it('view, send and analyse per flag', () => {
    expect(canViewEvidenceTab(member, 'respondida')).toBe(true);
    expect(canViewEvidenceTab(member, 'evidenciada')).toBe(false);
    expect(canViewEvidenceTab(member, 'rejeitada')).toBe(true);
    expect(canSendInTab(member, 'rejeitada')).toBe(true);
    expect(canSendInTab(member, 'aprovada')).toBe(false);
    expect(canAnalyse(member)).toBe(false);
    const analyst = ctx({ on: ['analisarEvidenciadas'] });
    expect(canAnalyse(analyst, 'evidenciada')).toBe(true);
    expect(canAnalyse(analyst, 'aprovada')).toBe(false);
    expect(canAnalyse(analyst, 'respondida')).toBe(false);
    expect(canAnalyse(ctx({ fullAdmin: true }), 'rejeitada')).toBe(true);
  });
  it('deletes only an unevaluated file, never in evidenciada, in Sala only on its axes', () => {
    const file = { aprovada: false, rejeitada: false, enviada: false, eixoId: 1 };
    expect(canDeleteEvidence(member, 'respondida', file, false)).toBe(true);
    expect(canDeleteEvidence(member, 'evidenciada', file, false)).toBe(false);
    expect(canDeleteEvidence(member, 'rejeitada', { ...file, rejeitada: true }, false)).toBe(false);
    expect(canDeleteEvidence(member, 'respondida', { ...file, enviada: true }, false)).toBe(false);
    expect(canDeleteEvidence(member, 'respondida', file, true)).toBe(false);
    expect(canDeleteEvidence(ctx({ on: ['enviarRespondidas'], axes: [1] }), 'respondida', file, true)).toBe(true);
  });
  it('reverts: the full admin and Operacoes only', () => {
    expect(canRevertAnalysis(ctx({ fullAdmin: true }).usuario)).toBe(true);
    expect(canRevertAnalysis(ctx({ group: 'Operacoes' }).usuario)).toBe(true);
    expect(canRevertAnalysis(ctx({ group: 'Analista', on: ['analisarEvidenciadas'] }).usuario)).toBe(false);
  });
});
