import { useSyncExternalStore } from 'react';
import type * as z from 'zod/mini';
import type { FlagSet } from '../domain/permission-flags.ts';
import type { LoginResponse, Session, SessionUser, tenantInfoSchema, userGroupSchema } from '../domain/session.ts';
import { readItem, removeItem, writeItem } from './local-storage.ts';
import { forgetLastPath, rememberPath } from './last-path.ts';

export type UserGroup = z.infer<typeof userGroupSchema>;
export type TenantInfo = z.infer<typeof tenantInfoSchema>;

/** Spec §3 "Session state": groupsConfig is the permission flags of the user's group. */
export type SignedInSession = {
  token: string;
  expiresAt: string;
  user: SessionUser;
  config: FlagSet;
  groupsConfig: UserGroup | null;
  tenant: TenantInfo;
};

export type SignedOutSession = {
  token: null;
  expiresAt: null;
  user: null;
  config: null;
  groupsConfig: null;
  tenant: null;
};

export type SessionState = SignedInSession | SignedOutSession;

export const SESSION_KEY = 'ce:session';
const FORCED_LOGOUT_KEY = 'ce:forced-logout';

const SIGNED_OUT: SignedOutSession = Object.freeze({
  token: null,
  expiresAt: null,
  user: null,
  config: null,
  groupsConfig: null,
  tenant: null,
});

/**
 * The stored copy is only checked for its shape here, without zod, so that the login page does not
 * load zod: requireSignedIn (app/guards.ts) validates it in full with verifyStoredSession
 * (verify.ts) before any signed-in screen renders, and drops one written by an older build.
 */
function load(): SessionState {
  const raw = readItem(SESSION_KEY);
  if (!raw) return SIGNED_OUT;
  try {
    const value: unknown = JSON.parse(raw);
    return looksSignedIn(value) ? value : SIGNED_OUT;
  } catch {
    return SIGNED_OUT;
  }
}

function looksSignedIn(value: unknown): value is SignedInSession {
  if (typeof value !== 'object' || value === null) return false;
  const { token, user, config, tenant } = value as Record<string, unknown>;
  return typeof token === 'string' && token !== '' && [user, config, tenant].every((part) => typeof part === 'object' && part !== null);
}

let state: SessionState = load();
const listeners = new Set<() => void>();

function commit(next: SessionState): void {
  state = next;
  if (next.token) writeItem(SESSION_KEY, JSON.stringify(next));
  else removeItem(SESSION_KEY);
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession);
}

/** The session kept on the device for a login answer (also what e2e fixtures store to sign in). */
export function sessionOfLogin(response: LoginResponse): SignedInSession {
  return {
    token: response.token,
    expiresAt: response.expiraEm,
    user: response.usuario,
    config: response.config,
    groupsConfig: response.usuario.grupo,
    tenant: response.tenant,
  };
}

export function signIn(response: LoginResponse): void {
  removeItem(FORCED_LOGOUT_KEY);
  commit(sessionOfLogin(response));
}

/** Applies a fresh copy of the user, flags and tenant from the server while keeping the token. */
export function updateSession(session: Session): void {
  if (!state.token) return;
  commit({
    ...state,
    user: session.usuario,
    config: session.config,
    groupsConfig: session.usuario.grupo,
    tenant: session.tenant,
  });
}

/**
 * Spec §4: logout clears token, user, config and groupsConfig. A manual logout also sets the
 * forced-logout flag (so nothing signs the user back in by itself) and forgets the last path,
 * because the work was ended on purpose; an expired session remembers the page on screen so that
 * signing in again brings the user back to it.
 *
 * The page is read from the address bar at the moment the session ends, not from what a screen
 * last rendered: a 401 to the refresh that starts with the page (main.tsx) can arrive before the
 * signed-in frame has rendered the page at all, and a path recorded only by rendering would still
 * be the previous one (the race behind auth.spec "an expired session ... comes back").
 */
export function signOut({ expired = false }: { expired?: boolean } = {}): void {
  if (expired) {
    rememberPath(window.location.pathname + window.location.search);
  } else {
    writeItem(FORCED_LOGOUT_KEY, '1');
    forgetLastPath();
  }
  commit(SIGNED_OUT);
}

export function wasForcedLogout(): boolean {
  return readItem(FORCED_LOGOUT_KEY) === '1';
}

// Signing in or out in another tab applies here too, so no tab keeps acting with a stale token.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_KEY && event.key !== null) return;
    state = load();
    for (const listener of listeners) listener();
  });
}
