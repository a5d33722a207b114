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
  unidadeRegional,
  unidadeRegionalMunicipio,
  usuario,
  usuarioPermissao,
} from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, type TestApp, demoSignIns } from './test-app.ts';

/**
 * The dashboard's numbers on a data set the test builds in its own UF (ZZ), so the seed's rows never
 * mix in: two municipalities, two solution groups, tasks done, late (their solution ended in 2020)
 * and ongoing (it ends in 2999). The analyst (menuDashboard) sees only Alfa; the consultant has no
 * Dashboard flag.
 */
let t: TestApp;
const ids = { alfa: 0, beta: 0, lateSolution: 0, betaSolution: 0, grupo1: 0, grupo2: 0, projeto: 0 };

const token = demoSignIns(() => t);
async function call(method: 'GET' | 'POST', url: string, user = 'admin', payload?: unknown) {
  return t.app.inject({ method, url: `/api/dashboard${url}`, headers: authHeaders(await token(user), 'sc'), payload: payload as never });
}

async function seedZz() {
  const db = t.db;
  const tenantId = 'sc';
  const [p] = await db.insert(projeto).values({ tenantId, nome: 'Projeto ZZ', uf: 'ZZ' }).returning();
  ids.projeto = p!.projetoId;
  const [alfa] = await db
    .insert(municipio)
    .values({ tenantId, nome: 'Alfa do Teste', uf: 'ZZ', projetoId: p!.projetoId, selo: 'ouro' })
    .returning();
  const [beta] = await db
    .insert(municipio)
    .values({ tenantId, nome: 'Beta do Teste', uf: 'ZZ', projetoId: p!.projetoId, selo: 'prata' })
    .returning();
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
      .values({
        tenantId,
        municipioId,
        solucaoId: sols[index]!.solucaoId,
        municipioGrupoSolucaoId: mg!.municipioGrupoSolucaoId,
        nome: sols[index]!.nome,
        dataTermino,
      })
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
  const [analyst] = await db
    .select()
    .from(usuario)
    .where(and(eq(usuario.tenantId, tenantId), eq(usuario.email, 'analista@demo.local')));
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

  it('the regional unit and project filters count only their municipalities', async () => {
    const db = t.db;
    const [unit] = await db.insert(unidadeRegional).values({ tenantId: 'sc', uf: 'ZZ', nomeRegiao: 'Regional Alfa' }).returning();
    await db.insert(unidadeRegionalMunicipio).values({ tenantId: 'sc', municipioId: ids.alfa, unidadeRegionalId: unit!.unidadeRegionalId });
    // Gama, in another UF and project, with one done task of group Z1.
    const [other] = await db.insert(projeto).values({ tenantId: 'sc', nome: 'Projeto ZY', uf: 'ZY' }).returning();
    const [gama] = await db
      .insert(municipio)
      .values({ tenantId: 'sc', nome: 'Gama do Teste', uf: 'ZY', projetoId: other!.projetoId, selo: 'bronze' })
      .returning();
    const [sol] = await db.select().from(solucao).where(eq(solucao.grupoSolucaoId, ids.grupo1));
    const [mg] = await db
      .insert(municipioGrupoSolucao)
      .values({ tenantId: 'sc', municipioId: gama!.municipioId, grupoSolucaoId: ids.grupo1, nome: 'Grupo Z1' })
      .returning();
    const [ms] = await db
      .insert(municipioSolucao)
      .values({
        tenantId: 'sc',
        municipioId: gama!.municipioId,
        solucaoId: sol!.solucaoId,
        municipioGrupoSolucaoId: mg!.municipioGrupoSolucaoId,
        nome: 'Solução Z1',
      })
      .returning();
    await db
      .insert(municipioTarefa)
      .values({
        tenantId: 'sc',
        municipioId: gama!.municipioId,
        municipioSolucaoId: ms!.municipioSolucaoId,
        nome: 'Tarefa G',
        cumprida: true,
      });

    const regional = (await call('POST', '/dashboardadministrativo', 'admin', { unidadeRegionalId: unit!.unidadeRegionalId })).json();
    expect(regional.municipios).toBe(1);
    expect(regional.tarefas).toEqual({ total: 5, concluidas: 2, emAndamento: 1, atrasadas: 2 });
    expect(regional.execucao).toEqual([
      { grupoSolucaoId: ids.grupo1, nome: 'Grupo Z1', concluidas: 1, emAndamento: 0, atrasadas: 2 },
      { grupoSolucaoId: ids.grupo2, nome: 'Grupo Z2', concluidas: 1, emAndamento: 1, atrasadas: 0 },
    ]);
    expect(regional.selos).toEqual({ ouro: 1, prata: 0, bronze: 0, diamante: 0, semSelo: 0 });

    const project = (await call('POST', '/dashboardadministrativo', 'admin', { projetoId: other!.projetoId })).json();
    expect(project.municipios).toBe(1);
    expect(project.tarefas).toEqual({ total: 1, concluidas: 1, emAndamento: 0, atrasadas: 0 });
    expect(project.execucao).toEqual([{ grupoSolucaoId: ids.grupo1, nome: 'Grupo Z1', concluidas: 1, emAndamento: 0, atrasadas: 0 }]);
    expect(project.selos).toEqual({ ouro: 0, prata: 0, bronze: 1, diamante: 0, semSelo: 0 });
    // Both filters together: Alfa is not in project ZY.
    const both = (
      await call('POST', '/dashboardadministrativo', 'admin', { projetoId: other!.projetoId, unidadeRegionalId: unit!.unidadeRegionalId })
    ).json();
    expect(both.municipios).toBe(0);
    expect((await call('POST', '/dashboardadministrativo', 'admin', { projetoId: ids.projeto })).json().municipios).toBe(2);
    // The same filters in the indicators' query string.
    const indicators = await call(
      'GET',
      `/get-analitico-por-indicador?unidadeRegionalId=${unit!.unidadeRegionalId}&projetoId=${ids.projeto}`,
      'admin',
    );
    expect(indicators.statusCode).toBe(200);
    expect(indicators.json()).toEqual([]);
    expect((await call('POST', '/dashboardadministrativo', 'admin', { projetoId: 'x' })).statusCode).toBe(400);
  });

  it("the tasks behind a bar: the tasks report with the bar's group and the charts' filters lists exactly them", async () => {
    const res = await call('POST', '/get-execucao-por-tarefas', 'admin', {
      filtros: { municipioId: [0], uf: ['ZZ'], projetoId: [ids.projeto], grupoSolucaoId: [ids.grupo1] },
      tamanhoPagina: 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().linhas as { municipio: string; situacao: string }[];
    // The bar of Grupo Z1 in ZZ: 5 done and 2 late (the disabled task is not behind it).
    const count = (situacao: string) => rows.filter((r) => r.situacao === situacao).length;
    expect([rows.length, count('Concluída'), count('Em andamento'), count('Atrasada')]).toEqual([7, 5, 0, 2]);
    // The period is the solution's end date, as on the charts: only 2020's solutions, then none.
    const period = { municipioId: [0], uf: ['ZZ'], grupoSolucaoId: [ids.grupo2] };
    expect(
      (await call('POST', '/get-execucao-por-tarefas', 'admin', { filtros: { ...period, dataInicial: '2999-01-01' } })).json().total,
    ).toBe(2);
    expect((await call('POST', '/get-execucao-por-tarefas', 'admin', { filtros: { ...period, dataFim: '2020-12-31' } })).json().total).toBe(
      0,
    );
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
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/municipio/get-mini-dash/${ids.alfa}`,
      headers: authHeaders(await token('admin'), 'sc'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      municipioId: ids.alfa,
      tarefas: 5,
      tarefasCumpridas: 2,
      selo: 'ouro',
      evidenciasAprovadas: 0,
      ultimoRelatorio: null,
    });
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/municipio/get-mini-dash/${ids.beta}`,
      headers: authHeaders(await token('analista'), 'sc'),
    });
    expect(hidden.statusCode).toBe(404);
  });
});
