import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  grupoSolucao,
  municipio,
  municipioGrupoSolucao,
  municipioSolucao,
  municipioTarefa,
  projeto,
  solucao,
  usuario,
  usuarioPermissao,
} from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/**
 * The dashboard's numbers on a data set the test builds in its own UF (ZZ), so the seed's rows never
 * mix in: two municipalities, two solution groups, tasks done, late (their solution ended in 2020)
 * and ongoing (it ends in 2999). The analyst (menuDashboard) sees only Alfa; the consultant has no
 * Dashboard flag.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids = { alfa: 0, beta: 0, lateSolution: 0, betaSolution: 0, grupo1: 0, grupo2: 0 };

async function token(user: string) {
  tokens[user] ??= await login(t, `${user}@demo.local`, 'sc');
  return tokens[user];
}
async function call(method: 'GET' | 'POST', url: string, user = 'admin', payload?: unknown) {
  return t.app.inject({ method, url: `/api/dashboard${url}`, headers: authHeaders(await token(user), 'sc'), payload: payload as never });
}

async function seedZz() {
  const db = t.db;
  const tenantId = 'sc';
  const [p] = await db.insert(projeto).values({ tenantId, nome: 'Projeto ZZ', uf: 'ZZ' }).returning();
  const [alfa] = await db.insert(municipio).values({ tenantId, nome: 'Alfa do Teste', uf: 'ZZ', projetoId: p!.projetoId, selo: 'ouro' }).returning();
  const [beta] = await db.insert(municipio).values({ tenantId, nome: 'Beta do Teste', uf: 'ZZ', projetoId: p!.projetoId, selo: 'prata' }).returning();
  ids.alfa = alfa!.municipioId;
  ids.beta = beta!.municipioId;
  const groups = await db
    .insert(grupoSolucao)
    .values([
      { tenantId, projetoId: p!.projetoId, nome: 'Grupo Z1' },
      { tenantId, projetoId: p!.projetoId, nome: 'Grupo Z2' },
    ])
    .returning();
  ids.grupo1 = groups[0]!.grupoSolucaoId;
  ids.grupo2 = groups[1]!.grupoSolucaoId;
  const sols = await db
    .insert(solucao)
    .values([
      { tenantId, grupoSolucaoId: ids.grupo1, nome: 'Solução Z1' },
      { tenantId, grupoSolucaoId: ids.grupo2, nome: 'Solução Z2' },
    ])
    .returning();
  async function solutionOf(municipioId: number, index: 0 | 1, dataTermino: string) {
    const [mg] = await db
      .insert(municipioGrupoSolucao)
      .values({ tenantId, municipioId, grupoSolucaoId: groups[index]!.grupoSolucaoId, nome: groups[index]!.nome })
      .returning();
    const [ms] = await db
      .insert(municipioSolucao)
      .values({ tenantId, municipioId, solucaoId: sols[index]!.solucaoId, municipioGrupoSolucaoId: mg!.municipioGrupoSolucaoId, nome: sols[index]!.nome, dataTermino })
      .returning();
    return ms!.municipioSolucaoId;
  }
  async function tasks(municipioId: number, municipioSolucaoId: number, flags: boolean[], desabilitado = false) {
    await db
      .insert(municipioTarefa)
      .values(flags.map((cumprida, i) => ({ tenantId, municipioId, municipioSolucaoId, nome: `Tarefa ${i + 1}`, cumprida, desabilitado })));
  }
  ids.lateSolution = await solutionOf(ids.alfa, 0, '2020-01-31');
  await tasks(ids.alfa, ids.lateSolution, [true, false, false]);
  await tasks(ids.alfa, ids.lateSolution, [false], true); // disabled: never counted
  const ongoing = await solutionOf(ids.alfa, 1, '2999-12-31');
  await tasks(ids.alfa, ongoing, [true, false]);
  ids.betaSolution = await solutionOf(ids.beta, 0, '2020-01-31');
  await tasks(ids.beta, ids.betaSolution, [true, true, true, true]);
  // The analyst also sees Alfa (before logging in: permissions are read at sign-in).
  const [analyst] = await db.select().from(usuario).where(and(eq(usuario.tenantId, tenantId), eq(usuario.email, 'analista@demo.local')));
  await db.insert(usuarioPermissao).values({ tenantId, usuarioId: analyst!.usuarioId, municipioId: ids.alfa, permissao: 'Analista' });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedZz();
});
afterAll(async () => t?.close());

describe('POST /api/dashboard/dashboardadministrativo', () => {
  it('counts tasks by solution group, seals and municipalities over the filter (admin: all)', async () => {
    const res = await call('POST', '/dashboardadministrativo', 'admin', { uf: 'zz' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.municipios).toBe(2);
    expect(body.tarefas).toEqual({ total: 9, concluidas: 6, emAndamento: 1, atrasadas: 2 });
    expect(body.execucao).toEqual([
      { grupoSolucaoId: ids.grupo1, nome: 'Grupo Z1', concluidas: 5, emAndamento: 0, atrasadas: 2 },
      { grupoSolucaoId: ids.grupo2, nome: 'Grupo Z2', concluidas: 1, emAndamento: 1, atrasadas: 0 },
    ]);
    expect(body.selos).toEqual({ ouro: 1, prata: 1, bronze: 0, diamante: 0, semSelo: 0 });
    expect(body.evidencias).toEqual([]);
  });

  it('the period filters tasks by their solution end date', async () => {
    const res = await call('POST', '/dashboardadministrativo', 'admin', { uf: 'ZZ', dataInicial: '2020-01-01', dataFim: '2020-12-31' });
    expect(res.json().tarefas).toEqual({ total: 7, concluidas: 5, emAndamento: 0, atrasadas: 2 });
  });

  it('a user who cannot see a municipality never gets its numbers', async () => {
    const res = await call('POST', '/dashboardadministrativo', 'analista', { uf: 'ZZ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().municipios).toBe(1);
    expect(res.json().tarefas).toEqual({ total: 5, concluidas: 2, emAndamento: 1, atrasadas: 2 });
    expect(res.json().selos).toEqual({ ouro: 1, prata: 0, bronze: 0, diamante: 0, semSelo: 0 });
  });

  it('403 without the Dashboard flag, before the body is read', async () => {
    const res = await call('POST', '/dashboardadministrativo', 'condutor', { dataInicial: 'not a date' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Você não tem permissão para esta ação.');
  });

  it('400 in Portuguese for a malformed filter', async () => {
    const bad = await call('POST', '/dashboardadministrativo', 'admin', { dataInicial: '31/02/2026' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Data inválida: use DD/MM/AAAA.');
    const order = await call('POST', '/dashboardadministrativo', 'admin', { dataInicial: '2026-02-10', dataFim: '2026-02-01' });
    expect(order.statusCode).toBe(400);
    expect(JSON.stringify(order.json())).toContain('O fim do período não pode ser anterior ao início.');
    expect((await call('POST', '/dashboardadministrativo', 'admin', { uf: 'Santa Catarina' })).statusCode).toBe(400);
  });
});

describe('GET /api/dashboard/get-analitico-por-indicador', () => {
  it('answers the seeded indicators for the admin and refuses a bad period', async () => {
    const res = await call('GET', '/get-analitico-por-indicador', 'admin');
    expect(res.statusCode).toBe(200);
    for (const row of res.json()) expect(row.dentroDaMeta + row.foraDaMeta).toBe(row.leituras);
    expect((await call('GET', '/get-analitico-por-indicador?uf=ZZ', 'admin')).json()).toEqual([]);
    expect((await call('GET', '/get-analitico-por-indicador?dataInicial=2026-13-01', 'admin')).statusCode).toBe(400);
    expect((await call('GET', '/get-analitico-por-indicador', 'condutor')).statusCode).toBe(403);
  });
});

describe('GET /api/municipio/get-mini-dash/{id}: the key numbers of the Geral tab', () => {
  it('counts enabled tasks done over total and carries the seal', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/municipio/get-mini-dash/${ids.alfa}`, headers: authHeaders(await token('admin'), 'sc') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ municipioId: ids.alfa, tarefas: 5, tarefasCumpridas: 2, selo: 'ouro', evidenciasAprovadas: 0, ultimoRelatorio: null });
    const hidden = await t.app.inject({ method: 'GET', url: `/api/municipio/get-mini-dash/${ids.beta}`, headers: authHeaders(await token('analista'), 'sc') });
    expect(hidden.statusCode).toBe(404);
  });
});
