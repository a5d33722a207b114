import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS, type ReportPage } from '../../src/domain/report-catalogue.ts';
import * as s from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/**
 * The report catalogue (issue 34) against the real app and database: each served report on data
 * this file inserts with known numbers (two municipalities of a made-up UF "ZZ", so the seed's
 * rows never count), the gate (relatorioAdm, exibirEm by the variante header, the full admin
 * exempt, 403 before the body), the filters and report 40, and the Excel/CSV export read back.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let cityA = 0;
let cityB = 0;
let adminId = 0;

async function token(user: string) {
  tokens[user] ??= await login(t, `${user}@demo.local`);
  return tokens[user];
}
async function post(url: string, user: string, payload: unknown = {}, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, headers: { ...authHeaders(await token(user)), ...headers }, payload: payload as never });
}
async function rows(route: string, filtros: Record<string, unknown> = {}, user = 'admin', extra: Record<string, unknown> = {}) {
  const res = await post(`/api/dashboard/${route}`, user, { filtros, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportPage;
}
const ZZ = { uf: ['ZZ'] };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const [admin] = await db
    .select()
    .from(s.usuario)
    .where(and(eq(s.usuario.tenantId, 'sc'), eq(s.usuario.email, 'admin@demo.local')));
  adminId = admin!.usuarioId;
  const [a, b] = await db
    .insert(s.municipio)
    .values([
      { tenantId: 'sc', nome: 'Alfa do Teste', uf: 'ZZ', selo: 'ouro', pontos: 90, medalha: 'prata', statusParticipacao: 3 },
      { tenantId: 'sc', nome: 'Beta do Teste', uf: 'ZZ', selo: null, pontos: 10 },
    ])
    .returning();
  cityA = a!.municipioId;
  cityB = b!.municipioId;
  const [solution] = await db.select().from(s.solucao).where(eq(s.solucao.tenantId, 'sc')).limit(1);
  const [mgs] = await db
    .insert(s.municipioGrupoSolucao)
    .values({ tenantId: 'sc', municipioId: cityA, grupoSolucaoId: solution!.grupoSolucaoId, nome: 'Grupo Alfa' })
    .returning();
  const [ms] = await db
    .insert(s.municipioSolucao)
    .values({
      tenantId: 'sc',
      municipioId: cityA,
      solucaoId: solution!.solucaoId,
      municipioGrupoSolucaoId: mgs!.municipioGrupoSolucaoId,
      nome: 'Solução Alfa',
    })
    .returning();
  const tasks = await db
    .insert(s.municipioTarefa)
    .values([
      { tenantId: 'sc', municipioId: cityA, municipioSolucaoId: ms!.municipioSolucaoId, nome: 'Tarefa 1', horas: 10 },
      { tenantId: 'sc', municipioId: cityA, municipioSolucaoId: ms!.municipioSolucaoId, nome: 'Tarefa 2', horas: 6 },
      { tenantId: 'sc', municipioId: cityA, municipioSolucaoId: ms!.municipioSolucaoId, nome: 'Tarefa 3', horas: 4 },
    ])
    .returning();
  // One field report of 6 h on tasks 1 (done) and 2: the triggers split it 3 h + 3 h and keep the tasks' summary.
  const [report] = await db
    .insert(s.relatorio)
    .values({
      tenantId: 'sc',
      municipioId: cityA,
      usuarioId: adminId,
      titulo: 'Visita de março',
      descricao: 'x',
      horasUtilizadasString: '6',
      codigoPublico: `rc-${Date.now()}`,
      pjAtendidas: 3,
      pfAtendidas: 5,
      criadoEm: new Date('2026-03-10T15:00:00Z'),
    })
    .returning();
  await db.insert(s.relatorioTarefa).values([
    { tenantId: 'sc', relatorioId: report!.relatorioId, municipioTarefaId: tasks[0]!.municipioTarefaId, cumprida: true },
    { tenantId: 'sc', relatorioId: report!.relatorioId, municipioTarefaId: tasks[1]!.municipioTarefaId, cumprida: false },
  ]);
  await db.insert(s.proposta).values({
    tenantId: 'sc',
    municipioId: cityB,
    titulo: 'Proposta Beta',
    valorTotal: 1_234_56,
    investimentoMunicipio: 1_000_00,
    contrapartidaSebrae: 234_56,
    criadoPorId: adminId,
  } as never);
});
afterAll(async () => t?.close());

describe('the catalogue', () => {
  it('declares ids 1-51 at most once, with unique routes', () => {
    expect(new Set(REPORTS.map((r) => r.id)).size).toBe(REPORTS.length);
    expect(new Set(REPORTS.map((r) => r.route)).size).toBe(REPORTS.length);
    for (const r of REPORTS) expect(r.id >= 1 && r.id <= 51).toBe(true);
  });

  it('lists the reports of the group and mode; the full admin sees all of the mode', async () => {
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard/catalogo-relatorios', headers: authHeaders(await token('admin')) })
    ).json() as { id: number }[];
    expect(all.map((r) => r.id)).toEqual(REPORTS.map((r) => r.id));
    const analyst = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard/catalogo-relatorios', headers: authHeaders(await token('analista')) })
    ).json() as { id: number }[];
    expect(analyst.map((r) => r.id)).toEqual([1, 2, 5, 10, 40]);
    const sala = (
      await t.app.inject({
        method: 'GET',
        url: '/api/dashboard/catalogo-relatorios',
        headers: { ...authHeaders(await token('analista')), variante: 'sala' },
      })
    ).json() as { id: number }[];
    expect(sala.map((r) => r.id)).toEqual([5]);
  });
});

describe('reports with known numbers', () => {
  it('1 execução por tarefas', async () => {
    const page = await rows('get-execucao-por-tarefas', { ...ZZ, municipioId: [0] });
    expect(page.total).toBe(3);
    expect(page.linhas.map((r) => [r.tarefa, r.horasPrevistas, r.horasUtilizadas, r.cumprida])).toEqual([
      ['Tarefa 1', 10, 3, 'Sim'],
      ['Tarefa 2', 6, 3, 'Não'],
      ['Tarefa 3', 4, 0, 'Não'],
    ]);
    expect(page.linhas[0]!.execucao).toBeCloseTo(0.3);
  });

  it('2 execução por município', async () => {
    const page = await rows('get-execucao', ZZ);
    expect(page.linhas).toEqual([
      {
        municipio: 'Alfa do Teste',
        uf: 'ZZ',
        solucoes: 1,
        tarefas: 3,
        tarefasCumpridas: 1,
        execucao: expect.closeTo(0.3333, 3),
        horasPrevistas: 20,
        horasUtilizadas: 6,
      },
      {
        municipio: 'Beta do Teste',
        uf: 'ZZ',
        solucoes: 0,
        tarefas: 0,
        tarefasCumpridas: 0,
        execucao: 0,
        horasPrevistas: 0,
        horasUtilizadas: 0,
      },
    ]);
  });

  it('3 selo final and 4 seal counts, with the seal filter', async () => {
    expect((await rows('get-selo-final', ZZ)).linhas.map((r) => [r.municipio, r.selo, r.pontos, r.participacao])).toEqual([
      ['Alfa do Teste', 'Ouro', 90, 'Participante'],
      ['Beta do Teste', 'Sem selo', 10, 'Não participante'],
    ]);
    expect((await rows('get-selo-final', { ...ZZ, selo: ['ouro'] })).total).toBe(1);
    expect((await rows('get-contagem-selos', ZZ)).linhas).toEqual([
      { uf: 'ZZ', ouro: 1, prata: 0, bronze: 0, diamante: 0, semSelo: 1, municipios: 2 },
    ]);
  });

  it('7 detalhamento de propostas in cents', async () => {
    const page = await rows('detalhamento-proposta', ZZ);
    expect(page.linhas).toMatchObject([
      { municipio: 'Beta do Teste', valorTotal: 123456, investimentoMunicipio: 100000, contrapartidaSebrae: 23456, parcelas: 0, extras: 0 },
    ]);
  });

  it('10 relatórios de campo, filtered by period', async () => {
    const page = await rows('relatorios-campo', { ...ZZ, dataInicial: '2026-03-01', dataFim: '2026-03-31' });
    expect(page.linhas).toMatchObject([
      { municipio: 'Alfa do Teste', titulo: 'Visita de março', horas: 6, pjAtendidas: 3, pfAtendidas: 5, data: '2026-03-10' },
    ]);
    expect((await rows('relatorios-campo', { ...ZZ, dataInicial: '2026-04-01' })).total).toBe(0);
  });

  it('12 horas por consultor and 40 tarefas (with a filter)', async () => {
    const hours = await rows('horas-consultores', { usuarioId: [adminId], dataInicial: '2026-03-01', dataFim: '2026-03-31' });
    expect(hours.linhas).toMatchObject([{ relatorios: 1, horasRelatorios: 6, relatoriosAdministrativos: 0, horasTotais: 6 }]);
    const tasks = await rows('tarefas-relatorios-campo', { municipioId: [cityA] });
    expect(tasks.linhas.map((r) => [r.tarefa, r.horasRateadas])).toEqual([
      ['Tarefa 1', 3],
      ['Tarefa 2', 3],
    ]);
  });

  it('16 seals by cliente-oculto group and 17 the territorial agent visits (issue 31 tables), with their filters', async () => {
    const round = (municipioId: number, grupo: string, selo: 'ouro' | 'prata' | 'bronze' | null, pontuacao: number, finalizada = true) => ({
      tenantId: 'sc',
      municipioId,
      grupo,
      dataVisita: '2026-05-10',
      avaliador: 'Avaliadora',
      canal: 'presencial',
      finalizada,
      pontuacao,
      selo,
    });
    await t.db
      .insert(s.clienteOcultoRodada)
      .values([
        round(cityA, 'Ciclo ZZ/1', 'ouro', 90),
        round(cityB, 'Ciclo ZZ/1', null, 40),
        round(cityA, 'Ciclo ZZ/2', 'prata', 75),
        round(cityB, 'Ciclo ZZ/2', 'prata', 71),
        round(cityB, 'Ciclo ZZ/2', null, 0, false),
      ] as never);
    expect(
      (await rows('get-selos-cliente-oculto', ZZ)).linhas.map((r) => [
        r.grupo,
        r.rodadas,
        r.ouro,
        r.prata,
        r.bronze,
        r.semSelo,
        r.pontuacaoMedia,
      ]),
    ).toEqual([
      ['Ciclo ZZ/1', 2, 1, 0, 0, 1, 65],
      ['Ciclo ZZ/2', 2, 0, 2, 0, 0, 73],
    ]);
    expect((await rows('get-selos-cliente-oculto', { ...ZZ, selo: ['prata'] })).linhas.map((r) => [r.grupo, r.rodadas])).toEqual([
      ['Ciclo ZZ/2', 2],
    ]);

    const visit = (municipioId: number, status: string, dataPrevista: string, horas: number) => ({
      tenantId: 'sc',
      municipioId,
      usuarioId: adminId,
      status,
      dataPrevista,
      dataRealizada: status === 'realizada' ? dataPrevista : null,
      horas: String(horas),
    });
    await t.db
      .insert(s.visita)
      .values([
        visit(cityA, 'realizada', '2026-03-02', 4),
        visit(cityA, 'planejada', '2026-03-20', 0),
        visit(cityB, 'cancelada', '2026-04-01', 0),
      ] as never);
    // March and April 2026: the visits of this test only (another test plans ZZ visits from June).
    const visits = await rows('get-visitas-agente-territorial', { ...ZZ, dataInicial: '2026-03-01', dataFim: '2026-04-30' });
    expect(visits.linhas.map((r) => [r.dataPrevista, r.dataRealizada, r.municipio, r.situacao, r.horas])).toEqual([
      ['2026-03-02', '2026-03-02', 'Alfa do Teste', 'Realizada', 4],
      ['2026-03-20', null, 'Alfa do Teste', 'Planejada', 0],
      ['2026-04-01', null, 'Beta do Teste', 'Cancelada', 0],
    ]);
    expect((await rows('get-visitas-agente-territorial', { ...ZZ, dataInicial: '2026-03-10', dataFim: '2026-03-31' })).total).toBe(1);
  });

  it("9 situação das visitas counts the agents' done visits against the solution's target, in the period", async () => {
    const [any] = await t.db.select().from(s.solucao).where(eq(s.solucao.tenantId, 'sc')).limit(1);
    const [sol] = await t.db
      .insert(s.solucao)
      .values({ tenantId: 'sc', grupoSolucaoId: any!.grupoSolucaoId, nome: 'Visitas ZZ', monitoramento: 2, visitasPresenciais: 4 } as never)
      .returning();
    const [mgs] = await t.db
      .insert(s.municipioGrupoSolucao)
      .values({ tenantId: 'sc', municipioId: cityB, grupoSolucaoId: any!.grupoSolucaoId, nome: 'Grupo Beta' })
      .returning();
    const [ms] = await t.db
      .insert(s.municipioSolucao)
      .values({
        tenantId: 'sc',
        municipioId: cityB,
        solucaoId: sol!.solucaoId,
        municipioGrupoSolucaoId: mgs!.municipioGrupoSolucaoId,
        nome: 'Visitas Beta',
      })
      .returning();
    const visit = (status: string, dataPrevista: string) => ({
      tenantId: 'sc',
      municipioId: cityB,
      usuarioId: adminId,
      municipioSolucaoId: ms!.municipioSolucaoId,
      status,
      dataPrevista,
      dataRealizada: status === 'realizada' ? dataPrevista : null,
    });
    await t.db
      .insert(s.visita)
      .values([
        visit('realizada', '2026-06-02'),
        visit('realizada', '2026-06-20'),
        visit('realizada', '2026-08-01'),
        visit('planejada', '2026-09-01'),
      ] as never);
    const row = (page: ReportPage) =>
      page.linhas
        .filter((r) => r.solucao === 'Visitas Beta')
        .map((r) => [r.municipio, r.visitasPrevistas, r.visitasRealizadas, r.situacao]);
    expect(row(await rows('get-situacao-visitas', ZZ))).toEqual([['Beta do Teste', 4, 3, 0.75]]);
    expect(row(await rows('get-situacao-visitas', { ...ZZ, dataInicial: '2026-06-01', dataFim: '2026-06-30' }))).toEqual([
      ['Beta do Teste', 4, 2, 0.5],
    ]);
  });

  it('every served report answers 200 on the seed', async () => {
    for (const r of REPORTS) {
      const res = await post(`/api/dashboard/${r.route}`, 'admin', { filtros: r.requiresFilters ? { municipioId: [cityA] } : {} });
      expect(res.statusCode, `${r.route}: ${res.body}`).toBe(200);
    }
  });

  it('pages: the total stays, the page cuts', async () => {
    const page = await rows('get-execucao-por-tarefas', ZZ, 'admin', { pagina: 2, tamanhoPagina: 2 });
    expect(page.total).toBe(3);
    expect(page.linhas.map((r) => r.tarefa)).toEqual(['Tarefa 3']);
  });
});

describe('gate and filters', () => {
  it('refuses a report outside the group list with 403 before reading the body', async () => {
    const res = await post('/api/dashboard/get-selo-final', 'analista', '{not json', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Você não tem permissão para abrir este relatório.');
    expect((await post('/api/dashboard/get-selo-final/exportar', 'analista', {})).statusCode).toBe(403);
  });

  it('refuses a report outside its modes (exibirEm), even for the full admin', async () => {
    const res = await post('/api/dashboard/get-execucao', 'admin', { filtros: {} }, { variante: 'sala' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Este relatório não está disponível neste ambiente.');
    expect((await post('/api/dashboard/get-mensuracao', 'admin', { filtros: {} }, { variante: 'sala' })).statusCode).toBe(200);
  });

  it('keeps the analyst to their municipalities', async () => {
    expect((await rows('get-execucao', ZZ, 'analista')).total).toBe(0);
  });

  it('report 40 refuses to run without a filter (400 in Portuguese); [0] is no filter', async () => {
    for (const filtros of [{}, { municipioId: [0] }]) {
      const res = await post('/api/dashboard/tarefas-relatorios-campo', 'admin', { filtros });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Este relatório só pode ser gerado com pelo menos um filtro preenchido.');
    }
    expect((await post('/api/dashboard/tarefas-relatorios-campo/exportar', 'admin', { filtros: {} })).statusCode).toBe(400);
  });

  it('answers 400 in Portuguese for a bad filter', async () => {
    const bad = await post('/api/dashboard/relatorios-campo', 'admin', { filtros: { dataInicial: '2026-05-01', dataFim: '2026-04-01' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('A data final não pode ser anterior à data inicial.');
    expect((await post('/api/dashboard/relatorios-campo', 'admin', { filtros: { uf: ['zz1'] } })).statusCode).toBe(400);
  });
});

describe('export', () => {
  it('writes a typed xlsx (numbers, dates, money as R$)', async () => {
    const res = await post('/api/dashboard/detalhamento-proposta/exportar', 'admin', { filtros: ZZ, formato: 'xlsx' });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(5).value).toBe('Valor total');
    expect(ws.getRow(2).getCell(2).value).toBe('Beta do Teste');
    expect(ws.getRow(2).getCell(5).value).toBe(1234.56);
    expect(ws.getRow(2).getCell(5).numFmt).toContain('R$');
    expect(ws.getRow(2).getCell(11).value).toBeInstanceOf(Date);
    expect(ws.rowCount).toBe(2);
  });

  it('writes a CSV in UTF-8 with BOM and ; separator', async () => {
    const res = await post('/api/dashboard/get-execucao/exportar', 'admin', { filtros: ZZ, formato: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Município;UF;Soluções;Tarefas;Tarefas cumpridas;Execução;Horas previstas;Horas utilizadas');
    expect(lines[1]).toBe('Alfa do Teste;ZZ;1;3;1;33,3%;20,00;6,00');
    expect(lines).toHaveLength(3);
  });
});
