import { registerRecord } from '../../lib/access.ts';
import * as repo from './repository.ts';

export const MEMBER_NOT_FOUND = 'Membro não encontrado.';
export const GROUP_NOT_FOUND = 'Grupo não encontrado.';

type Member = NonNullable<Awaited<ReturnType<typeof repo.findMember>>>;
type Group = NonNullable<Awaited<ReturnType<typeof repo.findGroup>>>;

declare module '../../lib/access.ts' {
  interface Records {
    member: Member;
    memberGroup: Group;
  }
}

/**
 * The records members endpoints name (src/contract/members.ts): a member and a municipality's
 * group are gated by the municipality they belong to; one out of sight answers exactly like a
 * missing one (their own message), so ids of other municipalities cannot be probed. Registered once.
 */
export function registerMemberRecords(): void {
  registerRecord('member', { find: (db, tenantId, id) => repo.findMember(db, tenantId, id), notFound: MEMBER_NOT_FOUND });
  registerRecord('memberGroup', { find: (db, tenantId, id) => repo.findGroup(db, tenantId, id), notFound: GROUP_NOT_FOUND });
}
