import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS, type ReportPage } from '../../src/domain/report-catalogue.ts';
import * as s from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, type TestApp, demoSignIns } from './test-app.ts';

/**
 * The report catalogue (issue 34) against the real app and database: each served report on data
 * this file inserts with known numbers (two municipalities of a made-up UF "ZZ", so the seed's
 * rows never count), the gate (relatorioAdm, exibirEm by the variante header, the full admin
 * exempt, 403 before the body), the filters and report 40, and the Excel/CSV export read back.
 */
let t: TestApp;
let cityA = 0;
let cityB = 0;
let adminId = 0;
let adminName = '';

const token = demoSignIns(() => t);
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
  adminName = admin!.nome;
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

  it('5 mensuração: the Sala readings of the period with their target and attainment', async () => {
    const [indicator] = await t.db.select().from(s.salaIndicador).where(eq(s.salaIndicador.tenantId, 'sc')).limit(1);
    const [axis] = await t.db.select().from(s.eixo).where(eq(s.eixo.eixoId, indicator!.eixoId));
    const reading = (periodo: string, valor: number, meta: number) => ({
      tenantId: 'sc',
      municipioId: cityA,
      indicadorId: indicator!.indicadorId,
      periodo,
      valor,
      meta,
    });
    await t.db.insert(s.salaIndicadorMunicipio).values([reading('2026-01', 30, 40), reading('2026-02', 50, 40), reading('2026-03', 10, 0)]);
    // Report 5 declares no UF filter: Alfa by its id.
    const alfa = { municipioId: [cityA] };
    const page = await rows('get-mensuracao', alfa);
    expect(page.linhas.map((r) => [r.municipio, r.eixo, r.indicador, r.periodo, r.valor, r.meta, r.atingimento])).toEqual([
      ['Alfa do Teste', axis!.nome, indicator!.nome, '2026-01', 30, 40, 0.75],
      ['Alfa do Teste', axis!.nome, indicator!.nome, '2026-02', 50, 40, 1.25],
      // A target of zero has no attainment to compute: 0, not a division by zero.
      ['Alfa do Teste', axis!.nome, indicator!.nome, '2026-03', 10, 0, 0],
    ]);
    // The period compares months: 15/02 to 10/03 keeps February and March.
    expect(
      (await rows('get-mensuracao', { ...alfa, dataInicial: '2026-02-15', dataFim: '2026-03-10' })).linhas.map((r) => r.periodo),
    ).toEqual(['2026-02', '2026-03']);
    expect((await rows('get-mensuracao', { ...alfa, eixoId: [axis!.eixoId + 100_000] })).total).toBe(0);
  });

  it('6 indicadores analíticos and 8 the evidence analysis history, with the user and period filters', async () => {
    const questions = await t.db
      .select({ perguntaId: s.pergunta.perguntaId, numero: s.pergunta.numero, eixoId: s.tema.eixoId })
      .from(s.pergunta)
      .innerJoin(s.tema, eq(s.tema.temaId, s.pergunta.temaId))
      .where(eq(s.pergunta.tenantId, 'sc'))
      .orderBy(s.pergunta.perguntaId)
      .limit(4);
    const eixoId = questions[0]!.eixoId;
    const [axis] = await t.db.select().from(s.eixo).where(eq(s.eixo.eixoId, eixoId));
    const [analyst] = await t.db
      .select()
      .from(s.usuario)
      .where(and(eq(s.usuario.tenantId, 'sc'), eq(s.usuario.email, 'analista@demo.local')));
    // Four questions of Alfa on one axis: yes (evidenced), yes (rejected), no, unanswered.
    const answers = [
      { resposta: true, evidenciada: true, rejeitada: false },
      { resposta: true, evidenciada: true, rejeitada: true },
      { resposta: false, evidenciada: false, rejeitada: false },
      { resposta: null, evidenciada: false, rejeitada: false },
    ];
    const pms = await t.db
      .insert(s.perguntaMunicipio)
      .values(answers.map((a, i) => ({ tenantId: 'sc', municipioId: cityA, perguntaId: questions[i]!.perguntaId, eixoId, ...a })))
      .returning();
    expect((await rows('get-indicadores-analiticos', ZZ)).linhas).toEqual([
      {
        municipio: 'Alfa do Teste',
        eixo: axis!.nome,
        perguntas: 4,
        respondidas: 3,
        respostasSim: 2,
        percentualSim: 0.5,
        evidenciadas: 2,
        rejeitadas: 1,
      },
    ]);
    expect((await rows('get-indicadores-analiticos', { ...ZZ, eixoId: [eixoId + 100_000] })).total).toBe(0);

    const step = (i: number, acao: string, em: string, extra: Record<string, unknown> = {}) => ({
      tenantId: 'sc',
      perguntaMunicipioId: pms[i]!.perguntaMunicipioId,
      nomeArquivo: `lei-${i}.pdf`,
      acao,
      em: new Date(em),
      evidenciadoPorId: adminId,
      ...extra,
    });
    await t.db.insert(s.evidenciaHistorico).values([
      step(0, 'enviada', '2026-07-01T13:00:00Z'),
      step(0, 'aprovada', '2026-07-02T13:00:00Z', { avaliadoPorId: analyst!.usuarioId }),
      step(1, 'enviada', '2026-07-03T13:00:00Z'),
      step(1, 'rejeitada', '2026-07-04T13:00:00Z', { avaliadoPorId: analyst!.usuarioId, justificativa: 'Falta a assinatura.' }),
      // 02:00 UTC on 1 August is still 31 July in São Paulo.
      step(1, 'excluida', '2026-08-01T02:00:00Z'),
    ] as never);
    const history = await rows('historico-analise-evidencias', { municipioId: [cityA], dataInicial: '2026-07-01', dataFim: '2026-07-31' });
    expect(
      history.linhas.map((r) => [r.data, r.pergunta, r.arquivo, r.situacao, r.evidenciadoPor, r.avaliadoPor, r.justificativa]),
    ).toEqual([
      ['2026-07-31', questions[1]!.numero, 'lei-1.pdf', 'Excluído', adminName, '', ''],
      ['2026-07-04', questions[1]!.numero, 'lei-1.pdf', 'Rejeitado', adminName, analyst!.nome, 'Falta a assinatura.'],
      ['2026-07-03', questions[1]!.numero, 'lei-1.pdf', 'Enviado', adminName, '', ''],
      ['2026-07-02', questions[0]!.numero, 'lei-0.pdf', 'Aprovado', adminName, analyst!.nome, ''],
      ['2026-07-01', questions[0]!.numero, 'lei-0.pdf', 'Enviado', adminName, '', ''],
    ]);
    expect(history.linhas.every((r) => r.municipio === 'Alfa do Teste' && r.eixo === axis!.nome)).toBe(true);
    // The user filter keeps the steps the analyst evaluated.
    const evaluated = await rows('historico-analise-evidencias', { municipioId: [cityA], usuarioId: [analyst!.usuarioId] });
    expect(evaluated.linhas.map((r) => r.situacao)).toEqual(['Rejeitado', 'Aprovado']);
  });

  it('11 relatórios administrativos, by responsible and period', async () => {
    const [analyst] = await t.db
      .select()
      .from(s.usuario)
      .where(and(eq(s.usuario.tenantId, 'sc'), eq(s.usuario.email, 'analista@demo.local')));
    const admin = (usuarioId: number, titulo: string, horas: number, statusRelatorioId: number, criadoEm: string) => ({
      tenantId: 'sc',
      municipioId: cityA,
      usuarioId,
      titulo,
      horas,
      descricao: '<p>x</p>',
      statusRelatorioId,
      codigoPublico: `ra-${titulo}-${Date.now()}`,
      criadoEm: new Date(criadoEm),
    });
    await t.db
      .insert(s.relatorioAdministrativo)
      .values([
        admin(adminId, 'Planejamento', 8, 4, '2026-02-03T15:00:00Z'),
        admin(analyst!.usuarioId, 'Prestação de contas', 5, 2, '2026-02-10T15:00:00Z'),
        admin(adminId, 'Revisão', 3, 3, '2026-02-20T15:00:00Z'),
      ]);
    const page = await rows('relatorios-administrativos', { ...ZZ, dataInicial: '2026-02-01', dataFim: '2026-02-28' });
    expect(page.linhas.map((r) => [r.data, r.municipio, r.consultor, r.titulo, r.horas, r.status])).toEqual([
      ['2026-02-20', 'Alfa do Teste', adminName, 'Revisão', 3, 'Rejeitado'],
      ['2026-02-10', 'Alfa do Teste', analyst!.nome, 'Prestação de contas', 5, 'Aguardando análise'],
      ['2026-02-03', 'Alfa do Teste', adminName, 'Planejamento', 8, 'Aprovado'],
    ]);
    const mine = await rows('relatorios-administrativos', {
      ...ZZ,
      responsavelId: [adminId],
      dataInicial: '2026-02-01',
      dataFim: '2026-02-15',
    });
    expect(mine.linhas.map((r) => r.titulo)).toEqual(['Planejamento']);
  });

  it('13 processos de pagamento: the period overlaps the process period; money in cents; the payment labels', async () => {
    const [contract] = await t.db
      .insert(s.contrato)
      .values({ tenantId: 'sc', usuarioId: adminId, numContrato: 'ZZ-2031/RC', inicio: '2031-01-01', fim: '2031-12-31' })
      .returning();
    const process = (numero: string, periodoInicio: string, periodoFim: string, horas: number, total: number, status: string) => ({
      tenantId: 'sc',
      usuarioId: adminId,
      contratoId: contract!.contratoId,
      numero,
      codigoContratacao: 'CT-ZZ',
      periodoInicio,
      periodoFim,
      horas,
      total,
      status,
    });
    await t.db
      .insert(s.processoPagamento)
      .values([
        process('ZZ-1', '2031-01-01', '2031-01-31', 12.5, 150_000, 'aprovado'),
        process('ZZ-2', '2031-02-01', '2031-02-28', 4, 48_050, 'aberto'),
        process('ZZ-3', '2031-03-01', '2031-03-31', 2, 10_000, 'rejeitado'),
      ] as never);
    const page = await rows('processos-pagamento', { usuarioId: [adminId], dataInicial: '2031-01-15', dataFim: '2031-02-10' });
    expect(page.linhas.map((r) => [r.numero, r.consultor, r.codigoContratacao, r.inicio, r.fim, r.horas, r.total, r.status])).toEqual([
      ['ZZ-2', adminName, 'CT-ZZ', '2031-02-01', '2031-02-28', 4, 48050, 'Em análise'],
      ['ZZ-1', adminName, 'CT-ZZ', '2031-01-01', '2031-01-31', 12.5, 150000, 'Aprovado'],
    ]);
    expect((await rows('processos-pagamento', { usuarioId: [adminId], dataInicial: '2031-03-01' })).linhas.map((r) => r.status)).toEqual([
      'Rejeitado',
    ]);
  });

  it('14 encontros and 15 membros e grupos por município', async () => {
    const [group] = await t.db.insert(s.municipioGrupo).values({ tenantId: 'sc', municipioId: cityB, nome: 'Comitê Beta' }).returning();
    const [other] = await t.db.insert(s.municipioGrupo).values({ tenantId: 'sc', municipioId: cityB, nome: 'Conselho Beta' }).returning();
    const members = await t.db
      .insert(s.membro)
      .values(['Ana', 'Bruno', 'Carla'].map((nome, i) => ({ tenantId: 'sc', municipioId: cityB, nome, telefone: `(99) 90000-00${i}${i}` })))
      .returning();
    await t.db.insert(s.membroGrupo).values([
      { tenantId: 'sc', grupoId: group!.grupoId, membroId: members[0]!.membroId, lider: true },
      { tenantId: 'sc', grupoId: group!.grupoId, membroId: members[1]!.membroId },
      // Ana leads both groups: she counts once.
      { tenantId: 'sc', grupoId: other!.grupoId, membroId: members[0]!.membroId, lider: true },
    ]);
    const meeting = async (inicio: string, invited: number, confirmed: number) => {
      const [m] = await t.db
        .insert(s.encontro)
        .values({ tenantId: 'sc', municipioId: cityB, grupoId: group!.grupoId, inicio: new Date(inicio), fim: new Date(inicio) })
        .returning();
      if (invited)
        await t.db
          .insert(s.encontroConvidado)
          .values(
            members
              .slice(0, invited)
              .map((mb, i) => ({ tenantId: 'sc', encontroId: m!.encontroId, membroId: mb.membroId, confirmado: i < confirmed })),
          );
      return m!.encontroId;
    };
    const first = await meeting('2026-01-12T13:00:00Z', 3, 2);
    await meeting('2026-01-26T13:00:00Z', 2, 0);
    await meeting('2025-12-01T13:00:00Z', 1, 1);
    // A January field report written from the first meeting (outside the periods the other tests read).
    await t.db.insert(s.relatorio).values({
      tenantId: 'sc',
      municipioId: cityB,
      usuarioId: adminId,
      encontroId: first,
      titulo: 'Encontro de janeiro',
      descricao: 'x',
      horasUtilizadasString: '2',
      codigoPublico: `rc-enc-${Date.now()}`,
      criadoEm: new Date('2026-01-12T18:00:00Z'),
    });
    const meetings = await rows('encontros-municipio', { ...ZZ, dataInicial: '2026-01-01', dataFim: '2026-01-31' });
    expect(meetings.linhas).toEqual([{ municipio: 'Beta do Teste', encontros: 2, convidados: 5, confirmados: 2, relatorios: 1 }]);
    expect((await rows('encontros-municipio', ZZ)).linhas).toMatchObject([
      { municipio: 'Beta do Teste', encontros: 3, convidados: 6, confirmados: 3 },
    ]);

    expect((await rows('membros-municipio', ZZ)).linhas).toEqual([
      { municipio: 'Alfa do Teste', uf: 'ZZ', grupos: 0, membros: 0, lideres: 0 },
      { municipio: 'Beta do Teste', uf: 'ZZ', grupos: 2, membros: 3, lideres: 1 },
    ]);
    expect((await rows('membros-municipio', { ...ZZ, municipioId: [cityB] })).total).toBe(1);
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
