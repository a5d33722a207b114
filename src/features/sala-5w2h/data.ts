import { call } from '../../api/call.ts';
import { sala5w2h as endpoints } from '../../contract/sala-5w2h.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import { planSchema, publicPlanSchema, SALA_5W2H_MESSAGES, sortPlans, type Plan, type PlanInput } from '../../domain/sala-5w2h.ts';
import type { OfflineDb } from '../../offline/db.ts';
import { pullInto } from '../../offline/pull.ts';
import { openStore } from '../../offline/store.ts';
import { oldestSync } from '../../offline/use-local-first.ts';
import { planUpdateKind } from './offline-kinds.ts';
import { planListScope, type Plano5w2hRow } from './table.ts';

/**
 * 5W2H plans' data object (issue 29 item 4), over src/contract/sala-5w2h.ts. A room's plans are
 * local-first (the device table planos5w2h, filled by the list and the offline bundle) and an update
 * goes through the outbox (sala-5w2h-update), so both work offline; creating, deleting and the public
 * link need the server and keep the device's copy in step. Screens import this file only.
 */

export { httpStatusOf } from '../../lib/api-errors.ts';
export type { CommandResult } from '../../data/command.ts';

/** A plan as the room's list shows it: `pending` while an update made on this device waits to be sent. */
export type ListedPlan = Plan & { pending: boolean; syncedAt: number };

const listed = (rows: readonly Plano5w2hRow[]): ListedPlan[] =>
  sortPlans(rows).map(({ pending, ...plan }) => ({ ...plan, pending: pending === 1 }));

/** The room's plans, from the device first, refreshed from GET api/sala5w2h while the screen is open. */
const usePlans = query.local((municipioId: number) => {
  const scope = planListScope(municipioId);
  return {
    scope,
    deps: [municipioId],
    read: async (db: OfflineDb) => listed(await db.planos5w2h.where('municipioId').equals(municipioId).toArray()),
    fetch: (signal: AbortSignal) => call(endpoints.list, { query: { municipioId }, signal }),
    write: (db: OfflineDb, plans: Plan[]) =>
      pullInto(db, 'planos5w2h', plans, scope, { range: { index: 'municipioId', equals: municipioId } }),
    direct: (plans: Plan[]) => listed(plans.map((plan) => ({ ...plan, syncedAt: Date.now(), pending: 0 as const }))),
    syncedAtOf: (plans: ListedPlan[]) => oldestSync(plans.map((p) => ({ syncedAt: p.syncedAt, pending: p.pending ? 1 : 0 }))),
    errorMessage: SALA_5W2H_MESSAGES.erroObter,
  };
});

/** GET {hash}/{id}: a plan by its shared link (no login). */
const usePublic = query.online((link: { hash: string; id: number } | null) =>
  link === null
    ? null
    : {
        key: ['sala5w2h', 'public', link.hash, link.id],
        fetch: (signal: AbortSignal) => call(endpoints.public, { params: link, signal }),
        schema: publicPlanSchema,
      },
);

/** Keeps the device's copy in step after a change made online, so the list shows it at once. */
async function stored(plan: Plan): Promise<Plan> {
  await (await openStore())?.planos5w2h.put({ ...plan, syncedAt: Date.now(), pending: 0 });
  return plan;
}

const create = command.online({
  send: async (body: PlanInput) => stored(await call(endpoints.create, { body })),
  schema: planSchema,
  failure: { message: SALA_5W2H_MESSAGES.erroSalvar },
});

/** Through the outbox: shown at once, sent once, now or when the device is back online. */
const update = command.offline(planUpdateKind, { failure: { title: SALA_5W2H_MESSAGES.erroSalvar } });

const remove = command.online({
  send: async (sala5w2hId: number) => {
    await call(endpoints.remove, { params: { id: sala5w2hId } });
    await (await openStore())?.planos5w2h.delete(sala5w2hId);
  },
  failure: { message: 'Não foi possível excluir o plano de ação.' },
});

const share = command.online({
  send: async (sala5w2hId: number) => stored(await call(endpoints.share, { params: { id: sala5w2hId } })),
  schema: planSchema,
  failure: { message: 'Não foi possível criar o link público.' },
});

const revoke = command.online({
  send: async (sala5w2hId: number) => stored(await call(endpoints.revoke, { params: { id: sala5w2hId } })),
  schema: planSchema,
  failure: { message: 'Não foi possível revogar o link público.' },
});

export const plans = { usePlans, usePublic, create, update, remove, share, revoke };
