/**
 * What other features may read of the meetings, and the one module of this feature they import
 * (eslint.config.js, server zones): the meetings of municipalities (the offline bundle). The query
 * stays in the repository, which the calendar routes share; everything else there stays free to change.
 */
export { listMeetings, type MeetingQuery } from './repository.ts';
