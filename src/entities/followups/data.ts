import { api } from '../../api/client.ts';
import { useServerData } from '../../api/use-server-data.ts';
import {
  followupListSchema,
  followupSchema,
  newFollowupResponseSchema,
  pendingPointsSchema,
  type CreateFollowupInput,
  type Followup,
  type NewFollowupResponse,
} from '../../domain/followups.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';
import { IDEMPOTENCY_HEADER } from '../../domain/uploads.ts';
import { httpStatusOf } from '../../lib/api-errors.ts';
import { notifyError } from '../../lib/notify.ts';
import { followupListScope } from './table.ts';
import { pullInto } from '../../offline/pull.ts';
import { useLocalFirst } from '../../offline/use-local-first.ts';
import { followupOfRow } from './kinds.ts';
import { followupListRows, storeFollowupList, type FollowupListRow, type PulledList } from './store.ts';

export { answerFollowup, finalizeFollowup, followupListRows, storeFollowupList, type FollowupListRow } from './store.ts';

/**
 * The municipality's follow-ups (issue 14), shared by the follow-up screens, the action plan and
 * the diagnostic: read from the device first (the offline bundle and every read fill
 * db.acompanhamentos), answered through the outbox.
 */

/** GET api/acompanhamento/acompanhamentos/{municipioId}, local-first. */
export function useFollowupList(municipioId: number) {
  const scope = followupListScope(municipioId);
  return useLocalFirst<FollowupListRow[], PulledList>({
    scope,
    deps: [municipioId],
    read: async (db) => followupListRows(await db.acompanhamentos.where('municipioId').equals(municipioId).toArray()),
    fetch: async (signal) => {
      const startedAt = Date.now();
      const items = followupListSchema.parse(await api.get(`acompanhamento/acompanhamentos/${municipioId}`, { signal }).json());
      return { items, startedAt };
    },
    write: (db, pulled) => storeFollowupList(db, municipioId, pulled),
    direct: ({ items }) => followupListRows(items),
    errorMessage: ERROR_MESSAGES.getFollowUps,
  });
}

/** One follow-up with its questions: `pending` while something given here is still queued. */
export type FollowupView = Followup & { pending: boolean; syncedAt?: number };

const isGone = (error: unknown) => httpStatusOf(error) === 404;

export function followupScope(acompanhamentoId: number): string {
  return `acompanhamento:${acompanhamentoId}`;
}

type PulledFollowup = { followup: Followup; startedAt: number };

/** GET api/acompanhamento/{id}, local-first; a pull never overwrites a row with answers still queued. */
export function useFollowup(acompanhamentoId: number | null) {
  const scope = acompanhamentoId === null ? null : followupScope(acompanhamentoId);
  return useLocalFirst<FollowupView, PulledFollowup>({
    scope,
    deps: [acompanhamentoId],
    read: async (db) => {
      const row = await db.acompanhamentos.get(acompanhamentoId!);
      const followup = followupOfRow(row);
      return followup ? { ...followup, pending: row!.pending === 1, syncedAt: row!.syncedAt } : undefined;
    },
    fetch: async (signal) => {
      const startedAt = Date.now();
      return { followup: followupSchema.parse(await api.get(`acompanhamento/${acompanhamentoId}`, { signal }).json()), startedAt };
    },
    // An answer settled while this read was on its way is newer than what it brings.
    write: (db, { followup, startedAt }) => pullInto(db, 'acompanhamentos', [followup], scope!, { startedAt }),
    direct: ({ followup }) => ({ ...followup, pending: false }),
    // Stored by the offline bundle or the list, never pulled on its own here: as old as its row.
    syncedAtOf: (followup) => followup.syncedAt || null,
    isGone,
    errorMessage: ERROR_MESSAGES.getFollowUps,
  });
}

/**
 * POST api/acompanhamento (online: the server computes the discount from the real question
 * states). The key makes a repeated click or a retried request return the same follow-up. Resolves
 * with the new follow-up's id, or null after notifying the failure (id 0: nothing to answer).
 */
export async function createFollowup(input: CreateFollowupInput): Promise<NewFollowupResponse | null> {
  const created = newFollowupResponseSchema.parse(
    await api.post('acompanhamento', { json: input, headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() } }).json(),
  );
  if (created.acompanhamentoId === 0) {
    notifyError(ERROR_MESSAGES.createFollowUpFailed);
    return null;
  }
  return created;
}

/** What creating a follow-up of this theme would discount (GET acompanhamentos/pontos-nao-evidenciados/tema/{m}/{t}). */
export function usePendingPoints(municipioId: number, temaId: number | null) {
  return useServerData(
    temaId === null ? null : `acompanhamento/acompanhamentos/pontos-nao-evidenciados/tema/${municipioId}/${temaId}`,
    pendingPointsSchema,
    ERROR_MESSAGES.getNewFollowUp,
  );
}
