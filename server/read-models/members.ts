/**
 * Read model: the members of municipalities, with their groups, as other features may read them
 * (the offline bundle). The members feature owns the query; other features come through here.
 */
export { listMembers, type MemberFilter } from '../features/members/repository.ts';
