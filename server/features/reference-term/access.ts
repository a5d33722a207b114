import { REFERENCE_TERM_MESSAGES } from '../../../src/domain/reference-term.ts';
import { registerRecord } from '../../lib/access.ts';
import * as repo from './repository.ts';

type StoredPhase = NonNullable<Awaited<ReturnType<typeof repo.findPhase>>>;
type StoredActivity = NonNullable<Awaited<ReturnType<typeof repo.findActivity>>>;

declare module '../../lib/access.ts' {
  interface Records {
    referenceTermPhase: StoredPhase;
    referenceTermActivity: StoredActivity;
  }
}

/** A phase or an activity is gated by the municipality of its term: one out of sight answers like a missing one. */
export function registerReferenceTermRecords(): void {
  registerRecord('referenceTermPhase', {
    find: (db, tenantId, id) => repo.findPhase(db, tenantId, id),
    notFound: REFERENCE_TERM_MESSAGES.phaseNotFound,
  });
  registerRecord('referenceTermActivity', {
    find: (db, tenantId, id) => repo.findActivity(db, tenantId, id),
    notFound: REFERENCE_TERM_MESSAGES.activityNotFound,
  });
}
