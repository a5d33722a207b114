import type { Followup, FollowupListItem } from '../../domain/followups.ts';
import { sortFollowups } from '../../domain/followups.ts';
import type { OfflineDb } from '../../offline/db.ts';
import { enqueue } from '../../offline/outbox.ts';
import { pullInto } from '../../offline/pull.ts';
import { followupListScope } from './table.ts';
import { followupAnswerKind, followupFinalizeKind, type FollowupAnswerPayload } from './kinds.ts';

/** The device side of follow-ups (no HTTP client here, so tests and the bench load it without a browser session). */

/** A row of the follow-up list: `pending` while an answer or the finalization given here is not on the server yet. */
export type FollowupListRow = FollowupListItem & { pending: boolean };

function listItemOf(row: FollowupListItem & { pending?: 0 | 1 }): FollowupListRow {
  const { acompanhamentoId, nome, criacao, finalizado, diagnostico, usuarioId, municipioId, tema, pontos, sim, nao, total } = row;
  return {
    acompanhamentoId,
    nome,
    criacao,
    finalizado,
    diagnostico,
    usuarioId,
    municipioId,
    tema,
    pontos,
    sim,
    nao,
    total,
    pending: row.pending === 1,
  };
}

/** The list as it shows: newest first, then by name; Sim/Não of a row answered here are the device's. */
export function followupListRows(rows: ReadonlyArray<FollowupListItem & { pending?: 0 | 1 }>): FollowupListRow[] {
  return sortFollowups(rows.map(listItemOf));
}

export type PulledList = { items: FollowupListItem[]; startedAt: number };

/**
 * Stores a pulled list (the engine's one routine, pullInto): rows with a local change, or written
 * after the request left, are left alone, rows already holding their questions keep them (so a
 * follow-up opened or downloaded once still opens offline), and rows the server no longer lists go
 * unless written after the request left.
 */
export async function storeFollowupList(db: OfflineDb, municipioId: number, { items, startedAt }: PulledList, now = Date.now()) {
  await pullInto(db, 'acompanhamentos', items, followupListScope(municipioId), {
    range: { index: 'municipioId', equals: municipioId },
    startedAt,
    now,
    keep: (item, cached) => (cached?.perguntas ? { ...item, perguntas: cached.perguntas } : item),
  });
}

/** One answer tap: shown at once, sent by the outbox (now or when the device is back online). */
export function answerFollowup(db: OfflineDb, payload: FollowupAnswerPayload) {
  return enqueue(db, followupAnswerKind, payload, { municipioId: payload.municipioId });
}

/** Finalizing: queued after the follow-up's answers; the page stops answering at once. */
export function finalizeFollowup(db: OfflineDb, followup: Pick<Followup, 'acompanhamentoId' | 'municipioId' | 'nome'>) {
  const { acompanhamentoId, municipioId, nome } = followup;
  return enqueue(db, followupFinalizeKind, { acompanhamentoId, municipioId, nome }, { municipioId });
}
