import { useMemo } from 'react';
import type { PermissionContext } from '../domain/permissions.ts';
import { useSession } from './store.ts';

/** The signed-in user's permission context, or null while signed out; the same object while the session holds. */
export function usePermissionContext(): PermissionContext | null {
  const { user, config } = useSession();
  return useMemo(() => (user ? { usuario: user, config } : null), [user, config]);
}
