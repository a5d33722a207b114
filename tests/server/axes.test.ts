import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eixo, municipio, projeto } from '../../server/db/schema/index.ts';
import { withTenant } from '../../server/db/tenant-scope.ts';
import { authHeaders, createTestApp, type TestApp, demoSignIns } from './test-app.ts';

/** The seeded axes of each tenant (server/seed/data.ts AXES): two national, two not. */
const NATIONAL = ['Ambiente de Negócios', 'Compras Públicas'];
const SCHOOL = 'Empreendedorismo na Escola';
const TOURISM = 'Turismo';

let t: TestApp;
const city: Record<string, number> = {};
let scProjectId = 0;
let msProjectId = 0;
let msCityId = 0;

const token = demoSignIns(() => t);

async function get(url: string, user = 'admin') {
  return t.app.inject({ method: 'GET', url: `/api/projeto/eixo${url}`, headers: authHeaders(await token(user)) });
}

const names = (body: Array<{ nome: string }>) => body.map((a) => a.nome);

beforeAll(async () => {
  t = await createTestApp();
  for (const m of await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'))) city[m.nome] = m.municipioId;
  msCityId = (await t.db.select().from(municipio).where(eq(municipio.tenantId, 'ms')))[0]!.municipioId;
  scProjectId = (await t.db.select().from(projeto).where(eq(projeto.tenantId, 'sc')))[0]!.projetoId;
  msProjectId = (await t.db.select().from(projeto).where(eq(projeto.tenantId, 'ms')))[0]!.projetoId;
  // Without a project and not national: listed with the tenant's axes, in no project and no municipality.
  await t.db.insert(eixo).values(withTenant('sc', { nome: 'Águas Termais', descricao: 'Turismo de águas termais' }));
});
afterAll(async () => t?.close());

describe('GET /api/projeto/eixo/get-eixo', () => {
  it('gives any signed-in user every axis of the tenant, sorted ignoring accents, with its project', async () => {
    const res = await get('/get-eixo', 'membro');
    expect(res.statusCode, res.body).toBe(200);
    // "Águas" sorts among the A's, not after "Turismo" as a code-point sort would put it.
    expect(names(res.json())).toEqual(['Águas Termais', ...NATIONAL, SCHOOL, TOURISM]);

    const stored = await t.db.select().from(eixo).where(eq(eixo.tenantId, 'sc'));
    expect(
      res
        .json()
        .map((a: { eixoId: number }) => a.eixoId)
        .sort(),
    ).toEqual(stored.map((a) => a.eixoId).sort());
    expect(res.json().find((a: { nome: string }) => a.nome === NATIONAL[0])).toEqual({
      eixoId: stored.find((a) => a.nome === NATIONAL[0])!.eixoId,
      nome: NATIONAL[0],
      descricao: stored.find((a) => a.nome === NATIONAL[0])!.descricao,
      nacional: true,
      projetoId: scProjectId,
      projetoNome: 'Cidade Empreendedora SC 2025-2026',
    });
    expect(res.json()[0]).toMatchObject({ nome: 'Águas Termais', nacional: false, projetoId: null, projetoNome: null });
  });
});

describe('GET /api/projeto/eixo/get-eixo-by-projeto/{id}', () => {
  it("lists the project's axes", async () => {
    const res = await get(`/get-eixo-by-projeto/${scProjectId}`, 'condutor');
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res.json())).toEqual([...NATIONAL, SCHOOL, TOURISM]);
    expect(res.json().every((a: { projetoId: number }) => a.projetoId === scProjectId)).toBe(true);
  });

  it('answers 404 for a project of another tenant or a missing one, and 400 for a bad id', async () => {
    const foreign = await get(`/get-eixo-by-projeto/${msProjectId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Projeto não encontrado.' });
    expect((await get('/get-eixo-by-projeto/99999999')).statusCode).toBe(404);
    expect((await get('/get-eixo-by-projeto/abc')).statusCode).toBe(400);
    expect((await get('/get-eixo-by-projeto/0')).statusCode).toBe(400);
  });
});

describe('GET /api/projeto/eixo/get-eixo-by-permissao-municipio/{id}', () => {
  it('gives the full admin every axis the municipality works on: the national ones and those it has questions on', async () => {
    const floripa = await get(`/get-eixo-by-permissao-municipio/${city['Florianópolis']}`);
    expect(floripa.statusCode, floripa.body).toBe(200);
    expect(names(floripa.json())).toEqual([...NATIONAL, SCHOOL, TOURISM]);
    // Joinville does not take part in tourism.
    const joinville = await get(`/get-eixo-by-permissao-municipio/${city['Joinville']}`);
    expect(names(joinville.json())).toEqual([...NATIONAL, SCHOOL]);
  });

  it('limits a specialist to the axes of their permissions in that municipality', async () => {
    const floripa = await get(`/get-eixo-by-permissao-municipio/${city['Florianópolis']}`, 'especialista');
    expect(floripa.statusCode, floripa.body).toBe(200);
    expect(names(floripa.json())).toEqual([SCHOOL, TOURISM]);
    const joinville = await get(`/get-eixo-by-permissao-municipio/${city['Joinville']}`, 'especialista');
    expect(names(joinville.json())).toEqual([SCHOOL]);
  });

  it('gives a role held without an axis, or verTodosEixos, every axis of the municipality', async () => {
    const condutor = await get(`/get-eixo-by-permissao-municipio/${city['Joinville']}`, 'condutor');
    expect(names(condutor.json())).toEqual([...NATIONAL, SCHOOL]);
    const operacoes = await get(`/get-eixo-by-permissao-municipio/${city['Florianópolis']}`, 'operacoes');
    expect(names(operacoes.json())).toEqual([...NATIONAL, SCHOOL, TOURISM]);
  });

  it('answers 404 for a municipality the user cannot see, of another tenant or missing; 400 for a bad id', async () => {
    const unseen = await get(`/get-eixo-by-permissao-municipio/${city['Blumenau']}`, 'especialista');
    expect(unseen.statusCode).toBe(404);
    expect(unseen.json()).toEqual({ message: 'Município não encontrado.' });
    expect((await get(`/get-eixo-by-permissao-municipio/${msCityId}`)).statusCode).toBe(404);
    expect((await get('/get-eixo-by-permissao-municipio/99999999')).statusCode).toBe(404);
    expect((await get('/get-eixo-by-permissao-municipio/1.5')).statusCode).toBe(400);
    expect((await get('/get-eixo-by-permissao-municipio/abc')).statusCode).toBe(400);
  });
});

it('every axis endpoint needs a token issued in this tenant (401)', async () => {
  const msAdmin = await token('admin', 'ms');
  for (const url of ['/get-eixo', `/get-eixo-by-projeto/${scProjectId}`, `/get-eixo-by-permissao-municipio/${city['Florianópolis']}`]) {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/projeto/eixo${url}`, headers: { database: 'sc' } });
    expect(anonymous.statusCode, url).toBe(401);
    const cross = await t.app.inject({ method: 'GET', url: `/api/projeto/eixo${url}`, headers: authHeaders(msAdmin, 'sc') });
    expect(cross.statusCode, url).toBe(401);
    expect(cross.json().message, url).toMatch(/outra base de dados/);
  }
});
