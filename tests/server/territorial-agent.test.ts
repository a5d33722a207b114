import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acompanhamento,
  acompanhamentoPergunta,
  eixo,
  grupoSolucao,
  municipio,
  municipioGrupoSolucao,
  municipioSolucao,
  municipioTarefa,
  pergunta,
  perguntaMunicipio,
  solucao,
  tema,
  usuario,
  usuarioPermissao,
} from '../../server/db/schema/index.ts';
import { finishedThemeSchema, govViewSchema, radarSchema, taskReportSolutionSchema } from '../../src/domain/territorial-agent.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/** The territorial agent's tabs (issue 31, api/municipio get-radar, get-temas-finalizados, relatorio-tarefa, get-municipio-gov) on the real app and database. */

let t: TestApp;
const tokens: Record<string, string> = {};
const city: Record<string, number> = {};
const TENANT = 'sc';
let eixoA = 0;
let eixoB = 0;
let temaA = 0;
let municipioSolucaoId = 0;

async function call(method: 'GET' | 'POST', url: string, user: string, payload?: unknown, tenant = TENANT) {
  tokens[`${user}@${tenant}`] ??= await login(t, `${user}@demo.local`, tenant);
  return t.app.inject({
    method,
    url: `/api/municipio${url}`,
    headers: authHeaders(tokens[`${user}@${tenant}`]!, tenant),
    payload: payload as never,
  });
}

async function first<T>(rows: Promise<T[]>): Promise<T> {
  return (await rows)[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const m of await t.db.select().from(municipio).where(eq(municipio.tenantId, TENANT))) city[m.nome] = m.municipioId;
  const joinville = city['Joinville']!;
  const projetoId = (
    await first(t.db.select({ projetoId: municipio.projetoId }).from(municipio).where(eq(municipio.municipioId, joinville)))
  ).projetoId!;
  const [admin] = await t.db
    .select()
    .from(usuario)
    .where(and(eq(usuario.tenantId, TENANT), eq(usuario.email, 'admin@demo.local')));
  // Two axes of our own: A has 10 + 20 + 30 points, answered Sim, Nao and not yet; B has 5, answered Sim.
  eixoA = (await first(t.db.insert(eixo).values({ tenantId: TENANT, nome: 'Radar teste A' }).returning())).eixoId;
  eixoB = (await first(t.db.insert(eixo).values({ tenantId: TENANT, nome: 'Radar teste B' }).returning())).eixoId;
  temaA = (await first(t.db.insert(tema).values({ tenantId: TENANT, nome: 'Tema radar A', eixoId: eixoA }).returning())).temaId;
  const temaB = (await first(t.db.insert(tema).values({ tenantId: TENANT, nome: 'Tema radar B', eixoId: eixoB }).returning())).temaId;
  const questions = [
    { perguntaId: 90001, pontos: 10, temaId: temaA, eixoId: eixoA, resposta: true },
    { perguntaId: 90002, pontos: 20, temaId: temaA, eixoId: eixoA, resposta: false },
    { perguntaId: 90003, pontos: 30, temaId: temaA, eixoId: eixoA, resposta: null },
    { perguntaId: 90004, pontos: 5, temaId: temaB, eixoId: eixoB, resposta: true },
  ];
  await t.db.insert(pergunta).values(
    questions.map((q, i) => ({
      tenantId: TENANT,
      perguntaId: q.perguntaId,
      numero: 900 + i,
      texto: `Pergunta ${i}`,
      pontos: q.pontos,
      temaId: q.temaId,
    })),
  );
  await t.db.insert(perguntaMunicipio).values(
    questions.map((q) => ({
      tenantId: TENANT,
      perguntaId: q.perguntaId,
      municipioId: joinville,
      eixoId: q.eixoId,
      resposta: q.resposta,
    })),
  );
  // A finalized follow-up of theme A: 10 of 60 points.
  const [followup] = await t.db
    .insert(acompanhamento)
    .values({
      tenantId: TENANT,
      municipioId: joinville,
      temaId: temaA,
      nome: 'Tema radar A',
      finalizado: true,
      finalizadoEm: new Date('2026-10-05T12:00:00Z'),
      usuarioId: admin!.usuarioId,
    })
    .returning();
  await t.db.insert(acompanhamentoPergunta).values(
    questions
      .filter((q) => q.temaId === temaA)
      .map((q) => ({
        tenantId: TENANT,
        acompanhamentoId: followup!.acompanhamentoId,
        perguntaId: q.perguntaId,
        resposta: q.resposta,
        respondida: q.resposta !== null,
        pontosEspecificos: q.resposta ? q.pontos : 0,
      })),
  );
  // A solution with three tasks: 8 h planned, one done, 3 h used.
  const [group] = await t.db.insert(grupoSolucao).values({ tenantId: TENANT, projetoId, nome: 'Grupo radar' }).returning();
  const [sol] = await t.db
    .insert(solucao)
    .values({ tenantId: TENANT, grupoSolucaoId: group!.grupoSolucaoId, nome: 'Solução radar' })
    .returning();
  const [mGroup] = await t.db
    .insert(municipioGrupoSolucao)
    .values({ tenantId: TENANT, municipioId: joinville, grupoSolucaoId: group!.grupoSolucaoId, nome: 'Grupo radar' })
    .returning();
  const [mSol] = await t.db
    .insert(municipioSolucao)
    .values({
      tenantId: TENANT,
      municipioId: joinville,
      solucaoId: sol!.solucaoId,
      municipioGrupoSolucaoId: mGroup!.municipioGrupoSolucaoId,
      nome: 'Solução radar',
      dataInicio: '2026-09-01',
      iniciada: true,
    })
    .returning();
  municipioSolucaoId = mSol!.municipioSolucaoId;
  await t.db.insert(municipioTarefa).values([
    { tenantId: TENANT, municipioId: joinville, municipioSolucaoId, nome: 'Tarefa 1', horas: 2 },
    { tenantId: TENANT, municipioId: joinville, municipioSolucaoId, nome: 'Tarefa 2', horas: 6 },
    { tenantId: TENANT, municipioId: joinville, municipioSolucaoId, nome: 'Tarefa 3', horas: 4, desabilitado: true },
  ]);
  // The progress columns are kept by triggers from the field reports; set directly for the read.
  await t.db
    .update(municipioTarefa)
    .set({ cumprida: true, horasUtilizadas: 3 })
    .where(and(eq(municipioTarefa.municipioSolucaoId, municipioSolucaoId), eq(municipioTarefa.nome, 'Tarefa 1')));
});
afterAll(async () => {
  await t?.close();
});

describe('territorial agent tabs', () => {
  it('get-radar gives each axis its points obtained over points possible, and the diagnostic situation', async () => {
    const res = await call('POST', '/get-radar', 'condutor', { municipioId: city['Joinville'], eixoIds: [eixoA, eixoB] });
    expect(res.statusCode, res.body).toBe(200);
    const radar = radarSchema.parse(res.json());
    expect(radar.eixos).toEqual([
      { eixoId: eixoA, nome: 'Radar teste A', pontosObtidos: 10, pontosPossiveis: 60, respondidas: 2, perguntas: 3, percentual: 17 },
      { eixoId: eixoB, nome: 'Radar teste B', pontosObtidos: 5, pontosPossiveis: 5, respondidas: 1, perguntas: 1, percentual: 100 },
    ]);
    expect([radar.pontosObtidos, radar.pontosPossiveis, radar.percentual]).toEqual([15, 65, 23]);
    expect(['Não Iniciado', 'Em Preenchimento', 'Enviado']).toContain(radar.situacaoDiagnostico);
    const all = radarSchema.parse((await call('POST', '/get-radar', 'condutor', { municipioId: city['Joinville'] })).json());
    expect(all.eixos.map((e) => e.eixoId)).toEqual(expect.arrayContaining([eixoA, eixoB]));
  });

  it('a user without verTodosEixos sees only the axes of their permissions, on the radar and in the finished themes (spec §6)', async () => {
    const joinville = city['Joinville']!;
    const [specialist] = await t.db
      .select()
      .from(usuario)
      .where(and(eq(usuario.tenantId, TENANT), eq(usuario.email, 'especialista@demo.local')));
    // The specialist works in Joinville on axis A only (of this test's two axes).
    await t.db
      .insert(usuarioPermissao)
      .values({
        tenantId: TENANT,
        usuarioId: specialist!.usuarioId,
        municipioId: joinville,
        eixoId: eixoA,
        permissao: 'Consultor Especialista',
      });
    const radar = radarSchema.parse((await call('POST', '/get-radar', 'especialista', { municipioId: joinville })).json());
    const allowed = new Set(
      (await t.db.select().from(usuarioPermissao).where(eq(usuarioPermissao.usuarioId, specialist!.usuarioId)))
        .filter((p) => p.municipioId === null || p.municipioId === joinville)
        .map((p) => p.eixoId),
    );
    expect(allowed.has(null)).toBe(false);
    expect(radar.eixos.map((e) => e.eixoId)).toContain(eixoA);
    expect(radar.eixos.map((e) => e.eixoId)).not.toContain(eixoB);
    expect(radar.eixos.every((e) => allowed.has(e.eixoId))).toBe(true);
    // Asking for an axis out of sight draws nothing of it.
    const asked = radarSchema.parse(
      (await call('POST', '/get-radar', 'especialista', { municipioId: joinville, eixoIds: [eixoB] })).json(),
    );
    expect(asked.eixos).toEqual([]);
    const themes = (await call('GET', `/municipioTemaPonto/get-temas-finalizados/${joinville}`, 'especialista')).json() as Array<{
      eixoId: number;
    }>;
    expect(themes.every((theme) => allowed.has(theme.eixoId))).toBe(true);
  });

  it('get-temas-finalizados lists the finalized themes with their points and date', async () => {
    const res = await call('GET', `/municipioTemaPonto/get-temas-finalizados/${city['Joinville']}`, 'condutor');
    expect(res.statusCode, res.body).toBe(200);
    const mine = finishedThemeSchema
      .array()
      .parse(res.json())
      .find((th) => th.temaId === temaA);
    expect(mine).toEqual({
      temaId: temaA,
      nome: 'Tema radar A',
      eixoId: eixoA,
      eixoNome: 'Radar teste A',
      pontosObtidos: 10,
      pontosPossiveis: 60,
      perguntas: 3,
      finalizadoEm: '2026-10-05T12:00:00.000Z',
    });
  });

  it('relatorio-tarefa gives each solution its tasks, progress, hours and situation', async () => {
    const res = await call('GET', `/relatorio-tarefa/${city['Joinville']}`, 'condutor');
    expect(res.statusCode, res.body).toBe(200);
    const mine = taskReportSolutionSchema
      .array()
      .parse(res.json())
      .find((s) => s.municipioSolucaoId === municipioSolucaoId)!;
    expect(mine).toMatchObject({
      nome: 'Solução radar',
      grupo: 'Grupo radar',
      situacao: 'Em andamento',
      progresso: 50,
      horasPrevistas: 8,
      horasUtilizadas: 3,
      dataInicio: '2026-09-01',
    });
    expect(mine.tarefas.map((x) => [x.nome, x.cumprida, x.desabilitada])).toEqual([
      ['Tarefa 1', true, false],
      ['Tarefa 2', false, false],
      ['Tarefa 3', false, true],
    ]);
  });

  it('get-municipio-gov reads the municipality with its phases and activities', async () => {
    const res = await call('GET', `/get-municipio-gov/${city['Joinville']}`, 'condutor');
    expect(res.statusCode, res.body).toBe(200);
    const gov = govViewSchema.parse(res.json());
    expect(gov).toMatchObject({ municipioId: city['Joinville'], nome: 'Joinville' });
    const group = gov.grupos.find((g) => g.nome === 'Grupo radar')!;
    expect(group.fases).toEqual([{ municipioSolucaoId, nome: 'Solução radar', situacao: 'Em andamento', atividades: 2, concluidas: 1 }]);
  });

  it('refuses a municipality out of sight or of another tenant, before reading anything', async () => {
    const blumenau = city['Blumenau']!;
    for (const res of [
      await call('POST', '/get-radar', 'condutor', { municipioId: blumenau }),
      await call('GET', `/municipioTemaPonto/get-temas-finalizados/${blumenau}`, 'condutor'),
      await call('GET', `/relatorio-tarefa/${blumenau}`, 'condutor'),
      await call('GET', `/get-municipio-gov/${blumenau}`, 'condutor'),
      await call('GET', `/get-municipio-gov/${city['Joinville']}`, 'admin', undefined, 'ms'),
      await call('POST', '/get-radar', 'admin', { municipioId: city['Joinville'] }, 'ms'),
    ]) {
      expect([res.statusCode, res.json().message]).toEqual([404, 'Município não encontrado.']);
      expect(JSON.stringify(res.json())).not.toContain('Radar teste');
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/municipio/get-municipio-gov/${city['Joinville']}`,
      headers: { database: TENANT, branch: 'hlg' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 400 in Portuguese for a malformed id or body', async () => {
    for (const res of [
      await call('GET', '/relatorio-tarefa/abc', 'condutor'),
      await call('GET', '/get-municipio-gov/-1', 'condutor'),
      await call('GET', '/municipioTemaPonto/get-temas-finalizados/99999999999', 'condutor'),
      await call('POST', '/get-radar', 'condutor', { municipioId: 'x' }),
      await call('POST', '/get-radar', 'condutor', { municipioId: city['Joinville'], eixoIds: 'todos' }),
      await call('POST', '/get-radar', 'condutor', {}),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/[a-zà-ú]/i);
      expect(res.json().message).not.toMatch(/expected|invalid input|required/i);
    }
  });
});
