import type { Plan } from '../../../src/domain/sala-5w2h.ts';
import { SALA_5W2H_MESSAGES } from '../../../src/domain/sala-5w2h.ts';
import { registerRecord } from '../../lib/access.ts';
import * as repo from './repository.ts';

declare module '../../lib/access.ts' {
  interface Records {
    salaPlan: Plan;
  }
}

/** A plan is gated by its room's municipality; one out of sight answers like a missing one. */
export function registerPlanRecords(): void {
  registerRecord('salaPlan', { find: (db, tenantId, id) => repo.findPlan(db, tenantId, id), notFound: SALA_5W2H_MESSAGES.naoEncontrado });
}
