import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERRITORY_MESSAGES, type Territory, type Visit, type VisitOptions } from '../../src/domain/territories.ts';
import * as s from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, type TestApp, demoSignIns } from './test-app.ts';

/**
 * Territories and visits (issue 31) against the real app and database: CRUD with validation, spec §6
 * (a territory lists only what the user sees; a visit of a municipality out of sight is a 404), the
 * visit's status transitions, the idempotent creation the outbox relies on, and 400s in pt-BR.
 * The seed gives tenant sc two territories (positions 0-2 and 3-5); each test makes its own data.
 */

let t: TestApp;
const sc: number[] = [];
const msCity: number[] = [];
let seq = 0;

const token = demoSignIns(() => t);
async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method, url, headers: { ...authHeaders(await token(user)), ...headers }, payload: payload as never });
}
const next = () => `${++seq}-${Date.now() % 100000}`;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select().from(s.municipio).where(eq(s.municipio.tenantId, 'sc')).orderBy(s.municipio.municipioId);
  sc.push(...rows.filter((r) => r.uf === 'SC').map((r) => r.municipioId));
  const ms = await t.db.select().from(s.municipio).where(eq(s.municipio.tenantId, 'ms')).orderBy(s.municipio.municipioId);
  msCity.push(...ms.map((r) => r.municipioId));
});
afterAll(async () => t?.close());

async function userId(email: string): Promise<number> {
  return (await t.db.select().from(s.usuario).where(eq(s.usuario.tenantId, 'sc'))).find((u) => u.email === email)!.usuarioId;
}

describe('territories', () => {
  it('lists the seeded territories with their regional unit, municipalities and agents', async () => {
    const res = await call('GET', '/api/territorio', 'operacoes');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Territory[];
    const first = list.find((x) => x.nome === 'Território Litoral e Vale')!;
    expect(first.municipios.map((m) => m.municipioId).sort()).toEqual([sc[0], sc[1], sc[2]].sort());
    expect(first.unidadeRegional).not.toBeNull();
    expect(first.agentes.length).toBe(2);
  });

  it('creates, edits and deletes a territory; refuses bad input in Portuguese', async () => {
    const agente = await userId('agente@demo.local');
    const nome = `Território teste ${next()}`;
    const created = await call('POST', '/api/territorio', 'operacoes', {
      nome,
      uf: 'SC',
      municipioIds: [sc[0], sc[4]],
      usuarioIds: [agente],
    });
    expect(created.statusCode).toBe(201);
    const territory = created.json() as Territory;
    expect(territory.agentes.map((a) => a.usuarioId)).toEqual([agente]);

    const dup = await call('POST', '/api/territorio', 'operacoes', { nome, uf: 'SC', municipioIds: [sc[0]] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(TERRITORY_MESSAGES.territoryExists);

    const empty = await call('POST', '/api/territorio', 'operacoes', { nome: '', uf: 'SC', municipioIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('O nome é obrigatório');
    expect(JSON.stringify(empty.json())).toContain('Escolha ao menos um município');

    const wrongUf = await call('POST', '/api/territorio', 'operacoes', { nome: `${nome} MS`, uf: 'MS', municipioIds: [sc[0]] });
    expect(wrongUf.statusCode).toBe(400);
    expect(wrongUf.json().message).toBe(TERRITORY_MESSAGES.municipalityOtherUf);

    const otherTenant = await call('POST', '/api/territorio', 'operacoes', { nome: `${nome} X`, uf: 'SC', municipioIds: [msCity[0]] });
    expect(otherTenant.statusCode).toBe(400);

    const updated = await call('PUT', '/api/territorio', 'operacoes', {
      territorioId: territory.territorioId,
      nome: `${nome} B`,
      uf: 'SC',
      municipioIds: [sc[4]],
    });
    expect(updated.statusCode).toBe(200);
    expect((updated.json() as Territory).municipios.map((m) => m.municipioId)).toEqual([sc[4]]);

    expect((await call('DELETE', `/api/territorio/${territory.territorioId}`, 'operacoes')).statusCode).toBe(204);
    expect((await call('GET', `/api/territorio/${territory.territorioId}`, 'operacoes')).statusCode).toBe(404);
  });

  it('is managed only by an admin or the menu flag (403), and another tenant cannot read it (404)', async () => {
    const res = await call('POST', '/api/territorio', 'condutor', { nome: 'x', uf: 'SC', municipioIds: [sc[0]] });
    expect(res.statusCode).toBe(403);
    const list = (await call('GET', '/api/territorio', 'operacoes')).json() as Territory[];
    const id = list[0]!.territorioId;
    const ms = await t.app.inject({
      method: 'GET',
      url: `/api/territorio/${id}`,
      headers: authHeaders(await token('operacoes', 'ms'), 'ms'),
    });
    expect(ms.statusCode).toBe(404);
  });
});

describe('visits', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    municipioId: sc[0],
    dataPrevista: '2026-12-10',
    horas: 2,
    observacao: `Visita ${next()}`,
    ...over,
  });

  it("lists a municipality's visits, seeded across the season", async () => {
    const res = await call('GET', `/api/visita/municipio/${sc[0]}`, 'agente');
    expect(res.statusCode).toBe(200);
    const visits = res.json() as Visit[];
    expect(new Set(visits.map((v) => v.status))).toEqual(new Set(['planejada', 'realizada', 'cancelada']));
    expect(visits.some((v) => v.relatorioId !== null)).toBe(true);
  });

  it('an agent plans their own visit and records it done; the transitions are enforced', async () => {
    const created = await call('POST', '/api/visita', 'agente', body());
    expect(created.statusCode).toBe(201);
    const visit = created.json() as Visit;
    expect(visit.usuarioId).toBe(await userId('agente@demo.local'));
    expect(visit.status).toBe('planejada');

    const noDate = await call('PUT', '/api/visita', 'agente', { ...visit, status: 'realizada', dataRealizada: null });
    expect(noDate.statusCode).toBe(400);
    expect(JSON.stringify(noDate.json())).toContain(TERRITORY_MESSAGES.doneDateRequired);

    const done = await call('PUT', '/api/visita', 'agente', { ...visit, status: 'realizada', dataRealizada: '2026-11-20', horas: 3.5 });
    expect(done.statusCode).toBe(200);
    expect((done.json() as Visit).horas).toBe(3.5);

    const back = await call('PUT', '/api/visita', 'agente', { ...visit, status: 'cancelada' });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe(TERRITORY_MESSAGES.transitionInvalid);
  });

  it('refuses a visit for another agent to a non-manager (403) and bad references (400)', async () => {
    const condutor = await userId('condutor@demo.local');
    const other = await call('POST', '/api/visita', 'agente', body({ usuarioId: condutor }));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(TERRITORY_MESSAGES.otherAgentRefused);
    expect((await call('POST', '/api/visita', 'operacoes', body({ usuarioId: condutor }))).statusCode).toBe(201);

    const options = (await call('GET', `/api/visita/municipio/${sc[3]}/opcoes`, 'operacoes')).json() as VisitOptions;
    const foreignReport = options.relatorios[0];
    if (foreignReport) {
      const res = await call('POST', '/api/visita', 'agente', body({ relatorioId: foreignReport.relatorioId }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TERRITORY_MESSAGES.reportInvalid);
    }
    const territories = (await call('GET', '/api/territorio', 'operacoes')).json() as Territory[];
    const interior = territories.find((x) => x.nome === 'Território Interior')!;
    const wrongTerritory = await call('POST', '/api/visita', 'agente', body({ territorioId: interior.territorioId }));
    expect(wrongTerritory.statusCode).toBe(400);
    expect(wrongTerritory.json().message).toBe(TERRITORY_MESSAGES.territoryInvalid);

    const bad = await call('POST', '/api/visita', 'agente', { municipioId: sc[0], dataPrevista: '10/12/2026', horas: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('A data prevista inválida');
  });

  it('a user who cannot see the municipality gets 404 on its visits, and the manager list leaves them out', async () => {
    // The agent sees positions 0-2 only.
    expect((await call('GET', `/api/visita/municipio/${sc[4]}`, 'agente')).statusCode).toBe(404);
    expect((await call('POST', '/api/visita', 'agente', body({ municipioId: sc[4] }))).statusCode).toBe(404);
    const theirs = ((await call('GET', `/api/visita/municipio/${sc[4]}`, 'operacoes')).json() as Visit[])[0]!;
    expect((await call('GET', `/api/visita/${theirs.visitaId}`, 'agente')).statusCode).toBe(404);
    expect((await call('PUT', '/api/visita', 'agente', { ...theirs, observacao: 'x' })).statusCode).toBe(404);
    const ms = await t.app.inject({
      method: 'GET',
      url: `/api/visita/${theirs.visitaId}`,
      headers: authHeaders(await token('admin', 'ms'), 'ms'),
    });
    expect(ms.statusCode).toBe(404);
    // The management list: the condutor sees 0, 1 and 3 only.
    expect((await call('GET', '/api/visita', 'agente')).statusCode).toBe(403);
    const all = (await call('GET', '/api/visita?status=realizada', 'operacoes')).json() as Visit[];
    expect(all.every((v) => v.status === 'realizada')).toBe(true);
    expect(new Set(all.map((v) => v.municipioId)).size).toBeGreaterThan(3);
    expect((await call('GET', '/api/visita?status=feita', 'operacoes')).statusCode).toBe(400);
  });

  it('is created once when the outbox sends it again with the same Idempotency-Key', async () => {
    const key = `visit-${randomUUID()}`;
    const payload = body({ observacao: `Idempotente ${key}` });
    const first = await call('POST', '/api/visita', 'agente', payload, { 'Idempotency-Key': key });
    const second = await call('POST', '/api/visita', 'agente', payload, { 'Idempotency-Key': key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const list = (await call('GET', `/api/visita/municipio/${sc[0]}`, 'agente')).json() as Visit[];
    expect(list.filter((v) => v.observacao === payload.observacao)).toHaveLength(1);
  });

  it('comes in the offline bundle of the municipality', async () => {
    const res = await call('GET', `/api/offline/municipio/${sc[0]}`, 'agente');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { visitas: Visit[] }).visitas.length).toBeGreaterThan(0);
  });
});
