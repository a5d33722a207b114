import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/** The institutions and territory registers (issue 17): institutions, regional units, categories, contracts, schools, job roles, actors. */
let t: TestApp;
const tokens: Record<string, string> = {};
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown, tenant = 'sc') =>
  t.app.inject({ method, url, headers: authHeaders(token, tenant), payload: payload as object });

type Named = { municipioId: number; nome: string };
let cities: Named[] = [];
let msCities: Named[] = [];
const city = (nome: string) => cities.find((c) => c.nome === nome)!.municipioId;

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await login(t, 'admin@demo.local');
  tokens.condutor = await login(t, 'condutor@demo.local');
  tokens.ad = await login(t, 'ad@demo.local');
  tokens.msAdmin = await login(t, 'admin@demo.local', 'ms');
  cities = (await call('GET', '/api/municipio/get-nomes', tokens.admin)).json();
  msCities = (await call('GET', '/api/municipio/get-nomes', tokens.msAdmin, undefined, 'ms')).json();
});
afterAll(async () => t?.close());

describe('api/govInstituicao', () => {
  it('creates, finds by filter, edits and deletes an institution with its municipalities', async () => {
    const created = await call('POST', '/api/govInstituicao/cadastrar-instituicao', tokens.admin!, {
      nome: ' Câmara de Dirigentes Lojistas ',
      sigla: 'CDL',
      municipioIds: [city('Joinville'), city('Blumenau'), city('Joinville')],
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json();
    expect(row).toMatchObject({ nome: 'Câmara de Dirigentes Lojistas', sigla: 'CDL', municipioNomes: ['Blumenau', 'Joinville'] });

    const found = await call('POST', '/api/govInstituicao/obter-instituicoes-por-filtro', tokens.admin!, { nome: 'camara de dirigentes', municipioIds: [city('Blumenau')] });
    expect(found.statusCode).toBe(200);
    expect((found.json() as Array<{ instituicaoId: number }>).map((r) => r.instituicaoId)).toEqual([row.instituicaoId]);
    const none = await call('POST', '/api/govInstituicao/obter-instituicoes-por-filtro', tokens.admin!, { nome: 'camara de dirigentes', municipioIds: [city('Lages')] });
    expect(none.json()).toEqual([]);

    const edited = await call('PUT', '/api/govInstituicao/atualizar-instituicao', tokens.admin!, { instituicaoId: row.instituicaoId, nome: 'CDL Regional', sigla: 'CDL', municipioIds: [city('Lages')] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ nome: 'CDL Regional', municipioIds: [city('Lages')] });
    expect((await call('GET', `/api/govInstituicao/${row.instituicaoId}`, tokens.admin!)).json().nome).toBe('CDL Regional');

    expect((await call('DELETE', `/api/govInstituicao/excluir-instituicao/${row.instituicaoId}`, tokens.admin!)).statusCode).toBe(204);
    expect((await call('GET', `/api/govInstituicao/${row.instituicaoId}`, tokens.admin!)).statusCode).toBe(404);
  });

  it('refuses a consultant (403), a blank name (400 pt-BR), another tenant’s municipality (400) and a used institution (409)', async () => {
    const denied = await call('POST', '/api/govInstituicao/cadastrar-instituicao', tokens.condutor!, { nome: 'Sem permissão', municipioIds: [] });
    expect(denied.statusCode).toBe(403);
    const blank = await call('POST', '/api/govInstituicao/cadastrar-instituicao', tokens.admin!, { nome: '', municipioIds: [] });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('O nome é obrigatório');
    const foreign = await call('POST', '/api/govInstituicao/cadastrar-instituicao', tokens.admin!, { nome: 'De outra base', municipioIds: [msCities[0]!.municipioId] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Município não encontrado.');

    const created = (await call('POST', '/api/govInstituicao/cadastrar-instituicao', tokens.admin!, { nome: 'Instituição de um membro', municipioIds: [city('Florianópolis')] })).json();
    const [member] = await t.db.select({ membroId: s.membro.membroId }).from(s.membro).where(eq(s.membro.tenantId, 'sc')).limit(1);
    await t.db.update(s.membro).set({ instituicaoId: created.instituicaoId }).where(eq(s.membro.membroId, member!.membroId));
    const used = await call('DELETE', `/api/govInstituicao/excluir-instituicao/${created.instituicaoId}`, tokens.admin!);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('Não é possível excluir a instituição: há registros que a usam.');
    await t.db.update(s.membro).set({ instituicaoId: null }).where(eq(s.membro.membroId, member!.membroId));

    // Another tenant's institution does not exist for ms.
    expect((await call('GET', `/api/govInstituicao/${created.instituicaoId}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/govInstituicao/excluir-instituicao/${created.instituicaoId}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
  });

  it('shows a manager without verTodasInstituicao only the institutions of their municipalities (list and by id)', async () => {
    const [admin] = await t.db.select().from(s.usuario).where(and(eq(s.usuario.tenantId, 'sc'), eq(s.usuario.email, 'admin@demo.local')));
    const [consultor] = await t.db.select().from(s.usuarioGrupo).where(and(eq(s.usuarioGrupo.tenantId, 'sc'), eq(s.usuarioGrupo.nome, 'Consultor')));
    const { grupoId: _id, criadoEm: _c, nome: _n, ...flags } = consultor!;
    const [group] = await t.db
      .insert(s.usuarioGrupo)
      .values({ ...flags, tenantId: 'sc', nome: 'Gestor de Instituições', menuGestaoCadastros: true, menuInstituicao: true, verTodasInstituicao: false, visualizaMunicipio: false })
      .returning();
    const [user] = await t.db
      .insert(s.usuario)
      .values({ tenantId: 'sc', nome: 'Gestora de Lages', email: 'gestora.lages@demo.local', senhaHash: admin!.senhaHash, grupoId: group!.grupoId })
      .returning();
    await t.db.insert(s.usuarioPermissao).values({ tenantId: 'sc', usuarioId: user!.usuarioId, municipioId: city('Lages'), permissao: 'Analista' });
    const token = await login(t, 'gestora.lages@demo.local');

    const all = (await call('POST', '/api/govInstituicao/obter-instituicoes-por-filtro', tokens.admin!, {})).json() as Array<{ instituicaoId: number; municipioIds: number[] }>;
    const mine = (await call('POST', '/api/govInstituicao/obter-instituicoes-por-filtro', token, {})).json() as Array<{ instituicaoId: number; municipioIds: number[] }>;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length);
    expect(mine.every((row) => row.municipioIds.includes(city('Lages')))).toBe(true);
    expect((await call('GET', '/api/govInstituicao', token)).json()).toHaveLength(mine.length);
    const other = all.find((row) => !row.municipioIds.includes(city('Lages')))!;
    expect((await call('GET', `/api/govInstituicao/${other.instituicaoId}`, token)).statusCode).toBe(404);
    expect((await call('GET', `/api/govInstituicao/${mine[0]!.instituicaoId}`, token)).statusCode).toBe(200);
    // With the flag in the group (and the configuration), the same user sees them all.
    await t.db.update(s.usuarioGrupo).set({ verTodasInstituicao: true }).where(eq(s.usuarioGrupo.grupoId, group!.grupoId));
    const again = await login(t, 'gestora.lages@demo.local');
    expect((await call('POST', '/api/govInstituicao/obter-instituicoes-por-filtro', again, {})).json()).toHaveLength(all.length);
  });
});

describe('api/UnidadeRegional', () => {
  it('lists the seeded units of the state with every demo municipality, and another tenant’s separately', async () => {
    const units = (await call('GET', '/api/UnidadeRegional/obter-por-uf/SC', tokens.admin!)).json() as Array<{ uf: string; municipioIds: number[] }>;
    expect(units.length).toBeGreaterThanOrEqual(2);
    expect(units.every((u) => u.uf === 'SC')).toBe(true);
    expect(new Set(units.flatMap((u) => u.municipioIds))).toEqual(new Set(cities.map((c) => c.municipioId)));
    expect((await call('GET', '/api/UnidadeRegional/obter-por-uf/sc', tokens.admin!)).json()).toEqual(units);
    expect((await call('GET', '/api/UnidadeRegional/obter-por-uf/MS', tokens.admin!)).json()).toEqual([]);
    const ms = (await call('GET', '/api/UnidadeRegional/obter-por-uf/MS', tokens.msAdmin!, undefined, 'ms')).json() as unknown[];
    expect(ms.length).toBeGreaterThanOrEqual(2);
    expect((await call('GET', '/api/UnidadeRegional/obter-por-uf/S*', tokens.admin!)).statusCode).toBe(400);
  });

  it('creates a unit, moves municipalities into it, refuses to delete it while it has some, then deletes it', async () => {
    const created = await call('POST', '/api/UnidadeRegional/cadastrar-unidade', tokens.admin!, { nomeRegiao: 'Regional Litoral Norte' });
    expect(created.statusCode, created.body).toBe(201);
    const unit = created.json();
    expect(unit).toMatchObject({ uf: 'SC', nomeRegiao: 'Regional Litoral Norte', municipioIds: [] });

    const moved = await call('POST', '/api/UnidadeRegional/atualizar-unidades-regionais-municipios', tokens.admin!, {
      unidadeRegionalId: unit.unidadeRegionalId,
      municipioIds: [city('Itajaí'), city('Joinville')],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().municipioNomes).toEqual(['Itajaí', 'Joinville']);
    const units = (await call('GET', '/api/UnidadeRegional/obter-por-uf/SC', tokens.admin!)).json() as Array<{ unidadeRegionalId: number; municipioIds: number[] }>;
    // A municipality belongs to one unit: the others no longer hold it.
    expect(units.filter((u) => u.municipioIds.includes(city('Itajaí'))).map((u) => u.unidadeRegionalId)).toEqual([unit.unidadeRegionalId]);

    const renamed = await call('PUT', '/api/UnidadeRegional/atualizar-unidade', tokens.admin!, { unidadeRegionalId: unit.unidadeRegionalId, nomeRegiao: 'Regional Litoral' });
    expect(renamed.json()).toMatchObject({ nomeRegiao: 'Regional Litoral', municipioIds: [city('Itajaí'), city('Joinville')] });

    const busy = await call('DELETE', `/api/UnidadeRegional/excluir-unidade/${unit.unidadeRegionalId}`, tokens.admin!);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('Não é possível excluir a unidade regional: há municípios vinculados a ela.');
    await call('POST', '/api/UnidadeRegional/atualizar-unidades-regionais-municipios', tokens.admin!, { unidadeRegionalId: unit.unidadeRegionalId, municipioIds: [] });
    expect((await call('DELETE', `/api/UnidadeRegional/excluir-unidade/${unit.unidadeRegionalId}`, tokens.admin!)).statusCode).toBe(204);
  });

  it('refuses a consultant, a blank name, another tenant’s or state’s municipality', async () => {
    expect((await call('POST', '/api/UnidadeRegional/cadastrar-unidade', tokens.condutor!, { nomeRegiao: 'X' })).statusCode).toBe(403);
    const [unit] = (await call('GET', '/api/UnidadeRegional/obter-por-uf/SC', tokens.admin!)).json() as Array<{ unidadeRegionalId: number; municipioIds: number[] }>;
    expect((await call('POST', '/api/UnidadeRegional/atualizar-unidades-regionais-municipios', tokens.condutor!, { unidadeRegionalId: unit!.unidadeRegionalId, municipioIds: [] })).statusCode).toBe(403);
    const blank = await call('POST', '/api/UnidadeRegional/cadastrar-unidade', tokens.admin!, { nomeRegiao: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('O nome da região é obrigatório');
    const foreign = await call('POST', '/api/UnidadeRegional/atualizar-unidades-regionais-municipios', tokens.admin!, {
      unidadeRegionalId: unit!.unidadeRegionalId,
      municipioIds: [msCities[0]!.municipioId],
    });
    expect(foreign.statusCode).toBe(400);
    expect((await call('DELETE', `/api/UnidadeRegional/excluir-unidade/${unit!.unidadeRegionalId}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
  });

  it('exports the state’s units and municipalities as an xlsx that exceljs reads back', async () => {
    const response = await call('GET', '/api/UnidadeRegional/gerar-xlsx-unidade-regional', tokens.admin!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]).toEqual(['UF', 'Unidade Regional', 'Município']);
    const units = (await call('GET', '/api/UnidadeRegional/obter-por-uf/SC', tokens.admin!)).json() as Array<{ nomeRegiao: string; municipioNomes: string[] }>;
    for (const unit of units) for (const nome of unit.municipioNomes) expect(rows).toContainEqual(['SC', unit.nomeRegiao, nome]);
    expect(rows.slice(1).map((r) => r[2]).sort()).toEqual(cities.map((c) => c.nome).sort());
  });
});

describe('api/gov-categoria and api/cargofuncao', () => {
  for (const family of [
    { base: '/api/gov-categoria', create: '/api/gov-categoria', update: '/api/gov-categoria', id: 'categoriaId', remove: (id: number) => `/api/gov-categoria/${id}`, seeded: 3 },
    { base: '/api/cargofuncao', create: '/api/cargofuncao/cadastrar-cargos-funcoes', update: '/api/cargofuncao/atualizar-cargo-funcao', id: 'cargoFuncaoId', remove: (id: number) => `/api/cargofuncao/${id}`, seeded: 5 },
  ])
    it(`${family.base}: CRUD, 409 on a duplicate, 400 in pt-BR, 403 for a consultant, tenant isolation`, async () => {
      expect(((await call('GET', family.base, tokens.admin!)).json() as unknown[]).length).toBe(family.seeded);
      const created = await call('POST', family.create, tokens.admin!, { nome: 'Turismo rural', descricao: 'Roteiros no interior' });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json()[family.id] as number;
      const edited = await call('PUT', family.update, tokens.admin!, { [family.id]: id, nome: 'Turismo de experiência', descricao: '' });
      expect(edited.json()).toMatchObject({ nome: 'Turismo de experiência', descricao: '' });
      const dup = await call('POST', family.create, tokens.admin!, { nome: 'Turismo de experiência' });
      expect(dup.statusCode).toBe(409);
      const blank = await call('POST', family.create, tokens.admin!, { descricao: 'sem nome' });
      expect(blank.statusCode).toBe(400);
      expect(blank.body).toContain('O nome é obrigatório');
      expect((await call('POST', family.create, tokens.condutor!, { nome: 'Outra' })).statusCode).toBe(403);
      expect((await call('DELETE', family.remove(id), tokens.condutor!)).statusCode).toBe(403);
      expect((await call('GET', `${family.base}/${id}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
      expect((await call('DELETE', family.remove(id), tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
      expect((await call('DELETE', family.remove(id), tokens.admin!)).statusCode).toBe(204);
      expect((await call('GET', `${family.base}/${id}`, tokens.admin!)).statusCode).toBe(404);
    });
});

describe('api/contratos', () => {
  it('lists all contracts for managers and a user’s own; creates, edits, toggles and deletes one', async () => {
    const [condutor] = await t.db.select().from(s.usuario).where(and(eq(s.usuario.tenantId, 'sc'), eq(s.usuario.email, 'condutor@demo.local')));
    const all = await call('GET', '/api/contratos', tokens.admin!);
    expect(all.statusCode).toBe(200);
    expect((await call('GET', '/api/contratos', tokens.condutor!)).statusCode).toBe(403);
    const own = (await call('GET', `/api/contratos/usuario/${condutor!.usuarioId}`, tokens.condutor!)).json() as Array<{ ativo: boolean; usuarioId: number }>;
    // The demo's 2025 contract, the inactive 2024 one and the current one of the payment processes (issue 28).
    expect(own.length).toBe(3);
    expect(own.filter((c) => !c.ativo)).toHaveLength(1);
    const [admin] = await t.db.select().from(s.usuario).where(and(eq(s.usuario.tenantId, 'sc'), eq(s.usuario.email, 'admin@demo.local')));
    expect((await call('GET', `/api/contratos/usuario/${admin!.usuarioId}`, tokens.condutor!)).statusCode).toBe(403);

    const body = { usuarioId: condutor!.usuarioId, numContrato: 'SC-2026/900', qtdEntregasPrevistas: 12, inicio: '2026-03-01', fim: '2027-02-28' };
    expect((await call('POST', '/api/contratos', tokens.condutor!, body)).statusCode).toBe(403);
    const created = await call('POST', '/api/contratos', tokens.admin!, body);
    expect(created.statusCode, created.body).toBe(201);
    const contract = created.json();
    expect(contract).toMatchObject({ ...body, ativo: true, usuarioNome: condutor!.nome });

    const backwards = await call('PUT', '/api/contratos', tokens.admin!, { ...body, contratoId: contract.contratoId, fim: '2026-01-31' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('A data de fim deve ser igual ou posterior à data de início');
    const badDate = await call('POST', '/api/contratos', tokens.admin!, { ...body, numContrato: 'X', inicio: '01/03/2026' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.body).toContain('A data de início inválida');
    const edited = await call('PUT', '/api/contratos', tokens.admin!, { ...body, contratoId: contract.contratoId, qtdEntregasPrevistas: 14 });
    expect(edited.json().qtdEntregasPrevistas).toBe(14);

    const off = await call('PUT', `/api/contratos/ativoInativo/${contract.contratoId}`, tokens.admin!);
    expect(off.json().ativo).toBe(false);
    const on = await call('PUT', `/api/contratos/ativoInativo/${contract.contratoId}`, tokens.admin!, { ativo: true });
    expect(on.json().ativo).toBe(true);
    expect((await call('PUT', `/api/contratos/ativoInativo/${contract.contratoId}`, tokens.condutor!, {})).statusCode).toBe(403);

    const dup = await call('POST', '/api/contratos', tokens.admin!, body);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Já existe um contrato com este número.');
    const foreignUser = await call('POST', '/api/contratos', tokens.msAdmin!, { ...body, numContrato: 'MS-X' }, 'ms');
    expect(foreignUser.statusCode).toBe(400);
    expect((await call('GET', `/api/contratos/${contract.contratoId}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/contratos/${contract.contratoId}`, tokens.admin!)).statusCode).toBe(204);
  });
});

describe('api/municipio-escola and api/atores', () => {
  it('keeps schools per municipality, visible only to who sees the municipality', async () => {
    const all = (await call('GET', '/api/municipio-escola', tokens.admin!)).json() as Array<{ municipioId: number }>;
    expect(all.length).toBe(5);
    const body = { municipioId: city('Lages'), nome: 'Escola Básica Municipal Serrana', codigoInep: '42123456', quantidadeAlunos: 300, quantidadeProfessores: 20 };
    const created = await call('POST', '/api/municipio-escola', tokens.admin!, body);
    expect(created.statusCode, created.body).toBe(201);
    const school = created.json();
    expect(school).toMatchObject({ ...body, municipioNome: 'Lages' });
    const badInep = await call('PUT', '/api/municipio-escola', tokens.admin!, { ...body, municipioEscolaId: school.municipioEscolaId, codigoInep: '12a' });
    expect(badInep.statusCode).toBe(400);
    expect(badInep.body).toContain('O código INEP tem 8 dígitos');
    const negative = await call('POST', '/api/municipio-escola', tokens.admin!, { ...body, nome: 'Outra', quantidadeAlunos: -1 });
    expect(negative.body).toContain('Quantidade de alunos: o mínimo é 0');
    expect((await call('POST', '/api/municipio-escola', tokens.condutor!, { ...body, nome: 'Outra' })).statusCode).toBe(403);
    // The consultant works in 3 municipalities, not Lages.
    const seen = (await call('GET', '/api/municipio-escola', tokens.condutor!)).json() as Array<{ municipioId: number }>;
    expect(seen.some((row) => row.municipioId === city('Lages'))).toBe(false);
    expect((await call('GET', `/api/municipio-escola/${school.municipioEscolaId}`, tokens.condutor!)).statusCode).toBe(404);
    const foreign = await call('POST', '/api/municipio-escola', tokens.msAdmin!, { ...body, municipioId: city('Lages') }, 'ms');
    expect(foreign.statusCode).toBe(400);
    expect((await call('DELETE', `/api/municipio-escola/${school.municipioEscolaId}`, tokens.admin!)).statusCode).toBe(204);
  });

  it('keeps actors per municipality, listed by municipality for who sees it', async () => {
    const florianopolis = city('Florianópolis');
    const byCity = (await call('GET', `/api/atores/municipio/${florianopolis}`, tokens.admin!)).json() as Array<{ municipioId: number }>;
    expect(byCity.length).toBe(3);
    expect(byCity.every((row) => row.municipioId === florianopolis)).toBe(true);
    const body = { municipioId: florianopolis, nome: 'Instituto Federal de SC', segmento: 'Educação', contato: 'ifsc@exemplo.edu.br' };
    const created = await call('POST', '/api/atores', tokens.admin!, body);
    expect(created.statusCode, created.body).toBe(201);
    const actor = created.json();
    const edited = await call('PUT', '/api/atores', tokens.admin!, { ...body, atorId: actor.atorId, segmento: 'Ensino' });
    expect(edited.json()).toMatchObject({ segmento: 'Ensino', municipioNome: 'Florianópolis' });
    expect((await call('POST', '/api/atores', tokens.admin!, { ...body, nome: '' })).body).toContain('O nome é obrigatório');
    // Actors are written with the registers menu (menuGestaoCadastros), which consultants do not hold
    // (tests/server/registers-visibility.test.ts covers each role and each municipality).
    expect((await call('PUT', '/api/atores', tokens.condutor!, { ...body, atorId: actor.atorId, contato: 'Telefone (48) 3000-0000' })).statusCode).toBe(403);
    expect((await call('POST', '/api/atores', tokens.ad!, body)).statusCode).toBe(403);
    expect((await call('GET', `/api/atores/municipio/${city('Lages')}`, tokens.condutor!)).statusCode).toBe(403);
    expect((await call('GET', `/api/atores/${actor.atorId}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/atores/${actor.atorId}`, tokens.admin!)).statusCode).toBe(204);
  });
});
