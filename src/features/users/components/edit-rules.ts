import { isAdmin, isFullAdmin } from '../../../domain/permissions.ts';
import type { SessionUser } from '../../../domain/session.ts';
import { ADMIN_GROUP_NAME, type UserListItem } from '../../../domain/users.ts';

/**
 * The server's rule for changing an account: only the built-in administrator changes the built-in
 * administrator, and only admins change members of the Administrador group. The screens hide what
 * it would refuse.
 */
export function mayEditUser(me: SessionUser, target: Pick<UserListItem, 'administradorSistema' | 'grupoNome'>): boolean {
  if (target.administradorSistema && !isFullAdmin(me)) return false;
  return target.grupoNome !== ADMIN_GROUP_NAME || isAdmin(me);
}
