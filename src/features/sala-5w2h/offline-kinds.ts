import { requestOf } from '../../contract/endpoint.ts';
import { sala5w2h } from '../../contract/sala-5w2h.ts';
import { applyPlanUpdate, planSchema, planUpdateSchema, type PlanUpdate } from '../../domain/sala-5w2h.ts';
import { countQueuedFor } from '../../offline/outbox.ts';
import { defineMutationKind } from '../../offline/kinds.ts';

export const PLAN_UPDATE_KIND = 'sala-5w2h-update';

export function planEntity(sala5w2hId: number): string {
  return `sala5w2h:${sala5w2hId}`;
}

/**
 * PUT api/sala5w2h/atualizar-5w2h through the outbox, even online (issue 29 item 9): the room's list
 * shows the change at once (pendente), and the engine sends it once (its id is the Idempotency-Key),
 * now or when the device is back online. The update carries every field, so applying it twice
 * changes nothing; successive updates of one plan keep their order (one entity key per plan).
 */
export const planUpdateKind = defineMutationKind<PlanUpdate>({
  name: PLAN_UPDATE_KIND,
  title: 'Plano de ação 5W2H',
  schema: planUpdateSchema,
  label: (plan) => `Atualização do plano ${plan.oQue}`,
  entityKey: (plan) => planEntity(plan.sala5w2hId),
  toRequest: (plan) => requestOf(sala5w2h.update, { body: plan }),
  async applyLocal(db, payload) {
    const row = await db.planos5w2h.get(payload.sala5w2hId);
    if (!row) return;
    const { sala5w2hId: _id, municipioId: _m, ...fields } = planUpdateSchema.parse(payload);
    await db.planos5w2h.put({ ...applyPlanUpdate(row, fields), pending: 1 });
  },
  async reconcile(db, _entry, response) {
    const saved = planSchema.parse(response);
    // A later update of the same plan still queued keeps the row marked (and its values) until it lands.
    if ((await countQueuedFor(db, planEntity(saved.sala5w2hId))) > 1) return;
    await db.planos5w2h.put({ ...saved, syncedAt: Date.now(), pending: 0 });
  },
  async revertLocal(db, entry) {
    // The row may hold the discarded change: the next read of the room brings the server's copy.
    await db.planos5w2h.update((entry.payload as PlanUpdate).sala5w2hId, { pending: 0, syncedAt: 0 });
  },
});
