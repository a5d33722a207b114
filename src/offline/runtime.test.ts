// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '../domain/session.ts';
import { getCurrentIdentity } from './current.ts';
import { enqueue } from './outbox.ts';
import { itemCreate } from './testing/item-kinds.ts';

/**
 * The runtime binds the offline store and the sync engine to the session. Each test loads the
 * session store and the runtime afresh (both keep module state, as a page load does) and uses its
 * own user ids, so no test sees another's store.
 */

let nextUserId = 1_000;

function loginAs(userId: number, token = `token-${userId}`): LoginResponse {
  return {
    token,
    expiraEm: '2099-01-01T00:00:00.000Z',
    usuario: { usuarioId: userId, nome: `Usuário ${userId}` },
    config: {},
    tenant: { id: 'sc', nome: 'Santa Catarina', uf: 'SC' },
  } as unknown as LoginResponse;
}

async function pageLoad() {
  vi.resetModules();
  const store = await import('../session/store.ts');
  const runtime = await import('./runtime.ts');
  const opened = await import('./store.ts');
  const { persistenceStatus } = await import('./storage.ts');
  runtime.startOfflineRuntime();
  return { ...store, ...runtime, ...opened, persistenceStatus };
}

beforeEach(() => {
  localStorage.clear();
  // Nothing here may reach a server: a queued write meets "no connection" and stays queued.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('offline runtime', () => {
  it('opens the signed-in user’s store, and closes it at sign-out without losing what is queued', async () => {
    const userId = ++nextUserId;
    const page = await pageLoad();
    expect(page.getOfflineDb()).toBeNull();
    page.signIn(loginAs(userId));
    // unsentCount waits for the session change to be applied.
    expect(await page.unsentCount()).toBe(0);
    const db = page.getOfflineDb()!;
    expect(db.name).toBe(`ce-offline:sc:${userId}`);
    expect(page.getSyncEngine()).not.toBeNull();
    expect(await getCurrentIdentity()).toEqual({ tenant: 'sc', userId, token: `token-${userId}` });
    await enqueue(db, itemCreate, { op: 'a', entity: 'a', text: 'a', invalid: false });

    page.signOut({ expired: true });
    expect(await page.unsentCount()).toBe(0);
    expect(page.getOfflineDb()).toBeNull();
    expect(page.getSyncEngine()).toBeNull();
    expect(db.isOpen()).toBe(false);
    expect(await getCurrentIdentity()).toBeNull();

    page.signIn(loginAs(userId));
    expect(await page.unsentCount()).toBe(1);
  });

  it('never opens another user’s store', async () => {
    const first = ++nextUserId;
    const second = ++nextUserId;
    const page = await pageLoad();
    page.signIn(loginAs(first));
    await page.unsentCount();
    await enqueue(page.getOfflineDb()!, itemCreate, { op: 'a', entity: 'a', text: 'a', invalid: false });
    page.signIn(loginAs(second));
    expect(await page.unsentCount()).toBe(0);
    expect(page.getOfflineDb()!.name).toBe(`ce-offline:sc:${second}`);
  });

  it('keeps the store and the engine when the same user signs in again with a new token', async () => {
    const userId = ++nextUserId;
    const page = await pageLoad();
    page.signIn(loginAs(userId, 'old'));
    await page.unsentCount();
    const db = page.getOfflineDb();
    const engine = page.getSyncEngine();
    const changes = vi.fn();
    page.subscribeOfflineStore(changes);
    page.signIn(loginAs(userId, 'new'));
    await page.unsentCount();
    expect(page.getOfflineDb()).toBe(db);
    expect(page.getSyncEngine()).toBe(engine);
    expect(changes).not.toHaveBeenCalled();
    // The service worker drains with the new token.
    expect(await getCurrentIdentity()).toMatchObject({ userId, token: 'new' });
  });

  it('deletes the user’s store when asked to discard local data', async () => {
    const userId = ++nextUserId;
    const page = await pageLoad();
    page.signIn(loginAs(userId));
    await page.unsentCount();
    await enqueue(page.getOfflineDb()!, itemCreate, { op: 'a', entity: 'a', text: 'a', invalid: false });
    expect(await page.unsentCount()).toBe(1);
    await page.discardLocalData();
    expect(page.getOfflineDb()).toBeNull();
    page.signOut();
    page.signIn(loginAs(userId));
    expect(await page.unsentCount()).toBe(0);
  });

  it('a browser that refuses IndexedDB marks the store refused: a write that needs it is told so instead of waiting', async () => {
    const page = await pageLoad();
    const open = vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('IndexedDB recusado', 'InvalidStateError');
    });
    try {
      page.signIn(loginAs(++nextUserId));
      await expect(page.openStore()).resolves.toBeNull();
      expect(page.offlineUnavailable()).toBe(true);
    } finally {
      open.mockRestore();
    }
  });

  it('follows the engine across sign-ins for the sync state', async () => {
    const userId = ++nextUserId;
    const page = await pageLoad();
    const seen = vi.fn();
    const stop = page.subscribeSyncState(seen);
    expect(page.getSyncState()).toBeNull();
    page.signIn(loginAs(userId));
    await page.unsentCount();
    expect(seen).toHaveBeenCalled();
    expect(page.getSyncState()).toMatchObject({ paused: null });
    page.signOut();
    await page.unsentCount();
    expect(page.getSyncState()).toBeNull();
    stop();
  });

  it('asks for persistent storage once per user and device, and records the answer', async () => {
    const userId = ++nextUserId;
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', {
      ...navigator,
      onLine: true,
      storage: { persist, persisted: async () => true, estimate: async () => ({}) },
    });
    const page = await pageLoad();
    page.signIn(loginAs(userId));
    await page.unsentCount();
    const db = page.getOfflineDb()!;
    // Asked within the sign-in transition that unsentCount waited for.
    expect((await page.persistenceStatus(db)).requested?.granted).toBe(true);
    page.signOut({ expired: true });
    page.signIn(loginAs(userId));
    await page.unsentCount();
    expect(persist).toHaveBeenCalledTimes(1);
    expect(await page.persistenceStatus(page.getOfflineDb()!)).toMatchObject({ persisted: true });
  });
});
