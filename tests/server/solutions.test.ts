import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eixo, municipio, relatorio, relatorioTarefa, usuario, usuarioPermissao } from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = { projeto: 0, city: 0, otherCity: 0, condutor: 0 };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown, tenant = 'sc') =>
  t.app.inject({ method, url, headers: authHeaders(token, tenant), payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'administrador', 'condutor']) tokens[who] = await login(t, `${who}@demo.local`);
  tokens.msAdmin = await login(t, 'admin@demo.local', 'ms');
  const [condutor] = await t.db
    .select()
    .from(usuario)
    .where(and(eq(usuario.email, 'condutor@demo.local'), eq(usuario.tenantId, 'sc')));
  ids.condutor = condutor!.usuarioId;
  const permitted = await t.db.select().from(usuarioPermissao).where(eq(usuarioPermissao.usuarioId, ids.condutor));
  const permittedIds = new Set(permitted.map((p) => p.municipioId));
  const cities = await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'));
  const city = cities.find((c) => permittedIds.has(c.municipioId))!;
  ids.city = city.municipioId;
  ids.projeto = city.projetoId!;
  ids.otherCity = cities.find((c) => !permittedIds.has(c.municipioId))!.municipioId;
});
afterAll(async () => t?.close());

let seq = 0;
async function buildChain(token = tokens.admin!) {
  const n = ++seq;
  const group = await call('POST', '/api/projeto/grupoSolucao', token, {
    projetoId: ids.projeto,
    nome: `Grupo de Teste ${n}`,
    descricao: 'Grupo criado pelo teste',
  });
  expect(group.statusCode, group.body).toBe(201);
  const solution = await call('POST', '/api/projeto/solucao', token, {
    grupoSolucaoId: group.json().grupoSolucaoId,
    nome: `Solução ${n}`,
    monitoramento: 1,
    custo: 1000,
    preco: 1500,
    dataInicio: '2026-01-05',
    dataTermino: '2026-12-18',
  });
  expect(solution.statusCode, solution.body).toBe(201);
  const task = await call('POST', '/api/projeto/tarefa', token, {
    solucaoId: solution.json().solucaoId,
    nome: `Tarefa ${n}`,
    horas: 8,
    descricao: 'Diagnóstico inicial',
    evidencias: [
      { nome: 'Ata da reunião', descricao: 'Ata assinada' },
      { nome: 'Lista de presença', descricao: '' },
    ],
  });
  expect(task.statusCode, task.body).toBe(201);
  return { group: group.json(), solution: solution.json(), task: task.json() };
}

async function bringIntoCity(chain: Awaited<ReturnType<typeof buildChain>>, token = tokens.admin!) {
  const res = await call('POST', '/api/municipio/municipiosolucao/add-by-grupo-solucao', token, {
    municipioId: ids.city,
    grupoSolucaoId: chain.group.grupoSolucaoId,
    solucoesOriginais: [chain.solution.solucaoId],
  });
  expect(res.statusCode, res.body).toBe(201);
  const tasks = (await call('POST', '/api/municipio/municipiotarefa/list-by-municipio', token, { municipioId: ids.city })).json();
  const solutions = (await call('POST', '/api/municipio/municipiosolucao/list-by-municipio', token, { municipioId: ids.city })).json();
  const solution = solutions.find((s: { solucaoId: number }) => s.solucaoId === chain.solution.solucaoId);
  const task = tasks.find((x: { tarefaId: number }) => x.tarefaId === chain.task.tarefaId);
  return { group: res.json(), solution, task };
}

describe('programme catalogue: groups, solutions, tasks, evidence definitions', () => {
  it('creates the chain and lists tasks with their evidencias', async () => {
    const chain = await buildChain();
    expect(chain.solution).toMatchObject({ custo: 1000, preco: 1500, monitoramento: 1, dataInicio: '2026-01-05' });
    expect(chain.task.evidencias.map((e: { nome: string }) => e.nome)).toEqual(['Ata da reunião', 'Lista de presença']);
    const tasks = (await call('GET', '/api/projeto/tarefa', tokens.admin!)).json();
    const listed = tasks.find((x: { tarefaId: number }) => x.tarefaId === chain.task.tarefaId);
    expect(listed.evidencias).toHaveLength(2);
    const groups = (await call('GET', `/api/projeto/grupoSolucao?projetoId=${ids.projeto}`, tokens.admin!)).json();
    expect(groups.map((g: { nome: string }) => g.nome)).toContain(chain.group.nome);
  });

  it('updates and deletes records nobody uses', async () => {
    const chain = await buildChain();
    const put = await call('PUT', '/api/projeto/tarefa', tokens.admin!, {
      tarefaId: chain.task.tarefaId,
      solucaoId: chain.solution.solucaoId,
      nome: 'Tarefa renomeada',
      descricao: '',
      horas: 12,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ nome: 'Tarefa renomeada', horas: 12 });

    const evidence = await call('POST', '/api/projeto/evidencia', tokens.admin!, { tarefaId: chain.task.tarefaId, nome: 'Fotos' });
    expect(evidence.statusCode, evidence.body).toBe(201);
    const evidenceId = evidence.json().evidenciaId;
    const edited = await call('PUT', '/api/projeto/evidencia', tokens.admin!, {
      evidenciaId: evidenceId,
      tarefaId: chain.task.tarefaId,
      nome: 'Fotos do evento',
      descricao: 'Ao menos três',
    });
    expect(edited.json()).toMatchObject({ nome: 'Fotos do evento', descricao: 'Ao menos três' });
    expect((await call('GET', `/api/projeto/evidencia/${evidenceId}`, tokens.admin!)).json().nome).toBe('Fotos do evento');
    expect((await call('DELETE', `/api/projeto/evidencia/${evidenceId}`, tokens.admin!)).statusCode).toBe(200);
    expect((await call('GET', `/api/projeto/evidencia/${evidenceId}`, tokens.admin!)).statusCode).toBe(404);

    const del = await call('DELETE', `/api/projeto/tarefa/${chain.task.tarefaId}`, tokens.admin!);
    expect(del.json().message).toBe('Registro excluído.');
    expect((await call('GET', `/api/projeto/tarefa/${chain.task.tarefaId}`, tokens.admin!)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/projeto/solucao/${chain.solution.solucaoId}`, tokens.admin!)).json().message).toBe(
      'Registro excluído.',
    );
    expect((await call('DELETE', `/api/projeto/grupoSolucao/${chain.group.grupoSolucaoId}`, tokens.admin!)).json().message).toBe(
      'Registro excluído.',
    );
  });

  it('disables a task once a municipality uses it, and re-enables it', async () => {
    const chain = await buildChain();
    await bringIntoCity(chain);
    const del = await call('DELETE', `/api/projeto/tarefa/${chain.task.tarefaId}`, tokens.admin!);
    expect(del.json().message).toBe('Registro desabilitado: ele já foi usado no município.');
    expect((await call('GET', `/api/projeto/tarefa/${chain.task.tarefaId}`, tokens.admin!)).json().desabilitado).toBe(true);
    const back = await call('PUT', `/api/projeto/tarefa/reabilitar/${chain.task.tarefaId}`, tokens.admin!);
    expect(back.statusCode, back.body).toBe(200);
    expect((await call('GET', `/api/projeto/tarefa/${chain.task.tarefaId}`, tokens.admin!)).json().desabilitado).toBe(false);
  });

  it('refuses to re-enable a task whose solution is disabled, in the words of the variant', async () => {
    const chain = await buildChain();
    await bringIntoCity(chain);
    expect((await call('DELETE', `/api/projeto/tarefa/${chain.task.tarefaId}`, tokens.admin!)).json().message).toMatch(/desabilitado/);
    expect((await call('DELETE', `/api/projeto/solucao/${chain.solution.solucaoId}`, tokens.admin!)).json().message).toMatch(
      /desabilitado/,
    );
    const refused = await call('PUT', `/api/projeto/tarefa/reabilitar/${chain.task.tarefaId}?modo=at`, tokens.admin!);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Iniciativa Desabilitada');
  });

  it('answers 403 to a consultant on every programme-level write, and lets them read', async () => {
    const chain = await buildChain();
    const token = tokens.condutor!;
    const writes: [Method, string, unknown][] = [
      ['POST', '/api/projeto/grupoSolucao', { projetoId: ids.projeto, nome: 'Do consultor' }],
      ['PUT', '/api/projeto/grupoSolucao', { ...chain.group, nome: 'Outro', eixoIds: [] }],
      ['POST', '/api/projeto/solucao', { grupoSolucaoId: chain.group.grupoSolucaoId, nome: 'X', monitoramento: 1 }],
      ['POST', '/api/projeto/tarefa', { solucaoId: chain.solution.solucaoId, nome: 'X', horas: 1 }],
      ['POST', '/api/projeto/evidencia', { tarefaId: chain.task.tarefaId, nome: 'X' }],
      ['DELETE', `/api/projeto/tarefa/${chain.task.tarefaId}`, undefined],
      ['DELETE', `/api/projeto/grupoSolucao/${chain.group.grupoSolucaoId}`, undefined],
    ];
    for (const [method, url, body] of writes) {
      const res = await call(method, url, token, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
    expect((await call('GET', `/api/projeto/tarefa/${chain.task.tarefaId}`, token)).statusCode).toBe(200);
  });

  it('answers 403 to a consultant on a programme-level write whatever body they send (access before validation, issue 26)', async () => {
    const token = tokens.condutor!;
    for (const [method, url] of [
      ['POST', '/api/projeto/grupoSolucao'],
      ['PUT', '/api/projeto/solucao'],
      ['POST', '/api/projeto/tarefa'],
      ['PUT', '/api/projeto/evidencia'],
    ] as [Method, string][]) {
      const res = await call(method, url, token, { nome: 42 });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
    // The administrator still gets the validation's 400 for the same body.
    expect((await call('POST', '/api/projeto/grupoSolucao', tokens.admin!, { nome: 42 })).statusCode).toBe(400);
  });

  it('keeps up to 5 axes on a group and its product managers on a solution; lists the solutions by any of the axes', async () => {
    const axes = (await t.db.select().from(eixo).where(eq(eixo.projetoId, ids.projeto))).map((a) => a.eixoId).sort((a, b) => a - b);
    expect(axes.length).toBeGreaterThanOrEqual(2);
    const [first, second] = axes;
    const group = await call('POST', '/api/projeto/grupoSolucao', tokens.admin!, {
      projetoId: ids.projeto,
      nome: `Grupo com eixos ${++seq}`,
      eixoIds: [second, first, second],
    });
    expect(group.statusCode, group.body).toBe(201);
    expect(group.json().eixoIds).toEqual([first, second]);
    const reread = (await call('GET', `/api/projeto/grupoSolucao/${group.json().grupoSolucaoId}`, tokens.admin!)).json();
    expect(reread.eixoIds).toEqual([first, second]);
    const edited = await call('PUT', '/api/projeto/grupoSolucao', tokens.admin!, { ...reread, eixoIds: [second] });
    expect(edited.json().eixoIds).toEqual([second]);

    const [manager] = await t.db
      .select()
      .from(usuario)
      .where(and(eq(usuario.email, 'condutor@demo.local'), eq(usuario.tenantId, 'sc')));
    const solution = await call('POST', '/api/projeto/solucao', tokens.admin!, {
      grupoSolucaoId: group.json().grupoSolucaoId,
      nome: `Solução com eixo ${seq}`,
      monitoramento: 2,
      visitasPresenciais: 3,
      horasPrevistasVisitasPresenciais: 12,
      usuarioIds: [manager!.usuarioId],
    });
    expect(solution.json()).toMatchObject({
      monitoramento: 2,
      visitasPresenciais: 3,
      horasPrevistasVisitasPresenciais: 12,
      usuarioIds: [manager!.usuarioId],
    });
    const cleared = await call('PUT', '/api/projeto/solucao', tokens.admin!, { ...(solution.json() as Record<string, unknown>), usuarioIds: [] });
    expect(cleared.json().usuarioIds).toEqual([]);
    const bySecond = (await call('POST', '/api/projeto/solucao/get-by-eixos', tokens.admin!, { eixoIds: [second] })).json();
    expect(bySecond.map((x: { solucaoId: number }) => x.solucaoId)).toContain(solution.json().solucaoId);
    const byFirst = (await call('POST', '/api/projeto/solucao/get-by-eixos', tokens.admin!, { eixoIds: [first] })).json();
    expect(byFirst.map((x: { solucaoId: number }) => x.solucaoId)).not.toContain(solution.json().solucaoId);
  });

  it('hides cost and price from a consultant without verCustoPreco', async () => {
    const chain = await buildChain();
    const seen = (await call('GET', `/api/projeto/solucao/${chain.solution.solucaoId}`, tokens.condutor!)).json();
    expect(seen).toMatchObject({ custo: null, preco: null, solucaoTipoId: null });
    const admin = (await call('GET', `/api/projeto/solucao/${chain.solution.solucaoId}`, tokens.admin!)).json();
    expect(admin).toMatchObject({ custo: 1000, preco: 1500 });
  });

  it('answers malformed input with 400 in Portuguese, never 500', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['/api/projeto/grupoSolucao', { projetoId: ids.projeto, nome: '' }, /O nome é obrigatório/],
      ['/api/projeto/grupoSolucao', { projetoId: ids.projeto, nome: 'G', eixoIds: [1, 2, 3, 4, 5, 6] }, /Escolha no máximo 5 eixos/],
      ['/api/projeto/solucao', { grupoSolucaoId: 1, nome: 'S', monitoramento: 7 }, /Monitoramento deve ser 1 \(tarefas\) ou 2/],
      ['/api/projeto/tarefa', { solucaoId: 'abc', nome: 'T', horas: 1 }, /inválido/],
      ['/api/projeto/tarefa', { solucaoId: 1, nome: 'T', horas: -3 }, /As horas não podem ser negativas/],
      ['/api/municipio/municipiotarefa/list-by-municipio', { municipioId: 'x' }, /inválido/],
      [
        '/api/dashboard/get-andamento-municipios',
        { dataInicio: '2026-05-01', dataFim: '2026-01-01' },
        /A data final deve ser posterior à inicial/,
      ],
    ];
    for (const [url, body, message] of cases) {
      const res = await call('POST', url, tokens.admin!, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const dup = await buildChain();
    const twin = await call('POST', '/api/projeto/grupoSolucao', tokens.admin!, { projetoId: ids.projeto, nome: dup.group.nome });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe('Já existe um registro com este nome.');
  });

  it('keeps one tenant out of another tenant’s catalogue', async () => {
    const chain = await buildChain();
    expect(
      (await call('GET', `/api/projeto/grupoSolucao/${chain.group.grupoSolucaoId}`, tokens.msAdmin!, undefined, 'ms')).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/projeto/tarefa/${chain.task.tarefaId}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/projeto/solucao/${chain.solution.solucaoId}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(
      404,
    );
    const list = (await call('GET', '/api/projeto/tarefa', tokens.msAdmin!, undefined, 'ms')).json();
    expect(list.some((x: { tarefaId: number }) => x.tarefaId === chain.task.tarefaId)).toBe(false);
  });
});

describe('a municipality’s groups, solutions, tasks and evidence definitions', () => {
  it('offers only groups the municipality lacks, brings one in with its tasks and evidences, and refuses it twice', async () => {
    const chain = await buildChain();
    const offered = (await call('GET', `/api/projeto/grupoSolucao/list-not-in-municipio/${ids.city}`, tokens.admin!)).json();
    expect(offered.map((g: { grupoSolucaoId: number }) => g.grupoSolucaoId)).toContain(chain.group.grupoSolucaoId);
    const city = await bringIntoCity(chain);
    expect(city.task).toMatchObject({ nome: chain.task.nome, horas: 8, desabilitado: false });
    expect(city.task.municipioEvidencias.map((e: { nome: string }) => e.nome)).toEqual(['Ata da reunião', 'Lista de presença']);
    const after = (await call('GET', `/api/projeto/grupoSolucao/list-not-in-municipio/${ids.city}`, tokens.admin!)).json();
    expect(after.map((g: { grupoSolucaoId: number }) => g.grupoSolucaoId)).not.toContain(chain.group.grupoSolucaoId);
    const again = await call('POST', '/api/municipio/municipiosolucao/add-by-grupo-solucao', tokens.admin!, {
      municipioId: ids.city,
      grupoSolucaoId: chain.group.grupoSolucaoId,
      solucoesOriginais: [chain.solution.solucaoId],
    });
    expect(again.statusCode).toBe(409);
    const empty = await call('POST', '/api/municipio/municipiosolucao/add-by-grupo-solucao', tokens.admin!, {
      municipioId: ids.city,
      grupoSolucaoId: chain.group.grupoSolucaoId,
      solucoesOriginais: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Escolha ao menos uma solução do grupo.');
  });

  it('imports further tasks into a municipality solution', async () => {
    const chain = await buildChain();
    const city = await bringIntoCity(chain);
    const extra = await call('POST', '/api/projeto/tarefa', tokens.admin!, {
      solucaoId: chain.solution.solucaoId,
      nome: 'Tarefa extra',
      horas: 2,
    });
    const res = await call('POST', '/api/municipio/municipiotarefa/add-by-solucao', tokens.condutor!, {
      municipioId: ids.city,
      municipioSolucaoId: city.solution.municipioSolucaoId,
      tarefaIds: [extra.json().tarefaId],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toHaveLength(1);
    expect(res.json()[0]).toMatchObject({ nome: 'Tarefa extra', municipioId: ids.city });

    const edited = await call('PUT', '/api/municipio/municipiotarefa', tokens.condutor!, {
      municipioTarefaId: res.json()[0].municipioTarefaId,
      nome: 'Tarefa extra do município',
      descricao: 'Ajustada para a cidade',
      horas: 3,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ nome: 'Tarefa extra do município', horas: 3 });
    // The programme task keeps its own name.
    expect((await call('GET', `/api/projeto/tarefa/${extra.json().tarefaId}`, tokens.admin!)).json().nome).toBe('Tarefa extra');

    const bySolution = await call('POST', '/api/municipio/municipiotarefa/get-by-solucoes', tokens.condutor!, {
      municipioId: ids.city,
      municipioSolucaoIds: [city.solution.municipioSolucaoId],
    });
    expect(
      bySolution
        .json()
        .map((x: { nome: string }) => x.nome)
        .sort(),
    ).toEqual([chain.task.nome, 'Tarefa extra do município'].sort());
    const groups = (
      await call('GET', `/api/municipio/municipiogruposolucao/list-grupo-solucao-by-municipioId/${ids.city}`, tokens.condutor!)
    ).json();
    expect(groups.map((g: { grupoSolucaoId: number }) => g.grupoSolucaoId)).toContain(chain.group.grupoSolucaoId);
  });

  it('disables and re-enables a group, a solution and a task; a task of a disabled solution stays disabled', async () => {
    const chain = await buildChain();
    const city = await bringIntoCity(chain);
    const token = tokens.condutor!;
    const taskId = city.task.municipioTarefaId;
    const solutionId = city.solution.municipioSolucaoId;
    const groupId = city.group.municipioGrupoSolucaoId;

    expect((await call('DELETE', `/api/municipio/municipiotarefa/${taskId}`, token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/municipio/municipiosolucao/${solutionId}`, token)).statusCode).toBe(200);
    const refused = await call('POST', `/api/municipio/municipiotarefa/reabilitar-tarefas/${taskId}`, token);
    // Never used by a report, the task was deleted: a used one is the case below.
    expect([400, 404]).toContain(refused.statusCode);

    expect((await call('DELETE', `/api/municipio/municipiogruposolucao/${groupId}`, token)).statusCode).toBe(200);
    const solutionRefused = await call('PUT', `/api/municipio/municipioSolucao/reabilitar-solucao/${ids.city}/${solutionId}`, token);
    expect(solutionRefused.statusCode).toBe(400);
    expect(solutionRefused.json().message).toBe('O grupo desta solução está desabilitado.');
    const groupBack = await call('PUT', `/api/municipio/municipioGrupoSolucao/reabilitar-grupos/${ids.city}/${groupId}`, token);
    expect(groupBack.json().desabilitado).toBe(false);
    const solutionBack = await call('PUT', `/api/municipio/municipioSolucao/reabilitar-solucao/${ids.city}/${solutionId}`, token);
    expect(solutionBack.statusCode, solutionBack.body).toBe(200);
    expect(solutionBack.json().desabilitado).toBe(false);
  });

  it('disables a task a field report used instead of deleting it, and applies the disabled-solution rule', async () => {
    const chain = await buildChain();
    const city = await bringIntoCity(chain);
    const taskId = city.task.municipioTarefaId;
    const [report] = await t.db
      .insert(relatorio)
      .values({
        tenantId: 'sc',
        municipioId: ids.city,
        usuarioId: ids.condutor,
        titulo: 'Visita técnica',
        descricao: '<p>Visita</p>',
        codigoPublico: `teste-${taskId}`,
      })
      .returning();
    await t.db.insert(relatorioTarefa).values({ tenantId: 'sc', relatorioId: report!.relatorioId, municipioTarefaId: taskId });

    const del = await call('DELETE', `/api/municipio/municipiotarefa/${taskId}`, tokens.condutor!);
    expect(del.json().message).toBe('Registro desabilitado: ele já foi usado no município.');
    await call('DELETE', `/api/municipio/municipiosolucao/${city.solution.municipioSolucaoId}`, tokens.condutor!);
    for (const [modo, message] of [
      ['default', 'Solução Desabilitada'],
      ['gov', 'Fase Desabilitada'],
    ]) {
      const res = await call('POST', `/api/municipio/municipiotarefa/reabilitar-tarefas/${taskId}?modo=${modo}`, tokens.condutor!);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    await call(
      'PUT',
      `/api/municipio/municipioSolucao/reabilitar-solucao/${ids.city}/${city.solution.municipioSolucaoId}`,
      tokens.condutor!,
    );
    const back = await call('POST', `/api/municipio/municipiotarefa/reabilitar-tarefas/${taskId}`, tokens.condutor!);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().desabilitado).toBe(false);
  });

  it('creates, edits, deactivates and deletes a municipality evidence definition', async () => {
    const city = await bringIntoCity(await buildChain());
    const token = tokens.condutor!;
    const created = await call('POST', '/api/municipio/municipioevidencia', token, {
      municipioTarefaId: city.task.municipioTarefaId,
      nome: 'Relatório fotográfico',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().municipioEvidenciaId;
    const edited = await call('PUT', '/api/municipio/municipioevidencia', token, {
      municipioEvidenciaId: id,
      municipioTarefaId: city.task.municipioTarefaId,
      nome: 'Relatório com fotos',
      descricao: 'Em PDF',
    });
    expect(edited.json()).toMatchObject({ nome: 'Relatório com fotos', descricao: 'Em PDF', municipioId: ids.city });
    const off = await call('PUT', `/api/municipio/municipioevidencia/desativar-evidencia/${id}`, token);
    expect(off.json().desabilitado).toBe(true);
    const list = (await call('POST', '/api/municipio/municipioevidencia/list-by-municipio', token, { municipioId: ids.city })).json();
    expect(list.find((e: { municipioEvidenciaId: number }) => e.municipioEvidenciaId === id).desabilitado).toBe(true);
    // A deactivated evidence is no longer asked of the task.
    const tasks = (await call('POST', '/api/municipio/municipiotarefa/list-by-municipio', token, { municipioId: ids.city })).json();
    const task = tasks.find((x: { municipioTarefaId: number }) => x.municipioTarefaId === city.task.municipioTarefaId);
    expect(task.municipioEvidencias.map((e: { municipioEvidenciaId: number }) => e.municipioEvidenciaId)).not.toContain(id);
    expect((await call('DELETE', `/api/municipio/municipioevidencia/${id}`, token)).statusCode).toBe(200);
    expect((await call('GET', `/api/municipio/municipioevidencia/${id}`, token)).statusCode).toBe(404);
  });

  it('hides a municipality the user has no permission in, and another tenant’s records', async () => {
    const city = await bringIntoCity(await buildChain());
    const token = tokens.condutor!;
    expect((await call('POST', '/api/municipio/municipiotarefa/list-by-municipio', token, { municipioId: ids.otherCity })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/dashboard/get-andamento-tarefas/${ids.otherCity}`, token)).statusCode).toBe(404);
    const ms = tokens.msAdmin!;
    expect((await call('DELETE', `/api/municipio/municipiotarefa/${city.task.municipioTarefaId}`, ms, undefined, 'ms')).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/api/municipio/municipiotarefa/list-by-municipio', ms, { municipioId: ids.city }, 'ms')).statusCode).toBe(
      404,
    );
  });
});

describe('progress aggregates', () => {
  it('counts done tasks, planned hours and hours used from field reports (a report split across its tasks)', async () => {
    const chain = await buildChain();
    const second = await call('POST', '/api/projeto/tarefa', tokens.admin!, {
      solucaoId: chain.solution.solucaoId,
      nome: `Segunda ${seq}`,
      horas: 4,
    });
    expect(second.statusCode).toBe(201);
    await bringIntoCity(chain);
    const tasks = (await call('POST', '/api/municipio/municipiotarefa/list-by-municipio', tokens.admin!, { municipioId: ids.city })).json();
    const mine = tasks.filter((x: { tarefaId: number }) => [chain.task.tarefaId, second.json().tarefaId].includes(x.tarefaId));
    expect(mine).toHaveLength(2);
    const [report] = await t.db
      .insert(relatorio)
      .values({
        tenantId: 'sc',
        municipioId: ids.city,
        usuarioId: ids.condutor,
        titulo: 'Oficina',
        descricao: '<p>Oficina</p>',
        horasUtilizadasString: '6',
        codigoPublico: `andamento-${seq}`,
      })
      .returning();
    await t.db.insert(relatorioTarefa).values([
      { tenantId: 'sc', relatorioId: report!.relatorioId, municipioTarefaId: mine[0].municipioTarefaId, cumprida: true },
      { tenantId: 'sc', relatorioId: report!.relatorioId, municipioTarefaId: mine[1].municipioTarefaId, cumprida: false },
    ]);

    const byTask = (await call('GET', `/api/dashboard/get-andamento-tarefas/${ids.city}`, tokens.condutor!)).json();
    const rows = byTask.filter((r: { municipioTarefaId: number }) =>
      mine.some((m: { municipioTarefaId: number }) => m.municipioTarefaId === r.municipioTarefaId),
    );
    expect(rows.map((r: { cumprida: boolean; horasUtilizadas: number }) => [r.cumprida, r.horasUtilizadas]).sort()).toEqual([
      [false, 3],
      [true, 3],
    ]);

    const bySolution = (await call('GET', `/api/dashboard/get-andamento-solucoes/${ids.city}`, tokens.condutor!)).json();
    const solutionRow = bySolution.find((r: { nome: string }) => r.nome === chain.solution.nome);
    expect(solutionRow).toMatchObject({ tarefas: 2, tarefasCumpridas: 1, horasPrevistas: 12, horasUtilizadas: 6 });

    const filtered = await call('POST', '/api/dashboard/get-andamento-municipios', tokens.admin!, {
      municipioId: ids.city,
      solucaoId: chain.solution.solucaoId,
      grupoSolucaoId: chain.group.grupoSolucaoId,
      consultorId: ids.condutor,
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json()).toEqual([
      expect.objectContaining({ municipioId: ids.city, tarefas: 2, tarefasCumpridas: 1, horasPrevistas: 12, horasUtilizadas: 6 }),
    ]);
    const future = await call('POST', '/api/dashboard/get-andamento-municipios', tokens.admin!, {
      solucaoId: chain.solution.solucaoId,
      dataInicio: '2099-01-01',
    });
    expect(future.json()[0]).toMatchObject({ tarefasCumpridas: 0, horasUtilizadas: 0 });
    // A consultant sees only the municipalities of their permissions.
    const own = (await call('POST', '/api/dashboard/get-andamento-municipios', tokens.condutor!, {})).json();
    expect(own.some((r: { municipioId: number }) => r.municipioId === ids.otherCity)).toBe(false);
  });
});
