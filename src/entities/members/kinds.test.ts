import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Member } from '../../domain/members.ts';
import { IDEMPOTENCY_HEADER } from '../../domain/uploads.ts';
import { openOfflineDb, type OfflineDb } from '../../offline/db.ts';
import { createSyncEngine } from '../../offline/engine.ts';
import { registerMutationKind } from '../../offline/kinds.ts';
import { createMemoryLocks } from '../../offline/locks.ts';
import { memberCreateKind, memberPhotoKind } from './kinds.ts';
import { enqueue, OutboxValidationError } from '../../offline/outbox.ts';
import type { Transport, TransportRequest } from '../../offline/transport-types.ts';

/**
 * The real member kinds (registration and photo) through the real engine, against a transport that
 * answers as the server's member routes do: what the list shows before, during and after sending.
 */

registerMutationKind(memberCreateKind);
registerMutationKind(memberPhotoKind);

const PHOTO = 'data:image/png;base64,iVBORw0KGgo=';
let dbCounter = 0;
const opened: OfflineDb[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));

/** The member routes of the server, in memory; `fail` answers the next request to that path with that status. */
function memberServer() {
  const members = new Map<number, Member>();
  const seen: { method: string; path: string; key: string | undefined; json: unknown }[] = [];
  let nextId = 500;
  const server = { members, seen, fail: null as { path: string; status: number } | null };
  const transport: Transport = async (request: TransportRequest) => {
    seen.push({ method: request.method, path: request.path, key: request.headers[IDEMPOTENCY_HEADER], json: request.json });
    const answer = (status: number, body: unknown) => ({ status, body, headers: { get: () => null } });
    if (server.fail && request.path.endsWith(server.fail.path)) {
      const { status } = server.fail;
      server.fail = null;
      return answer(status, { message: status === 422 ? 'O telefone já está cadastrado.' : 'Erro interno.' });
    }
    const json = request.json as Record<string, unknown>;
    if (request.path === 'municipio/membro/cadastrar-membro') {
      const membroId = nextId++;
      const member: Member = {
        membroId,
        municipioId: json.municipioId as number,
        nome: json.nome as string,
        email: (json.email as string | null) ?? null,
        telefone: json.telefone as string,
        cpf: null,
        cargo: null,
        orgao: null,
        instituicaoId: null,
        imagemMembro: null,
        membroGrupos: [],
      };
      members.set(membroId, member);
      return answer(201, member);
    }
    if (request.path === 'municipio/membro/atualizar-foto-membro') {
      const member = members.get(json.membroId as number);
      if (!member) return answer(404, { message: 'Membro não encontrado.' });
      member.imagemMembro = json.imagemMembro as string | null;
      return answer(200, member);
    }
    return answer(404, { message: 'Rota não encontrada.' });
  };
  return { server, transport };
}

async function setup() {
  const db = await openOfflineDb('member-kinds', ++dbCounter);
  opened.push(db);
  const { server, transport } = memberServer();
  let clock = 1_000_000;
  const engine = createSyncEngine({
    openDb: async () => db,
    transport,
    locks: createMemoryLocks(),
    channel: null,
    now: () => clock,
    random: () => 1,
  });
  return { db, server, engine, advance: (ms: number) => (clock += ms) };
}

const ana = { municipioId: 3, nome: 'Ana Souza', email: 'ana@exemplo.com.br', telefone: '(48) 99999-1234' };

describe('member registration offline', () => {
  it('lists the member at once as pending, then with the server id once sent', async () => {
    const { db, server, engine } = await setup();
    const entry = await enqueue(db, memberCreateKind, ana, { municipioId: 3 });
    expect(entry.label).toBe('Cadastro do membro Ana Souza');
    expect(await db.membros.get(entry.tempId!)).toMatchObject({ nome: 'Ana Souza', municipioId: 3, pending: 1, syncedAt: 0 });
    await engine.drain();
    expect(server.seen).toEqual([
      { method: 'POST', path: 'municipio/membro/cadastrar-membro', key: entry.id, json: expect.objectContaining({ nome: 'Ana Souza' }) },
    ]);
    expect(await db.membros.get(entry.tempId!)).toBeUndefined();
    expect(await db.membros.get(500)).toMatchObject({ nome: 'Ana Souza', pending: 0 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a member without a phone before queueing anything', async () => {
    const { db } = await setup();
    await expect(enqueue(db, memberCreateKind, { ...ana, telefone: '' })).rejects.toBeInstanceOf(OutboxValidationError);
    expect(await db.membros.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends the photo of a member registered offline after the registration, with the server id, and keeps the row pending until then', async () => {
    const { db, server, engine, advance } = await setup();
    const created = await enqueue(db, memberCreateKind, ana);
    const photo = await enqueue(db, memberPhotoKind, { membroId: created.tempId!, imagemMembro: PHOTO, nome: 'Ana Souza' });
    expect(photo.label).toBe('Foto do membro Ana Souza');
    expect(photo.dependsOn).toEqual([created.id]);
    expect(await db.membros.get(created.tempId!)).toMatchObject({ imagemMembro: PHOTO, pending: 1 });

    // The registration is answered, the photo's request fails: the member stays marked pending.
    server.fail = { path: 'atualizar-foto-membro', status: 503 };
    await engine.drain();
    const registered = (await db.idMap.get(created.tempId!))!.serverId;
    expect(registered).toBe(500);
    expect(await db.membros.get(created.tempId!)).toBeUndefined();
    expect(await db.membros.get(registered)).toMatchObject({ nome: 'Ana Souza', pending: 1 });
    expect((await db.outbox.get(photo.id))!).toMatchObject({ status: 'pending', payload: { membroId: registered } });

    // Sent after its backoff: with the server id, never the temp id.
    advance(600_000);
    await engine.drain();
    expect(server.seen.at(-1)).toMatchObject({
      path: 'municipio/membro/atualizar-foto-membro',
      json: { membroId: registered, imagemMembro: PHOTO },
    });
    expect(await db.membros.get(registered)).toMatchObject({ imagemMembro: PHOTO, pending: 0 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('parks a registration the server refuses, with its message, and keeps the member listed as pending', async () => {
    const { db, server, engine } = await setup();
    server.fail = { path: 'cadastrar-membro', status: 422 };
    const entry = await enqueue(db, memberCreateKind, ana);
    await engine.drain();
    expect(await db.outbox.get(entry.id)).toMatchObject({
      status: 'attention',
      lastError: { status: 422, message: 'O telefone já está cadastrado.' },
    });
    expect(await db.membros.get(entry.tempId!)).toMatchObject({ pending: 1 });
  });
});
