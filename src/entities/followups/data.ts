import { call } from '../../api/call.ts';
import { followups as endpoints } from '../../contract/followups.ts';
import { command, type CallOptions, type CommandResult } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import {
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
import type { OfflineDb } from '../../offline/db.ts';
import { useOfflineUnavailable } from '../../offline/hooks.ts';
import { pullInto } from '../../offline/pull.ts';
import {
  applyEntry,
  followupAnswerKind,
  followupEntity,
  followupFinalizeKind,
  followupOfRow,
  type FollowupAnswerPayload,
} from './kinds.ts';
import { followupListRows, storeFollowupList, type PulledList } from './store.ts';

export { followupListRows, storeFollowupList, type FollowupListRow } from './store.ts';

/**
 * The municipality's follow-ups (issue 14), shared by the follow-up screens, the action plan and
 * the diagnostic: read from the device first (the offline bundle and every read fill
 * db.acompanhamentos), answered through the outbox.
 */

/** GET api/acompanhamento/acompanhamentos/{municipioId}, local-first. */
const list = query.local((municipioId: number) => {
  const scope = followupListScope(municipioId);
  return {
    scope,
    deps: [municipioId],
    read: async (db: OfflineDb) => followupListRows(await db.acompanhamentos.where('municipioId').equals(municipioId).toArray()),
    fetch: async (signal: AbortSignal): Promise<PulledList> => {
      const startedAt = Date.now();
      const items = await call(endpoints.list, { params: { id: String(municipioId) }, signal });
      return { items, startedAt };
    },
    write: (db: OfflineDb, pulled: PulledList) => storeFollowupList(db, municipioId, pulled),
    direct: ({ items }: PulledList) => followupListRows(items),
    errorMessage: ERROR_MESSAGES.getFollowUps,
  };
});

/** One follow-up with its questions: `pending` while something given here is still queued. */
export type FollowupView = Followup & { pending: boolean; syncedAt?: number };

const isGone = (error: unknown) => httpStatusOf(error) === 404;

export function followupScope(acompanhamentoId: number): string {
  return `acompanhamento:${acompanhamentoId}`;
}

type PulledFollowup = { followup: Followup; startedAt: number };

/** GET api/acompanhamento/{id}, local-first; a pull never overwrites a row with answers still queued. */
const one = query.local((acompanhamentoId: number | null) => {
  const scope = acompanhamentoId === null ? null : followupScope(acompanhamentoId);
  return {
    scope,
    deps: [acompanhamentoId],
    read: async (db: OfflineDb): Promise<FollowupView | undefined> => {
      const row = await db.acompanhamentos.get(acompanhamentoId!);
      const followup = followupOfRow(row);
      return followup ? { ...followup, pending: row!.pending === 1, syncedAt: row!.syncedAt } : undefined;
    },
    fetch: async (signal: AbortSignal): Promise<PulledFollowup> => {
      const startedAt = Date.now();
      return { followup: await call(endpoints.get, { params: { id: String(acompanhamentoId!) }, signal }), startedAt };
    },
    // An answer settled while this read was on its way is newer than what it brings.
    write: (db: OfflineDb, { followup, startedAt }: PulledFollowup) => pullInto(db, 'acompanhamentos', [followup], scope!, { startedAt }),
    direct: ({ followup }: PulledFollowup): FollowupView => ({ ...followup, pending: false }),
    // Stored by the offline bundle or the list, never pulled on its own here: as old as its row.
    syncedAtOf: (followup: FollowupView) => followup.syncedAt || null,
    isGone,
    errorMessage: ERROR_MESSAGES.getFollowUps,
    // A tap shows in the frame it was made in, before the device has stored it (the outbox's in-memory effect).
    queued:
      acompanhamentoId === null
        ? null
        : {
            entityKey: followupEntity(acompanhamentoId),
            apply: (view: FollowupView, change) => ({ ...applyEntry(view, change), pending: true }),
          },
  };
});

/** One answer tap: shown at once, sent by the outbox (now or when the device is back online). */
const answer = command.offline<FollowupAnswerPayload>(followupAnswerKind, {
  failure: { message: 'Não foi possível guardar a resposta neste aparelho.' },
});

/** Finalizing: queued after the follow-up's answers; the page stops answering at once. */
const queueFinalize = command.offline<Pick<Followup, 'acompanhamentoId' | 'municipioId' | 'nome'>>(followupFinalizeKind, {
  failure: { message: ERROR_MESSAGES.finalizeFollowUp },
});

function finalize(followup: Pick<Followup, 'acompanhamentoId' | 'municipioId' | 'nome'>) {
  const { acompanhamentoId, municipioId, nome } = followup;
  return queueFinalize({ acompanhamentoId, municipioId, nome }, { municipioId });
}

/**
 * POST api/acompanhamento (online: the server computes the discount from the real question
 * states). The key makes a repeated click or a retried request return the same follow-up. Resolves
 * with the new follow-up's id, or null after notifying the failure (id 0: nothing to answer).
 */
const post = command.online({
  send: (input: CreateFollowupInput) => call(endpoints.create, { body: input, headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() } }),
  schema: newFollowupResponseSchema,
  failure: { message: ERROR_MESSAGES.createFollowUpFailed },
});

/** The new follow-up, or null after notifying that there was nothing to answer (id 0). */
async function create(input: CreateFollowupInput, options?: CallOptions): Promise<CommandResult<NewFollowupResponse | null>> {
  const created = await post(input, options);
  if (!created.ok || created.data.acompanhamentoId !== 0) return created;
  notifyError(ERROR_MESSAGES.createFollowUpFailed);
  return { ok: true, data: null };
}

/** What creating a follow-up of this theme would discount (GET acompanhamentos/pontos-nao-evidenciados/tema/{m}/{t}). */
const pendingPoints = query.online((municipioId: number, temaId: number | null) =>
  temaId === null
    ? null
    : {
        key: ['acompanhamento', 'pontos-nao-evidenciados', municipioId, temaId],
        fetch: (signal: AbortSignal) =>
          call(endpoints.pendingPointsOfTheme, { params: { municipioId: String(municipioId), temaId: String(temaId) }, signal }),
        schema: pendingPointsSchema,
        errorMessage: ERROR_MESSAGES.getNewFollowUp,
      },
);

/**
 * Whether this browser has the device store: without it follow-ups are read-only (answers need the
 * outbox). A store not yet open counts: an answer waits for it (command.offline).
 */
function useDeviceStore(): boolean {
  return !useOfflineUnavailable();
}

/**
 * The follow-ups data object. Reads are hooks (`use…`); writes answer a CommandResult, their
 * failures already shown. `create` is inline-capable for its dialog.
 */
export const followups = { useList: list, useOne: one, usePendingPoints: pendingPoints, useDeviceStore, create, answer, finalize };
