import { SALA_COST_MESSAGES, type CostRow } from '../../../src/domain/sala-cost.ts';
import { registerRecord } from '../../lib/access.ts';
import * as repo from './repository.ts';

declare module '../../lib/access.ts' {
  interface Records {
    salaCost: CostRow;
  }
}

/** A cost is gated by its room's municipality; one out of sight answers like a missing one. */
export function registerCostRecords(): void {
  registerRecord('salaCost', { find: (db, tenantId, id) => repo.findCost(db, tenantId, id), notFound: SALA_COST_MESSAGES.naoEncontrado });
}
