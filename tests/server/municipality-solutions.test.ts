import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_COLUMNS, CATALOGUE_EXAMPLE_ROW, CATALOGUE_SHEET, type CatalogueRow } from '../../src/domain/catalogue-transfer.ts';
import { PROGRESS_EXPORT_COLUMNS } from '../../src/domain/solution-progress.ts';
import { grupoSolucao, municipio, usuario, usuarioPermissao } from '../../server/db/schema/index.ts';
import { buildWorkbook, readSheet, XLSX_CONTENT_TYPE } from '../../server/lib/xlsx.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = { projeto: 0, city: 0, otherCity: 0 };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: authHeaders(token), payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'administrador', 'condutor']) tokens[who] = await login(t, `${who}@demo.local`);
  const [condutor] = await t.db
    .select()
    .from(usuario)
    .where(and(eq(usuario.email, 'condutor@demo.local'), eq(usuario.tenantId, 'sc')));
  const permitted = new Set(
    (await t.db.select().from(usuarioPermissao).where(eq(usuarioPermissao.usuarioId, condutor!.usuarioId))).map((p) => p.municipioId),
  );
  const cities = await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'));
  const city = cities.find((c) => permitted.has(c.municipioId))!;
  ids.city = city.municipioId;
  ids.projeto = city.projetoId!;
  ids.otherCity = cities.find((c) => !permitted.has(c.municipioId))!.municipioId;
});
afterAll(async () => t?.close());

let seq = 0;
/** A programme chain (group > solution > task with an evidence) brought into the city; dates decide whether it has started. */
async function chainInCity(dates: { dataInicio: string; dataTermino: string }) {
  const n = ++seq;
  const group = await call('POST', '/api/projeto/grupoSolucao', tokens.admin!, { projetoId: ids.projeto, nome: `Grupo Mais ${n}` });
  expect(group.statusCode, group.body).toBe(201);
  const solution = await call('POST', '/api/projeto/solucao', tokens.admin!, {
    grupoSolucaoId: group.json().grupoSolucaoId,
    nome: `Solução Mais ${n}`,
    monitoramento: 1,
    ...dates,
  });
  expect(solution.statusCode, solution.body).toBe(201);
  const task = await call('POST', '/api/projeto/tarefa', tokens.admin!, {
    solucaoId: solution.json().solucaoId,
    nome: `Tarefa Mais ${n}`,
    horas: 6,
    evidencias: [{ nome: 'Ata', descricao: '' }],
  });
  expect(task.statusCode, task.body).toBe(201);
  const added = await call('POST', '/api/municipio/municipiosolucao/add-by-grupo-solucao', tokens.admin!, {
    municipioId: ids.city,
    grupoSolucaoId: group.json().grupoSolucaoId,
    solucoesOriginais: [solution.json().solucaoId],
  });
  expect(added.statusCode, added.body).toBe(201);
  const solutions = (
    await call('POST', '/api/municipio/municipiosolucao/list-by-municipio', tokens.admin!, { municipioId: ids.city })
  ).json();
  const municipalitySolution = solutions.find((s: { solucaoId: number }) => s.solucaoId === solution.json().solucaoId);
  return { group: group.json(), solution: solution.json(), task: task.json(), municipalityGroup: added.json(), municipalitySolution };
}

function multipart(bytes: Buffer, filename = 'catalogo.xlsx', type = XLSX_CONTENT_TYPE) {
  const boundary = `----teste${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function upload(projetoId: number, bytes: Buffer, confirmar: boolean, token = tokens.admin!, filename?: string) {
  const form = multipart(bytes, filename);
  return t.app.inject({
    method: 'POST',
    url: `/api/projeto/grupoSolucao/importar/${projetoId}?confirmar=${confirmar}`,
    headers: { ...authHeaders(token), 'content-type': form.contentType },
    payload: form.payload,
  });
}

const sheet = (rows: Partial<CatalogueRow>[]) => buildWorkbook([{ name: CATALOGUE_SHEET, columns: CATALOGUE_COLUMNS, rows }]);
const groupNames = async () =>
  (await t.db.select({ nome: grupoSolucao.nome }).from(grupoSolucao).where(eq(grupoSolucao.projetoId, ids.projeto))).map((g) => g.nome);

describe('a solution of a municipality: started, to finalize, finalized', () => {
  it('is started by its date, by the call, and finalized only once', async () => {
    const future = await chainInCity({ dataInicio: '2099-01-05', dataTermino: '2099-12-18' });
    const ms = future.municipalitySolution;
    expect(ms.iniciada).toBe(false);
    const toFinalize = async () =>
      (await call('GET', `/api/municipio/municipiosolucao/solucoes-a-finalizar/${ids.city}`, tokens.condutor!))
        .json()
        .map((s: { municipioSolucaoId: number }) => s.municipioSolucaoId);
    expect(await toFinalize()).not.toContain(ms.municipioSolucaoId);
    const groupStarted = () =>
      call(
        'POST',
        `/api/municipio/municipiogruposolucao/grupo-solucao-iniciado/${future.municipalityGroup.municipioGrupoSolucaoId}`,
        tokens.condutor!,
      );
    expect((await groupStarted()).json()).toEqual({
      municipioGrupoSolucaoId: future.municipalityGroup.municipioGrupoSolucaoId,
      iniciado: false,
    });

    // Finalizing one that has not started is refused, and nothing changes.
    const early = await call('POST', '/api/municipio/municipiosolucao/finalizar-solucoes', tokens.condutor!, {
      municipioId: ids.city,
      municipioSolucaoIds: [ms.municipioSolucaoId],
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Escolha soluções iniciadas e ainda não finalizadas do município.');

    const started = await call('POST', '/api/municipio/municipiosolucao/solucao-iniciada', tokens.condutor!, {
      municipioSolucaoId: ms.municipioSolucaoId,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ iniciada: true, finalizada: false, dataInicio: '2099-01-05' });
    expect(await toFinalize()).toContain(ms.municipioSolucaoId);
    expect((await groupStarted()).json().iniciado).toBe(true);

    const done = await call('POST', '/api/municipio/municipiosolucao/finalizar-solucoes', tokens.condutor!, {
      municipioId: ids.city,
      municipioSolucaoIds: [ms.municipioSolucaoId],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()[0]).toMatchObject({ municipioSolucaoId: ms.municipioSolucaoId, finalizada: true });
    expect(await toFinalize()).not.toContain(ms.municipioSolucaoId);
    const again = await call('POST', '/api/municipio/municipiosolucao/solucao-iniciada', tokens.condutor!, {
      municipioSolucaoId: ms.municipioSolucaoId,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('A solução já foi finalizada.');

    // One whose start date has come is started without the call.
    const dated = await chainInCity({ dataInicio: '2020-01-06', dataTermino: '2099-12-18' });
    expect(dated.municipalitySolution.municipioSolucaoId).toBeGreaterThan(0);
    expect(await toFinalize()).toContain(dated.municipalitySolution.municipioSolucaoId);
  });

  it('reads and updates a group and a solution of the municipality, and checks a task', async () => {
    const chain = await chainInCity({ dataInicio: '2026-01-05', dataTermino: '2026-12-18' });
    const mgId = chain.municipalityGroup.municipioGrupoSolucaoId;
    const msId = chain.municipalitySolution.municipioSolucaoId;
    expect((await call('GET', `/api/municipio/municipiogruposolucao/${mgId}`, tokens.condutor!)).json().nome).toBe(chain.group.nome);
    const renamed = await call('PUT', '/api/municipio/municipiogruposolucao', tokens.condutor!, {
      municipioGrupoSolucaoId: mgId,
      nome: 'Grupo do município',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().nome).toBe('Grupo do município');

    const put = await call('PUT', '/api/municipio/municipiosolucao', tokens.condutor!, {
      municipioSolucaoId: msId,
      nome: 'Solução do município',
      dataInicio: '2026-02-02',
      dataTermino: '2026-11-30',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ nome: 'Solução do município', dataInicio: '2026-02-02', dataTermino: '2026-11-30' });
    expect((await call('GET', `/api/municipio/municipiosolucao/${msId}`, tokens.condutor!)).json().nome).toBe('Solução do município');
    const badDates = await call('PUT', '/api/municipio/municipiosolucao', tokens.condutor!, {
      municipioSolucaoId: msId,
      nome: 'x',
      dataInicio: '2026-12-01',
      dataTermino: '2026-01-01',
    });
    expect(badDates.statusCode).toBe(400);
    expect(badDates.body).toContain('A data de término deve ser posterior à de início.');

    const check = await call('POST', `/api/municipio/municipiosolucao/verificar-tarefa/${msId}/${chain.task.tarefaId}`, tokens.condutor!);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ existe: true });
    const other = await call('POST', '/api/projeto/tarefa', tokens.admin!, {
      solucaoId: chain.solution.solucaoId,
      nome: 'Tarefa nova',
      horas: 2,
    });
    const notYet = await call(
      'POST',
      `/api/municipio/municipiosolucao/verificar-tarefa/${msId}/${other.json().tarefaId}`,
      tokens.condutor!,
    );
    expect(notYet.json()).toMatchObject({ existe: false, municipioTarefaId: null });

    const permitted = await call('GET', `/api/municipio/municipiosolucao/get-by-permissao-municipio/${ids.city}`, tokens.condutor!);
    expect(permitted.json().map((s: { municipioSolucaoId: number }) => s.municipioSolucaoId)).toContain(msId);
    const byProject = await call('GET', `/api/municipio/municipiogruposolucao/get-by-projeto/${ids.projeto}`, tokens.condutor!);
    expect(byProject.statusCode, byProject.body).toBe(200);
    const cities = new Set(byProject.json().map((g: { municipioId: number }) => g.municipioId));
    expect(cities.has(ids.city)).toBe(true);
    expect(cities.has(ids.otherCity)).toBe(false);
  });

  it('hides another municipality and refuses malformed input in pt-BR', async () => {
    expect(
      (await call('GET', `/api/municipio/municipiosolucao/get-by-permissao-municipio/${ids.otherCity}`, tokens.condutor!)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/municipio/municipiosolucao/solucoes-a-finalizar/${ids.otherCity}`, tokens.condutor!)).statusCode).toBe(
      404,
    );
    const empty = await call('POST', '/api/municipio/municipiosolucao/finalizar-solucoes', tokens.condutor!, {
      municipioId: ids.city,
      municipioSolucaoIds: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Escolha ao menos uma solução.');
    expect((await call('POST', '/api/municipio/municipiosolucao/verificar-tarefa/abc/1', tokens.condutor!)).statusCode).toBe(400);
    const blank = await call('PUT', '/api/municipio/municipiogruposolucao', tokens.condutor!, { municipioGrupoSolucaoId: 1, nome: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('O nome é obrigatório.');
  });

  // Issue 26 item 2: the municipality or record is decided before the body is validated.
  it('answers a municipality or record out of sight with 404 whatever body is sent', async () => {
    const hiddenCity = await call('POST', '/api/municipio/municipiosolucao/finalizar-solucoes', tokens.condutor!, {
      municipioId: ids.otherCity,
      municipioSolucaoIds: [],
    });
    expect(hiddenCity.statusCode).toBe(404);
    expect(hiddenCity.json().message).toBe('Município não encontrado.');
    const missingTask = await call('PUT', '/api/municipio/municipiotarefa', tokens.condutor!, { municipioTarefaId: 2147480000, nome: '' });
    expect(missingTask.statusCode).toBe(404);
    expect(missingTask.json().message).toBe('Tarefa não encontrada.');

    // A record of a municipality the user does not see answers like a missing one, with its own message.
    const group = await call('POST', '/api/projeto/grupoSolucao', tokens.admin!, { projetoId: ids.projeto, nome: 'Grupo de outra cidade' });
    const solution = await call('POST', '/api/projeto/solucao', tokens.admin!, {
      grupoSolucaoId: group.json().grupoSolucaoId,
      nome: 'Solução de outra cidade',
      monitoramento: 1,
    });
    const added = await call('POST', '/api/municipio/municipiosolucao/add-by-grupo-solucao', tokens.admin!, {
      municipioId: ids.otherCity,
      grupoSolucaoId: group.json().grupoSolucaoId,
      solucoesOriginais: [solution.json().solucaoId],
    });
    expect(added.statusCode, added.body).toBe(201);
    const hiddenGroup = await call('PUT', '/api/municipio/municipiogruposolucao', tokens.condutor!, {
      municipioGrupoSolucaoId: added.json().municipioGrupoSolucaoId,
      nome: '  ',
    });
    expect(hiddenGroup.statusCode).toBe(404);
    expect(hiddenGroup.json().message).toBe('Grupo de soluções não encontrado.');
  });

  it('lists the tenant solution types', async () => {
    const res = await call('GET', '/api/solucao-tipo', tokens.condutor!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
    expect(res.json()[0]).toEqual({ solucaoTipoId: expect.any(Number), nome: expect.any(String) });
  });
});

describe('task-level progress across municipalities', () => {
  it('answers the filtered rows with the total, only of municipalities the user sees', async () => {
    const chain = await chainInCity({ dataInicio: '2026-01-05', dataTermino: '2026-12-18' });
    const res = await call('POST', '/api/municipio/municipiotarefa/get-andamento-by-filtro', tokens.condutor!, { municipioId: ids.city });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.total).toBe(page.linhas.length);
    const row = page.linhas.find((r: { nome: string }) => r.nome === chain.task.nome);
    expect(row).toMatchObject({
      municipioId: ids.city,
      grupoNome: chain.group.nome,
      solucaoNome: chain.solution.nome,
      cumprida: false,
      horasPrevistas: 6,
    });

    const grouped = await call('POST', '/api/municipio/municipiotarefa/get-andamento-by-filtro', tokens.admin!, {
      grupoSolucaoId: chain.group.grupoSolucaoId,
    });
    expect(grouped.json().linhas.map((r: { nome: string }) => r.nome)).toEqual([chain.task.nome]);

    const hidden = await call('POST', '/api/municipio/municipiotarefa/get-andamento-by-filtro', tokens.condutor!, {
      municipioId: ids.otherCity,
    });
    expect(hidden.json()).toMatchObject({ linhas: [], total: 0 });
    const bad = await call('POST', '/api/municipio/municipiotarefa/get-andamento-by-filtro', tokens.condutor!, {
      dataInicio: '2026-05-01',
      dataFim: '2026-01-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('A data final deve ser posterior à inicial.');
  });

  it('exports the city progress as an xlsx', async () => {
    const res = await call('POST', '/api/municipio/municipiotarefa/exportar-andamento', tokens.condutor!, { municipioId: ids.city });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toBe('attachment; filename="andamento-tarefas.xlsx"');
    const read = await readSheet(res.rawPayload, PROGRESS_EXPORT_COLUMNS, { maxRows: 100_000 });
    expect(read.missing).toEqual([]);
    const json = (
      await call('POST', '/api/municipio/municipiotarefa/get-andamento-by-filtro', tokens.condutor!, { municipioId: ids.city })
    ).json();
    expect(read.rows).toHaveLength(json.total);
    expect(read.rows[0]!.values.municipioNome).toBe(json.linhas[0].municipioNome);
    expect(['Sim', 'Não']).toContain(read.rows[0]!.values.cumprida);
    expect(
      (await call('POST', '/api/municipio/municipiotarefa/exportar-andamento', tokens.condutor!, { municipioId: ids.otherCity }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the catalogue xlsx: template, export, import', () => {
  it('refuses everyone but the full admin', async () => {
    const bytes = await sheet([CATALOGUE_EXAMPLE_ROW]);
    for (const who of ['condutor', 'administrador']) {
      expect((await call('GET', '/api/projeto/grupoSolucao/modelo-importacao', tokens[who]!)).statusCode).toBe(403);
      expect((await call('GET', `/api/projeto/grupoSolucao/exportar/${ids.projeto}`, tokens[who]!)).statusCode).toBe(403);
      expect((await upload(ids.projeto, bytes, true, tokens[who]!)).statusCode).toBe(403);
    }
    const write = await call('POST', '/api/projeto/grupoSolucao', tokens.condutor!, { projetoId: ids.projeto, nome: 'Não pode' });
    expect(write.statusCode).toBe(403);
    expect(await groupNames()).not.toContain(CATALOGUE_EXAMPLE_ROW.grupo);
  });

  it('serves the template with its headers and one example row', async () => {
    const res = await call('GET', '/api/projeto/grupoSolucao/modelo-importacao', tokens.admin!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('modelo-importacao-catalogo.xlsx');
    const read = await readSheet(res.rawPayload, CATALOGUE_COLUMNS, { sheetName: CATALOGUE_SHEET, maxRows: 10 });
    expect(read.rows).toHaveLength(1);
    expect(read.rows[0]).toMatchObject({ rowNumber: 2, values: { grupo: CATALOGUE_EXAMPLE_ROW.grupo, horas: 8 } });
  });

  it('previews without writing, then imports, and a second import changes nothing', async () => {
    const rows = [
      { ...CATALOGUE_EXAMPLE_ROW, grupo: 'Grupo Importado', solucao: 'Solução Importada', tarefa: 'Tarefa A', evidencia: 'Evidência 1' },
      { ...CATALOGUE_EXAMPLE_ROW, grupo: 'Grupo Importado', solucao: 'Solução Importada', tarefa: 'Tarefa A', evidencia: 'Evidência 2' },
      { grupo: 'Grupo Importado', solucao: 'Solução Importada', tarefa: 'Tarefa B', horas: 3 },
      { grupo: 'Grupo Importado Vazio' },
    ];
    const bytes = await sheet(rows);
    const preview = await upload(ids.projeto, bytes, false);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      confirmado: false,
      linhas: 4,
      grupos: { novos: 2, alterados: 0, inalterados: 0 },
      solucoes: { novos: 1 },
      tarefas: { novos: 2 },
      evidencias: { novos: 2 },
      erros: [],
    });
    expect(await groupNames()).not.toContain('Grupo Importado');

    const done = await upload(ids.projeto, bytes, true);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ confirmado: true, grupos: { novos: 2 }, tarefas: { novos: 2 } });
    expect(await groupNames()).toEqual(expect.arrayContaining(['Grupo Importado', 'Grupo Importado Vazio']));
    const tasks = (await call('GET', '/api/projeto/tarefa', tokens.admin!)).json();
    const taskA = tasks.find((x: { nome: string }) => x.nome === 'Tarefa A');
    expect(taskA.evidencias.map((e: { nome: string }) => e.nome)).toEqual(['Evidência 1', 'Evidência 2']);

    const again = await upload(ids.projeto, bytes, true);
    expect(again.json()).toMatchObject({
      grupos: { novos: 0, alterados: 0, inalterados: 2 },
      solucoes: { novos: 0, inalterados: 1 },
      tarefas: { novos: 0, inalterados: 2 },
      evidencias: { novos: 0, inalterados: 2 },
    });

    const changed = await upload(
      ids.projeto,
      await sheet([{ grupo: 'Grupo Importado', solucao: 'Solução Importada', tarefa: 'Tarefa B', horas: 5 }]),
      true,
    );
    expect(changed.json().tarefas).toEqual({ novos: 0, alterados: 1, inalterados: 0 });
  });

  it('round-trips an export without duplicating anything', async () => {
    const before = (await groupNames()).length;
    const exported = await call('GET', `/api/projeto/grupoSolucao/exportar/${ids.projeto}`, tokens.admin!);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const read = await readSheet(exported.rawPayload, CATALOGUE_COLUMNS, { sheetName: CATALOGUE_SHEET, maxRows: 10_000 });
    expect(read.rows.length).toBeGreaterThan(10);
    const res = await upload(ids.projeto, exported.rawPayload, true);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    for (const level of ['grupos', 'solucoes', 'tarefas', 'evidencias'] as const) {
      expect(result[level].novos, level).toBe(0);
      expect(result[level].alterados, level).toBe(0);
    }
    expect((await groupNames()).length).toBe(before);
  });

  it('answers row errors in a preview and refuses the confirmation, writing nothing', async () => {
    const bytes = await sheet([
      { grupo: 'Grupo Com Erro', solucao: 'Solução Boa', tarefa: 'Tarefa Boa', horas: 2 },
      { grupo: 'Grupo Com Erro', tarefa: 'Tarefa sem solução' },
      { grupo: 'Grupo Com Erro', solucao: 'Solução Boa', tarefa: 'Tarefa C', horas: -1 },
    ]);
    const preview = await upload(ids.projeto, bytes, false);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().erros).toEqual([
      'Linha 3: o nome da solução é obrigatório.',
      'Linha 4: as horas devem ser um número não negativo.',
    ]);
    const confirm = await upload(ids.projeto, bytes, true);
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().message).toBe('A planilha tem erros: nada foi importado.');
    expect(confirm.json().issues.map((i: { message: string }) => i.message)).toContain('Linha 3: o nome da solução é obrigatório.');
    expect(await groupNames()).not.toContain('Grupo Com Erro');
  });

  it('refuses what is not an xlsx, in pt-BR', async () => {
    const text = await upload(ids.projeto, Buffer.from('Grupo;Solução\nA;B\n'), true, tokens.admin!, 'catalogo.csv');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Envie uma planilha do Excel (.xlsx).');
    const json = await call('POST', `/api/projeto/grupoSolucao/importar/${ids.projeto}?confirmar=true`, tokens.admin!, { grupo: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Envie uma planilha do Excel (.xlsx).');
    const wrongSheet = await buildWorkbook([{ name: 'Outra', columns: CATALOGUE_COLUMNS, rows: [] }]);
    const noSheet = await upload(ids.projeto, wrongSheet, false);
    expect(noSheet.statusCode).toBe(400);
    expect(noSheet.json().message).toBe('A planilha não tem a aba "Catálogo". Use o modelo de importação.');
    const badQuery = await upload(ids.projeto, await sheet([CATALOGUE_EXAMPLE_ROW]), 'talvez' as unknown as boolean);
    expect(badQuery.statusCode).toBe(400);
  });
});
