import { TERRITORY_MESSAGES, type Visit } from '../../../src/domain/territories.ts';
import { registerRecord } from '../../lib/access.ts';
import * as repo from './repository.ts';

declare module '../../lib/access.ts' {
  interface Records {
    visit: Visit;
  }
}

/** A visit is gated by its municipality (spec §6): one out of the user's sight is not found, like another tenant's. */
export function registerTerritoryRecords(): void {
  registerRecord('visit', {
    find: (db, tenantId, id) => repo.findVisit(db, tenantId, id),
    notFound: TERRITORY_MESSAGES.visitNotFound,
  });
}
