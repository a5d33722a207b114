import * as z from 'zod/mini';
import { flagSetSchema, sessionUserSchema, tenantInfoSchema, userGroupSchema } from '../domain/session.ts';
import { getSession, signOut } from './store.ts';

const storedSessionSchema = z.object({
  token: z.string().check(z.minLength(1)),
  expiresAt: z.string(),
  user: sessionUserSchema,
  config: flagSetSchema,
  groupsConfig: z.nullable(userGroupSchema),
  tenant: tenantInfoSchema,
});

let verifiedToken: string | null = null;

/**
 * A stored session written by an older build (a flag added since, say) fails the schema and is
 * dropped: the user signs in again rather than running with a half-known permission set. The last
 * path is kept, so signing in again goes back there.
 */
export function verifyStoredSession(): void {
  const session = getSession();
  if (!session.token || session.token === verifiedToken) return;
  if (storedSessionSchema.safeParse(session).success) verifiedToken = session.token;
  else signOut({ expired: true });
}
