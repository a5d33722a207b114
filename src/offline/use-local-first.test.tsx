// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '../domain/members.ts';
import type { LoginResponse } from '../domain/session.ts';
import { setNotificationSink, type Notification } from '../lib/notify.ts';
import { signIn } from '../session/store.ts';
import type { MembroRow } from '../entities/members/table.ts';
import type { OfflineDb } from './db.ts';
import { useOfflineDb } from './hooks.ts';
import { defineMutationKind } from './kinds.ts';
import { enqueue } from './outbox.ts';
import { z } from 'zod';
import { pullInto } from './pull.ts';
import { startOfflineRuntime, unsentCount } from './runtime.ts';
import { getOfflineDb } from './store.ts';
import { oldestSync, useLocalFirst } from './use-local-first.ts';

/**
 * What a screen shows of reference data through useLocalFirst: the device's copy at once (offline
 * too), the server's answer once stored, and an error only when there is nothing to show. A list
 * of a city's members stands for every such screen; only the API call is a test double.
 */

let online = true;
let db: OfflineDb;
let nextCity = 100;
const shown: Notification[] = [];

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

class NotFound extends Error {}

type Api = (signal: AbortSignal) => Promise<Member[]>;

/** A screen listing a city's members, saying what state it is in as a person would see it. */
function Members({ municipioId, api }: { municipioId: number; api: Api }) {
  const scope = `membros:municipio:${municipioId}`;
  const state = useLocalFirst<MembroRow[], Member[]>({
    scope,
    deps: [municipioId],
    // No row of the city means no copy of it on this device (undefined), not an empty list.
    read: async (store) => {
      const rows = await store.membros.where('municipioId').equals(municipioId).sortBy('nome');
      return rows.length > 0 ? rows : undefined;
    },
    fetch: api,
    write: (store, rows) => pullInto(store, 'membros', rows, scope, { range: { index: 'municipioId', equals: municipioId } }),
    direct: (rows) => rows.map((m) => ({ ...m, syncedAt: Date.now(), pending: 0 as const })),
    isGone: (error) => error instanceof NotFound,
    syncedAtOf: oldestSync,
    errorMessage: 'Erro ao obter membros',
  });
  if (state.status === 'loading') return <p>{state.absent ? 'Nada guardado neste aparelho' : 'Carregando…'}</p>;
  if (state.status === 'error')
    return <p role="alert">{state.error instanceof NotFound ? 'Município não encontrado' : 'Falha ao carregar'}</p>;
  return (
    <>
      <ul aria-label="Membros">
        {state.data.map((m) => (
          <li key={m.membroId}>{m.nome}</li>
        ))}
      </ul>
      <p>{state.syncedAt ? 'Sincronizado' : 'Nunca sincronizado'}</p>
      {state.pullError ? <p>Sem atualização</p> : null}
      <button type="button" onClick={state.reload}>
        Atualizar
      </button>
    </>
  );
}

const names = () => screen.getAllByRole('listitem').map((li) => li.textContent);

beforeAll(async () => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  // The engine's transport must never reach a network here.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  setNotificationSink((n) => shown.push(n));
  signIn({
    token: 'token-local-first',
    expiraEm: '2099-01-01T00:00:00.000Z',
    usuario: { usuarioId: 77, nome: 'Elisa Prado' },
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
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

describe('useLocalFirst', () => {
  it('shows the server’s answer once stored on the device, and keeps it there', async () => {
    const city = ++nextCity;
    const api = vi.fn<Api>(async () => [member(city, 2, 'Bruno Reis'), member(city, 1, 'Ana Souza')]);
    render(<Members municipioId={city} api={api} />);
    expect(await screen.findByText('Sincronizado')).toBeTruthy();
    expect(names()).toEqual(['Ana Souza', 'Bruno Reis']);
    expect(await db.membros.where('municipioId').equals(city).count()).toBe(2);
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('offline, shows the device’s copy at once, dated by its oldest row, without asking the server', async () => {
    const city = ++nextCity;
    await db.membros.bulkPut([
      { ...member(city, 1, 'Ana Souza'), syncedAt: 5_000, pending: 0 },
      { ...member(city, 9, 'Caio Lima'), syncedAt: 0, pending: 1 },
    ]);
    online = false;
    const api = vi.fn<Api>(async () => []);
    render(<Members municipioId={city} api={api} />);
    expect(await screen.findByText('Sincronizado')).toBeTruthy();
    expect(names()).toEqual(['Ana Souza', 'Caio Lima']);
    expect(api).not.toHaveBeenCalled();
  });

  it('offline with nothing on the device, says so at once instead of loading forever', async () => {
    online = false;
    render(<Members municipioId={++nextCity} api={async () => []} />);
    expect(await screen.findByText('Nada guardado neste aparelho')).toBeTruthy();
  });

  it('keeps showing the device’s copy when a refresh fails, saying it is not up to date', async () => {
    const city = ++nextCity;
    await pullInto(db, 'membros', [member(city, 1, 'Ana Souza')], `membros:municipio:${city}`);
    render(<Members municipioId={city} api={async () => Promise.reject(new TypeError('Failed to fetch'))} />);
    expect(await screen.findByText('Sem atualização')).toBeTruthy();
    expect(names()).toEqual(['Ana Souza']);
    expect(shown).toEqual([]);
  });

  it('shows an error when the first load fails with nothing on the device, and notifies nothing itself (query.local does)', async () => {
    render(<Members municipioId={++nextCity} api={async () => Promise.reject(new TypeError('Failed to fetch'))} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Falha ao carregar');
    expect(shown).toEqual([]);
  });

  it('drops the device’s copy when the server says the record is gone', async () => {
    const city = ++nextCity;
    await pullInto(db, 'membros', [member(city, 1, 'Ana Souza')], `membros:municipio:${city}`);
    render(<Members municipioId={city} api={async () => Promise.reject(new NotFound())} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Município não encontrado');
    expect(screen.queryByText('Ana Souza')).toBeNull();
    expect(shown).toEqual([]);
  });

  it('asks again on "Atualizar" and shows the new answer', async () => {
    const user = userEvent.setup();
    const city = ++nextCity;
    const answers = [[member(city, 1, 'Ana Souza')], [member(city, 1, 'Ana Souza'), member(city, 3, 'Davi Melo')]];
    const api = vi.fn<Api>(async () => answers.shift()!);
    render(<Members municipioId={city} api={api} />);
    await screen.findByText('Ana Souza');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Davi Melo')).toBeTruthy();
    expect(api).toHaveBeenCalledTimes(2);
  });

  it('reads the store of the signed-in user', () => {
    function StoreName() {
      return <p>{useOfflineDb()?.name ?? 'sem dados'}</p>;
    }
    render(<StoreName />);
    expect(screen.getByText('ce-offline:sc:77')).toBeTruthy();
  });
});

afterAll(async () => {
  await act(async () => {
    await unsentCount();
  });
});

/** A rename of one member, queued in the outbox: its local effect writes the row. */
const renameKind = defineMutationKind<{ membroId: number; nome: string }>({
  name: 'test-member-rename',
  title: 'Nome do membro',
  schema: z.object({ membroId: z.number().int(), nome: z.string().min(1) }),
  label: (p) => `Membro ${p.nome}`,
  entityKey: (p) => `membro:${p.membroId}`,
  toRequest: (p) => ({ method: 'PUT', path: 'test/rename', json: p }),
  async applyLocal(store, p) {
    if (p.nome === 'Recusado') throw new Error('O aparelho recusou.');
    await store.membros.update(p.membroId, { nome: p.nome, pending: 1 });
  },
});

/** One member's name, read from the device, with the renames queued for it shown at once. */
function MemberName({ membroId }: { membroId: number }) {
  const state = useLocalFirst<MembroRow, MembroRow>({
    scope: `membro:${membroId}`,
    deps: [membroId],
    read: (store) => store.membros.get(membroId),
    fetch: async () => {
      throw new TypeError('Failed to fetch');
    },
    write: async () => undefined,
    direct: (row) => row,
    queued: {
      entityKey: `membro:${membroId}`,
      apply: (row, change) => ({ ...row, nome: (change.payload as { nome: string }).nome, pending: 1 }),
    },
  });
  if (state.status !== 'ready') return <p>Carregando…</p>;
  return <p>{`${state.data.nome}${state.data.pending ? ' (aguardando envio)' : ''}`}</p>;
}

describe('a change queued in the outbox (its in-memory local effect)', () => {
  async function shownMember(nome: string): Promise<number> {
    const membroId = 9_000 + ++nextCity;
    await db.membros.put({ ...member(1, membroId, nome), syncedAt: 5_000, pending: 0 });
    online = false;
    render(<MemberName membroId={membroId} />);
    expect(await screen.findByText(nome)).toBeTruthy();
    return membroId;
  }

  it('shows in the frame it was queued in, before the device has stored it, and stays once stored', async () => {
    const membroId = await shownMember('Ana Souza');
    let stored = false;
    let queued: Promise<unknown> = Promise.resolve();
    act(() => {
      queued = enqueue(db, renameKind, { membroId, nome: 'Ana Lima' }).then(() => (stored = true));
    });
    expect(screen.getByText('Ana Lima (aguardando envio)')).toBeTruthy();
    expect(stored).toBe(false);
    await act(() => queued);
    expect((await db.membros.get(membroId))?.nome).toBe('Ana Lima');
    expect(screen.getByText('Ana Lima (aguardando envio)')).toBeTruthy();
  });

  it('is let go when the device refuses to store it, and the stored copy shows again', async () => {
    const membroId = await shownMember('Bia Costa');
    let refused: Promise<unknown> = Promise.resolve();
    act(() => {
      refused = enqueue(db, renameKind, { membroId, nome: 'Recusado' }).catch(() => 'recusado');
    });
    expect(screen.getByText('Recusado (aguardando envio)')).toBeTruthy();
    expect(await act(() => refused)).toBe('recusado');
    expect(await screen.findByText('Bia Costa')).toBeTruthy();
    expect(await db.outbox.where('entityKey').equals(`membro:${membroId}`).count()).toBe(0);
  });
});
