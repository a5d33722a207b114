import { describe, expect, it } from 'vitest';
import { SALA_5W2H_MESSAGES, type Plan } from '../../src/domain/sala-5w2h.ts';
import type { RoomHome } from '../../src/domain/sala.ts';
import { useSalaApp } from './sala-rooms.ts';

/**
 * 5W2H plans (issue 29 item 4) against the real app: CRUD in the sala user's room, the municipality
 * gate, tenant isolation, pt-BR 400s, the public link by hash and its revocation, and the idempotent
 * update the outbox relies on.
 */
const BASE = '/api/sala5w2h';
const { call, places } = useSalaApp();

const plan = (municipioId: number, overrides: Record<string, unknown> = {}) => ({
  municipioId,
  oQue: 'Reduzir filas no atendimento',
  porQue: 'Esperas acima de 40 minutos',
  onde: 'Sala do Empreendedor',
  quando: '2026-12-20',
  quem: 'Coordenação',
  como: 'Agendamento on-line',
  quanto: 150_050,
  status: 'em-andamento',
  progresso: 30,
  ...overrides,
});

async function create(municipioId = places.chapeco, user = 'sala'): Promise<Plan> {
  const res = await call('POST', `${BASE}/cadastrar-5w2h`, user, plan(municipioId));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('5W2H plans of a room', () => {
  it('creates, lists, updates and deletes a plan, money in integer cents', async () => {
    const created = await create();
    expect(created).toMatchObject({ oQue: 'Reduzir filas no atendimento', quanto: 150_050, quando: '2026-12-20', hashPublico: null });

    const list = await call('GET', `${BASE}?municipioId=${places.chapeco}`, 'sala');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: Plan) => p.sala5w2hId)).toContain(created.sala5w2hId);

    const updated = await call('PUT', `${BASE}/atualizar-5w2h`, 'sala', {
      ...plan(places.chapeco, { status: 'concluido', progresso: 100, quanto: 99 }),
      sala5w2hId: created.sala5w2hId,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ status: 'concluido', progresso: 100, quanto: 99 });

    expect((await call('DELETE', `${BASE}/${created.sala5w2hId}`, 'sala')).statusCode).toBe(204);
    const after = await call('GET', `${BASE}?municipioId=${places.chapeco}`, 'sala');
    expect(after.json().map((p: Plan) => p.sala5w2hId)).not.toContain(created.sala5w2hId);
  });

  it("lists the room's open actions on its home, soonest due first, and drops one once concluded", async () => {
    const late = await create();
    const soon = (
      await call(
        'POST',
        `${BASE}/cadastrar-5w2h`,
        'sala',
        plan(places.chapeco, { oQue: 'Mutirão de alvarás', quando: '2026-01-05', status: 'nao-iniciado', progresso: 0 }),
      )
    ).json() as Plan;
    const home = async () => ((await call('GET', `/api/sala/${places.chapeco}`, 'sala')).json() as RoomHome).acoesAbertas;
    const ids = (await home()).map((a) => a.sala5w2hId);
    expect(ids.indexOf(soon.sala5w2hId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(soon.sala5w2hId)).toBeLessThan(ids.indexOf(late.sala5w2hId));
    expect((await home()).find((a) => a.sala5w2hId === late.sala5w2hId)).toEqual({
      sala5w2hId: late.sala5w2hId,
      oQue: 'Reduzir filas no atendimento',
      quem: 'Coordenação',
      quando: '2026-12-20',
      status: 'em-andamento',
      progresso: 30,
    });
    const done = await call('PUT', `${BASE}/atualizar-5w2h`, 'sala', {
      ...plan(places.chapeco, { status: 'concluido', progresso: 100 }),
      sala5w2hId: late.sala5w2hId,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await home()).map((a) => a.sala5w2hId)).not.toContain(late.sala5w2hId);
    expect((await home()).every((a) => a.status === 'nao-iniciado' || a.status === 'em-andamento')).toBe(true);
  });

  it('has the seeded plans of the demo rooms', async () => {
    const list = await call('GET', `${BASE}?municipioId=${places.chapeco}`, 'sala');
    expect(list.json().length).toBeGreaterThanOrEqual(5);
    expect(list.json().some((p: Plan) => p.hashPublico !== null)).toBe(true);
  });

  it('refuses malformed input with a 400 in Portuguese', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ oQue: '  ' }, 'Informe o que será feito'],
      [{ progresso: 120 }, SALA_5W2H_MESSAGES.progressoInvalido],
      [{ quanto: -1 }, SALA_5W2H_MESSAGES.quantoInvalido],
      [{ quanto: 10.5 }, SALA_5W2H_MESSAGES.quantoInvalido],
      [{ status: 'talvez' }, SALA_5W2H_MESSAGES.statusInvalido],
      [{ quando: '20/12/2026' }, 'Data inválida'],
      [{ status: 'concluido', progresso: 80 }, SALA_5W2H_MESSAGES.concluidoSemProgresso],
    ];
    for (const [overrides, message] of cases) {
      const res = await call('POST', `${BASE}/cadastrar-5w2h`, 'sala', plan(places.chapeco, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(overrides)).toContain(message);
    }
  });

  it('keeps a user to the rooms of the municipalities they see (404, existence not leaked)', async () => {
    const other = await create(places.florianopolis, 'admin');
    expect((await call('GET', `${BASE}?municipioId=${places.florianopolis}`, 'sala')).statusCode).toBe(404);
    expect((await call('POST', `${BASE}/cadastrar-5w2h`, 'sala', plan(places.florianopolis))).statusCode).toBe(404);
    const put = await call('PUT', `${BASE}/atualizar-5w2h`, 'sala', { ...plan(places.florianopolis), sala5w2hId: other.sala5w2hId });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe(SALA_5W2H_MESSAGES.naoEncontrado);
    expect((await call('DELETE', `${BASE}/${other.sala5w2hId}`, 'sala')).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/compartilhar/${other.sala5w2hId}`, 'sala')).statusCode).toBe(404);
    // Moving a plan of one's room into another municipality is not possible either: the body's municipality is ignored.
    const own = await create();
    const moved = await call('PUT', `${BASE}/atualizar-5w2h`, 'sala', { ...plan(places.florianopolis), sala5w2hId: own.sala5w2hId });
    expect(moved.json().municipioId).toBe(places.chapeco);
    expect((await call('GET', `${BASE}?municipioId=${places.chapeco}`, null)).statusCode).toBe(401);
  });

  it('never reads or writes another tenant’s plans', async () => {
    // Corumbá is a municipality of tenant ms: in tenant sc it does not exist.
    expect((await call('POST', `${BASE}/cadastrar-5w2h`, 'admin', plan(places.corumba))).statusCode).toBe(404);
    const res = await call('POST', `${BASE}/cadastrar-5w2h`, 'admin', plan(places.corumba), 'ms');
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().sala5w2hId;
    expect((await call('GET', `${BASE}?municipioId=${places.corumba}`, 'admin')).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/${id}`, 'admin')).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/compartilhar/${id}`, 'admin')).statusCode).toBe(404);
  });

  it('replays an update sent twice with the same Idempotency-Key (the outbox retry) without writing twice', async () => {
    const created = await create();
    const body = { ...plan(places.chapeco, { progresso: 55 }), sala5w2hId: created.sala5w2hId };
    const key = { 'idempotency-key': `sala-5w2h-${created.sala5w2hId}-teste` };
    const first = await call('PUT', `${BASE}/atualizar-5w2h`, 'sala', body, 'sc', key);
    const second = await call('PUT', `${BASE}/atualizar-5w2h`, 'sala', body, 'sc', key);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
  });
});

describe('the public link GET {hash}/{id}', () => {
  it('opens one plan read-only without login, only with its current hash, and stops when revoked', async () => {
    const created = await create();
    const shared = await call('PUT', `${BASE}/compartilhar/${created.sala5w2hId}`, 'sala');
    expect(shared.statusCode).toBe(200);
    const hash: string = shared.json().hashPublico;
    expect(hash).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const open = await call('GET', `${BASE}/${hash}/${created.sala5w2hId}`, null);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toMatchObject({ oQue: created.oQue, municipio: { nome: 'Chapecó', uf: 'SC' } });
    expect(open.json()).not.toHaveProperty('hashPublico');
    expect(open.json()).not.toHaveProperty('municipioId');

    // The hash opens only its own plan; another id with it is as unknown as a wrong hash.
    const other = await create();
    expect((await call('GET', `${BASE}/${hash}/${other.sala5w2hId}`, null)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/${'A'.repeat(32)}/${created.sala5w2hId}`, null)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/curto/${created.sala5w2hId}`, null)).statusCode).toBe(400);
    // Another tenant's host does not open it either.
    expect((await call('GET', `${BASE}/${hash}/${created.sala5w2hId}`, null, undefined, 'ms')).statusCode).toBe(404);

    // Sharing again makes a new link: the old one no longer opens.
    const again = (await call('PUT', `${BASE}/compartilhar/${created.sala5w2hId}`, 'sala')).json().hashPublico;
    expect(again).not.toBe(hash);
    expect((await call('GET', `${BASE}/${hash}/${created.sala5w2hId}`, null)).statusCode).toBe(404);

    const revoked = await call('DELETE', `${BASE}/compartilhar/${created.sala5w2hId}`, 'sala');
    expect(revoked.json().hashPublico).toBeNull();
    const gone = await call('GET', `${BASE}/${again}/${created.sala5w2hId}`, null);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(SALA_5W2H_MESSAGES.linkNaoEncontrado);
  });
});
