import { z } from 'zod';
import { pathOf } from '../../contract/endpoint.ts';
import { evidence } from '../../contract/evidence.ts';
import { evidenceQuestionSchema, type EvidenceQuestion } from '../../domain/evidence.ts';
import type { OfflineDb, OutboxEntry } from '../../offline/db.ts';
import { queuedFor } from '../../offline/outbox.ts';
import type { PendingEvidenceFile, PerguntaEvidenciaRow } from './table.ts';
import { defineMutationKind } from '../../offline/kinds.ts';

/**
 * The evidence writes that work offline (issue 15): files chosen for a question and sending the
 * question for analysis. Both go through the outbox even online, so a dropped connection never
 * loses or doubles them; the files travel on the offline core's resumable upload (hashed, in
 * chunks, kept on the device until the server confirms). One entity key per question keeps its
 * uploads, then its sending, in the order they were given.
 */

export const EVIDENCE_UPLOAD_KIND = 'evidence-upload';
export const EVIDENCE_SEND_KIND = 'evidence-send';
export const SAVE_EVIDENCE_PATH = pathOf(evidence.save);
export const UPDATE_QUESTION_PATH = pathOf(evidence.updateQuestion);

export function evidenceEntity(perguntaMunicipioId: number): string {
  return `perguntaMunicipio:${perguntaMunicipioId}`;
}

export const evidenceUploadPayloadSchema = z.object({
  perguntaMunicipioId: z.number().int().positive(),
  municipioId: z.number().int().positive(),
  /** Question 3's declaration: stored by the server as a complementary-data file. */
  dadosComplementares: z.boolean().optional(),
  /** The files' names and sizes, in the order they are attached: what the tab shows as pendente. */
  arquivos: z
    .array(z.object({ nomeArquivo: z.string().min(1).max(255), tamanho: z.number().int().min(0) }))
    .min(1)
    .max(20),
  /** Only for the sync centre's label. */
  numero: z.number().int().optional(),
});
export type EvidenceUploadPayload = z.infer<typeof evidenceUploadPayloadSchema>;

export const evidenceSendPayloadSchema = z.object({
  perguntaMunicipioId: z.number().int().positive(),
  municipioId: z.number().int().positive(),
  /** Question 3 only. */
  atualizacaoAtendentes: z.number().int().min(0).max(100_000).nullable().optional(),
  valorInformado: z.number().min(0).max(100_000).nullable().optional(),
  /** Only for the sync centre's label. */
  numero: z.number().int().optional(),
});
export type EvidenceSendPayload = z.infer<typeof evidenceSendPayloadSchema>;

const questionWord = (numero: number | undefined) => (numero === undefined ? 'da pergunta' : `da pergunta ${numero}`);

/** Entries still queued for the question besides `settled` (which is in the queue during its own reconcile). */
async function othersQueued(db: OfflineDb, perguntaMunicipioId: number, settled: string): Promise<OutboxEntry[]> {
  return (await queuedFor(db, evidenceEntity(perguntaMunicipioId))).filter((e) => e.id !== settled && e.status !== 'done');
}

/**
 * Stores the server's question after `settled` succeeded. While other entries of the question are
 * queued, the row keeps what they did locally (e.g. sent for analysis) and takes only the server's
 * files; once nothing is queued it is the server's question.
 */
export async function storeServerQuestion(db: OfflineDb, server: EvidenceQuestion, settled: string): Promise<void> {
  const others = await othersQueued(db, server.perguntaMunicipioId, settled);
  const row = await db.perguntasEvidencia.get(server.perguntaMunicipioId);
  const pendentes = (row?.pendentes ?? []).filter((p) => p.outboxId !== settled && others.some((e) => e.id === p.outboxId));
  if (others.length > 0 && row) {
    const { evidencias, quantidadeArquivo, quantidadeArquivoDadosComplementares, temArquivo } = server;
    await db.perguntasEvidencia.put({ ...row, evidencias, quantidadeArquivo, quantidadeArquivoDadosComplementares, temArquivo, pendentes });
    return;
  }
  await db.perguntasEvidencia.put({ ...server, pendentes, syncedAt: Date.now(), pending: others.length > 0 ? 1 : 0 });
}

/** Undo of a discarded entry: its pendente files go; the row is re-read from the server at the next pull. */
async function revertEntry(db: OfflineDb, perguntaMunicipioId: number, discarded: string): Promise<void> {
  const row = await db.perguntasEvidencia.get(perguntaMunicipioId);
  if (!row) return;
  const others = await othersQueued(db, perguntaMunicipioId, discarded);
  const pendentes = (row.pendentes ?? []).filter((p) => p.outboxId !== discarded);
  const changes: Partial<PerguntaEvidenciaRow> = { pendentes, temArquivo: row.evidencias.length + pendentes.length > 0 };
  // syncedAt 0: older than any pull, so the next read of the tab brings the server's state back.
  if (others.length === 0) Object.assign(changes, { pending: 0, syncedAt: 0 });
  await db.perguntasEvidencia.update(perguntaMunicipioId, changes);
}

/**
 * POST api/pergunta/perguntamunicipio/salvarevidencias as JSON naming the concluded uploads
 * (`uploadIds`, filled by the engine in file order). The files show in the question at once as
 * pendente; the sync centre shows their upload progress.
 */
export const evidenceUploadKind = defineMutationKind<EvidenceUploadPayload>({
  name: EVIDENCE_UPLOAD_KIND,
  title: 'Envio de evidências',
  schema: evidenceUploadPayloadSchema,
  label: (p) =>
    `${p.arquivos.length === 1 ? `Evidência ${p.arquivos[0]!.nomeArquivo}` : `${p.arquivos.length} evidências`} ${questionWord(p.numero)}`,
  entityKey: (p) => evidenceEntity(p.perguntaMunicipioId),
  toRequest: (p) => ({
    method: 'POST',
    path: SAVE_EVIDENCE_PATH,
    json: { perguntaMunicipioId: p.perguntaMunicipioId, ...(p.dadosComplementares ? { dadosComplementares: true } : {}) },
    filesField: 'uploadIds',
  }),
  files: 'evidencia',
  async applyLocal(db, payload, { entryId }) {
    const row = await db.perguntasEvidencia.get(payload.perguntaMunicipioId);
    // The screen queues files only for a question it shows, so the row is here.
    if (!row) return;
    const added: PendingEvidenceFile[] = payload.arquivos.map((a) => ({
      outboxId: entryId,
      nomeArquivo: a.nomeArquivo,
      tamanho: a.tamanho,
      dadosComplementares: payload.dadosComplementares ?? false,
    }));
    await db.perguntasEvidencia.put({ ...row, pendentes: [...(row.pendentes ?? []), ...added], temArquivo: true, pending: 1 });
  },
  async reconcile(db, entry, response) {
    await storeServerQuestion(db, evidenceQuestionSchema.parse(response), entry.id);
  },
  async revertLocal(db, entry) {
    await revertEntry(db, entry.payload.perguntaMunicipioId, entry.id);
  },
});

/**
 * PUT api/pergunta/perguntamunicipio {acao: 'enviar'}: queued after the question's uploads (same
 * entity key). The question moves to evidenciada at once (rejeitada false: a resend, spec §4).
 */
export const evidenceSendKind = defineMutationKind<EvidenceSendPayload>({
  name: EVIDENCE_SEND_KIND,
  title: 'Envio para análise',
  schema: evidenceSendPayloadSchema,
  label: (p) => `Enviar para análise ${questionWord(p.numero)}`,
  entityKey: (p) => evidenceEntity(p.perguntaMunicipioId),
  toRequest: (p) => ({
    method: 'PUT',
    path: UPDATE_QUESTION_PATH,
    json: {
      acao: 'enviar',
      perguntaMunicipioId: p.perguntaMunicipioId,
      ...(p.atualizacaoAtendentes !== undefined ? { atualizacaoAtendentes: p.atualizacaoAtendentes } : {}),
      ...(p.valorInformado !== undefined ? { valorInformado: p.valorInformado } : {}),
    },
  }),
  async applyLocal(db, payload) {
    const row = await db.perguntasEvidencia.get(payload.perguntaMunicipioId);
    if (!row) return;
    await db.perguntasEvidencia.put({
      ...row,
      evidenciada: true,
      rejeitada: false,
      aprovada: false,
      ...(payload.atualizacaoAtendentes !== undefined ? { atualizacaoAtendentes: payload.atualizacaoAtendentes } : {}),
      ...(payload.valorInformado !== undefined ? { valorInformado: payload.valorInformado } : {}),
      pending: 1,
    });
  },
  async reconcile(db, entry, response) {
    await storeServerQuestion(db, evidenceQuestionSchema.parse(response), entry.id);
  },
  async revertLocal(db, entry) {
    await revertEntry(db, entry.payload.perguntaMunicipioId, entry.id);
  },
});
