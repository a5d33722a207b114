/**
 * Read model: the meetings of municipalities, as other features may read them (the offline bundle).
 * The calendar feature owns meetings and their query; this module is the one door other features
 * use, so the calendar's repository stays free to change everything else.
 */
export { listMeetings, type MeetingQuery } from '../features/meetings/repository.ts';
