import { evidenceTabOf, sortEvidenceQuestions, type EvidenceFile, type EvidenceQuestion, type EvidenceTab } from '../../domain/evidence.ts';
import type { OfflineDb } from '../../offline/db.ts';
import { enqueue, type EnqueueFile } from '../../offline/outbox.ts';
import { pullInto } from '../../offline/pull.ts';
import { evidenceTabScope, type PendingEvidenceFile, type PerguntaEvidenciaRow } from './table.ts';
import { evidenceSendKind, evidenceUploadKind, type EvidenceSendPayload, type EvidenceUploadPayload } from './kinds.ts';

/** The device side of evidence (no HTTP client here, so tests and the bench load it without a browser session). */

/** A question as the evidence screens show it: `pendentes` are files queued here; `pending` while anything given here is unsent. */
export type EvidenceQuestionView = EvidenceQuestion & { pendentes: PendingEvidenceFile[]; pending: boolean; syncedAt: number };

export function questionViewOf(row: PerguntaEvidenciaRow): EvidenceQuestionView {
  const { pendentes, pending, syncedAt, ...question } = row;
  return { ...question, pendentes: pendentes ?? [], pending: pending === 1, syncedAt };
}

/** The municipality's questions of one tab, by theme then number. */
export function evidenceTabRows(rows: readonly PerguntaEvidenciaRow[], tab: EvidenceTab): EvidenceQuestionView[] {
  return sortEvidenceQuestions(rows.filter((r) => evidenceTabOf(r) === tab).map(questionViewOf));
}

export async function readEvidenceTab(db: OfflineDb, municipioId: number, tab: EvidenceTab): Promise<EvidenceQuestionView[]> {
  return evidenceTabRows(await db.perguntasEvidencia.where('municipioId').equals(municipioId).toArray(), tab);
}

export type PulledTab = { items: EvidenceQuestion[]; startedAt: number };

/**
 * Stores one tab's answer. A tab lists only its own questions, so only rows of that tab (by
 * evidenceTabOf of the stored row) that the answer no longer lists are removed: a question that
 * moved to another tab is then written by that tab's read (or is in this answer already, and is
 * overwritten). Rows with a local change, or written after the request left, are left alone.
 */
export async function storeEvidenceTab(
  db: OfflineDb,
  municipioId: number,
  tab: EvidenceTab,
  { items, startedAt }: PulledTab,
  now = Date.now(),
) {
  await pullInto(db, 'perguntasEvidencia', items, evidenceTabScope(municipioId, tab), {
    range: { index: 'municipioId', equals: municipioId, only: (row) => evidenceTabOf(row) === tab },
    startedAt,
    now,
  });
}

/** Writes a question the server answered to an online write (evaluation, finalization, revert...), unless a local change waits. */
export async function storeAnsweredQuestion(db: OfflineDb, question: EvidenceQuestion): Promise<void> {
  await db.transaction('rw', db.perguntasEvidencia, async () => {
    const old = await db.perguntasEvidencia.get(question.perguntaMunicipioId);
    if (old?.pending === 1) {
      await db.perguntasEvidencia.put({ ...old, ...question, pendentes: old.pendentes, evidenciada: old.evidenciada, pending: 1 });
      return;
    }
    await db.perguntasEvidencia.put({ ...question, syncedAt: Date.now(), pending: 0 });
  });
}

/**
 * Files chosen for a question: queued (with their bytes kept on the device until the server
 * confirms them) and shown at once as pendente. The caller has checked them (type by content,
 * sizes and counts).
 */
export function queueEvidenceUpload(
  db: OfflineDb,
  question: EvidenceUploadTarget,
  files: ReadonlyArray<{ blob: Blob; name: string }>,
  options: { dadosComplementares?: boolean } = {},
) {
  const { payload, queue } = evidenceUpload(question, files, options);
  return enqueue(db, evidenceUploadKind, payload, queue);
}

export type EvidenceUploadTarget = Pick<EvidenceQuestion, 'perguntaMunicipioId' | 'municipioId'> & { numero?: number };

/** The `evidence-upload` entry for files chosen for a question: its payload and how it is queued (the bytes, the municipality). */
export function evidenceUpload(
  question: EvidenceUploadTarget,
  files: ReadonlyArray<{ blob: Blob; name: string }>,
  options: { dadosComplementares?: boolean } = {},
): { payload: EvidenceUploadPayload; queue: { files: EnqueueFile[]; municipioId: number } } {
  const { perguntaMunicipioId, municipioId, numero } = question;
  const payload = {
    perguntaMunicipioId,
    municipioId,
    numero,
    ...(options.dadosComplementares ? { dadosComplementares: true } : {}),
    arquivos: files.map((f) => ({ nomeArquivo: f.name, tamanho: f.blob.size })),
  };
  return { payload, queue: { files: [...files], municipioId } };
}

/** Sending for analysis: queued after the question's uploads; the question moves to evidenciada at once. */
export function queueEvidenceSend(db: OfflineDb, payload: EvidenceSendPayload) {
  return enqueue(db, evidenceSendKind, payload, { municipioId: payload.municipioId });
}

/** A file the server answered to an evaluation: replaced in its question on the device. */
export async function storeEvaluatedFile(db: OfflineDb, file: EvidenceFile): Promise<void> {
  await db.transaction('rw', db.perguntasEvidencia, async () => {
    const row = await db.perguntasEvidencia.get(file.perguntaMunicipioId);
    if (!row) return;
    const evidencias = row.evidencias.map((e) => (e.perguntaEvidenciaId === file.perguntaEvidenciaId ? file : e));
    await db.perguntasEvidencia.put({ ...row, evidencias });
  });
}
