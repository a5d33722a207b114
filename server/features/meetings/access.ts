import { MEETING_MESSAGES } from '../../../src/domain/meetings.ts';
import { registerRecord } from '../../lib/access.ts';
import * as repo from './repository.ts';

/** What access resolves for a meeting named by id: enough to gate it by its municipality. */
export type MeetingOwner = NonNullable<Awaited<ReturnType<typeof repo.findMeetingOwner>>>;

declare module '../../lib/access.ts' {
  interface Records {
    meeting: MeetingOwner;
  }
}

/**
 * The record meeting endpoints name (src/contract/meetings.ts): a meeting of a municipality the
 * user does not see answers exactly like a missing one, so ids cannot be probed. Registered once.
 */
export function registerMeetingRecords(): void {
  registerRecord('meeting', {
    find: (db, tenantId, id) => repo.findMeetingOwner(db, tenantId, id),
    notFound: MEETING_MESSAGES.naoEncontrado,
  });
}
