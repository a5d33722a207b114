import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { amei } from '../contract/amei.ts';
import type { LoginResponse } from '../domain/session.ts';
import { notifyError } from '../lib/notify.ts';
import { readItem, removeItem, writeItem } from '../session/local-storage.ts';
import { getSession, signIn, signOut, subscribeSession } from '../session/store.ts';
import { call } from './call.ts';

/**
 * São Paulo's single sign-on (issue 18; spec §4): authorization code with PKCE through oidc-client-ts
 * against the provider the server names (GET amei/configuracao: the embedded one at /idp, or AMEI),
 * then POST amei/login with the ID token, which the server verifies before it opens the app's session.
 * Loaded only in the São Paulo variant: the other variants never download oidc-client-ts.
 */

/** The nonce sent with the sign-in: the server checks the ID token carries it (and a refreshed one keeps it). */
const NONCE_KEY = 'ce:sso-nonce';
/** Set when a refresh failed: the next sign-in asks the provider for the password again instead of reusing its session. */
const REAUTHENTICATE_KEY = 'ce:sso-reautenticar';
export const SSO_CALLBACK_PATH = '/sp/welcome';
const SESSION_EXPIRED_MESSAGE = 'Sessão expirada. Entre novamente.';

let manager: Promise<UserManager> | null = null;

function userManager(): Promise<UserManager> {
  manager ??= call(amei.config)
    .then(({ authority, clientId, scope }) => {
      const redirect = `${window.location.origin}${SSO_CALLBACK_PATH}`;
      return new UserManager({
        authority,
        client_id: clientId,
        redirect_uri: redirect,
        post_logout_redirect_uri: redirect,
        response_type: 'code',
        scope,
        // Kept with the app's session (localStorage), so a reopened app can still refresh.
        userStore: new WebStorageStateStore({ store: window.localStorage, prefix: 'ce:sso:' }),
        stateStore: new WebStorageStateStore({ store: window.localStorage, prefix: 'ce:sso-estado:' }),
        // The app refreshes on demand, before a request that would leave with an expiring token.
        automaticSilentRenew: false,
        loadUserInfo: false,
        monitorSession: false,
      });
    })
    .catch((error: unknown) => {
      manager = null;
      throw error;
    });
  return manager;
}

/** Sends the browser to the provider's sign-in (resolves only if leaving the page fails). */
export async function startSignIn(): Promise<void> {
  const um = await userManager();
  const nonce = crypto.randomUUID();
  writeItem(NONCE_KEY, nonce);
  const reauthenticate = readItem(REAUTHENTICATE_KEY) === '1';
  removeItem(REAUTHENTICATE_KEY);
  await um.signinRedirect({ nonce, prompt: reauthenticate ? 'login' : undefined });
}

async function ameiLogin(idToken: string): Promise<LoginResponse> {
  const nonce = readItem(NONCE_KEY);
  if (!nonce) throw new Error('sem nonce do acesso único');
  return call(amei.login, { body: { idToken, nonce } });
}

/** Completes the sign-in on the page the provider returned to (?code=…&state=…) and opens the app's session. */
export async function completeSignIn(): Promise<void> {
  const um = await userManager();
  const user = await um.signinRedirectCallback();
  if (!user.id_token) throw new Error('o provedor não devolveu um ID token');
  signIn(await ameiLogin(user.id_token));
}

/** Whether the address is the provider's answer to a sign-in (code or error). */
export function isSignInAnswer(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('state') && (params.has('code') || params.has('error'));
}

let refreshing: Promise<boolean> | null = null;

/**
 * Renews the provider's tokens (refresh token) and the app's session with them. A failure ends the
 * session as a 401 does (spec §4), and the next sign-in asks for the password again.
 */
export function refreshSsoSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const before = getSession().token;
    try {
      const um = await userManager();
      const user = await um.signinSilent();
      if (!user?.id_token) throw new Error('o provedor não renovou o ID token');
      const response = await ameiLogin(user.id_token);
      // A sign-out meanwhile wins over this answer.
      if (getSession().token === before) signIn(response);
      return true;
    } catch (error) {
      console.warn('Renovação do acesso único falhou.', error);
      if (getSession().token === before && before) {
        writeItem(REAUTHENTICATE_KEY, '1');
        signOut({ expired: true });
        notifyError(SESSION_EXPIRED_MESSAGE);
      }
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

// Any end of the app's session (Sair, a 401, a failed refresh) drops the provider's tokens on this
// device: the next person must sign in at the provider, and no refresh may revive the session.
subscribeSession(() => {
  if (getSession().token) return;
  removeItem(NONCE_KEY);
  void userManager()
    .then((um) => um.removeUser())
    .catch(() => undefined);
});
