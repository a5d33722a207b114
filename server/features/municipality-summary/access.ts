import { SUMMARY_MESSAGES, type Summary } from '../../../src/domain/municipality-summary.ts';
import { registerRecord } from '../../lib/access.ts';
import * as repo from './repository.ts';

declare module '../../lib/access.ts' {
  interface Records {
    municipalitySummary: Summary;
  }
}

/** A summary is gated by its municipality: one out of sight answers like a missing one. */
export function registerSummaryRecords(): void {
  registerRecord('municipalitySummary', { find: (db, tenantId, id) => repo.findSummary(db, tenantId, id), notFound: SUMMARY_MESSAGES.notFound });
}
