import { z } from 'zod';
import { api } from '../../api/client.ts';
import { publicDownload, saveResponse } from '../../api/download.ts';
import { call } from '../../api/call.ts';
import { command, type CommandResult } from '../../data/command.ts';
import { query, type LocalRead } from '../../data/query.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { evidence as endpoints } from '../../contract/evidence.ts';
import {
  EVIDENCE_MESSAGES,
  evidenceFileSchema,
  evidenceHistoryItemSchema,
  evidenceQuestionListSchema,
  evidenceQuestionSchema,
  type EvaluateEvidence,
  type EvidenceQuestion,
  type EvidenceTab,
  type FinalizeAnalysis,
} from '../../domain/evidence.ts';
import { IDEMPOTENCY_HEADER } from '../../domain/uploads.ts';
import { httpStatusOf } from '../../lib/api-errors.ts';
import { evidenceTabScope } from './table.ts';
import { pullInto } from '../../offline/pull.ts';
import type { PublicDownloadState } from '../../lib/public-download.ts';
import { offlineUnavailable, openStore } from '../../offline/store.ts';
import { evidenceSendKind, evidenceUploadKind, type EvidenceSendPayload, type EvidenceUploadPayload } from './kinds.ts';
import {
  evidenceUpload,
  questionViewOf,
  readEvidenceTab,
  storeAnsweredQuestion,
  storeEvaluatedFile,
  storeEvidenceTab,
  type EvidenceQuestionView,
  type EvidenceUploadTarget,
  type PulledTab,
} from './store.ts';

export { type EvidenceQuestionView } from './store.ts';
export type { CommandResult } from '../../data/command.ts';

/**
 * Evidence of a municipality's questions (issue 15), one data object (`evidence`, at the end):
 * read from the device first (the offline bundle and every tab's read fill db.perguntasEvidencia),
 * files and sending queued in the outbox (kinds.ts), and the reviewers' writes online, each
 * answered by the question or the file, which is then stored on the device so every tab shows it
 * at once. Every write answers a CommandResult, its failure already shown (src/data/command.ts);
 * the screens say the successes.
 */

/** The evidence endpoints' paths (relative to /api), from their declarations (src/contract/evidence.ts). */
const EVIDENCE_API = {
  tab: (tab: EvidenceTab, municipioId: number) => pathOf(endpoints.tabs[tab], { id: municipioId }),
  question: (perguntaMunicipioId: number) => pathOf(endpoints.question, { id: perguntaMunicipioId }),
  updateQuestion: pathOf(endpoints.updateQuestion),
  attendants: (perguntaMunicipioId: number) => pathOf(endpoints.attendants, { id: perguntaMunicipioId }),
  revert: (perguntaMunicipioId: number) => pathOf(endpoints.revert, { id: perguntaMunicipioId }),
  evaluate: pathOf(endpoints.evaluate),
  finalize: pathOf(endpoints.finalize),
  deleteFile: (perguntaEvidenciaId: number) => pathOf(endpoints.deleteFile, { id: perguntaEvidenciaId }),
  download: (perguntaEvidenciaId: number) => pathOf(endpoints.download, { id: perguntaEvidenciaId }),
  rejectedBundle: (municipioId: number) => pathOf(endpoints.rejectedBundle, { id: municipioId }),
  publicDownload: (token: string) => pathOf(endpoints.publicDownload, { token }),
} as const;

const isGone = (error: unknown) => httpStatusOf(error) === 404;

// ---------------------------------------------------------------- files and sending, through the outbox

/**
 * Whether this browser has the device store: evidence goes up through the outbox only. A store not
 * yet open counts: the files wait for it (command.offline).
 */
function hasDeviceStore(): boolean {
  return !offlineUnavailable();
}

const upload = command.offline<EvidenceUploadPayload>(evidenceUploadKind, { failure: { message: EVIDENCE_MESSAGES.saveEvidence } });

/**
 * Queues a question's files (`evidence-upload`): the question shows them as pending at once.
 * `inline`: a dialog shows the refusal itself (nothing is notified).
 */
function queueFiles(
  question: EvidenceUploadTarget,
  files: ReadonlyArray<{ blob: Blob; name: string }>,
  { inline, ...options }: { dadosComplementares?: boolean; inline?: boolean } = {},
) {
  const { payload, queue } = evidenceUpload(question, files, options);
  return upload(payload, { ...queue, inline });
}

const send = command.offline<EvidenceSendPayload>(evidenceSendKind, { failure: { message: EVIDENCE_MESSAGES.saveQuestion } });

/** Queues sending a question for analysis (`evidence-send`), after its uploads: it moves to evidenciada at once. */
const queueSend = (payload: EvidenceSendPayload, options: { inline?: boolean } = {}) =>
  send(payload, { municipioId: payload.municipioId, ...options });

/** GET get-perguntas-municipios-{tab}/{municipioId}, local-first: the tab's questions, by theme then number. */
const useTab = query.local((municipioId: number, tab: EvidenceTab | null): LocalRead<EvidenceQuestionView[], PulledTab> => {
  const scope = tab === null ? null : evidenceTabScope(municipioId, tab);
  return {
    scope,
    deps: [municipioId, tab],
    read: (db) => readEvidenceTab(db, municipioId, tab!),
    fetch: async (signal) => {
      const startedAt = Date.now();
      const items = evidenceQuestionListSchema.parse(await api.get(EVIDENCE_API.tab(tab!, municipioId), { signal }).json());
      return { items, startedAt };
    },
    write: (db, pulled) => storeEvidenceTab(db, municipioId, tab!, pulled),
    direct: ({ items }) => items.map((q) => questionViewOf({ ...q, syncedAt: Date.now(), pending: 0 })),
    errorMessage: EVIDENCE_MESSAGES.getQuestions,
  };
});

type PulledQuestion = { question: EvidenceQuestion; startedAt: number };

/** GET get-pergunta/{id}, local-first: one question with its files (the evidenciar page). */
const useQuestion = query.local((perguntaMunicipioId: number | null): LocalRead<EvidenceQuestionView, PulledQuestion> => {
  const scope = perguntaMunicipioId === null ? null : `perguntaEvidencia:${perguntaMunicipioId}`;
  return {
    scope,
    deps: [perguntaMunicipioId],
    read: async (db) => {
      const row = await db.perguntasEvidencia.get(perguntaMunicipioId!);
      return row ? questionViewOf(row) : undefined;
    },
    fetch: async (signal) => {
      const startedAt = Date.now();
      return {
        question: evidenceQuestionSchema.parse(await api.get(EVIDENCE_API.question(perguntaMunicipioId!), { signal }).json()),
        startedAt,
      };
    },
    write: (db, { question, startedAt }) => pullInto(db, 'perguntasEvidencia', [question], scope!, { startedAt }),
    direct: ({ question }) => questionViewOf({ ...question, syncedAt: Date.now(), pending: 0 }),
    syncedAtOf: (q) => q.syncedAt || null,
    isGone,
    errorMessage: EVIDENCE_MESSAGES.getQuestion,
  };
});

/** GET historico/{id}: the question's evidence history (online). */
const useHistory = query.online((perguntaMunicipioId: number | null) =>
  perguntaMunicipioId === null
    ? null
    : {
        key: ['evidencia', 'historico', perguntaMunicipioId],
        fetch: (signal: AbortSignal) => call(endpoints.history, { params: { id: perguntaMunicipioId }, signal }),
        schema: z.array(evidenceHistoryItemSchema),
        errorMessage: EVIDENCE_MESSAGES.getEvidence,
      },
);

// ---------------------------------------------------------------- the reviewers' writes, online

/** The question a write answered, stored on the device so every tab shows it at once. */
async function keep(question: EvidenceQuestion): Promise<void> {
  const db = await openStore();
  if (db) await storeAnsweredQuestion(db, question);
}

// Each write carries an idempotency key of its own: a retried request is not applied twice.
const key = () => ({ [IDEMPOTENCY_HEADER]: crypto.randomUUID() });

/** A write answered by the question: parsed, stored on the device, its failure titled `failure` with the server's message. */
function questionWrite<I>(send: (input: I) => Promise<unknown>, failure: string) {
  return command.online<I, EvidenceQuestion>({ send, schema: evidenceQuestionSchema, after: keep, failure: { title: failure } });
}

const evaluateWith = (failure: string) =>
  command.online<EvaluateEvidence, z.infer<typeof evidenceFileSchema>>({
    send: (input) => api.put(EVIDENCE_API.evaluate, { json: input, headers: key() }).json(),
    schema: evidenceFileSchema,
    after: async (file) => {
      const db = await openStore();
      if (db) await storeEvaluatedFile(db, file);
    },
    failure: { title: failure },
  });

/** PUT perguntaevidencia: Aprovar or Rejeitar (with the justification). Answers the file. */
const evaluate = evaluateWith(EVIDENCE_MESSAGES.evaluate);
/** PUT perguntaevidencia: Atualizar (the justification of a decided file). Answers the file. */
const updateEvaluation = evaluateWith(EVIDENCE_MESSAGES.update);

/** PUT finalizar-evidencia with the whole list of decisions. Answers the question. */
const finalize = questionWrite(
  (input: FinalizeAnalysis) => api.put(EVIDENCE_API.finalize, { json: input, headers: key() }).json(),
  EVIDENCE_MESSAGES.evaluate,
);

/** PUT reverter-analise/{id} (full admin or Operacoes). */
const revert = questionWrite(
  (perguntaMunicipioId: number) => api.put(EVIDENCE_API.revert(perguntaMunicipioId), { headers: key() }).json(),
  EVIDENCE_MESSAGES.revert,
);

/** PUT perguntamunicipio {acao: 'descartar'}: back to answered, points lost. */
const discard = questionWrite(
  (perguntaMunicipioId: number) =>
    api.put(EVIDENCE_API.updateQuestion, { json: { acao: 'descartar', perguntaMunicipioId }, headers: key() }).json(),
  EVIDENCE_MESSAGES.discardQuestion,
);

/** PUT atualizar-pergunta-municipio-evidencia/{id}: question 3's data (Complemento). */
const updateAttendants = questionWrite(
  ({ perguntaMunicipioId, ...input }: { perguntaMunicipioId: number; atualizacaoAtendentes: number; valorInformado: number }) =>
    api.put(EVIDENCE_API.attendants(perguntaMunicipioId), { json: input, headers: key() }).json(),
  EVIDENCE_MESSAGES.saveQuestion,
);

/** DELETE excluir-evidencia/{id}: an unevaluated file. Answers the question. */
const deleteFile = questionWrite(
  (file: { perguntaEvidenciaId: number }) => api.delete(EVIDENCE_API.deleteFile(file.perguntaEvidenciaId), { headers: key() }).json(),
  EVIDENCE_MESSAGES.deleteFile,
);

// ---------------------------------------------------------------- downloads

/** GETs a file of the API and saves it under the server's name (or the fallback); answers the name. */
const download = command.online<{ path: string; fallback: string }, string>({
  send: async ({ path, fallback }) => saveResponse(await api.get(path, { timeout: 300_000 }), fallback),
  schema: z.string(),
  failure: { title: EVIDENCE_MESSAGES.getEvidence },
});

const downloadFile = (file: { perguntaEvidenciaId: number; nomeArquivo: string }): Promise<CommandResult<string>> =>
  download({ path: EVIDENCE_API.download(file.perguntaEvidenciaId), fallback: file.nomeArquivo });

const downloadRejectedBundle = (municipioId: number): Promise<CommandResult<string>> =>
  download({ path: EVIDENCE_API.rejectedBundle(municipioId), fallback: `evidencias-rejeitadas-${municipioId}.zip` });

export type { PublicDownloadState };

/**
 * GET api/publico/evidencia/{token} (no login): the file a link names, handed to the browser. The
 * public page has no session and shows its outcome itself: a bad or expired link, or another failure.
 */
const downloadPublic = (token: string): Promise<PublicDownloadState> =>
  publicDownload(() => api.get(EVIDENCE_API.publicDownload(token), { timeout: 300_000 }), 'evidencia', [400, 404, 410]);

export const evidence = {
  useTab,
  useQuestion,
  useHistory,
  hasDeviceStore,
  queueFiles,
  queueSend,
  evaluate,
  updateEvaluation,
  finalize,
  revert,
  discard,
  updateAttendants,
  deleteFile,
  downloadFile,
  downloadRejectedBundle,
  downloadPublic,
};
