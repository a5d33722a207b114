import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '../domain/members.ts';
import { deleteOfflineDb, openOfflineDb, type OfflineDb } from './db.ts';
import { lastSyncedAt, pullInto, schedulePull, type PullEnvironment } from './pull.ts';

function member(membroId: number, nome: string, municipioId = 7): Member {
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

describe('pullInto', () => {
  let db: OfflineDb;
  beforeEach(async () => {
    db = await openOfflineDb('sc', 42);
  });
  afterEach(async () => {
    db.close();
    await deleteOfflineDb('sc', 42);
  });

  it('writes the batch with syncedAt and records the scope', async () => {
    const result = await pullInto(db, 'membros', [member(1, 'Ana'), member(2, 'Bia')], 'membros:municipio:7', { now: 1000 });
    expect(result).toEqual({ written: 2, keptPending: 0, removed: 0 });
    expect(await db.membros.get(1)).toMatchObject({ nome: 'Ana', syncedAt: 1000, pending: 0 });
    expect(await lastSyncedAt(db, 'membros:municipio:7')).toBe(1000);
    expect(await lastSyncedAt(db, 'membros:municipio:8')).toBeNull();
  });

  it('never overwrites nor deletes a row with an unsent local change', async () => {
    await pullInto(db, 'membros', [member(1, 'Ana'), member(2, 'Bia'), member(3, 'Caio')], 'membros:municipio:7', { now: 1000 });
    // Local edits waiting in the queue, and a member created offline (temporary negative id).
    await db.membros.update(1, { nome: 'Ana Maria', pending: 1 });
    await db.membros.put({ ...member(-1, 'Novo offline'), syncedAt: 0, pending: 1 });
    await db.membros.update(3, { pending: 1 });

    // The server still has the old name of 1, no longer lists 2 nor 3, and does not know -1.
    const range = { index: 'municipioId', equals: 7 };
    const result = await pullInto(db, 'membros', [member(1, 'Ana'), member(4, 'Duda')], 'membros:municipio:7', { now: 2000, range });

    expect(result).toEqual({ written: 1, keptPending: 1, removed: 1 });
    expect(await db.membros.get(1)).toMatchObject({ nome: 'Ana Maria', pending: 1, syncedAt: 1000 });
    expect(await db.membros.get(2)).toBeUndefined();
    expect(await db.membros.get(3)).toMatchObject({ nome: 'Caio', pending: 1 });
    expect(await db.membros.get(-1)).toMatchObject({ nome: 'Novo offline', pending: 1 });
    expect(await db.membros.get(4)).toMatchObject({ nome: 'Duda', syncedAt: 2000, pending: 0 });
  });

  it('neither overwrites nor removes a row written after its request left (a record reconciled meanwhile)', async () => {
    await pullInto(db, 'membros', [member(1, 'Ana'), member(2, 'Bia')], 'membros:municipio:7', { now: 1000 });
    // The outbox settled member 1 at 3000 (its reconcile wrote the server's answer), and 2 was created then.
    await db.membros.put({ ...member(1, 'Ana Maria'), syncedAt: 3000, pending: 0 });
    await db.membros.put({ ...member(2, 'Bia'), syncedAt: 3000, pending: 0 });
    const range = { index: 'municipioId', equals: 7 };

    // A read that left at 2500 could not hold them yet.
    const stale = await pullInto(db, 'membros', [member(1, 'Ana')], 'membros:municipio:7', { now: 4000, range, startedAt: 2500 });
    expect(stale).toEqual({ written: 0, keptPending: 0, removed: 0 });
    expect(await db.membros.get(1)).toMatchObject({ nome: 'Ana Maria', syncedAt: 3000 });
    expect(await db.membros.get(2)).toMatchObject({ nome: 'Bia' });

    // One that left at 3500 is the newer: it replaces them.
    const fresh = await pullInto(db, 'membros', [member(1, 'Ana Souza')], 'membros:municipio:7', { now: 5000, range, startedAt: 3500 });
    expect(fresh).toEqual({ written: 1, keptPending: 0, removed: 1 });
    expect(await db.membros.get(1)).toMatchObject({ nome: 'Ana Souza', syncedAt: 5000 });
    expect(await db.membros.get(2)).toBeUndefined();
  });

  it('removes only within the range it replaces', async () => {
    await pullInto(db, 'membros', [member(1, 'Ana', 7), member(2, 'Bia', 8)], 'membros', { now: 1000 });
    await pullInto(db, 'membros', [], 'membros:municipio:7', { now: 2000, range: { index: 'municipioId', equals: 7 } });
    expect(await db.membros.get(1)).toBeUndefined();
    expect(await db.membros.get(2)).toMatchObject({ nome: 'Bia' });
  });

  it('writes a batch in one transaction: a failure leaves the table and the scope as they were', async () => {
    await pullInto(db, 'membros', [member(1, 'Ana')], 'membros:municipio:7', { now: 1000 });
    // A row without its primary key makes bulkPut fail half-way through the batch.
    const broken = [member(5, 'Eva'), { ...member(6, 'Fábio'), membroId: undefined as unknown as number }];
    await expect(pullInto(db, 'membros', broken, 'membros:municipio:7', { now: 2000 })).rejects.toThrow();
    expect(await db.membros.get(5)).toBeUndefined();
    expect(await lastSyncedAt(db, 'membros:municipio:7')).toBe(1000);
  });
});

describe('schedulePull', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  function environment() {
    const network = new EventTarget();
    const visibility = new EventTarget();
    const state = { visible: true, online: true };
    const env: PullEnvironment = {
      network,
      visibility,
      isVisible: () => state.visible,
      isOnline: () => state.online,
      now: () => Date.now(),
    };
    return { env, state, network, visibility };
  }

  it('pulls on open, on reconnect and every interval while visible, never while offline or hidden', async () => {
    const { env, state, network, visibility } = environment();
    const pull = vi.fn(async () => {});
    const stop = schedulePull(pull, { intervalMs: 60_000, env });
    expect(pull).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(pull).toHaveBeenCalledTimes(2);

    state.visible = false;
    await vi.advanceTimersByTimeAsync(180_000);
    expect(pull).toHaveBeenCalledTimes(2);
    state.visible = true;
    visibility.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(pull).toHaveBeenCalledTimes(3);

    state.online = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pull).toHaveBeenCalledTimes(3);
    state.online = true;
    network.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(pull).toHaveBeenCalledTimes(4);

    stop();
    network.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(600_000);
    expect(pull).toHaveBeenCalledTimes(4);
  });

  it('does not start a pull while the previous one is still running, and goes on after a failure', async () => {
    const { env, network } = environment();
    let finish: () => void = () => {};
    const pull = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)))
      .mockImplementation(async () => {
        throw new Error('falhou');
      });
    const stop = schedulePull(pull, { intervalMs: 60_000, env });
    network.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pull).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    network.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    network.dispatchEvent(new Event('online'));
    expect(pull).toHaveBeenCalledTimes(3);
    stop();
  });

  it('a tab coming back into view pulls only when the last pull is older than the interval', async () => {
    const { env, visibility } = environment();
    const pull = vi.fn(async () => {});
    const stop = schedulePull(pull, { intervalMs: 60_000, env });
    await vi.advanceTimersByTimeAsync(10_000);
    visibility.dispatchEvent(new Event('visibilitychange'));
    expect(pull).toHaveBeenCalledTimes(1);
    stop();
  });
});
