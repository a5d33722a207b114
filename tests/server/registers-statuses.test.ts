import ExcelJS from 'exceljs';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/** Statuses, contract statuses and value brackets (api/Status, api/StatusContrato, api/municipio-faixas, api/solucoes-faixas) and POST api/planilha. */
let t: TestApp;
const tokens: Record<string, string> = {};
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown, tenant = 'sc') =>
  t.app.inject({ method, url, headers: authHeaders(token, tenant), payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await login(t, 'admin@demo.local');
  tokens.condutor = await login(t, 'condutor@demo.local');
  tokens.msAdmin = await login(t, 'admin@demo.local', 'ms');
});
afterAll(async () => t?.close());

describe('api/Status and api/StatusContrato', () => {
  it('lists the seeded statuses with how many municipalities use each, and their names', async () => {
    const list = await call('GET', '/api/Status', tokens.condutor!);
    expect(list.statusCode).toBe(200);
    const rows = list.json() as Array<{ statusId: number; statusNome: string; municipios: number }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.municipios > 0)).toBe(true);
    const names = (await call('GET', '/api/Status/get-nomes', tokens.condutor!)).json() as string[];
    expect(names).toEqual(rows.map((r) => r.statusNome));
  });

  it('creates, renames and deletes a status; one in use is refused with 409; a consultant gets 403', async () => {
    const created = await call('POST', '/api/Status', tokens.admin!, { statusNome: 'Em prospecção' });
    expect(created.statusCode, created.body).toBe(201);
    const { statusId } = created.json();
    expect(created.json().municipios).toBe(0);
    expect((await call('PUT', '/api/Status', tokens.admin!, { statusId, statusNome: 'Em prospecção ativa' })).json().statusNome).toBe(
      'Em prospecção ativa',
    );
    expect((await call('POST', '/api/Status', tokens.condutor!, { statusNome: 'Negado' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/Status/${statusId}`, tokens.condutor!)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/Status/${statusId}`, tokens.admin!)).statusCode).toBe(204);

    const used = ((await call('GET', '/api/Status', tokens.admin!)).json() as Array<{ statusId: number; municipios: number }>).find(
      (r) => r.municipios > 0,
    )!;
    const refused = await call('DELETE', `/api/Status/${used.statusId}`, tokens.admin!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Não é possível excluir o status: há registros que o usam.');
  });

  it('answers 400 in pt-BR for a blank name and 409 for a duplicate', async () => {
    const blank = await call('POST', '/api/StatusContrato', tokens.admin!, { nome: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('O nome é obrigatório');
    const first = (await call('GET', '/api/StatusContrato', tokens.admin!)).json()[0];
    const duplicate = await call('POST', '/api/StatusContrato', tokens.admin!, { nome: first.nome });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Já existe um status de contrato com este nome.');
  });

  it('relatorio-tarefa/{id} gives the task progress of the municipalities in that status; another tenant’s status is not found', async () => {
    // Its own status, with one municipality that has enabled tasks moved into it: the answer is that
    // municipality with its task counts, so an empty or unfiltered answer fails.
    const created = await call('POST', '/api/Status', tokens.admin!, { statusNome: 'Em acompanhamento de tarefas' });
    expect(created.statusCode, created.body).toBe(201);
    const { statusId } = created.json() as { statusId: number };
    const [withTasks] = await t.db
      .select({
        municipioId: s.municipioTarefa.municipioId,
        tarefas: count(),
        cumpridas: count(sql`case when ${s.municipioTarefa.cumprida} then 1 end`),
      })
      .from(s.municipioTarefa)
      .where(and(eq(s.municipioTarefa.tenantId, 'sc'), eq(s.municipioTarefa.desabilitado, false)))
      .groupBy(s.municipioTarefa.municipioId)
      .limit(1);
    expect(withTasks!.tarefas).toBeGreaterThan(0);
    const [before] = await t.db
      .select({ statusId: s.municipio.statusId })
      .from(s.municipio)
      .where(eq(s.municipio.municipioId, withTasks!.municipioId));
    await t.db.update(s.municipio).set({ statusId }).where(eq(s.municipio.municipioId, withTasks!.municipioId));
    try {
      const report = await call('GET', `/api/Status/relatorio-tarefa/${statusId}`, tokens.admin!);
      expect(report.statusCode).toBe(200);
      expect(report.json()).toEqual([
        expect.objectContaining({
          municipioId: withTasks!.municipioId,
          tarefas: withTasks!.tarefas,
          tarefasCumpridas: withTasks!.cumpridas,
        }),
      ]);
    } finally {
      await t.db.update(s.municipio).set({ statusId: before!.statusId }).where(eq(s.municipio.municipioId, withTasks!.municipioId));
    }
    expect((await call('GET', `/api/Status/relatorio-tarefa/${statusId}`, tokens.admin!)).json()).toEqual([]);
    expect((await call('GET', `/api/Status/relatorio-tarefa/${statusId}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
  });
});

describe('api/municipio-faixas and api/solucoes-faixas', () => {
  it('lists the seeded brackets in order of value and refuses an overlapping one (409) or a reversed one (400)', async () => {
    const list = (await call('GET', '/api/municipio-faixas', tokens.admin!)).json() as Array<{ valorMinimo: number }>;
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list.map((r) => r.valorMinimo)).toEqual([...list.map((r) => r.valorMinimo)].sort((a, b) => a - b));
    const overlap = await call('POST', '/api/municipio-faixas', tokens.admin!, {
      nome: 'Sobreposta',
      valorMinimo: 10,
      valorMaximo: 30_000,
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe('Esta faixa se sobrepõe a outra já cadastrada.');
    // Closed intervals: a bracket starting at the last one's maximum shares that value; one cent above does not.
    const touching = await call('POST', '/api/municipio-faixas', tokens.admin!, {
      nome: 'Encostada',
      valorMinimo: 99_999_999,
      valorMaximo: 100_000_000,
    });
    expect(touching.statusCode).toBe(409);
    const next = await call('POST', '/api/municipio-faixas', tokens.admin!, {
      nome: 'Seguinte',
      valorMinimo: 99_999_999.01,
      valorMaximo: 100_000_000,
    });
    expect(next.statusCode, next.body).toBe(201);
    expect((await call('DELETE', `/api/municipio-faixas/${next.json().faixaValorId}`, tokens.admin!)).statusCode).toBe(204);
    const reversed = await call('POST', '/api/solucoes-faixas', tokens.admin!, { nome: 'Invertida', valorMinimo: 10, valorMaximo: 5 });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('O valor máximo deve ser maior ou igual ao mínimo');
  });

  it('keeps the two kinds apart: a price bracket is not a population bracket', async () => {
    const created = await call('POST', '/api/solucoes-faixas', tokens.admin!, {
      nome: 'Projetos especiais',
      valorMinimo: 10_000_000,
      valorMaximo: 20_000_000.5,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().faixaValorId;
    expect((await call('GET', `/api/municipio-faixas/${id}`, tokens.admin!)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/municipio-faixas/${id}`, tokens.admin!)).statusCode).toBe(404);
    const edited = await call('PUT', '/api/solucoes-faixas', tokens.admin!, {
      faixaValorId: id,
      nome: 'Projetos especiais',
      valorMinimo: 10_000_000,
      valorMaximo: 30_000_000,
    });
    expect(edited.json().valorMaximo).toBe(30_000_000);
    expect((await call('DELETE', `/api/solucoes-faixas/${id}`, tokens.admin!)).statusCode).toBe(204);
  });
});

describe('POST api/planilha', () => {
  it('returns the columns and rows sent as a typed xlsx', async () => {
    const response = await call('POST', '/api/planilha', tokens.admin!, {
      nome: 'Temas: lista/filtrada',
      colunas: [
        { titulo: '#', tipo: 'number' },
        { titulo: 'Nome', tipo: 'text' },
        { titulo: 'Nacional', tipo: 'boolean' },
      ],
      linhas: [
        [1, 'Compras públicas', true],
        [2, 'Turismo', null],
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Temas  lista filtrada');
    expect(sheet.getRow(1).values).toEqual([undefined, '#', 'Nome', 'Nacional']);
    expect(sheet.getRow(2).values).toEqual([undefined, 1, 'Compras públicas', 'Sim']);
    expect(sheet.getRow(3).getCell(3).value).toBeNull();
  });

  it('answers 400 in pt-BR for a row of the wrong width or no columns', async () => {
    const ragged = await call('POST', '/api/planilha', tokens.admin!, {
      nome: 'X',
      colunas: [{ titulo: 'A', tipo: 'text' }],
      linhas: [['a', 'b']],
    });
    expect(ragged.statusCode).toBe(400);
    expect(ragged.json().message).toBe('Linha 1: esperadas 1 colunas, recebidas 2.');
    const none = await call('POST', '/api/planilha', tokens.admin!, { nome: 'X', colunas: [], linhas: [] });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Informe ao menos uma coluna');
  });
});
