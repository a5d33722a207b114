import { pathOf, requestOf } from '../../contract/endpoint.ts';
import { followups } from '../../contract/followups.ts';
import { z } from 'zod';
import { answerItemSchema, applyAnswers, FOLLOWUP_ANSWERS_MAX, followupSchema, type Followup } from '../../domain/followups.ts';
import type { OfflineDb, OutboxEntry } from '../../offline/db.ts';
import { countQueuedFor, queuedFor, withQueue } from '../../offline/outbox.ts';
import type { AcompanhamentoRow } from './table.ts';
import { defineMutationKind, type Rejection, type RejectionContext } from '../../offline/kinds.ts';
import { notifyError } from '../../lib/notify.ts';

/**
 * The follow-up writes that work offline (issue 14): each answer tap and the finalization. Both go
 * through the outbox even online, so the answering page updates at once and a dropped connection
 * never loses or doubles an answer. One entity key per follow-up keeps its answers, then its
 * finalization, in the order they were given.
 */

export const FOLLOWUP_ANSWER_KIND = 'followup-answer';
export const FOLLOWUP_FINALIZE_KIND = 'followup-finalize';

export function followupEntity(acompanhamentoId: number): string {
  return `acompanhamento:${acompanhamentoId}`;
}

export const followupAnswerPayloadSchema = z.object({
  acompanhamentoId: z.number().int().positive(),
  municipioId: z.number().int().positive(),
  acompanhamentoPerguntaId: z.number().int().positive(),
  resposta: z.boolean(),
  comentario: answerItemSchema.shape.comentario,
  /** Only for the sync centre's label and the conflict notice. */
  numero: z.number().int().optional(),
});
export type FollowupAnswerPayload = z.infer<typeof followupAnswerPayloadSchema>;

export const followupFinalizePayloadSchema = z.object({
  acompanhamentoId: z.number().int().positive(),
  municipioId: z.number().int().positive(),
  /** Only for the sync centre's label. */
  nome: z.string(),
});
export type FollowupFinalizePayload = z.infer<typeof followupFinalizePayloadSchema>;

function answerOf(payload: FollowupAnswerPayload) {
  return { acompanhamentoPerguntaId: payload.acompanhamentoPerguntaId, resposta: payload.resposta, comentario: payload.comentario };
}

/** A stored row as the whole follow-up, when its questions are on the device. */
export function followupOfRow(row: AcompanhamentoRow | undefined): Followup | null {
  if (!row?.perguntas) return null;
  const { syncedAt: _syncedAt, pending: _pending, ...followup } = row;
  return { ...followup, perguntas: row.perguntas };
}

/** What one queued entry of a follow-up does to it on the device (setting an answer twice changes nothing). */
export function applyEntry<F extends Followup>(followup: F, entry: Pick<OutboxEntry, 'kind' | 'payload'>): F {
  if (entry.kind === FOLLOWUP_ANSWER_KIND)
    return { ...followup, ...applyAnswers(followup, [answerOf(entry.payload as FollowupAnswerPayload)]).followup };
  if (entry.kind === FOLLOWUP_FINALIZE_KIND) return { ...followup, finalizado: true };
  return followup;
}

/**
 * Stores the server's follow-up with what is still queued for it applied on top (answers given
 * after the one the server just answered), pending while anything is. `settled` is the entry that
 * the server has just answered: it is still in the queue during its reconcile.
 */
export async function storeServerFollowup(db: OfflineDb, server: Followup, settled: string): Promise<void> {
  const queued = (await queuedFor(db, followupEntity(server.acompanhamentoId))).filter((e) => e.id !== settled && e.status !== 'done');
  const followup = queued.reduce(applyEntry, server);
  await db.acompanhamentos.put({ ...followup, syncedAt: Date.now(), pending: queued.length > 0 ? 1 : 0 });
}

/**
 * After a success: the server's follow-up once nothing more is queued for it. While answers are
 * still queued, the device's row already holds them on top of what the server just confirmed, so
 * it stays as it is (pending); re-applying every queued answer at each success would make a long
 * queue quadratic. The settled entry itself is still in the queue during its reconcile.
 */
async function reconcileFollowup(db: OfflineDb, server: Followup): Promise<void> {
  const queued = await countQueuedFor(db, followupEntity(server.acompanhamentoId));
  if (queued > 1) return;
  await db.acompanhamentos.put({ ...server, syncedAt: Date.now(), pending: 0 });
}

async function applyLocally(db: OfflineDb, acompanhamentoId: number, entry: Pick<OutboxEntry, 'kind' | 'payload'>): Promise<void> {
  const followup = followupOfRow(await db.acompanhamentos.get(acompanhamentoId));
  // The page answers only a follow-up it shows, so its questions are here; without them the server's answer fills the row.
  if (!followup) return;
  const row = await db.acompanhamentos.get(acompanhamentoId);
  await db.acompanhamentos.put({ ...applyEntry(followup, entry), syncedAt: row!.syncedAt, pending: 1 });
}

/**
 * A 409 (another tablet answered first, or finalized the follow-up): nothing to decide, so the
 * entry does not wait in "requer atenção". The device reads the follow-up again, keeps the
 * server's answer (re-applying what is still queued) and says so.
 */
async function settleConflict(
  db: OfflineDb,
  entry: OutboxEntry & { payload: { acompanhamentoId: number } },
  rejection: Rejection,
  { get }: RejectionContext,
  notice: (server: Followup) => string,
): Promise<boolean> {
  if (rejection.status !== 409) return false;
  const server = followupSchema.parse(await get(pathOf(followups.get, { id: entry.payload.acompanhamentoId })));
  await withQueue(db, [db.acompanhamentos], () => storeServerFollowup(db, server, entry.id));
  notifyError(rejection.message, notice(server));
  return true;
}

function answerWord(resposta: boolean | null): string {
  return resposta === null ? 'sem resposta' : resposta ? 'Sim' : 'Não';
}

/** POST api/acompanhamento/acompanhamentos/acompanhamento-intermediario with these answers of one follow-up, in order. */
function answersRequest(payloads: readonly FollowupAnswerPayload[]) {
  return requestOf(followups.answer, { body: { acompanhamentoId: payloads[0]!.acompanhamentoId, respostas: payloads.map(answerOf) } });
}

/** One answer tap (and its comment); queued answers of a follow-up travel together (`batch`). */
export const followupAnswerKind = defineMutationKind<FollowupAnswerPayload>({
  name: FOLLOWUP_ANSWER_KIND,
  title: 'Resposta de acompanhamento',
  schema: followupAnswerPayloadSchema,
  label: (p) => `Resposta ${p.resposta ? 'Sim' : 'Não'}${p.numero === undefined ? '' : ` à pergunta ${p.numero}`}`,
  entityKey: (p) => followupEntity(p.acompanhamentoId),
  toRequest: (p) => answersRequest([p]),
  // Issue 32: the answers queued for one follow-up go up to FOLLOWUP_ANSWERS_MAX per request (a thousand
  // answers replayed in two requests, one reconcile each). The server applies a request's answers all
  // or nothing, so a refused batch is split by the engine and the refused answer settles alone below.
  batch: { key: (p) => followupEntity(p.acompanhamentoId), max: FOLLOWUP_ANSWERS_MAX, toRequest: answersRequest },
  async applyLocal(db, payload) {
    await applyLocally(db, payload.acompanhamentoId, { kind: FOLLOWUP_ANSWER_KIND, payload });
  },
  async reconcile(db, _entry, response) {
    await reconcileFollowup(db, followupSchema.parse(response));
  },
  onRejected: (db, entry, rejection, ctx) =>
    settleConflict(db, entry, rejection, ctx, (server) => {
      const question = server.perguntas.find((q) => q.acompanhamentoPerguntaId === entry.payload.acompanhamentoPerguntaId);
      const numero = question ? ` da pergunta ${question.pergunta.numero}` : '';
      if (server.finalizado) return `A resposta${numero} não foi registrada: o acompanhamento foi finalizado em outro aparelho.`;
      return `A resposta${numero} dada em outro aparelho (${answerWord(question?.resposta ?? null)}) foi mantida; a deste aparelho (${answerWord(entry.payload.resposta)}) não foi registrada.`;
    }),
  async revertLocal(db, entry) {
    await revertToServer(db, entry.payload.acompanhamentoId, entry.id);
  },
});

/** PUT api/acompanhamento/acompanhamentos/finalizar, queued after the follow-up's answers. */
export const followupFinalizeKind = defineMutationKind<FollowupFinalizePayload>({
  name: FOLLOWUP_FINALIZE_KIND,
  title: 'Finalização de acompanhamento',
  schema: followupFinalizePayloadSchema,
  label: (p) => `Finalizar o acompanhamento ${p.nome}`,
  entityKey: (p) => followupEntity(p.acompanhamentoId),
  toRequest: (p) => ({
    method: followups.finalize.method,
    path: pathOf(followups.finalize),
    json: { acompanhamentoId: p.acompanhamentoId },
  }),
  async applyLocal(db, payload) {
    await applyLocally(db, payload.acompanhamentoId, { kind: FOLLOWUP_FINALIZE_KIND, payload });
  },
  async reconcile(db, _entry, response) {
    await reconcileFollowup(db, followupSchema.parse(response));
  },
  onRejected: (db, entry, rejection, ctx) =>
    settleConflict(db, entry, rejection, ctx, () => 'O acompanhamento já havia sido finalizado em outro aparelho.'),
  async revertLocal(db, entry) {
    await revertToServer(db, entry.payload.acompanhamentoId, entry.id);
  },
});

/**
 * Discarding a queued answer: the row can no longer be trusted as it is (later answers were
 * applied on top), so it stays pending only while other entries are queued, and the next read
 * of the follow-up brings the server's version.
 */
async function revertToServer(db: OfflineDb, acompanhamentoId: number, discarded: string): Promise<void> {
  const others = (await queuedFor(db, followupEntity(acompanhamentoId))).filter((e) => e.id !== discarded && e.status !== 'done');
  if (others.length === 0) await db.acompanhamentos.update(acompanhamentoId, { pending: 0, syncedAt: 0 });
}
