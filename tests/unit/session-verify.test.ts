import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FLAG_KEYS } from '../../src/domain/permission-flags.ts';

const flags = Object.fromEntries(FLAG_KEYS.map((key) => [key, true]));
const storedSession = {
  token: 'header.payload.signature',
  expiresAt: '2026-12-01T12:00:00.000Z',
  user: {
    usuarioId: 7,
    nome: 'Carlos Eduardo Vieira',
    email: 'condutor@demo.local',
    cpf: null,
    administradorSistema: false,
    grupo: null,
    permissoes: [{ eixoId: null, municipioId: 3, permissao: { nome: 'Consultor Condutor' } }],
    permissoesSolucoes: [],
  },
  config: flags,
  groupsConfig: null,
  tenant: { id: 'sc', nome: 'Santa Catarina', uf: 'SC' },
};

let storage: Map<string, string>;

/** A fresh page load with `stored` in localStorage: the store reads it when its module loads. */
async function pageLoadWith(stored: unknown, { pathname = '/cidade', previousPath }: { pathname?: string; previousPath?: string } = {}) {
  storage = new Map([['ce:session', JSON.stringify(stored)]]);
  if (previousPath) storage.set('ce:last-path', previousPath);
  vi.stubGlobal('window', {
    location: { host: 'localhost', pathname, search: '' },
    addEventListener: () => {},
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
  });
  vi.resetModules();
  const store = await import('../../src/session/store.ts');
  const { verifyStoredSession } = await import('../../src/session/verify.ts');
  const { lastPath } = await import('../../src/session/last-path.ts');
  const { requireSignedIn } = await import('../../src/app/guards.ts');
  return { ...store, verifyStoredSession, lastPath, requireSignedIn };
}

describe('the stored session', () => {
  beforeEach(() => vi.unstubAllGlobals());

  it('is kept when it matches the schema of this build', async () => {
    const { getSession, verifyStoredSession } = await pageLoadWith(storedSession);
    verifyStoredSession();
    expect(getSession().token).toBe(storedSession.token);
    expect(getSession().user?.nome).toBe('Carlos Eduardo Vieira');
  });

  it('is dropped by the signed-in guard when an older build wrote it (a flag missing), keeping the path to come back to', async () => {
    const { [FLAG_KEYS[0]!]: _dropped, ...olderFlags } = flags;
    const { getSession, verifyStoredSession, wasForcedLogout } = await pageLoadWith({ ...storedSession, config: olderFlags });
    // Its shape passes at start (the login page does not load zod)...
    expect(getSession().token).toBe(storedSession.token);
    // ...and the full check before any signed-in screen signs it out, not as a manual logout.
    verifyStoredSession();
    expect(getSession().token).toBeNull();
    expect(storage.has('ce:session')).toBe(false);
    expect(wasForcedLogout()).toBe(false);
  });

  it('is ignored at start when it is not a session at all', async () => {
    for (const stored of [{ token: '' }, { token: 'x' }, 'texto', null]) {
      const { getSession } = await pageLoadWith(stored);
      expect(getSession().token).toBeNull();
    }
  });
});

describe('the path to come back to after the session expires', () => {
  beforeEach(() => vi.unstubAllGlobals());

  // The reload of a page whose token the server no longer accepts: the refresh that main.tsx starts
  // with the page can answer 401 before the signed-in frame renders anything. The page on screen is
  // what signing in again returns to, not the page remembered before it (auth.spec, expired session).
  it('is the page in the address bar when a 401 ends the session before any screen rendered', async () => {
    const { signOut, lastPath, getSession } = await pageLoadWith(storedSession, {
      pathname: '/usuario/atualizar-senha',
      previousPath: '/cidade',
    });
    signOut({ expired: true });
    expect(getSession().token).toBeNull();
    expect(lastPath()).toBe('/usuario/atualizar-senha');
  });

  it('is forgotten when the user signs out on purpose', async () => {
    const { signOut, lastPath, wasForcedLogout } = await pageLoadWith(storedSession, { pathname: '/usuario/atualizar-senha', previousPath: '/cidade' });
    signOut();
    expect(lastPath()).toBeNull();
    expect(wasForcedLogout()).toBe(true);
  });

  it('is the page asked for when the signed-in guard drops a stale session during a navigation', async () => {
    const { [FLAG_KEYS[0]!]: _dropped, ...olderFlags } = flags;
    // The address bar still shows the page the navigation leaves.
    const { requireSignedIn, lastPath } = await pageLoadWith({ ...storedSession, config: olderFlags }, { pathname: '/cidade' });
    const redirect = await requireSignedIn({ request: new Request('http://localhost/usuario/atualizar-senha?aba=1') }).catch((thrown: unknown) => thrown);
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).headers.get('Location')).toBe('/auth/login');
    expect(lastPath()).toBe('/usuario/atualizar-senha?aba=1');
  });
});
