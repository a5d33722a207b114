import { SALA_MESSAGES, worksOnPillar } from '../../../src/domain/sala.ts';
import { registerRecord } from '../../lib/access.ts';
import * as repo from './repository.ts';

declare module '../../lib/access.ts' {
  interface Records {
    salaReading: repo.StoredReading;
  }
}

/**
 * A reading is gated by its municipality (access) and by its indicator's pillar: one of a pillar
 * the Sala user does not work on is not found, like another tenant's (spec §6 visualizaEixosIds).
 */
export function registerSalaRecords(): void {
  registerRecord('salaReading', {
    find: (db, tenantId, id) => repo.findReading(db, tenantId, id),
    notFound: SALA_MESSAGES.readingNotFound,
    visible: (ctx, reading) => worksOnPillar(ctx, reading.eixoId),
  });
}
