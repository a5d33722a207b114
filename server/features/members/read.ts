/**
 * What other features may read of the members, and the one module of this feature they import
 * (eslint.config.js, server zones): the members of municipalities with their groups (the offline
 * bundle). The query stays in the repository, which the members routes share.
 */
export { listMembers, type MemberFilter } from './repository.ts';
