import { z } from 'zod';
import { api } from '../../api/client.ts';
import { saveBlob } from '../../api/download.ts';
import { call } from '../../api/call.ts';
import { query, type LocalRead } from '../../data/query.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { evidence } from '../../contract/evidence.ts';
import {
  EVIDENCE_MESSAGES,
  evidenceFileSchema,
  evidenceHistoryItemSchema,
  evidenceQuestionListSchema,
  evidenceQuestionSchema,
  type EvaluateEvidence,
  type EvidenceFile,
  type EvidenceQuestion,
  type EvidenceTab,
  type FinalizeAnalysis,
} from '../../domain/evidence.ts';
import { IDEMPOTENCY_HEADER } from '../../domain/uploads.ts';
import { apiErrorMessage, httpStatusOf } from '../../lib/api-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { evidenceTabScope } from './table.ts';
import { pullInto } from '../../offline/pull.ts';
import type { PublicDownloadState } from '../../ui/public-download.tsx';
import { OutboxValidationError } from '../../offline/outbox.ts';
import { getOfflineDb } from '../../offline/runtime.ts';
import {
  queueEvidenceSend,
  queueEvidenceUpload,
  questionViewOf,
  readEvidenceTab,
  storeAnsweredQuestion,
  storeEvaluatedFile,
  storeEvidenceTab,
  type EvidenceQuestionView,
  type PulledTab,
} from './store.ts';

// The public download page saves its file like every other download.
export { saveBlob };
export { type EvidenceQuestionView } from './store.ts';

/**
 * Evidence of a municipality's questions (issue 15): read from the device first (the offline
 * bundle and every tab's read fill db.perguntasEvidencia), files and sending through the outbox
 * (kinds.ts), and the reviewers' writes online through the one HTTP client, each answered by the
 * question, which is then stored on the device so every tab shows it at once.
 */

/** The evidence endpoints' paths (relative to /api), from their declarations (src/contract/evidence.ts). */
export const EVIDENCE_API = {
  tab: (tab: EvidenceTab, municipioId: number) => pathOf(evidence.tabs[tab], { id: municipioId }),
  question: (perguntaMunicipioId: number) => pathOf(evidence.question, { id: perguntaMunicipioId }),
  updateQuestion: pathOf(evidence.updateQuestion),
  attendants: (perguntaMunicipioId: number) => pathOf(evidence.attendants, { id: perguntaMunicipioId }),
  revert: (perguntaMunicipioId: number) => pathOf(evidence.revert, { id: perguntaMunicipioId }),
  evaluate: pathOf(evidence.evaluate),
  finalize: pathOf(evidence.finalize),
  deleteFile: (perguntaEvidenciaId: number) => pathOf(evidence.deleteFile, { id: perguntaEvidenciaId }),
  download: (perguntaEvidenciaId: number) => pathOf(evidence.download, { id: perguntaEvidenciaId }),
  history: (perguntaMunicipioId: number) => pathOf(evidence.history, { id: perguntaMunicipioId }),
  rejectedBundle: (municipioId: number) => pathOf(evidence.rejectedBundle, { id: municipioId }),
  publicDownload: (token: string) => pathOf(evidence.publicDownload, { token }),
} as const;

const isGone = (error: unknown) => httpStatusOf(error) === 404;

// ---------------------------------------------------------------- files and sending, through the outbox

/** Whether this browser has the device store: evidence goes up through the outbox only. */
export function hasDeviceStore(): boolean {
  return getOfflineDb() !== null;
}

/** Why the device refused to queue (the payload's rule, or no room), in the spec's words: nothing was queued. */
function queueRefusal(error: unknown): string {
  return error instanceof OutboxValidationError ? error.message : EVIDENCE_MESSAGES.saveEvidence;
}

/** Queues a question's files (`evidence-upload`); resolves with null, or the message of why nothing was queued. */
export async function queueEvidenceFiles(
  question: Parameters<typeof queueEvidenceUpload>[1],
  files: ReadonlyArray<{ blob: Blob; name: string }>,
  options?: { dadosComplementares?: boolean },
): Promise<string | null> {
  const db = getOfflineDb();
  if (!db) return EVIDENCE_MESSAGES.saveEvidence;
  try {
    await queueEvidenceUpload(db, question, files, options);
    return null;
  } catch (error) {
    return queueRefusal(error);
  }
}

/** Queues sending a question for analysis (`evidence-send`); resolves with null, or the message of why nothing was queued. */
export async function queueQuestionSend(payload: Parameters<typeof queueEvidenceSend>[1]): Promise<string | null> {
  const db = getOfflineDb();
  if (!db) return EVIDENCE_MESSAGES.saveQuestion;
  try {
    await queueEvidenceSend(db, payload);
    return null;
  } catch (error) {
    return queueRefusal(error);
  }
}

/** GET get-perguntas-municipios-{tab}/{municipioId}, local-first: the tab's questions, by theme then number. */
export const useEvidenceTab = query.local((municipioId: number, tab: EvidenceTab | null): LocalRead<EvidenceQuestionView[], PulledTab> => {
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
export const useEvidenceQuestion = query.local((perguntaMunicipioId: number | null): LocalRead<EvidenceQuestionView, PulledQuestion> => {
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
export const useEvidenceHistory = query.online((perguntaMunicipioId: number | null) =>
  perguntaMunicipioId === null
    ? null
    : {
        key: ['evidencia', 'historico', perguntaMunicipioId],
        fetch: (signal: AbortSignal) => call(evidence.history, { params: { id: perguntaMunicipioId }, signal }),
        schema: z.array(evidenceHistoryItemSchema),
        errorMessage: EVIDENCE_MESSAGES.getEvidence,
      },
);

async function keep(question: EvidenceQuestion): Promise<EvidenceQuestion> {
  const db = getOfflineDb();
  if (db) await storeAnsweredQuestion(db, question);
  return question;
}

/** One online write with the spec's notifications: resolves with the answer, or null after notifying the failure. */
async function write<T>(run: () => Promise<T>, success: string | null, failure: string): Promise<T | null> {
  try {
    const result = await run();
    if (success) notifySuccess(success);
    return result;
  } catch (error) {
    notifyError(failure, apiErrorMessage(error, ''));
    return null;
  }
}

const key = () => ({ [IDEMPOTENCY_HEADER]: crypto.randomUUID() });

/** PUT perguntaevidencia: Aprovar, Rejeitar (with the justification) or Atualizar (the justification). Answers the file. */
export function evaluateEvidence(input: EvaluateEvidence, kind: 'avaliar' | 'atualizar'): Promise<EvidenceFile | null> {
  return write(
    async () => {
      const file = evidenceFileSchema.parse(await api.put(EVIDENCE_API.evaluate, { json: input, headers: key() }).json());
      const db = getOfflineDb();
      if (db) await storeEvaluatedFile(db, file);
      return file;
    },
    kind === 'avaliar' ? EVIDENCE_MESSAGES.evaluated : EVIDENCE_MESSAGES.updated,
    kind === 'avaliar' ? EVIDENCE_MESSAGES.evaluate : EVIDENCE_MESSAGES.update,
  );
}

/** PUT finalizar-evidencia with the whole list of decisions. Answers the question. */
export function finalizeAnalysis(input: FinalizeAnalysis): Promise<EvidenceQuestion | null> {
  return write(
    async () => keep(evidenceQuestionSchema.parse(await api.put(EVIDENCE_API.finalize, { json: input, headers: key() }).json())),
    EVIDENCE_MESSAGES.finalized,
    EVIDENCE_MESSAGES.evaluate,
  );
}

/** PUT reverter-analise/{id} (full admin or Operacoes). */
export function revertAnalysis(perguntaMunicipioId: number): Promise<EvidenceQuestion | null> {
  return write(
    async () => keep(evidenceQuestionSchema.parse(await api.put(EVIDENCE_API.revert(perguntaMunicipioId), { headers: key() }).json())),
    'Análise revertida com sucesso',
    EVIDENCE_MESSAGES.revert,
  );
}

/** PUT perguntamunicipio {acao: 'descartar'}: back to answered, points lost. */
export function discardQuestion(perguntaMunicipioId: number): Promise<EvidenceQuestion | null> {
  return write(
    async () =>
      keep(
        evidenceQuestionSchema.parse(
          await api.put(EVIDENCE_API.updateQuestion, { json: { acao: 'descartar', perguntaMunicipioId }, headers: key() }).json(),
        ),
      ),
    'Pergunta descartada com sucesso',
    EVIDENCE_MESSAGES.discardQuestion,
  );
}

/** PUT perguntamunicipio {acao: 'salvar'}: the evidence text. */
export function saveEvidenceText(perguntaMunicipioId: number, evidencia: string | null): Promise<EvidenceQuestion | null> {
  return write(
    async () =>
      keep(
        evidenceQuestionSchema.parse(
          await api.put(EVIDENCE_API.updateQuestion, { json: { acao: 'salvar', perguntaMunicipioId, evidencia }, headers: key() }).json(),
        ),
      ),
    EVIDENCE_MESSAGES.saved,
    EVIDENCE_MESSAGES.saveQuestion,
  );
}

/** PUT atualizar-pergunta-municipio-evidencia/{id}: question 3's data (Complemento). */
export function updateAttendants(perguntaMunicipioId: number, input: { atualizacaoAtendentes: number; valorInformado: number }) {
  return write(
    async () =>
      keep(
        evidenceQuestionSchema.parse(await api.put(EVIDENCE_API.attendants(perguntaMunicipioId), { json: input, headers: key() }).json()),
      ),
    EVIDENCE_MESSAGES.updated,
    EVIDENCE_MESSAGES.saveQuestion,
  );
}

/** DELETE excluir-evidencia/{id}: an unevaluated file. Answers the question. */
export async function deleteEvidenceFile(file: Pick<EvidenceFile, 'perguntaEvidenciaId' | 'perguntaMunicipioId'>): Promise<boolean> {
  const result = await write(
    async () =>
      keep(evidenceQuestionSchema.parse(await api.delete(EVIDENCE_API.deleteFile(file.perguntaEvidenciaId), { headers: key() }).json())),
    'Evidência excluída com sucesso',
    EVIDENCE_MESSAGES.deleteFile,
  );
  return result !== null;
}

/** The file name a Content-Disposition header gives (RFC 6266: filename* first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1]!.trim() : null;
}

/** GETs a file of the API and saves it under the server's name (or `fallback`); resolves with the name. */
async function saveApiFile(path: string, fallback: string): Promise<string> {
  const response = await api.get(path, { timeout: 300_000 });
  const name = fileNameOf(response.headers.get('content-disposition')) ?? fallback;
  saveBlob(await response.blob(), name);
  return name;
}

/** GETs a file of the API and saves it under the server's name (or `fallback`). Resolves with the name, or null after notifying. */
export async function downloadApiFile(path: string, fallback: string, failure: string): Promise<string | null> {
  try {
    return await saveApiFile(path, fallback);
  } catch (error) {
    notifyError(failure, apiErrorMessage(error, ''));
    return null;
  }
}

export type { PublicDownloadState };

/** GET api/publico/evidencia/{token} (no login): the file a link names, handed to the browser. */
export async function downloadPublicEvidence(token: string): Promise<PublicDownloadState> {
  try {
    return { status: 'done', name: await saveApiFile(EVIDENCE_API.publicDownload(token), 'evidencia') };
  } catch (error) {
    return { status: 'error', badLink: [400, 404, 410].includes(httpStatusOf(error) ?? 0) };
  }
}

export const downloadEvidenceFile = (file: Pick<EvidenceFile, 'perguntaEvidenciaId' | 'nomeArquivo'>) =>
  downloadApiFile(EVIDENCE_API.download(file.perguntaEvidenciaId), file.nomeArquivo, EVIDENCE_MESSAGES.getEvidence);

export const downloadRejectedBundle = (municipioId: number) =>
  downloadApiFile(EVIDENCE_API.rejectedBundle(municipioId), `evidencias-rejeitadas-${municipioId}.zip`, EVIDENCE_MESSAGES.getEvidence);
