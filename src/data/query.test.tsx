// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HTTPError, type NormalizedOptions } from 'ky';
import { z } from 'zod';
import type { Member } from '../domain/members.ts';
import type { LoginResponse } from '../domain/session.ts';
import { setNotificationSink, type Notification } from '../lib/notify.ts';
import type { OfflineDb } from '../offline/db.ts';
import { pullInto } from '../offline/pull.ts';
import { startOfflineRuntime, unsentCount } from '../offline/runtime.ts';
import { getOfflineDb } from '../offline/store.ts';
import { signIn } from '../session/store.ts';
import { isFetching, partThenWhole, query } from './query.ts';
import { resetDataCache } from './testing.ts';

/**
 * The read primitive's two halves give a screen one result shape: online reads through TanStack
 * Query (shared request, previous answer while a new one loads), device reads through Dexie live
 * queries refreshed by a pull. The calls are test doubles; the device store is real (fake-indexeddb).
 */

let online = true;
let db: OfflineDb;
let nextCity = 500;
const shown: Notification[] = [];

beforeAll(async () => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  setNotificationSink((n) => shown.push(n));
  signIn({
    token: 'token-query',
    expiraEm: '2099-01-01T00:00:00.000Z',
    usuario: { usuarioId: 78, nome: 'Elisa Prado' },
    config: {},
    tenant: { id: 'sc', nome: 'Santa Catarina', uf: 'SC' },
  } as unknown as LoginResponse);
  startOfflineRuntime();
  await unsentCount();
  db = getOfflineDb()!;
});

beforeEach(() => {
  online = true;
  shown.length = 0;
  resetDataCache();
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const numbers = z.array(z.number());

type Call = (signal: AbortSignal) => Promise<unknown>;

const useNumbers = query.online((n: number | null, call: Call) =>
  n === null ? null : { key: ['numeros', n], fetch: call, schema: numbers, errorMessage: 'Erro ao obter números' },
);

/** A call held until released, to observe the loading states. */
function held(answer: (n: number) => unknown) {
  const releases: Array<() => void> = [];
  let calls = 0;
  const call = vi.fn<Call>(
    () =>
      new Promise((resolve) => {
        const n = ++calls;
        releases.push(() => resolve(answer(n)));
      }),
  );
  return { call, release: () => releases.shift()?.() };
}

describe('query.online', () => {
  it('is idle while the read is null and asks nothing', async () => {
    const call = vi.fn<Call>(async () => [1]);
    const { result } = renderHook(() => useNumbers(null, call));
    await act(() => Promise.resolve());
    expect(result.current.status).toBe('idle');
    expect(call).not.toHaveBeenCalled();
  });

  it('loads, then is ready with the parsed answer; reload shows it while asking again', async () => {
    const { call, release } = held((n) => [n]);
    const { result } = renderHook(() => useNumbers(1, call));
    expect(result.current).toMatchObject({ status: 'loading', previous: undefined });
    release();
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: [1], refreshing: false }));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: [1], refreshing: true }));
    expect(isFetching(result.current)).toBe(true);
    release();
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: [2], refreshing: false }));
  });

  it('keeps the previous answer while another read loads', async () => {
    const call = vi.fn<Call>(async () => [1]);
    const { result, rerender } = renderHook(({ n }) => useNumbers(n, call), { initialProps: { n: 1 } });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: [1] }));
    call.mockImplementation(() => new Promise(() => {}));
    rerender({ n: 2 });
    expect(result.current).toMatchObject({ status: 'loading', previous: [1] });
  });

  it('sends one request for two screens showing the same read', async () => {
    const call = vi.fn<Call>(async () => [3]);
    const first = renderHook(() => useNumbers(3, call));
    const second = renderHook(() => useNumbers(3, call));
    await waitFor(() => expect(first.result.current).toMatchObject({ status: 'ready', data: [3] }));
    await waitFor(() => expect(second.result.current).toMatchObject({ status: 'ready', data: [3] }));
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('is an error, reported once with its message, when the call fails', async () => {
    const call = vi.fn<Call>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const first = renderHook(() => useNumbers(4, call));
    renderHook(() => useNumbers(4, call));
    await waitFor(() => expect(first.result.current.status).toBe('error'));
    expect(first.result.current).toMatchObject({ sessionEnded: false });
    expect(shown.map((n) => n.title)).toEqual(['Erro ao obter números']);
  });

  it('says when the failure ended the session (a 401 to the token in use), and notifies nothing more', async () => {
    const call = vi.fn<Call>(async () => {
      const request = new Request('http://localhost/api/numeros', { headers: { Authorization: 'Bearer token-query' } });
      throw new HTTPError(new Response(null, { status: 401 }), request, {} as NormalizedOptions);
    });
    const { result } = renderHook(() => useNumbers(5, call));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'error', sessionEnded: true }));
    expect(shown).toEqual([]);
  });

  it('a route loader’s prefetch is the screen’s request: it starts before the screen mounts and is not sent again', async () => {
    const { call, release } = held((n) => [n * 10]);
    useNumbers.prefetch(6, call);
    expect(call).toHaveBeenCalledTimes(1);
    const { result } = renderHook(() => useNumbers(6, call));
    expect(result.current).toMatchObject({ status: 'loading' });
    release();
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: [10], refreshing: false }));
    // A second screen mounting right after shows the same answer without asking again.
    const second = renderHook(() => useNumbers(6, call));
    expect(second.result.current).toMatchObject({ status: 'ready', data: [10], refreshing: false });
    expect(call).toHaveBeenCalledTimes(1);
  });
});

function member(municipioId: number, membroId: number, nome: string): Member {
  return {
    membroId,
    municipioId,
    nome,
    email: null,
    telefone: '(48) 99999-0000',
    cpf: null,
    cargo: null,
    orgao: null,
    instituicaoId: null,
    imagemMembro: null,
    membroGrupos: [],
  };
}

/**
 * The members of a municipality as a device read, with the pull given (`pullInto` of the module
 * graph the read belongs to: the tests below that load a fresh page pass their own).
 */
function membersRead(pull: typeof pullInto) {
  return (municipioId: number, api: (signal: AbortSignal) => Promise<Member[]>) => {
    const scope = `membros:municipio:${municipioId}`;
    return {
      scope,
      deps: [municipioId],
      read: (store: OfflineDb) => store.membros.where('municipioId').equals(municipioId).sortBy('nome'),
      fetch: api,
      write: (store: OfflineDb, rows: Member[]) => pull(store, 'membros', rows, scope, { range: { index: 'municipioId', equals: municipioId } }),
      direct: (rows: Member[]) => rows.map((m) => ({ ...m, syncedAt: Date.now(), pending: 0 as const })),
      isEmpty: (rows: unknown[]) => rows.length === 0,
      errorMessage: 'Erro ao obter membros',
    };
  };
}

const useMembers = query.local(membersRead(pullInto));

describe('partThenWhole: a long list in two steps', () => {
  /** A list of `size` numbers whose first `limit` are asked for first (as the payment list does). */
  function useTwoStep(size: number, limit: number, part: Call, whole: Call) {
    const first = useNumbers(size * 100 + limit, part);
    const more = first.status === 'ready' && first.data.length >= limit;
    const all = useNumbers(more ? size * 100 : null, whole);
    return partThenWhole(first, more ? all : null);
  }
  const numbersUpTo = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('shows the first rows as soon as they come, as refreshing, then the whole list in their place', async () => {
    const part = held(() => numbersUpTo(2));
    const whole = held(() => numbersUpTo(5));
    const { result } = renderHook(() => useTwoStep(5, 2, part.call, whole.call));
    expect(result.current).toMatchObject({ status: 'loading' });
    expect(whole.call).not.toHaveBeenCalled();
    part.release();
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: [0, 1], refreshing: true, partial: true }));
    await waitFor(() => expect(whole.call).toHaveBeenCalledTimes(1));
    whole.release();
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: [0, 1, 2, 3, 4], refreshing: false }));
    expect(result.current).not.toHaveProperty('partial', true);
  });

  it('a reload of the whole list is refreshing, not partial: every row is already shown', async () => {
    const whole = vi.fn<Call>(async () => numbersUpTo(5));
    const { result } = renderHook(() => useTwoStep(5, 2, async () => numbersUpTo(2), whole));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: [0, 1, 2, 3, 4], refreshing: false }));
    let release = () => {};
    whole.mockImplementation(() => new Promise((resolve) => (release = () => resolve(numbersUpTo(5)))));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: [0, 1, 2, 3, 4], refreshing: true }));
    expect(result.current).not.toHaveProperty('partial', true);
    release();
    await waitFor(() => expect(result.current).toMatchObject({ refreshing: false }));
  });

  it('asks for nothing more when the first answer held fewer rows than asked for', async () => {
    const whole = vi.fn<Call>(async () => numbersUpTo(3));
    const { result } = renderHook(() => useTwoStep(3, 10, async () => numbersUpTo(3), whole));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: [0, 1, 2], refreshing: false }));
    expect(whole).not.toHaveBeenCalled();
  });

  it('is an error when the rest fails, not a list that silently stops at its first rows', async () => {
    const whole = vi.fn<Call>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { result } = renderHook(() => useTwoStep(7, 2, async () => numbersUpTo(2), whole));
    await waitFor(() => expect(result.current.status).toBe('error'));
  });
});

describe('query.local', () => {
  it('gives the online shape: ready with the device’s copy, refreshed from the API', async () => {
    const city = ++nextCity;
    const api = vi.fn(async () => [member(city, 2, 'Bruno Reis'), member(city, 1, 'Ana Souza')]);
    const { result } = renderHook(() => useMembers(city, api));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', refreshing: false }));
    if (result.current.status !== 'ready') throw new Error('not ready');
    expect(result.current.data.map((m) => m.nome)).toEqual(['Ana Souza', 'Bruno Reis']);
    expect(result.current.syncedAt).toEqual(expect.any(Number));
    expect(Object.keys(result.current).sort()).toEqual(['data', 'refreshError', 'refreshing', 'reload', 'status', 'syncedAt']);
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('takes the answer of the request its route loader started instead of asking again', async () => {
    const city = ++nextCity;
    const api = vi.fn(async () => [member(city, 1, 'Carla Dias')]);
    useMembers.prefetch(city, api);
    expect(api).toHaveBeenCalledTimes(1);
    const { result } = renderHook(() => useMembers(city, api));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', refreshing: false }));
    if (result.current.status !== 'ready') throw new Error('not ready');
    expect(result.current.data.map((m) => m.nome)).toEqual(['Carla Dias']);
    expect(await db.membros.where('municipioId').equals(city).count()).toBe(1);
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('offline, a route loader’s prefetch asks nothing and the screen shows the device’s copy', async () => {
    online = false;
    const city = ++nextCity;
    await db.membros.put({ ...member(city, 1, 'Ana Souza'), syncedAt: 5_000, pending: 0 });
    const api = vi.fn(async () => [] as Member[]);
    useMembers.prefetch(city, api);
    const { result } = renderHook(() => useMembers(city, api));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', refreshing: false }));
    if (result.current.status !== 'ready') throw new Error('not ready');
    expect(result.current.data.map((m) => m.nome)).toEqual(['Ana Souza']);
    expect(api).not.toHaveBeenCalled();
  });

  it('offline, shows what the device holds at once', async () => {
    online = false;
    const city = ++nextCity;
    await db.membros.put({ ...member(city, 1, 'Ana Souza'), syncedAt: 5_000, pending: 0 });
    const api = vi.fn(async () => [] as Member[]);
    const { result } = renderHook(() => useMembers(city, api));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', refreshing: false }));
    expect(api).not.toHaveBeenCalled();
  });

  it('does not show a never-synced empty list as empty: an error when the first answer failed', async () => {
    const city = ++nextCity;
    const api = vi.fn(async (): Promise<Member[]> => {
      throw new TypeError('Failed to fetch');
    });
    const { result } = renderHook(() => useMembers(city, api));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(shown.map((n) => n.title)).toEqual(['Erro ao obter membros']);
  });

  it('is an error, notified once, when a record never stored here fails to load', async () => {
    const city = ++nextCity;
    const useOne = query.local((membroId: number) => ({
      scope: `membro:${membroId}`,
      deps: [membroId],
      read: (store: OfflineDb) => store.membros.get(membroId),
      fetch: async (): Promise<Member> => {
        throw new TypeError('Failed to fetch');
      },
      write: (store: OfflineDb, row: Member) => pullInto(store, 'membros', [row], `membro:${membroId}`),
      direct: (row: Member) => ({ ...row, syncedAt: Date.now(), pending: 0 as const }),
      errorMessage: 'Erro ao obter membro',
    }));
    const { result } = renderHook(() => useOne(city * 10));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'error', sessionEnded: false }));
    expect(shown.map((n) => n.title)).toEqual(['Erro ao obter membro']);
  });
});

describe('query.local before the store has opened (issue 32: the store loads once the page has settled)', () => {
  /** A page load: fresh modules (the session, the store's start and the marker are per page), signed in. */
  async function pageLoad(userId: number) {
    vi.resetModules();
    const session = await import('../session/store.ts');
    session.signIn({
      token: `token-${userId}`,
      expiraEm: '2099-01-01T00:00:00.000Z',
      usuario: { usuarioId: userId, nome: 'Fábio Lima' },
      config: {},
      tenant: { id: 'sc', nome: 'Santa Catarina', uf: 'SC' },
    } as unknown as LoginResponse);
    (await import('../app/device-tables.ts')).registerDeviceTables();
    const runtime = await import('../offline/runtime.ts');
    const store = await import('../offline/store.ts');
    const demand = await import('../offline/demand.ts');
    const marker = await import('../offline/queued-marker.ts');
    const page = await import('./query.ts');
    const pulls = await import('../offline/pull.ts');
    // What main.tsx does: the runtime starts when the store is first asked for.
    const started = vi.fn(() => runtime.startOfflineRuntime());
    demand.setOfflineStarter(started);
    const useList = page.query.local(membersRead(pulls.pullInto));
    return { useList, started, demand, store, marker, runtime };
  }

  afterEach(() => localStorage.clear());

  it('online with nothing queued here: the server’s answer is shown before the store is asked for; the store’s pull then takes over', async () => {
    const page = await pageLoad(91);
    const city = ++nextCity;
    const api = vi.fn(async () => [member(city, 1, 'Ana Souza')]);
    page.useList.prefetch(city, api);
    const { result } = renderHook(() => page.useList(city, api));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready' }));
    if (result.current.status !== 'ready') throw new Error('not ready');
    expect(result.current.data.map((m) => m.nome)).toEqual(['Ana Souza']);
    // Usable without the store: nobody asked for it.
    expect(page.started).not.toHaveBeenCalled();
    expect(page.store.getOfflineDb()).toBeNull();

    // The page settles: the store opens and its pull asks again (a write made meanwhile must not be
    // overwritten by the older answer); the answer stays on screen until the device holds the new one.
    api.mockImplementation(async () => [member(city, 1, 'Ana Souza'), member(city, 3, 'Carla Dias')]);
    act(() => page.demand.demandOffline());
    await waitFor(() => expect(page.store.getOfflineDb()).not.toBeNull());
    const device = page.store.getOfflineDb()!;
    await waitFor(() => expect(result.current.status === 'ready' && result.current.data.map((m) => m.nome)).toEqual(['Ana Souza', 'Carla Dias']));
    expect(await device.membros.where('municipioId').equals(city).count()).toBe(2);
    expect(api).toHaveBeenCalledTimes(2);
    // The device's copy has taken over: a change there shows on screen.
    await act(() => device.membros.put({ ...member(city, 2, 'Bruno Reis'), syncedAt: Date.now(), pending: 1 }));
    await waitFor(() =>
      expect(result.current.status === 'ready' && result.current.data.map((m) => m.nome)).toEqual(['Ana Souza', 'Bruno Reis', 'Carla Dias']),
    );
  });

  it('moved to another record before the store opens, the screen does not show the previous record’s answer as the new one’s', async () => {
    const page = await pageLoad(95);
    const [a, b] = [++nextCity, ++nextCity];
    let releaseB: () => void = () => {};
    const api = vi.fn((_signal: AbortSignal, city?: number) =>
      city === b ? new Promise<Member[]>((resolve) => (releaseB = () => resolve([member(b, 2, 'Bruno Reis')]))) : Promise.resolve([member(a, 1, 'Ana Souza')]),
    );
    const { result, rerender } = renderHook(({ city }) => page.useList(city, (signal) => api(signal, city)), { initialProps: { city: a } });
    await waitFor(() => expect(result.current.status === 'ready' && result.current.data.map((m) => m.nome)).toEqual(['Ana Souza']));
    rerender({ city: b });
    expect(result.current.status).toBe('loading');
    act(() => releaseB());
    await waitFor(() => expect(result.current.status === 'ready' && result.current.data.map((m) => m.nome)).toEqual(['Bruno Reis']));
    expect(page.store.getOfflineDb()).toBeNull();
  });

  it('offline by the time the store opens, the answer on screen is stored, and what is queued meanwhile shows', async () => {
    const page = await pageLoad(94);
    const city = ++nextCity;
    const api = vi.fn(async () => [member(city, 1, 'Ana Souza')]);
    const { result } = renderHook(() => page.useList(city, api));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready' }));
    online = false;
    // A write made offline opens the store (command.offline does so); no pull runs offline.
    const device = await act(() => page.store.openStore());
    if (!device) throw new Error('no store');
    await waitFor(async () => expect(await device.membros.where('municipioId').equals(city).count()).toBe(1));
    await act(() => device.membros.put({ ...member(city, 2, 'Bruno Reis'), syncedAt: 0, pending: 1 }));
    await waitFor(() => expect(result.current.status === 'ready' && result.current.data.map((m) => m.nome)).toEqual(['Ana Souza', 'Bruno Reis']));
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('with something queued on this device, the store is read first: the route’s prefetch starts opening it', async () => {
    const page = await pageLoad(92);
    page.marker.setQueuedMarker('sc', 92, true);
    const city = ++nextCity;
    const api = vi.fn(async () => [member(city, 1, 'Ana Souza')]);
    page.useList.prefetch(city, api);
    expect(page.started).toHaveBeenCalledTimes(1);
    const { result } = renderHook(() => page.useList(city, api));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', refreshing: false }));
    expect(page.store.getOfflineDb()).not.toBeNull();
  });

  it('the marker follows the queue: set by a write, cleared once the open store holds nothing unsent', async () => {
    const page = await pageLoad(93);
    const key = 'ce-offline-queued:sc:93';
    expect(page.marker.queuedMarker('sc', 93)).toBe(false);
    const device = await page.store.openStore();
    if (!device) throw new Error('no store');
    const { enqueue } = await import('../offline/outbox.ts');
    const { itemCreate } = await import('../offline/testing/item-kinds.ts');
    const entry = await enqueue(device, itemCreate, { op: 'a', entity: 'a', text: 'a', invalid: false });
    expect(localStorage.getItem(key)).toBe('1');
    const { discard } = await import('../offline/outbox.ts');
    await discard(device, entry.id);
    await waitFor(() => expect(localStorage.getItem(key)).toBeNull());
  });
});
