import { SALA_TIME_MESSAGES, type TimeRow } from '../../../src/domain/sala-time.ts';
import { registerRecord } from '../../lib/access.ts';
import * as repo from './repository.ts';

declare module '../../lib/access.ts' {
  interface Records {
    salaTime: TimeRow;
  }
}

/** A time record is gated by its room's municipality; one out of sight answers like a missing one. */
export function registerTimeRecords(): void {
  registerRecord('salaTime', { find: (db, tenantId, id) => repo.findTime(db, tenantId, id), notFound: SALA_TIME_MESSAGES.naoEncontrado });
}
