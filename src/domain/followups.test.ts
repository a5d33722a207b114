import { describe, expect, it } from 'vitest';
import {
  answerItemSchema,
  applyAnswers,
  canChangeAnswer,
  canCreateFollowup,
  canFinalizeFollowup,
  canSeeFollowupPoints,
  checkAnswer,
  diagnosticQuestionIds,
  diagnosticSituation,
  FOLLOWUP_COMMENT_MAX,
  FOLLOWUP_MESSAGES,
  followupTotals,
  groupQuestions,
  isPartnerUser,
  pendingPoints,
  questionPoints,
  sortFollowups,
  type Followup,
  type FollowupQuestion,
} from './followups.ts';
import type { FlagKey } from './permission-flags.ts';
import type { PermissionContext } from './permissions.ts';
import { testContext } from './testing/session-user.ts';

function ctx(opts: { usuarioId?: number; group?: string; on?: FlagKey[]; fullAdmin?: boolean } = {}): PermissionContext {
  return testContext(opts);
}

let nextId = 1;
function question(
  numero: number,
  opts: {
    tema?: [number, string];
    resposta?: boolean | null;
    recorrente?: boolean;
    pontos?: number | null;
    comentario?: string | null;
  } = {},
): FollowupQuestion {
  const [temaId, nome] = opts.tema ?? [1, 'Sala do Empreendedor'];
  const resposta = opts.resposta ?? null;
  const pontos = opts.pontos === undefined ? 10 : opts.pontos;
  return {
    acompanhamentoPerguntaId: nextId++,
    perguntaId: 100 + numero,
    resposta,
    respondida: resposta !== null,
    comentario: opts.comentario ?? null,
    pontos_especificos: pontos === null ? null : questionPoints(resposta, pontos),
    pergunta: {
      numero,
      texto: `Pergunta ${numero}`,
      pontos,
      evidencia: true,
      recorrente: opts.recorrente ?? false,
      possuiComentario: true,
      nacional: true,
      tema: { temaId, nome, eixoId: temaId * 10, eixoNome: `Eixo ${temaId}` },
    },
  };
}

function followup(perguntas: FollowupQuestion[], extra: Partial<Followup> = {}): Followup {
  return {
    acompanhamentoId: 1,
    nome: 'Sala do Empreendedor',
    criacao: '2026-11-10T13:00:00.000Z',
    finalizado: false,
    diagnostico: false,
    usuarioId: 7,
    municipioId: 3,
    tema: { temaId: 1, eixoId: 10 },
    ...followupTotals(perguntas),
    perguntas,
    ...extra,
  };
}

describe('sortFollowups', () => {
  it('puts the newest first, then orders by name ignoring accents and case', () => {
    const rows = [
      { criacao: '2026-10-01T10:00:00.000Z', nome: 'Antigo' },
      { criacao: '2026-11-01T10:00:00.000Z', nome: 'Turismo' },
      { criacao: '2026-11-01T10:00:00.000Z', nome: 'Ética' },
      { criacao: '2026-11-01T10:00:00.000Z', nome: 'diagnóstico' },
    ];
    expect(sortFollowups(rows).map((r) => r.nome)).toEqual(['diagnóstico', 'Ética', 'Turismo', 'Antigo']);
    expect(rows[0]!.nome).toBe('Antigo');
  });
});

describe('groupQuestions', () => {
  it('groups by theme, sorts each group by number and the groups by their first number', () => {
    const groups = groupQuestions([
      question(7, { tema: [2, 'Compras'] }),
      question(3, { tema: [1, 'Sala'] }),
      question(5, { tema: [2, 'Compras'] }),
      question(1, { tema: [1, 'Sala'] }),
    ]);
    expect(groups.map((g) => [g.nome, g.perguntas.map((q) => q.pergunta.numero)])).toEqual([
      ['Sala', [1, 3]],
      ['Compras', [5, 7]],
    ]);
    expect(groups[1]).toMatchObject({ id: 2, eixoId: 20 });
    expect(groupQuestions([])).toEqual([]);
  });

  it('groups by pillar (axis) for the answering page: themes of one axis fall under one heading', () => {
    const inAxis = (q: FollowupQuestion, eixoId: number, eixoNome: string) => ({
      ...q,
      pergunta: { ...q.pergunta, tema: { ...q.pergunta.tema, eixoId, eixoNome } },
    });
    const groups = groupQuestions(
      [
        inAxis(question(4, { tema: [3, 'Turismo'] }), 2, 'Turismo e Cultura'),
        inAxis(question(2, { tema: [2, 'Compras'] }), 1, 'Ambiente de Negócios'),
        inAxis(question(1, { tema: [1, 'Sala'] }), 1, 'Ambiente de Negócios'),
      ],
      'eixo',
    );
    expect(groups.map((g) => [g.id, g.nome, g.perguntas.map((q) => q.pergunta.numero)])).toEqual([
      [1, 'Ambiente de Negócios', [1, 2]],
      [2, 'Turismo e Cultura', [4]],
    ]);
  });
});

describe('the recurrent rule', () => {
  it('lets an unanswered question be answered, and an answered one change only when recurrent', () => {
    expect(canChangeAnswer(question(1))).toBe(true);
    expect(canChangeAnswer(question(1, { resposta: true }))).toBe(false);
    expect(canChangeAnswer(question(1, { resposta: true, recorrente: true }))).toBe(true);
  });

  it('checkAnswer: the same answer again is no change; another is refused unless recurrent; a finalized follow-up refuses all', () => {
    const answered = question(1, { resposta: true });
    const f = followup([answered]);
    const id = answered.acompanhamentoPerguntaId;
    expect(checkAnswer(f, answered, { acompanhamentoPerguntaId: id, resposta: true })).toEqual({ ok: true, changed: false });
    expect(checkAnswer(f, answered, { acompanhamentoPerguntaId: id, resposta: false })).toEqual({
      ok: false,
      message: FOLLOWUP_MESSAGES.answerLocked,
    });
    const recurrent = question(2, { resposta: true, recorrente: true });
    expect(checkAnswer(f, recurrent, { acompanhamentoPerguntaId: recurrent.acompanhamentoPerguntaId, resposta: false })).toEqual({
      ok: true,
      changed: true,
    });
    expect(checkAnswer(followup([answered], { finalizado: true }), question(3), { acompanhamentoPerguntaId: 1, resposta: true })).toEqual({
      ok: false,
      message: FOLLOWUP_MESSAGES.finalized,
    });
    expect(checkAnswer(f, undefined, { acompanhamentoPerguntaId: 999, resposta: true })).toEqual({
      ok: false,
      message: FOLLOWUP_MESSAGES.questionNotInFollowup,
    });
  });

  it('checkAnswer refuses a comment on a question that takes none; a blank one there is no comment', () => {
    const plain = question(1);
    plain.pergunta.possuiComentario = false;
    const f = followup([plain]);
    const id = plain.acompanhamentoPerguntaId;
    expect(checkAnswer(f, plain, { acompanhamentoPerguntaId: id, resposta: true, comentario: 'Lei aprovada' })).toEqual({
      ok: false,
      message: FOLLOWUP_MESSAGES.commentNotTaken,
    });
    expect(checkAnswer(f, plain, { acompanhamentoPerguntaId: id, resposta: true, comentario: '  ' })).toEqual({ ok: true, changed: true });
    const after = applyAnswers(f, [{ acompanhamentoPerguntaId: id, resposta: true, comentario: '  ' }]).followup;
    expect(after.perguntas[0]).toMatchObject({ resposta: true, comentario: null });
  });
});

describe('the comment limit', () => {
  it(`accepts up to ${FOLLOWUP_COMMENT_MAX} characters and refuses more with a pt-BR message`, () => {
    expect(
      answerItemSchema.safeParse({ acompanhamentoPerguntaId: 1, resposta: true, comentario: 'a'.repeat(FOLLOWUP_COMMENT_MAX) }).success,
    ).toBe(true);
    const over = answerItemSchema.safeParse({
      acompanhamentoPerguntaId: 1,
      resposta: true,
      comentario: 'a'.repeat(FOLLOWUP_COMMENT_MAX + 1),
    });
    expect(over.success).toBe(false);
    expect(over.error!.issues[0]!.message).toBe('O comentário deve ter no máximo 1000 caracteres.');
    expect(answerItemSchema.safeParse({ acompanhamentoPerguntaId: 1, resposta: false, comentario: null }).success).toBe(true);
  });
});

describe('points', () => {
  it('a Sim earns the question points, anything else 0', () => {
    expect(questionPoints(true, 10)).toBe(10);
    expect(questionPoints(false, 10)).toBe(0);
    expect(questionPoints(null, 10)).toBe(0);
  });

  it('discounts Sim answers whose required evidence was never sent, and reports rejected evidence', () => {
    const state = (o: Partial<Parameters<typeof pendingPoints>[0][number]>) => ({
      resposta: true,
      pontos: 10,
      evidencia: true,
      evidenciada: false,
      rejeitada: false,
      ...o,
    });
    expect(
      pendingPoints([
        state({}),
        state({ pontos: 5 }),
        state({ evidenciada: true }),
        state({ evidencia: false }),
        state({ resposta: false }),
        state({ resposta: null }),
      ]),
    ).toEqual({ pontosNaoEvidenciados: 15, perguntasRejeitadas: false });
    expect(pendingPoints([state({ resposta: false, rejeitada: true })])).toEqual({ pontosNaoEvidenciados: 0, perguntasRejeitadas: true });
    expect(pendingPoints([])).toEqual({ pontosNaoEvidenciados: 0, perguntasRejeitadas: false });
  });

  it('totals count Sim and Nao of answered questions and sum points, null when hidden', () => {
    const qs = [question(1, { resposta: true }), question(2, { resposta: false }), question(3), question(4, { resposta: true, pontos: 5 })];
    expect(followupTotals(qs)).toEqual({ sim: 2, nao: 1, pontos: 15, total: 4 });
    expect(followupTotals([question(1, { resposta: true, pontos: null })])).toEqual({ sim: 1, nao: 0, pontos: null, total: 1 });
  });
});

describe('applyAnswers', () => {
  it('applies the allowed answers with their points and totals, and returns the refused ones apart', () => {
    const open = question(1);
    const locked = question(2, { resposta: false });
    const recurrent = question(3, { resposta: false, recorrente: true });
    const f = followup([open, locked, recurrent]);
    const { followup: after, refused } = applyAnswers(f, [
      { acompanhamentoPerguntaId: open.acompanhamentoPerguntaId, resposta: true, comentario: 'Em funcionamento.' },
      { acompanhamentoPerguntaId: locked.acompanhamentoPerguntaId, resposta: true },
      { acompanhamentoPerguntaId: recurrent.acompanhamentoPerguntaId, resposta: true },
    ]);
    expect(refused).toEqual([
      { answer: { acompanhamentoPerguntaId: locked.acompanhamentoPerguntaId, resposta: true }, message: FOLLOWUP_MESSAGES.answerLocked },
    ]);
    expect(after.perguntas[0]).toMatchObject({ resposta: true, respondida: true, comentario: 'Em funcionamento.', pontos_especificos: 10 });
    expect(after.perguntas[1]).toBe(locked);
    expect(after.perguntas[2]).toMatchObject({ resposta: true, pontos_especificos: 10 });
    expect(after).toMatchObject({ sim: 2, nao: 1, pontos: 20, total: 3 });
    // The input is left untouched.
    expect(f.perguntas[0]!.respondida).toBe(false);
  });

  it('keeps points hidden when the follow-up came without them', () => {
    const q = question(1, { pontos: null });
    const { followup: after } = applyAnswers(followup([q]), [{ acompanhamentoPerguntaId: q.acompanhamentoPerguntaId, resposta: true }]);
    expect(after.perguntas[0]!.pontos_especificos).toBeNull();
    expect(after.pontos).toBeNull();
  });

  it('later answers in one batch see the earlier ones (a second, different answer to a non-recurrent question is refused)', () => {
    const q = question(1);
    const id = q.acompanhamentoPerguntaId;
    const { followup: after, refused } = applyAnswers(followup([q]), [
      { acompanhamentoPerguntaId: id, resposta: true },
      { acompanhamentoPerguntaId: id, resposta: false },
    ]);
    expect(after.perguntas[0]!.resposta).toBe(true);
    expect(refused).toHaveLength(1);
  });
});

describe('rights', () => {
  it('finalize: the flag plus admin or creator; never the diagnostic one, never twice', () => {
    const mine = { usuarioId: 7, diagnostico: false, finalizado: false };
    expect(canFinalizeFollowup(ctx({ on: ['finalizarAcompanhamento'] }), mine)).toBe(true);
    expect(canFinalizeFollowup(ctx({ on: ['finalizarAcompanhamento'] }), { ...mine, usuarioId: 8 })).toBe(false);
    expect(canFinalizeFollowup(ctx({ on: ['finalizarAcompanhamento'], group: 'Administrador' }), { ...mine, usuarioId: 8 })).toBe(true);
    expect(canFinalizeFollowup(ctx(), mine)).toBe(false);
    expect(canFinalizeFollowup(ctx({ fullAdmin: true }), { ...mine, diagnostico: true })).toBe(false);
    expect(canFinalizeFollowup(ctx({ fullAdmin: true }), { ...mine, finalizado: true })).toBe(false);
  });

  it('create and see points follow their flags', () => {
    expect(canCreateFollowup(ctx({ on: ['novoAcompanhamento'] }))).toBe(true);
    expect(canCreateFollowup(ctx())).toBe(false);
    expect(canSeeFollowupPoints(ctx({ on: ['verPontosAcoesAcompanhamento'] }))).toBe(true);
    expect(canSeeFollowupPoints(ctx())).toBe(false);
  });
});

describe('diagnostic', () => {
  it('situation: not started, in progress, sent', () => {
    expect(diagnosticSituation(0, false)).toBe('Não Iniciado');
    expect(diagnosticSituation(3, false)).toBe('Em Preenchimento');
    expect(diagnosticSituation(0, true)).toBe('Enviado');
  });

  it('partners (the Parceiro group or the partner variant) answer 113 and 114 only', () => {
    const partner = ctx({ group: ' parceiro ' }).usuario;
    expect(isPartnerUser(partner)).toBe(true);
    expect(diagnosticQuestionIds(partner)).toEqual([113, 114]);
    const consultant = ctx().usuario;
    expect(diagnosticQuestionIds(consultant)).toEqual([112, 113, 114]);
    expect(diagnosticQuestionIds(consultant, true)).toEqual([113, 114]);
  });
});
