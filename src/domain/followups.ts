import { z } from 'zod';
import { hasFlag, isAdmin, type PermissionContext } from './permissions.ts';
import type { SessionUser } from './session.ts';
import { compareText } from './text.ts';

/**
 * API contract and rules of follow-ups (acompanhamentos, spec §3 "Follow-up", §4 "Follow-up",
 * §6, §7 "Follow-ups"), shared by the server routes, the offline kinds and the screens.
 *
 * The model, decided here once:
 * - A follow-up belongs to a municipality and a theme (`tema`); its questions are the theme's
 *   questions the municipality answers (for a non-vigente municipality with
 *   municipiosNaoVigentesRespondemPerguntasNacionais on, only national ones), each copied into
 *   the follow-up as an `acompanhamentoPergunta` when it is created.
 * - A municipality has at most one open (not finalized) follow-up per theme, and at most one
 *   diagnostic follow-up (`diagnostico`, no theme, every question the user may see): creating
 *   either again returns the open one, so a repeated creation never makes a second.
 * - An answer is Sim (true) or Nao (false), with a comment where the question `possuiComentario`
 *   (at most FOLLOWUP_COMMENT_MAX characters); a comment on a question that takes none is refused
 *   (400, FOLLOWUP_MESSAGES.commentNotTaken). It also becomes the municipality's answer to the
 *   question (pergunta_municipio.resposta). Once given it cannot be changed in that follow-up
 *   unless the question is recurrent; the server answers a change with 409 (FOLLOWUP_MESSAGES.answerLocked).
 *   The same answer sent again is not a change: 200.
 * - Points: a question answered Sim earns its `pontos` (`pontos_especificos`), otherwise 0; a
 *   follow-up's `pontos` is their sum. Creating a follow-up for a theme discounts the points of the
 *   theme's questions the municipality answered Sim, whose evidence is required and was never sent
 *   for analysis (`pontosNaoEvidenciados`): those answers are cleared, so the questions come back
 *   unanswered in the new follow-up (spec §4: "it reappears at the next follow-up and the
 *   municipality loses its points"). The other questions start with the municipality's answer.
 * - Points are sent only to users who may see them (verPontosAcoesAcompanhamento): for the others
 *   every points field is null.
 * - Finalized follow-ups accept no answers (409, FOLLOWUP_MESSAGES.finalized). The diagnostic
 *   follow-up is never finalized by the button (400, FOLLOWUP_MESSAGES.diagnosticNotFinalizable).
 */

export const FOLLOWUP_COMMENT_MAX = 1000;
/** The most answers one request carries (the outbox sends a follow-up's queued answers in batches of this size). */
export const FOLLOWUP_ANSWERS_MAX = 500;

const id = z.number().int();

export const followupQuestionSchema = z.object({
  acompanhamentoPerguntaId: id,
  perguntaId: id,
  /** null until answered. */
  resposta: z.boolean().nullable(),
  respondida: z.boolean(),
  comentario: z.string().nullable(),
  /** Points this question earned in this follow-up; null for users who may not see points. */
  pontos_especificos: z.number().nullable(),
  pergunta: z.object({
    numero: z.number().int(),
    texto: z.string(),
    /** null for users who may not see points. */
    pontos: z.number().nullable(),
    /** Whether evidence files are required for a Sim. */
    evidencia: z.boolean(),
    recorrente: z.boolean(),
    possuiComentario: z.boolean(),
    /** The question's axis is national. */
    nacional: z.boolean(),
    tema: z.object({ temaId: id, nome: z.string(), eixoId: id, eixoNome: z.string() }),
  }),
});
export type FollowupQuestion = z.infer<typeof followupQuestionSchema>;

/** A row of the follow-up list (GET api/acompanhamento/acompanhamentos/{municipioId}). */
export const followupListItemSchema = z.object({
  acompanhamentoId: id,
  /** Title: the theme's name, or "Diagnóstico". */
  nome: z.string(),
  /** ISO instant of creation. */
  criacao: z.string(),
  finalizado: z.boolean(),
  diagnostico: z.boolean(),
  /** Creator. */
  usuarioId: id,
  municipioId: id,
  /** null for the diagnostic follow-up. */
  tema: z.object({ temaId: id, eixoId: id }).nullable(),
  /** null for users who may not see points. */
  pontos: z.number().nullable(),
  sim: z.number().int(),
  nao: z.number().int(),
  /** Questions in the follow-up (answered or not). */
  total: z.number().int(),
});
export type FollowupListItem = z.infer<typeof followupListItemSchema>;
export const followupListSchema = z.array(followupListItemSchema);

/** One follow-up with its questions (GET api/acompanhamento/{id}; every write answers with it). */
export const followupSchema = z.object({
  ...followupListItemSchema.shape,
  perguntas: z.array(followupQuestionSchema),
});
export type Followup = z.infer<typeof followupSchema>;

/** POST api/acompanhamento: a new follow-up for a theme (or the open one of that theme). */
export const createFollowupSchema = z.object({ municipioId: id.positive(), temaId: id.positive() });
export type CreateFollowupInput = z.infer<typeof createFollowupSchema>;

/** The new follow-up response (spec §3); acompanhamentoId 0 means nothing could be created (no question to answer). */
export const newFollowupResponseSchema = z.object({
  acompanhamentoId: id,
  pontosNaoEvidenciados: z.number(),
  perguntasRejeitadas: z.boolean(),
});
export type NewFollowupResponse = z.infer<typeof newFollowupResponseSchema>;

/** GET acompanhamentos/pontos-nao-evidenciados/tema/{municipioId}/{temaId} (and /{municipioId} for every theme): what creating would discount. */
export const pendingPointsSchema = z.object({
  pontosNaoEvidenciados: z.number(),
  perguntasRejeitadas: z.boolean(),
});
export type PendingPoints = z.infer<typeof pendingPointsSchema>;

/** PUT api/acompanhamento: rename. */
export const updateFollowupSchema = z.object({ acompanhamentoId: id.positive(), nome: z.string().trim().min(1).max(200) });

export const answerItemSchema = z.object({
  acompanhamentoPerguntaId: id.positive(),
  resposta: z.boolean(),
  comentario: z
    .string()
    .max(FOLLOWUP_COMMENT_MAX, `O comentário deve ter no máximo ${FOLLOWUP_COMMENT_MAX} caracteres.`)
    .nullable()
    .optional(),
});
export type AnswerItem = z.infer<typeof answerItemSchema>;

/**
 * POST api/acompanhamento/acompanhamentos/acompanhamento-intermediario: answers given so far
 * (the app sends one per tap, as a `followup-answer` mutation). Answers with the whole follow-up.
 */
export const answerFollowupSchema = z.object({
  acompanhamentoId: id.positive(),
  respostas: z
    .array(answerItemSchema)
    .min(1, 'Informe ao menos uma resposta.')
    .max(FOLLOWUP_ANSWERS_MAX, `Envie no máximo ${FOLLOWUP_ANSWERS_MAX} respostas por vez.`),
});
export type AnswerFollowupInput = z.infer<typeof answerFollowupSchema>;

/** PUT api/acompanhamento/acompanhamentos/finalizar. Answers with the whole follow-up. */
export const finalizeFollowupSchema = z.object({ acompanhamentoId: id.positive() });

/** GET acompanhamentos/finalizacao/{id}: what the Finalizar confirmation shows. */
export const finalizationSummarySchema = z.object({
  acompanhamentoId: id,
  sim: z.number().int(),
  nao: z.number().int(),
  semResposta: z.number().int(),
  pontos: z.number().nullable(),
});
export type FinalizationSummary = z.infer<typeof finalizationSummarySchema>;

/**
 * Action plan (/cidade/{id}/pmd/{ids}): GET api/acompanhamento/acompanhamentos/plano-acao/{municipioId}?ids=1,2
 * The questions answered Nao in the selected follow-ups, by theme, with the municipality's
 * solutions (and their tasks) whose group of solutions works on the theme's axis.
 */
export const actionPlanSchema = z.object({
  municipioId: id,
  acompanhamentos: z.array(z.object({ acompanhamentoId: id, nome: z.string(), criacao: z.string() })),
  temas: z.array(
    z.object({
      temaId: id,
      nome: z.string(),
      eixoId: id,
      eixoNome: z.string(),
      perguntas: z.array(z.object({ perguntaId: id, numero: z.number().int(), texto: z.string(), comentario: z.string().nullable() })),
      solucoes: z.array(
        z.object({
          municipioSolucaoId: id,
          nome: z.string(),
          tarefas: z.array(z.object({ municipioTarefaId: id, nome: z.string(), horas: z.number() })),
        }),
      ),
    }),
  ),
});
export type ActionPlan = z.infer<typeof actionPlanSchema>;

/** GET api/acompanhamento/acompanhamentos/temas-finalizados/{municipioId}: themes with a finalized follow-up. */
export const finishedThemesSchema = z.array(z.object({ temaId: id, nome: z.string(), eixoId: id, finalizadoEm: z.string() }));

// ---------------------------------------------------------------- diagnostic and seal answers

/** Spec §9: the diagnostic's open questions; partner users answer 113 and 114 only. */
export const DIAGNOSTIC_QUESTION_IDS = [112, 113, 114] as const;
export const PARTNER_DIAGNOSTIC_QUESTION_IDS = [113, 114] as const;

/** The user group whose users are partners (spec §6 isParceiro; the server has no variant mode to read). */
export const PARTNER_GROUP_NAME = 'Parceiro';

/** Whether the user answers the diagnostic as a partner: in the Parceiro group, or in the partner variant. */
export function isPartnerUser(user: Pick<SessionUser, 'grupo'>, partnerMode = false): boolean {
  return partnerMode || (user.grupo !== null && compareText(user.grupo.nome.trim(), PARTNER_GROUP_NAME) === 0);
}

/** Spec §9: the diagnostic questions the user answers (112-114; 113-114 for partners). */
export function diagnosticQuestionIds(user: Pick<SessionUser, 'grupo'>, partnerMode = false): readonly number[] {
  return isPartnerUser(user, partnerMode) ? PARTNER_DIAGNOSTIC_QUESTION_IDS : DIAGNOSTIC_QUESTION_IDS;
}

export const DIAGNOSTIC_SITUATIONS = ['Não Iniciado', 'Em Preenchimento', 'Enviado'] as const;
export type DiagnosticSituation = (typeof DIAGNOSTIC_SITUATIONS)[number];

/**
 * GET api/seloDiagnosticoResposta/obter-diagnostico-resposta-por-municipio/{municipioId}; PUT
 * atualizar-diagnostico-resposta and PUT setar-enviada/{municipioId} answer with it too. After
 * setar-enviada nothing more is answered (409). The PDF: GET selo-diagnostico-pdf-by-municipioId/{id}.
 */
export const diagnosticStateSchema = z.object({
  municipioId: id,
  situacao: z.enum(DIAGNOSTIC_SITUATIONS),
  enviadoEm: z.string().nullable(),
  /** The diagnostic follow-up (created by GET acompanhamentos/novo/{municipioId}); null before. */
  acompanhamentoId: id.nullable(),
  temas: z.array(
    z.object({
      temaId: id,
      nome: z.string(),
      eixoId: id,
      respondidas: z.number().int(),
      total: z.number().int(),
      situacao: z.enum(DIAGNOSTIC_SITUATIONS),
    }),
  ),
  /**
   * Questions 112-114 (113-114 for partner users): yes/no questions of the questionnaire whose answer
   * is the municipality's own (pergunta_municipio.resposta), read and set here outside any follow-up.
   */
  respostas: z.array(z.object({ perguntaId: id, texto: z.string(), resposta: z.boolean().nullable() })),
});
export type DiagnosticState = z.infer<typeof diagnosticStateSchema>;

export const updateDiagnosticAnswerSchema = z.object({
  municipioId: id.positive(),
  perguntaId: z.union([z.literal(112), z.literal(113), z.literal(114)], { error: 'Pergunta de diagnóstico inválida.' }),
  resposta: z.boolean(),
});

/** GET api/seloDiagnosticoResposta/{perguntaId}?municipioId=&uf=&parceiro=&ambiente=: the legacy per-question read (data[0].resposta). */
export const diagnosticAnswerReadSchema = z.object({ data: z.array(z.object({ perguntaId: id, resposta: z.boolean().nullable() })) });

// ---------------------------------------------------------------- messages

export const FOLLOWUP_MESSAGES = {
  rejectedEvidence: 'Existem questões com evidências rejeitadas. Envie novas evidências para aprovação.',
  answerLocked: 'Esta pergunta já foi respondida neste acompanhamento e não pode ser alterada.',
  finalized: 'Este acompanhamento já foi finalizado e não aceita mais respostas.',
  diagnosticNotFinalizable: 'O acompanhamento de diagnóstico não pode ser finalizado.',
  notFound: 'Acompanhamento não encontrado.',
  questionNotInFollowup: 'A pergunta não pertence a este acompanhamento.',
  commentNotTaken: 'Esta pergunta não aceita comentário.',
  cannotFinalize: 'Somente um administrador ou quem criou o acompanhamento pode finalizá-lo.',
  cannotCreate: 'Você não tem permissão para criar acompanhamentos.',
  diagnosticSent: 'O diagnóstico já foi enviado e não pode mais ser alterado.',
} as const;

// ---------------------------------------------------------------- rules

/** Spec §9: follow-ups by creation date, newest first, then by name ignoring accents. */
export function sortFollowups<T extends Pick<FollowupListItem, 'criacao' | 'nome'>>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.criacao === b.criacao ? compareText(a.nome, b.nome) : a.criacao < b.criacao ? 1 : -1));
}

/** A heading of the answering page (or the diagnostic): a pillar (axis) or a theme, with its questions. */
export type QuestionGroup = { id: number; nome: string; eixoId: number; perguntas: FollowupQuestion[] };

/**
 * Questions grouped by axis (spec §2: the answering page groups and filters by pillar, the axis in
 * the variant's words) or by theme (the diagnostic's progress per theme), each group by number;
 * groups in order of their first number.
 */
export function groupQuestions(questions: readonly FollowupQuestion[], by: 'eixo' | 'tema' = 'tema'): QuestionGroup[] {
  const groups = new Map<number, QuestionGroup>();
  for (const q of questions) {
    const { temaId, nome, eixoId, eixoNome } = q.pergunta.tema;
    const [groupId, groupName] = by === 'eixo' ? [eixoId, eixoNome] : [temaId, nome];
    let group = groups.get(groupId);
    if (!group) groups.set(groupId, (group = { id: groupId, nome: groupName, eixoId, perguntas: [] }));
    group.perguntas.push(q);
  }
  const list = [...groups.values()];
  for (const g of list) g.perguntas.sort((a, b) => a.pergunta.numero - b.pergunta.numero);
  return list.sort((a, b) => a.perguntas[0]!.pergunta.numero - b.perguntas[0]!.pergunta.numero || compareText(a.nome, b.nome));
}

/** Spec §4: an answer already given cannot be changed unless the question is recurrent. */
export function canChangeAnswer(
  question: Pick<FollowupQuestion, 'respondida'> & { pergunta: Pick<FollowupQuestion['pergunta'], 'recorrente'> },
): boolean {
  return !question.respondida || question.pergunta.recorrente;
}

/** Points a question earns in a follow-up. */
export function questionPoints(resposta: boolean | null, pontos: number): number {
  return resposta === true ? pontos : 0;
}

export type MunicipalityAnswerState = {
  resposta: boolean | null;
  pontos: number;
  evidencia: boolean;
  evidenciada: boolean;
  rejeitada: boolean;
};

/** What creating a follow-up for these questions (one theme, one municipality) discounts, and whether any evidence was rejected. */
export function pendingPoints(questions: readonly MunicipalityAnswerState[]): PendingPoints {
  let pontosNaoEvidenciados = 0;
  let perguntasRejeitadas = false;
  for (const q of questions) {
    if (q.resposta === true && q.evidencia && !q.evidenciada) pontosNaoEvidenciados += q.pontos;
    if (q.rejeitada) perguntasRejeitadas = true;
  }
  return { pontosNaoEvidenciados, perguntasRejeitadas };
}

export type AnswerOutcome = { ok: true; changed: boolean } | { ok: false; message: string };

/** Whether an answer may be applied to a follow-up's question (server check and the device's optimistic check). */
export function checkAnswer(
  followup: Pick<Followup, 'finalizado'>,
  question: FollowupQuestion | undefined,
  answer: AnswerItem,
): AnswerOutcome {
  if (followup.finalizado) return { ok: false, message: FOLLOWUP_MESSAGES.finalized };
  if (!question) return { ok: false, message: FOLLOWUP_MESSAGES.questionNotInFollowup };
  // Refused rather than dropped: a comment the server silently threw away would look saved to its author.
  const takesComment = question.pergunta.possuiComentario;
  if (!takesComment && (answer.comentario ?? '').trim() !== '') return { ok: false, message: FOLLOWUP_MESSAGES.commentNotTaken };
  const comentario = takesComment ? (answer.comentario ?? question.comentario) : question.comentario;
  const same = question.respondida && question.resposta === answer.resposta && (comentario ?? null) === (question.comentario ?? null);
  if (same) return { ok: true, changed: false };
  if (!canChangeAnswer(question)) return { ok: false, message: FOLLOWUP_MESSAGES.answerLocked };
  return { ok: true, changed: true };
}

/** Sim, Nao and points of a follow-up from its questions (points stay null when hidden). */
export function followupTotals(questions: readonly FollowupQuestion[]): Pick<FollowupListItem, 'sim' | 'nao' | 'pontos' | 'total'> {
  let sim = 0;
  let nao = 0;
  let pontos: number | null = 0;
  for (const q of questions) {
    if (q.respondida && q.resposta === true) sim++;
    if (q.respondida && q.resposta === false) nao++;
    pontos = q.pontos_especificos === null || pontos === null ? null : pontos + q.pontos_especificos;
  }
  return { sim, nao, pontos, total: questions.length };
}

/**
 * The follow-up after these answers, as the device shows it before the server confirms (and as
 * the server computes it): answers that checkAnswer refuses are left out and returned apart.
 */
export function applyAnswers(
  followup: Followup,
  answers: readonly AnswerItem[],
): { followup: Followup; refused: { answer: AnswerItem; message: string }[] } {
  const refused: { answer: AnswerItem; message: string }[] = [];
  let perguntas = followup.perguntas;
  for (const answer of answers) {
    const index = perguntas.findIndex((q) => q.acompanhamentoPerguntaId === answer.acompanhamentoPerguntaId);
    const outcome = checkAnswer(followup, perguntas[index], answer);
    if (!outcome.ok) {
      refused.push({ answer, message: outcome.message });
      continue;
    }
    if (!outcome.changed) continue;
    const q = perguntas[index]!;
    const updated: FollowupQuestion = {
      ...q,
      resposta: answer.resposta,
      respondida: true,
      // A blank comment on a question that takes none changes nothing (checkAnswer refuses any other).
      comentario: answer.comentario === undefined || !q.pergunta.possuiComentario ? q.comentario : answer.comentario,
      pontos_especificos: q.pergunta.pontos === null ? null : questionPoints(answer.resposta, q.pergunta.pontos),
    };
    perguntas = perguntas.map((p, i) => (i === index ? updated : p));
  }
  return { followup: { ...followup, perguntas, ...followupTotals(perguntas) }, refused };
}

/** Spec §6: finalize needs the flag and being an admin or the follow-up's creator; never the diagnostic one, never twice. */
export function canFinalizeFollowup(ctx: PermissionContext, followup: Pick<Followup, 'usuarioId' | 'diagnostico' | 'finalizado'>): boolean {
  if (followup.diagnostico || followup.finalizado) return false;
  return hasFlag(ctx, 'finalizarAcompanhamento') && (isAdmin(ctx.usuario) || followup.usuarioId === ctx.usuario.usuarioId);
}

export function canCreateFollowup(ctx: PermissionContext): boolean {
  return hasFlag(ctx, 'novoAcompanhamento');
}

export function canSeeFollowupPoints(ctx: PermissionContext): boolean {
  return hasFlag(ctx, 'verPontosAcoesAcompanhamento');
}

/** Diagnostic situation (spec §4) of a set of questions: nothing answered, some, or sent. */
export function diagnosticSituation(answered: number, sent: boolean): DiagnosticSituation {
  if (sent) return 'Enviado';
  return answered === 0 ? 'Não Iniciado' : 'Em Preenchimento';
}
