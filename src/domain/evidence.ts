import { z } from 'zod';
import { hasFlag, isFullAdmin, type PermissionContext } from './permissions.ts';
import { compareText } from './text.ts';
import { MAX_UPLOAD_BYTES, receivedFileSchema } from './uploads.ts';

/**
 * API contract and rules of evidence (spec §3 "Question of a municipality", "Evidence file",
 * "Score range", "Evidence history"; §4 "Question lifecycle", "Evidence states"; §5 "Evidence
 * upload", "Question 3", "Resend", "Finalizing analysis", "Evidence evaluation"; §6; §7
 * "Questions" and "Evidence"), shared by the server routes, the offline kinds and the screens.
 *
 * The model, decided here once:
 * - A question of a municipality (pergunta_municipio) answered Sim and requiring evidence
 *   (`exigeEvidencia`) goes through: answered (`resposta` true, not evidenciada) → files uploaded
 *   (`evidencias`, each an Evidence file) → sent for analysis (`evidenciada` true: the municipality
 *   can no longer change it) → each file approved or rejected by an analyst (toggling allowed) →
 *   analysis finalized: every file's `enviada` becomes true (its decision is final and can no
 *   longer be evaluated), the question is `aprovada` when every file is approved, otherwise
 *   `rejeitada` with `qtdRejeicao` + 1 and `prazoReenvio` = two Brazilian business days after the
 *   finalization (server clock, America/Sao_Paulo; src/domain/business-days.ts).
 * - The tab a question is in (`evidenceTabOf`): respondida (answered, not sent), evidenciada
 *   (sent, analysis not finalized), aprovada, rejeitada.
 * - A rejected question is resent by uploading new files (until 23:59 of `prazoReenvio`, São Paulo
 *   time, and while `qtdRejeicao` < 2) and sending it for analysis again; in the seal variant
 *   sending sets evidenciada true and rejeitada false (spec §4), the same rule everywhere here.
 * - Reverting an analysis (full admin or Operacoes) returns a finalized question to evidenciada:
 *   its files' `enviada` false and decisions kept, `prazoReenvio` null, `qtdRejeicao` − 1 when it
 *   had been rejected.
 * - Discarding (respondida excluded) returns the question to answered-no: resposta null, files
 *   deleted, evidenciada/rejeitada false, faixa cleared; the municipality loses its points (the
 *   question reappears at the next follow-up).
 * - Every evaluation, finalization, revert and send is recorded in the evidence history.
 */

const id = z.number().int();
/** YYYY-MM-DD. */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida: use AAAA-MM-DD.');

export const EVIDENCE_TABS = ['respondida', 'evidenciada', 'aprovada', 'rejeitada'] as const;
export type EvidenceTab = (typeof EVIDENCE_TABS)[number];
/** Route parameter of /cidade/{id}/evidencia/{tipo}: a tab, or the Sala welcome tab. */
export const evidenceRouteTabSchema = z.enum([...EVIDENCE_TABS, 'boasvindas']);
export type EvidenceRouteTab = z.infer<typeof evidenceRouteTabSchema>;

/** Special question ids (spec §9). */
export const QUESTION_ATTENDANTS = 3;
export const QUESTION_SALA_CUTOFF = 1;
/** Question 1 in the seal room: uploads only before this instant (2025-07-01 00:00 in Brasília). */
export const SALA_QUESTION_1_CUTOFF = '2025-07-01T03:00:00.000Z';
/** A criterion rejected this many times cannot be resubmitted. */
export const MAX_REJECTIONS = 2;
export const RESEND_BUSINESS_DAYS = 2;
/** A complementary-data file (question 3) is stored under this prefix. */
export const COMPLEMENT_PREFIX = 'DADOS_COMPLE_';

export const EVIDENCE_MESSAGES = {
  // §5 Evidence upload
  noFiles: 'Não há evidências a serem enviadas!',
  fileTooLarge: 'Arquivo não pode ser maior que 25MB!',
  totalTooLarge: 'Total de arquivos não pode ser maior que 25MB!',
  onlyOneFile: 'Essa pergunta só aceita um arquivo',
  upToTwoFiles: 'Essa pergunta só aceita até dois arquivos',
  upToAttendants: (n: number) => `Essa pergunta só aceita até ${n} ${n === 1 ? 'arquivo' : 'arquivos'}`,
  wrongType: 'Tipo de arquivo não permitido. Envie PDF ou Excel.',
  question1Closed: 'O prazo para envio de evidências desta pergunta encerrou em 30/06/2025.',
  axisNotAllowed: 'Você não pode enviar evidências deste pilar.',
  // §5 Question 3
  requiredFields: 'Campos obrigatórios',
  minimumHoursRequired: 'Informe a carga horária mínima por atendente.',
  attendantsRequired: 'Informe a quantidade atual de atendentes.',
  declarationRequired: 'Anexe a declaração: a quantidade de atendentes difere da cadastrada.',
  oneEvidenceRequired: 'Anexe ao menos uma evidência.',
  complementExists: 'Arquivo já existente',
  // §5 Resend
  deadlinePassed: (ddmmyyyy: string) => `Prazo para envio de novo arquivo encerrou no dia ${ddmmyyyy} às 23:59`,
  rejectedTwice: 'O Critério foi rejeitado duas vezes e não poderá ser submetido a uma nova avaliação',
  // §5 Finalizing analysis and evaluation
  undecided: 'Campos obrigatórios - É necessário fazer a análise de todas as evidências antes de finalizá-las',
  rangeRequired: 'Campo Obrigatório',
  justificationRequired: 'É obrigatório o preenchimento de uma justificativa para evidências rejeitadas!',
  alreadySent: 'Esta evidência já foi enviada e não pode mais ser avaliada.',
  notUnderAnalysis: 'A pergunta não está em análise.',
  alreadyFinalized: 'A análise desta pergunta já foi finalizada.',
  notFinalized: 'A análise desta pergunta não foi finalizada.',
  cannotChange: 'A pergunta já foi enviada para análise e não pode ser alterada.',
  cannotDelete: 'Esta evidência não pode ser excluída.',
  notFound: 'Pergunta não encontrada.',
  evidenceNotFound: 'Evidência não encontrada.',
  notAnsweredYes: 'Somente perguntas respondidas com Sim recebem evidências.',
  // §8 success texts
  saved: 'Evidência salva com sucesso',
  sentForAnalysis: 'Evidência enviada para análise',
  finalized: 'Evidência finalizada com sucesso',
  evaluated: 'Evidência avaliada com sucesso!',
  updated: 'Evidência atualizada com sucesso!',
  // §8 errors
  getQuestions: 'Erro ao obter perguntas',
  getQuestion: 'Erro ao obter pergunta',
  saveEvidence: 'Erro ao salvar evidência',
  saveQuestion: 'Erro ao salvar Pergunta',
  discardQuestion: 'Erro ao salvar remover questão',
  getEvidence: 'Erro ao obter evidência',
  deleteFile: 'Erro ao obter deletar arquivo',
  getRanges: 'Erro ao obter faixas',
  revert: 'Erro em reverter análise',
  evaluate: 'Erro ao avaliar evidência',
  update: 'Erro ao atualizar evidência',
  // §8 empty texts
  noQuestions: 'Nenhuma pergunta retornada',
  noEvidence: 'Nenhuma evidência retornada',
  // §5 confirmations
  confirmSend: 'Depois de enviada para análise, a pergunta não poderá mais ser alterada. Deseja enviar?',
  confirmDiscard:
    'Ao descartar a pergunta, ela volta para respondida, reaparece no próximo acompanhamento e o município perde os seus pontos. Deseja descartar?',
  confirmDeleteTitle: 'Excluir evidência',
  confirmDelete: (nomeArquivo: string) => `Confirma que deseja deletar a evidência ${nomeArquivo}? Esta ação não pode ser desfeita.`,
} as const;

/** Score range (spec §3 "Score range"); a question has zero or more. */
export const scoreRangeSchema = z.object({ perguntaFaixaRespostaId: id, faixaNome: z.string(), faixaPontos: z.number() });
export type ScoreRange = z.infer<typeof scoreRangeSchema>;

/** Evidence file (spec §3). `pendente` never comes from the server: a file queued on this device. */
export const evidenceFileSchema = z.object({
  perguntaEvidenciaId: id,
  perguntaMunicipioId: id,
  nomeArquivo: z.string(),
  /** MIME type by content (PDF or Excel). */
  tipo: z.string(),
  tamanho: z.number().int(),
  aprovada: z.boolean(),
  rejeitada: z.boolean(),
  /** The analysis that decided it was finalized: no more evaluation. */
  enviada: z.boolean(),
  justificativa: z.string().nullable(),
  /** Uploader. */
  usuarioId: id,
  eixoId: id,
  /** YYYY-MM-DD, the question's resend deadline when this file was rejected at finalization. */
  prazoReenvio: isoDate.nullable(),
  /** Question 3's complementary-data declaration (name starts with COMPLEMENT_PREFIX). */
  dadosComplementares: z.boolean(),
  /** ISO instant of upload. */
  criadoEm: z.string(),
  /**
   * For a rejected file: the public, unguessable download path (/download-evidencia-recusada/{token}),
   * null otherwise.
   */
  linkPublico: z.string().nullable(),
});
export type EvidenceFile = z.infer<typeof evidenceFileSchema>;

/** Question of a municipality with its evidence (spec §3), as every evidence tab lists it. */
export const evidenceQuestionSchema = z.object({
  perguntaMunicipioId: id,
  perguntaId: id,
  municipioId: id,
  eixoId: id,
  temaId: id,
  /** Theme (or pillar) name. */
  nome: z.string(),
  numero: z.number().int(),
  texto: z.string(),
  /** null for users who may not see points (and always hidden in the seal variant's screens). */
  pontos: z.number().nullable(),
  resposta: z.boolean().nullable(),
  /** The question asks for evidence files when answered Sim. */
  exigeEvidencia: z.boolean(),
  /** The evidence text (shown by the evidence viewer); null when none was written. */
  evidencia: z.string().nullable(),
  temArquivo: z.boolean(),
  evidenciada: z.boolean(),
  rejeitada: z.boolean(),
  aprovada: z.boolean(),
  quantidadeArquivo: z.number().int(),
  quantidadeArquivoDadosComplementares: z.number().int(),
  /** Question 3: the attendants declared at registration (the municipality's register); null elsewhere. */
  atendentesCadastrados: z.number().int().nullable(),
  /** Question 3: current attendants. */
  atualizacaoAtendentes: z.number().int().nullable(),
  /** Question 3: minimum hours per attendant. */
  valorInformado: z.number().nullable(),
  perguntaFaixaRespostaId: id.nullable(),
  faixaNome: z.string().nullable(),
  faixas: z.array(scoreRangeSchema),
  qtdRejeicao: z.number().int(),
  /** YYYY-MM-DD; resend allowed until 23:59 of this day, São Paulo time. */
  prazoReenvio: isoDate.nullable(),
  salvo: z.boolean(),
  evidencias: z.array(evidenceFileSchema),
});
export type EvidenceQuestion = z.infer<typeof evidenceQuestionSchema>;
export const evidenceQuestionListSchema = z.array(evidenceQuestionSchema);

/**
 * GET api/pergunta/perguntamunicipio/get-perguntas-municipios-{respondidas|evidenciadas|aprovadas|rejeitadas}/{municipioId}.
 * The segment of each tab in those paths:
 */
export const TAB_PATH_SEGMENT: Record<EvidenceTab, string> = {
  respondida: 'respondidas',
  evidenciada: 'evidenciadas',
  aprovada: 'aprovadas',
  rejeitada: 'rejeitadas',
};

/**
 * POST api/pergunta/perguntamunicipio/salvarevidencias. Multipart (arquivos + perguntaMunicipioId,
 * spec §7) or JSON naming concluded resumable uploads (the outbox's `evidence-upload`). Answers the
 * question with its evidence.
 */
export const saveEvidenceJsonSchema = z.object({
  perguntaMunicipioId: id.positive(),
  uploadIds: z.array(z.string().min(1).max(100)).min(1, EVIDENCE_MESSAGES.noFiles).max(20),
  /** Question 3's declaration: stored as a complementary-data file (COMPLEMENT_PREFIX). */
  dadosComplementares: z.boolean().optional(),
});
export type SaveEvidenceJson = z.infer<typeof saveEvidenceJsonSchema>;

/**
 * Answer of salvarevidencias to the JSON form (added for the outbox): the question with its
 * evidence, plus `arquivosRecebidos`, one entry per upload it took (uploadId and SHA-256). The
 * outbox deletes a file's local copy only when the answer lists it with the same hash (the engine's
 * rule for every record that takes uploads); without it the entry is parked as not confirmed.
 */
export const saveEvidenceResponseSchema = evidenceQuestionSchema.extend({ arquivosRecebidos: z.array(receivedFileSchema) });
export type SaveEvidenceResponse = z.infer<typeof saveEvidenceResponseSchema>;

/**
 * PUT api/pergunta/perguntamunicipio: send for analysis (`enviar`; question 3 with its fields),
 * discard (`descartar`), or save the evidence text (`salvar`). Answers the question.
 */
export const updateQuestionSchema = z.discriminatedUnion('acao', [
  z.object({
    acao: z.literal('enviar'),
    perguntaMunicipioId: id.positive(),
    /** Question 3 only. */
    atualizacaoAtendentes: z.number().int().min(0).max(100_000).nullable().optional(),
    valorInformado: z.number().min(0).max(100_000).nullable().optional(),
  }),
  z.object({ acao: z.literal('descartar'), perguntaMunicipioId: id.positive() }),
  z.object({ acao: z.literal('salvar'), perguntaMunicipioId: id.positive(), evidencia: z.string().max(5000).nullable() }),
]);
export type UpdateQuestion = z.infer<typeof updateQuestionSchema>;

/**
 * PUT api/pergunta/perguntaevidencia: evaluate one file (Aprovar, Rejeitar) or update it
 * (Atualizar: the justification). Form data in the spec; JSON accepted too. Answers the file.
 */
export const evaluateEvidenceSchema = z.object({
  perguntaEvidenciaId: id.positive(),
  perguntaMunicipioId: id.positive(),
  aprovada: z.boolean(),
  rejeitada: z.boolean(),
  nomeArquivo: z.string().max(255).optional(),
  usuarioId: id.positive().optional(),
  /** The update form calls it Justificativa. */
  justificativa: z.string().trim().max(2000).nullable().optional(),
});
export type EvaluateEvidence = z.infer<typeof evaluateEvidenceSchema>;

/** PUT api/pergunta/perguntaevidencia/finalizar-evidencia: the whole list of decisions (spec §2: "emits the whole list"). */
export const finalizeAnalysisSchema = z.object({
  perguntaMunicipioId: id.positive(),
  perguntaFaixaRespostaId: id.positive().nullable(),
  evidencias: z
    .array(
      z.object({
        perguntaEvidenciaId: id.positive(),
        aprovada: z.boolean(),
        rejeitada: z.boolean(),
        justificativa: z.string().trim().max(2000).nullable(),
      }),
    )
    .min(1, EVIDENCE_MESSAGES.undecided),
});
export type FinalizeAnalysis = z.infer<typeof finalizeAnalysisSchema>;

/** PUT api/pergunta/perguntamunicipio/atualizar-pergunta-municipio-evidencia/{id}: question 3's data (Complemento). */
export const updateAttendantsSchema = z.object({
  atualizacaoAtendentes: z.number().int().min(0).max(100_000),
  valorInformado: z.number().min(0).max(100_000),
});

/** GET api/pergunta/perguntaevidencia/historico/{perguntaMunicipioId}: the evidence history (spec §3). */
export const evidenceHistoryItemSchema = z.object({
  historicoId: id,
  perguntaEvidenciaId: id.nullable(),
  nomeArquivo: z.string().nullable(),
  /** What happened: enviada (sent for analysis), aprovada, rejeitada, finalizada, revertida, descartada, excluida. */
  acao: z.enum(['enviada', 'aprovada', 'rejeitada', 'finalizada', 'revertida', 'descartada', 'excluida', 'carregada']),
  analisada: z.boolean(),
  aprovada: z.boolean(),
  rejeitada: z.boolean(),
  justificativa: z.string().nullable(),
  /** Names of who evaluated and who sent the evidence. */
  avaliadoPor: z.string().nullable(),
  evidenciadoPor: z.string().nullable(),
  /** ISO instant. */
  em: z.string(),
});
export type EvidenceHistoryItem = z.infer<typeof evidenceHistoryItemSchema>;

// ---------------------------------------------------------------- rules

/** The tab a question is in (spec §4). */
export function evidenceTabOf(q: Pick<EvidenceQuestion, 'evidenciada' | 'aprovada' | 'rejeitada'>): EvidenceTab {
  if (q.rejeitada) return 'rejeitada';
  if (q.aprovada) return 'aprovada';
  if (q.evidenciada) return 'evidenciada';
  return 'respondida';
}

type TabFlags = { view: Parameters<typeof hasFlag>[1] | null; send: Parameters<typeof hasFlag>[1] };
/** Spec §6: view and send per tab. The answered tab has no view flag (it is the evidence tab itself). */
export const TAB_FLAGS: Record<EvidenceTab, TabFlags> = {
  respondida: { view: null, send: 'enviarRespondidas' },
  evidenciada: { view: 'visualizarEvidenciadas', send: 'enviarEvidenciadas' },
  aprovada: { view: 'visualizarAprovadas', send: 'enviarAprovadas' },
  rejeitada: { view: 'visualizarRejeitadas', send: 'enviarRejeitadas' },
};

export function canViewEvidenceTab(ctx: PermissionContext, tab: EvidenceTab): boolean {
  const flag = TAB_FLAGS[tab].view;
  return flag === null || hasFlag(ctx, flag);
}

export function canSendInTab(ctx: PermissionContext, tab: EvidenceTab): boolean {
  return hasFlag(ctx, TAB_FLAGS[tab].send);
}

/** Spec §6: evaluation needs one of the analisar* flags (the one of the tab the reviewer is in). */
export const ANALYSE_FLAG: Record<Exclude<EvidenceTab, 'respondida'>, Parameters<typeof hasFlag>[1]> = {
  evidenciada: 'analisarEvidenciadas',
  aprovada: 'analisarAprovadas',
  rejeitada: 'analisarRejeitadas',
};

export function canAnalyse(ctx: PermissionContext, tab?: EvidenceTab): boolean {
  if (tab === 'respondida') return false;
  if (tab) return hasFlag(ctx, ANALYSE_FLAG[tab]);
  return Object.values(ANALYSE_FLAG).some((flag) => hasFlag(ctx, flag));
}

/** Spec §4: Aprovar on evidenciada or rejeitada when not approved; Rejeitar on evidenciada or aprovada when not rejected; never once enviada. */
export function canApprove(tab: EvidenceTab, file: Pick<EvidenceFile, 'aprovada' | 'enviada'>): boolean {
  return !file.enviada && (tab === 'evidenciada' || tab === 'rejeitada') && !file.aprovada;
}
export function canReject(tab: EvidenceTab, file: Pick<EvidenceFile, 'rejeitada' | 'enviada'>): boolean {
  return !file.enviada && (tab === 'evidenciada' || tab === 'aprovada') && !file.rejeitada;
}

/** Spec §6: delete only an unevaluated file, never in the evidenciada tab, and in Sala only for visualizaEixosIds. */
export function canDeleteEvidence(
  ctx: PermissionContext,
  tab: EvidenceTab,
  file: Pick<EvidenceFile, 'aprovada' | 'rejeitada' | 'enviada' | 'eixoId'>,
  isSala: boolean,
): boolean {
  if (tab === 'evidenciada' || file.aprovada || file.rejeitada || file.enviada) return false;
  if (isSala && !isFullAdmin(ctx.usuario) && !(ctx.usuario.grupo?.visualizaEixosIds ?? []).includes(file.eixoId)) return false;
  return canSendInTab(ctx, tab);
}

/** Spec §5: in the seal variant, sending is limited to the axes in visualizaEixosIds. */
export function canSendAxis(ctx: PermissionContext, eixoId: number, isSala: boolean): boolean {
  return !isSala || isFullAdmin(ctx.usuario) || (ctx.usuario.grupo?.visualizaEixosIds ?? []).includes(eixoId);
}

/** How many files a question takes (spec §5), null when unlimited. */
export function fileLimit(perguntaId: number, attendants: { cadastrados: number | null; atuais: number | null }): number | null {
  if (perguntaId === QUESTION_ATTENDANTS) return Math.max(attendants.cadastrados ?? 0, attendants.atuais ?? 0, 1);
  if (perguntaId === 13) return 2;
  if ([1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15].includes(perguntaId)) return 1;
  return null;
}

function limitMessage(perguntaId: number, limit: number): string {
  if (perguntaId === QUESTION_ATTENDANTS) return EVIDENCE_MESSAGES.upToAttendants(limit);
  return limit === 2 ? EVIDENCE_MESSAGES.upToTwoFiles : EVIDENCE_MESSAGES.onlyOneFile;
}

export type Check = { ok: true } | { ok: false; message: string };

/**
 * Spec §5 "Evidence upload", in order, for files added to a question that already holds
 * `existing` non-complementary files. Types are checked by content elsewhere (sniffFileType).
 */
export function checkEvidenceFiles(
  q: Pick<EvidenceQuestion, 'perguntaId' | 'eixoId' | 'atendentesCadastrados' | 'atualizacaoAtendentes'>,
  existing: number,
  files: ReadonlyArray<{ size: number }>,
  opts: { ctx: PermissionContext; isSala: boolean; now: Date },
): Check {
  if (files.length === 0) return { ok: false, message: EVIDENCE_MESSAGES.noFiles };
  if (files.some((f) => f.size > MAX_UPLOAD_BYTES)) return { ok: false, message: EVIDENCE_MESSAGES.fileTooLarge };
  if (files.reduce((sum, f) => sum + f.size, 0) > MAX_UPLOAD_BYTES) return { ok: false, message: EVIDENCE_MESSAGES.totalTooLarge };
  const limit = fileLimit(q.perguntaId, { cadastrados: q.atendentesCadastrados, atuais: q.atualizacaoAtendentes });
  if (limit !== null && existing + files.length > limit) return { ok: false, message: limitMessage(q.perguntaId, limit) };
  if (
    opts.isSala &&
    q.perguntaId === QUESTION_SALA_CUTOFF &&
    opts.now.getTime() >= Date.parse(SALA_QUESTION_1_CUTOFF) &&
    !hasFlag(opts.ctx, 'enviaPerguntaId1Selo')
  ) {
    return { ok: false, message: EVIDENCE_MESSAGES.question1Closed };
  }
  if (!canSendAxis(opts.ctx, q.eixoId, opts.isSala)) return { ok: false, message: EVIDENCE_MESSAGES.axisNotAllowed };
  return { ok: true };
}

/** Spec §5 "Question 3", before sending to analysis (the "Campos obrigatórios" dialog), in order. */
export function checkAttendants(input: {
  valorInformado: number | null;
  atualizacaoAtendentes: number | null;
  atendentesCadastrados: number | null;
  hasDeclaration: boolean;
  evidenceCount: number;
}): Check {
  if (input.valorInformado === null) return { ok: false, message: EVIDENCE_MESSAGES.minimumHoursRequired };
  if (input.atualizacaoAtendentes === null) return { ok: false, message: EVIDENCE_MESSAGES.attendantsRequired };
  if (input.atualizacaoAtendentes !== (input.atendentesCadastrados ?? 0) && !input.hasDeclaration) {
    return { ok: false, message: EVIDENCE_MESSAGES.declarationRequired };
  }
  if (input.evidenceCount < 1) return { ok: false, message: EVIDENCE_MESSAGES.oneEvidenceRequired };
  return { ok: true };
}

/** The stored name of question 3's declaration. */
export function complementFileName(name: string): string {
  return name.startsWith(COMPLEMENT_PREFIX) ? name : `${COMPLEMENT_PREFIX}${name}`;
}

/** DD/MM/YYYY of a YYYY-MM-DD. */
function brDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * The last instant a resend is accepted: 23:59:59.999 of `prazoReenvio` in São Paulo (UTC−3 all
 * year: Brazil has had no daylight saving time since 2019).
 */
export function resendDeadlineInstant(prazoReenvio: string): Date {
  return new Date(`${prazoReenvio}T23:59:59.999-03:00`);
}

/** Spec §5 "Resend": may a rejected question take new files and be sent again now? */
export function checkResend(q: Pick<EvidenceQuestion, 'rejeitada' | 'qtdRejeicao' | 'prazoReenvio'>, now: Date): Check {
  if (!q.rejeitada) return { ok: true };
  if (q.qtdRejeicao >= MAX_REJECTIONS) return { ok: false, message: EVIDENCE_MESSAGES.rejectedTwice };
  if (q.prazoReenvio && now.getTime() > resendDeadlineInstant(q.prazoReenvio).getTime()) {
    return { ok: false, message: EVIDENCE_MESSAGES.deadlinePassed(brDate(q.prazoReenvio)) };
  }
  return { ok: true };
}

/** Spec §5 "Evidence evaluation". */
export function checkEvaluation(e: Pick<EvaluateEvidence, 'rejeitada' | 'justificativa'>, file: Pick<EvidenceFile, 'enviada'>): Check {
  if (file.enviada) return { ok: false, message: EVIDENCE_MESSAGES.alreadySent };
  if (e.rejeitada && !e.justificativa?.trim()) return { ok: false, message: EVIDENCE_MESSAGES.justificationRequired };
  return { ok: true };
}

/** Spec §5 "Finalizing analysis": every file decided, a rejected one justified, a range where the question has ranges. */
export function checkFinalize(
  q: Pick<EvidenceQuestion, 'faixas'>,
  decisions: ReadonlyArray<{ aprovada: boolean; rejeitada: boolean; justificativa: string | null }>,
  perguntaFaixaRespostaId: number | null,
): Check {
  if (decisions.length === 0 || decisions.some((d) => d.aprovada === d.rejeitada))
    return { ok: false, message: EVIDENCE_MESSAGES.undecided };
  if (decisions.some((d) => d.rejeitada && !d.justificativa?.trim()))
    return { ok: false, message: EVIDENCE_MESSAGES.justificationRequired };
  if (q.faixas.length > 0 && perguntaFaixaRespostaId === null) return { ok: false, message: EVIDENCE_MESSAGES.rangeRequired };
  return { ok: true };
}

/** Spec §2: the review table lists undecided files first, then by name. */
export function sortForReview<T extends Pick<EvidenceFile, 'aprovada' | 'rejeitada' | 'nomeArquivo' | 'perguntaEvidenciaId'>>(
  files: readonly T[],
): T[] {
  const undecided = (f: T) => (!f.aprovada && !f.rejeitada ? 0 : 1);
  return [...files].sort(
    (a, b) => undecided(a) - undecided(b) || compareText(a.nomeArquivo, b.nomeArquivo) || a.perguntaEvidenciaId - b.perguntaEvidenciaId,
  );
}

/** Evidence tab lists: by theme, then number (accent-insensitive). */
export function sortEvidenceQuestions<T extends Pick<EvidenceQuestion, 'nome' | 'numero'>>(questions: readonly T[]): T[] {
  return [...questions].sort((a, b) => compareText(a.nome, b.nome) || a.numero - b.numero);
}
