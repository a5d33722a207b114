import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndicatorRow, ReadingRow, Room, RoomHome } from '../../src/domain/sala.ts';
import * as s from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, type TestApp, demoSignIns } from './test-app.ts';

/**
 * The Sala do Empreendedor's indicator room (issue 29) against the real app and database: the rooms
 * with their seal, the room's home, the readings of the indicator map (spec §6: a Sala user works
 * only on their own room and pillars), the six indicator registers, 400s in pt-BR and tenants kept
 * apart. The seed gives each tenant two rooms (positions 0 and 3); each test makes its own data.
 */

let t: TestApp;
/** Municipality ids of tenant sc by seed position, and one of tenant ms. */
const sc: number[] = [];
let msRoom = 0;
let ambiente = 0;
let compras = 0;
let seq = 0;

const token = demoSignIns(() => t);
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...authHeaders(await token(user)), ...headers }, payload: payload as never });
}
const next = () => `${++seq}-${Date.now() % 100000}`;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select().from(s.municipio).where(eq(s.municipio.tenantId, 'sc')).orderBy(s.municipio.municipioId);
  sc.push(...rows.map((r) => r.municipioId));
  const [ms] = await t.db.select({ id: s.sala.municipioId }).from(s.sala).where(eq(s.sala.tenantId, 'ms')).limit(1);
  msRoom = ms!.id;
  const axis = async (nome: string) =>
    (await t.db.select().from(s.eixo).where(and(eq(s.eixo.tenantId, 'sc'), eq(s.eixo.nome, nome))))[0]!.eixoId;
  ambiente = await axis('Ambiente de Negócios');
  compras = await axis('Compras Públicas');
});
afterAll(async () => t?.close());

async function indicatorOn(eixoId: number, user = 'admin'): Promise<IndicatorRow> {
  const list = (await call('GET', '/api/salaindicadores', user)).json() as IndicatorRow[];
  return list.find((i) => i.eixoId === eixoId)!;
}

describe('rooms and their seal', () => {
  it('lists the rooms the user sees, each with a seal computed by the rule, and they differ', async () => {
    const admin = (await call('GET', '/api/sala', 'admin')).json() as Room[];
    const mine = admin.filter((room) => room.municipioId === sc[0] || room.municipioId === sc[3]);
    expect(mine).toHaveLength(2);
    expect(new Set(mine.map((room) => room.selo)).size).toBe(2);
    for (const room of mine) expect(room.indicadoresTotal).toBeGreaterThan(0);

    // The Sala user holds a permission in the seal room's municipality only (position 3).
    const own = (await call('GET', '/api/sala', 'sala')).json() as Room[];
    expect(own.map((room) => room.municipioId)).toEqual([sc[3]]);
  });

  it("opens a room's home with the indicators of the user's pillars only", async () => {
    const admin = (await call('GET', `/api/sala/${sc[3]}`, 'admin')).json() as RoomHome;
    expect(admin.indicadores.some((i) => i.eixoId === compras)).toBe(true);
    const res = await call('GET', `/api/sala/${sc[3]}`, 'sala');
    expect(res.statusCode).toBe(200);
    const home = res.json() as RoomHome;
    expect(home.sala.municipioId).toBe(sc[3]);
    expect(home.indicadores.length).toBeGreaterThan(0);
    expect(home.indicadores.every((i) => i.eixoId === ambiente)).toBe(true);
    expect(home.niveis.map((l) => l.nome)).toContain('Excelente');
  });

  it("refuses another room, and another tenant's, as not found", async () => {
    const other = await call('GET', `/api/sala/${sc[0]}`, 'sala');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Município não encontrado.');
    const foreign = await call('GET', `/api/sala/${msRoom}`, 'admin');
    expect(foreign.statusCode).toBe(404);
  });

  it('creates, edits and deletes a room; one per municipality', async () => {
    const body = { municipioId: sc[1], nome: 'Sala do Empreendedor de Teste', responsavel: 'Ana', email: '', telefone: '', endereco: '', inauguracao: '2024-05-02' };
    const created = await call('POST', '/api/sala', 'admin', body);
    expect(created.statusCode).toBe(201);
    expect((created.json() as Room).inauguracao).toBe('2024-05-02');
    const again = await call('POST', '/api/sala', 'admin', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este município já tem uma sala.');
    const edited = await call('PUT', '/api/sala', 'admin', { ...body, nome: 'Sala Renomeada' });
    expect((edited.json() as Room).nome).toBe('Sala Renomeada');
    expect((await call('DELETE', `/api/sala/${sc[1]}`, 'admin')).statusCode).toBe(204);
    const gone = await call('GET', `/api/sala/${sc[1]}`, 'admin');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Sala não encontrada.');
  });

  it('answers a malformed room with a 400 in Portuguese, and a consultant with a 403 before the body', async () => {
    const bad = await call('POST', '/api/sala', 'admin', { municipioId: sc[1], nome: '', email: 'não é e-mail', inauguracao: '31/02/2024' });
    expect(bad.statusCode).toBe(400);
    const messages = (bad.json().issues as Array<{ message: string }>).map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['O nome é obrigatório', 'E-mail inválido', 'Data de inauguração inválida']));
    const refused = await call('POST', '/api/sala', 'condutor', { nada: true });
    expect(refused.statusCode).toBe(403);
  });
});

describe('readings of the indicator map', () => {
  it('records a reading of the own pillar, replaces it in the same period, and lists it', async () => {
    const indicator = await indicatorOn(ambiente);
    const body = { municipioId: sc[3], indicadorId: indicator.indicadorId, periodo: '2027-01', valor: 12.5, observacao: 'Primeira' };
    const first = await call('POST', '/api/salaindicadoresmunicipios', 'sala', body);
    expect(first.statusCode).toBe(200);
    const reading = first.json() as ReadingRow;
    expect(reading.meta).toBe(indicator.meta);
    const second = await call('POST', '/api/salaindicadoresmunicipios', 'sala', { ...body, valor: 7, meta: 6 });
    expect((second.json() as ReadingRow).indicadorMunicipioId).toBe(reading.indicadorMunicipioId);
    const list = (await call('GET', `/api/salaindicadoresmunicipios?municipioId=${sc[3]}`, 'sala')).json() as ReadingRow[];
    const mine = list.filter((r) => r.periodo === '2027-01' && r.indicadorId === indicator.indicadorId);
    expect(mine).toEqual([expect.objectContaining({ valor: 7, meta: 6, chave: `${sc[3]}:${indicator.indicadorId}:2027-01` })]);
    // Only the user's pillars are listed.
    const pillars = new Set((await call('GET', `/api/sala/${sc[3]}`, 'sala')).json().indicadores.map((i: IndicatorRow) => i.indicadorId));
    expect(list.every((r) => pillars.has(r.indicadorId))).toBe(true);

    const updated = await call('PUT', '/api/salaindicadoresmunicipios', 'sala', { indicadorMunicipioId: reading.indicadorMunicipioId, valor: 8, meta: 6, observacao: '' });
    expect((updated.json() as ReadingRow).valor).toBe(8);
    expect((await call('DELETE', `/api/salaindicadoresmunicipios/${reading.indicadorMunicipioId}`, 'sala')).statusCode).toBe(204);
    expect((await call('GET', `/api/salaindicadoresmunicipios/${reading.indicadorMunicipioId}`, 'sala')).statusCode).toBe(404);
  });

  it('goes through once with the same Idempotency-Key (the outbox resending a reading)', async () => {
    const indicator = await indicatorOn(ambiente);
    const body = { municipioId: sc[3], indicadorId: indicator.indicadorId, periodo: '2027-02', valor: 3, observacao: '' };
    const key = { 'idempotency-key': `sala-${next()}` };
    const a = await call('POST', '/api/salaindicadoresmunicipios', 'sala', body, key);
    const b = await call('POST', '/api/salaindicadoresmunicipios', 'sala', body, key);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    const rows = await t.db
      .select()
      .from(s.salaIndicadorMunicipio)
      .where(and(eq(s.salaIndicadorMunicipio.municipioId, sc[3]!), eq(s.salaIndicadorMunicipio.periodo, '2027-02')));
    expect(rows).toHaveLength(1);
  });

  it("refuses another pillar (403), another room (404) and another pillar's reading (404) to a Sala user", async () => {
    const other = await indicatorOn(compras);
    const pillar = await call('POST', '/api/salaindicadoresmunicipios', 'sala', {
      municipioId: sc[3],
      indicadorId: other.indicadorId,
      periodo: '2027-01',
      valor: 1,
    });
    expect(pillar.statusCode).toBe(403);
    expect(pillar.json().message).toBe('Você só trabalha nos pilares da sua sala.');

    const own = await indicatorOn(ambiente);
    const room = await call('POST', '/api/salaindicadoresmunicipios', 'sala', { municipioId: sc[0], indicadorId: own.indicadorId, periodo: '2027-01', valor: 1 });
    expect(room.statusCode).toBe(404);

    const [seeded] = await t.db
      .select()
      .from(s.salaIndicadorMunicipio)
      .where(and(eq(s.salaIndicadorMunicipio.municipioId, sc[3]!), eq(s.salaIndicadorMunicipio.indicadorId, other.indicadorId)))
      .limit(1);
    expect((await call('GET', `/api/salaindicadoresmunicipios/${seeded!.indicadorMunicipioId}`, 'sala')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/salaindicadoresmunicipios/${seeded!.indicadorMunicipioId}`, 'sala')).statusCode).toBe(404);
    expect((await call('GET', `/api/salaindicadoresmunicipios/${seeded!.indicadorMunicipioId}`, 'admin')).statusCode).toBe(200);
  });

  it('answers malformed readings with a 400 in Portuguese, and keeps tenants apart', async () => {
    const bad = await call('POST', '/api/salaindicadoresmunicipios', 'sala', { municipioId: sc[3], indicadorId: 0, periodo: '2026-13', valor: 'abc' });
    expect(bad.statusCode).toBe(400);
    const messages = (bad.json().issues as Array<{ message: string }>).map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['O indicador é obrigatório', 'Período inválido: use AAAA-MM', 'Valor: informe um número']));
    const unknown = await call('POST', '/api/salaindicadoresmunicipios', 'sala', { municipioId: sc[3], indicadorId: 999999, periodo: '2027-01', valor: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Indicador não encontrado.');
    const foreign = await call('GET', `/api/salaindicadoresmunicipios?municipioId=${msRoom}`, 'admin');
    expect(foreign.statusCode).toBe(404);
    const [msReading] = await t.db.select().from(s.salaIndicadorMunicipio).where(eq(s.salaIndicadorMunicipio.tenantId, 'ms')).limit(1);
    expect((await call('GET', `/api/salaindicadoresmunicipios/${msReading!.indicadorMunicipioId}`, 'admin')).statusCode).toBe(404);
  });

  it('puts the room and its readings in the offline bundle of its municipality', async () => {
    const res = await call('GET', `/api/offline/municipio/${sc[3]}`, 'sala');
    expect(res.statusCode).toBe(200);
    const bundle = res.json() as { salas: RoomHome[]; salaLeituras: ReadingRow[] };
    expect(bundle.salas.map((room) => room.municipioId)).toEqual([sc[3]]);
    expect(bundle.salaLeituras.length).toBeGreaterThanOrEqual(12);
  });
});

describe('the indicator registers', () => {
  it('creates, edits and deletes each plain register; refuses a consultant, a duplicate and a level in use', async () => {
    const n = next();
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/salaindicadornivel', { nome: `Nível ${n}`, percentualMinimo: 75, descricao: '' }, 'nivelId'],
      ['/api/salaindicadorapuracao', { nome: `Apuração ${n}`, descricao: 'x' }, 'apuracaoId'],
      ['/api/salaindicadorfonte', { nome: `Fonte ${n}`, descricao: 'x' }, 'fonteId'],
      ['/api/salaindicadorleitura', { nome: `Leitura ${n}`, meses: 2 }, 'leituraId'],
      ['/api/salaindicadoresunidade', { nome: `Unidade ${n}`, sigla: 'u' }, 'unidadeId'],
    ];
    for (const [path, body, idKey] of cases) {
      const created = await call('POST', path, 'admin', body);
      expect(created.statusCode, path).toBe(201);
      const id = created.json()[idKey] as number;
      expect((await call('POST', path, 'admin', body)).statusCode, path).toBe(409);
      expect((await call('POST', path, 'condutor', body)).statusCode, path).toBe(403);
      expect((await call('PUT', path, 'admin', { ...body, [idKey]: id, nome: `${String(body.nome)} (2)` })).json().nome).toBe(`${String(body.nome)} (2)`);
      expect((await call('GET', `${path}/${id}`, 'sala')).statusCode, path).toBe(200);
      expect((await call('DELETE', `${path}/${id}`, 'admin')).statusCode, path).toBe(204);
      expect((await call('GET', `${path}/${id}`, 'admin')).statusCode, path).toBe(404);
    }
    const [level] = await t.db.select().from(s.salaIndicadorNivel).where(and(eq(s.salaIndicadorNivel.tenantId, 'sc'), eq(s.salaIndicadorNivel.nome, 'Excelente')));
    const inUse = await call('DELETE', `/api/salaindicadornivel/${level!.nivelId}`, 'admin');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('Não é possível excluir o nível: há registros que o usam.');
    const bad = await call('POST', '/api/salaindicadornivel', 'admin', { nome: '', percentualMinimo: 'x' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json().issues as Array<{ message: string }>).map((i) => i.message)).toEqual(
      expect.arrayContaining(['O nome é obrigatório', 'Percentual mínimo da meta: informe um número']),
    );
  });

  it("keeps a Sala user's indicators on their pillars and refuses another tenant's references", async () => {
    const own = await indicatorOn(ambiente);
    const body = {
      nome: `Indicador ${next()}`,
      descricao: '',
      unidadeId: own.unidadeId,
      fonteId: own.fonteId,
      apuracaoId: own.apuracaoId,
      leituraId: own.leituraId,
      eixoId: compras,
      meta: 10,
      maiorMelhor: true,
      nivelIds: own.nivelIds,
    };
    const refused = await call('POST', '/api/salaindicadores', 'sala', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Você só trabalha nos pilares da sua sala.');
    const created = await call('POST', '/api/salaindicadores', 'sala', { ...body, eixoId: ambiente });
    expect(created.statusCode).toBe(201);
    const listed = (await call('GET', '/api/salaindicadores', 'sala')).json() as IndicatorRow[];
    expect(listed.every((i) => i.eixoId === ambiente)).toBe(true);
    const other = await indicatorOn(compras);
    expect((await call('GET', `/api/salaindicadores/${other.indicadorId}`, 'sala')).statusCode).toBe(404);

    const [msUnit] = await t.db.select().from(s.salaIndicadorUnidade).where(eq(s.salaIndicadorUnidade.tenantId, 'ms')).limit(1);
    const foreign = await call('POST', '/api/salaindicadores', 'admin', { ...body, nome: `Indicador ${next()}`, unidadeId: msUnit!.unidadeId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Um dos registros escolhidos não existe.');
    expect((await call('GET', `/api/salaindicadoresunidade/${msUnit!.unidadeId}`, 'admin')).statusCode).toBe(404);
  });
});
