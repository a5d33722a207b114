import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { municipio, projeto } from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/**
 * The axes family of registers (issue 17): api/projeto/Eixo, api/eixosgrupos, api/MunicipiosEixos,
 * api/MunicipioTemasHabilitados, api/solucao-tipo and api/municipioIbge.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown, tenant = 'sc') =>
  t.app.inject({ method, url, headers: authHeaders(token, tenant), payload: payload as object });

type AxisRow = { eixoId: number; nome: string; nacional: boolean; projetoId: number | null; projetoNome: string | null };

const city: Record<string, number> = {};
let scProjectId = 0;
let msProjectId = 0;
let msCityId = 0;
let axes: AxisRow[] = [];
const axisId = (nome: string) => axes.find((a) => a.nome === nome)!.eixoId;

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await login(t, 'admin@demo.local');
  tokens.condutor = await login(t, 'condutor@demo.local');
  tokens.msAdmin = await login(t, 'admin@demo.local', 'ms');
  for (const m of await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'))) city[m.nome] = m.municipioId;
  msCityId = (await t.db.select().from(municipio).where(eq(municipio.tenantId, 'ms')))[0]!.municipioId;
  scProjectId = (await t.db.select().from(projeto).where(eq(projeto.tenantId, 'sc')))[0]!.projetoId;
  msProjectId = (await t.db.select().from(projeto).where(eq(projeto.tenantId, 'ms')))[0]!.projetoId;
  axes = (await call('GET', '/api/projeto/Eixo', tokens.admin)).json();
});
afterAll(async () => t?.close());

describe('api/projeto/Eixo register', () => {
  it('creates, reads, edits and deletes an axis, with its project', async () => {
    const created = await call('POST', '/api/projeto/Eixo', tokens.admin!, {
      nome: '  Economia Criativa ',
      descricao: 'Cultura, design e produção audiovisual locais',
      nacional: false,
      projetoId: scProjectId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const axis = created.json() as AxisRow;
    expect(axis).toMatchObject({ nome: 'Economia Criativa', nacional: false, projetoId: scProjectId });
    expect(axis.projetoNome).toEqual(expect.any(String));
    // The reads every combo uses see it too.
    const all = (await call('GET', '/api/projeto/eixo/get-eixo', tokens.condutor!)).json() as AxisRow[];
    expect(all.some((a) => a.eixoId === axis.eixoId)).toBe(true);

    const edited = await call('PUT', '/api/projeto/Eixo', tokens.admin!, { eixoId: axis.eixoId, nome: 'Economia Criativa', nacional: true, projetoId: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ nacional: true, projetoId: null, projetoNome: null, descricao: '' });
    expect((await call('GET', `/api/projeto/Eixo/${axis.eixoId}`, tokens.admin!)).json().nacional).toBe(true);

    expect((await call('DELETE', `/api/projeto/Eixo/${axis.eixoId}`, tokens.admin!)).statusCode).toBe(204);
    expect((await call('GET', `/api/projeto/Eixo/${axis.eixoId}`, tokens.admin!)).statusCode).toBe(404);
  });

  it('answers 400 in pt-BR for a missing name and 409 for a duplicate one', async () => {
    const missing = await call('POST', '/api/projeto/Eixo', tokens.admin!, { nome: '  ', nacional: 'sim' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('O nome é obrigatório');
    const duplicate = await call('POST', '/api/projeto/Eixo', tokens.admin!, { nome: 'Turismo' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Já existe um eixo com este nome.');
  });

  it('answers 409 with the reason, never 500, for an axis that themes or questions use', async () => {
    const used = await call('DELETE', `/api/projeto/Eixo/${axisId('Turismo')}`, tokens.admin!);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('Não é possível excluir o eixo: há registros que o usam.');
  });

  it('refuses a consultant (403) and another tenant’s project (400); another tenant’s axis is not found', async () => {
    const denied = await call('POST', '/api/projeto/Eixo', tokens.condutor!, { nome: 'Sem permissão' });
    expect(denied.statusCode).toBe(403);
    expect((await call('DELETE', `/api/projeto/Eixo/${axisId('Turismo')}`, tokens.condutor!)).statusCode).toBe(403);
    const foreign = await call('POST', '/api/projeto/Eixo', tokens.admin!, { nome: 'Projeto de outra base', projetoId: msProjectId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Projeto não encontrado.');
    expect((await call('GET', `/api/projeto/Eixo/${axisId('Turismo')}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/projeto/Eixo/${axisId('Turismo')}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
  });
});

describe('api/eixosgrupos register', () => {
  it('lists the seeded groups with their axes in both tenants', async () => {
    for (const [token, tenant] of [
      [tokens.admin!, 'sc'],
      [tokens.msAdmin!, 'ms'],
    ] as const) {
      const list = await call('GET', '/api/eixosgrupos', token, undefined, tenant);
      expect(list.statusCode, list.body).toBe(200);
      const local = (list.json() as Array<{ nome: string; eixoNomes: string[] }>).find((g) => g.nome === 'Desenvolvimento local');
      expect(local?.eixoNomes).toEqual(['Empreendedorismo na Escola', 'Turismo']);
    }
  });

  it('creates, edits and deletes a group; refuses more than 5 axes in pt-BR', async () => {
    const ids = axes.map((a) => a.eixoId);
    const created = await call('POST', '/api/eixosgrupos', tokens.admin!, { nome: 'Todos', eixoIds: [ids[0], ids[1], ids[0]] });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    expect(group.eixoIds).toHaveLength(2);

    const edited = await call('PUT', '/api/eixosgrupos', tokens.admin!, { eixosGrupoId: group.eixosGrupoId, nome: 'Todos os eixos', eixoIds: ids.slice(0, 4) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ nome: 'Todos os eixos', eixoIds: expect.arrayContaining(ids.slice(0, 4)) });

    const six = await call('PUT', '/api/eixosgrupos', tokens.admin!, { eixosGrupoId: group.eixosGrupoId, nome: 'Seis', eixoIds: [1, 2, 3, 4, 5, 6] });
    expect(six.statusCode).toBe(400);
    expect(six.body).toContain('Escolha no máximo 5 eixos');
    const none = await call('POST', '/api/eixosgrupos', tokens.admin!, { nome: 'Vazio', eixoIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Escolha ao menos um eixo');

    // An axis in a group cannot go.
    const inGroup = await call('POST', '/api/projeto/Eixo', tokens.admin!, { nome: 'Eixo em grupo' });
    const inGroupId = inGroup.json().eixoId as number;
    await call('PUT', '/api/eixosgrupos', tokens.admin!, { eixosGrupoId: group.eixosGrupoId, nome: 'Todos os eixos', eixoIds: [inGroupId] });
    expect((await call('DELETE', `/api/projeto/Eixo/${inGroupId}`, tokens.admin!)).statusCode).toBe(409);

    expect((await call('DELETE', `/api/eixosgrupos/${group.eixosGrupoId}`, tokens.admin!)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/projeto/Eixo/${inGroupId}`, tokens.admin!)).statusCode).toBe(204);
  });

  it('refuses a consultant (403) and another tenant’s axes (400)', async () => {
    expect((await call('POST', '/api/eixosgrupos', tokens.condutor!, { nome: 'X', eixoIds: [axisId('Turismo')] })).statusCode).toBe(403);
    const foreign = await call('POST', '/api/eixosgrupos', tokens.msAdmin!, { nome: 'X', eixoIds: [axisId('Turismo')] }, 'ms');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Eixo não encontrado.');
  });
});

describe('api/MunicipiosEixos and api/MunicipioTemasHabilitados (batch)', () => {
  const axesOf = async (id: number) =>
    ((await call('GET', `/api/projeto/eixo/get-eixo-by-permissao-municipio/${id}`, tokens.admin!)).json() as AxisRow[]).map((a) => a.nome);

  it('reads a municipality’s axes, replaces the non-national ones at once, and the municipality then works on them', async () => {
    const joinville = city['Joinville']!;
    const before = await call('GET', `/api/MunicipiosEixos/${joinville}`, tokens.admin!);
    expect(before.statusCode, before.body).toBe(200);
    const chosen = (before.json() as Array<{ nome: string; selecionado: boolean; nacional: boolean }>).filter((a) => a.selecionado);
    expect(chosen.map((a) => a.nome)).toEqual(['Ambiente de Negócios', 'Compras Públicas', 'Empreendedorismo na Escola']);
    expect(await axesOf(joinville)).not.toContain('Turismo');

    const saved = await call('PUT', '/api/MunicipiosEixos', tokens.admin!, {
      municipioId: joinville,
      eixoIds: [axisId('Turismo'), axisId('Empreendedorismo na Escola'), axisId('Compras Públicas')],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const reread = (await call('GET', `/api/MunicipiosEixos/${joinville}`, tokens.admin!)).json() as Array<{ nome: string; selecionado: boolean }>;
    expect(reread.find((a) => a.nome === 'Turismo')?.selecionado).toBe(true);
    expect(await axesOf(joinville)).toContain('Turismo');
    // The axis a municipality works on cannot be deleted.
    const created = await call('POST', '/api/projeto/Eixo', tokens.admin!, { nome: 'Eixo de Joinville' });
    await call('PUT', '/api/MunicipiosEixos', tokens.admin!, { municipioId: joinville, eixoIds: [created.json().eixoId] });
    expect((await call('DELETE', `/api/projeto/Eixo/${created.json().eixoId}`, tokens.admin!)).statusCode).toBe(409);
    await call('PUT', '/api/MunicipiosEixos', tokens.admin!, { municipioId: joinville, eixoIds: [] });
    expect((await call('DELETE', `/api/projeto/Eixo/${created.json().eixoId}`, tokens.admin!)).statusCode).toBe(204);
  });

  it('replaces the enabled themes of a municipality at once', async () => {
    const blumenau = city['Blumenau']!;
    const themes = (await call('GET', `/api/MunicipioTemasHabilitados/${blumenau}`, tokens.admin!)).json() as Array<{ temaId: number }>;
    expect(themes.length).toBeGreaterThan(1);
    const saved = await call('PUT', '/api/MunicipioTemasHabilitados', tokens.admin!, { municipioId: blumenau, temaIds: [themes[0]!.temaId] });
    expect(saved.statusCode, saved.body).toBe(200);
    const enabled = (await call('GET', `/api/MunicipioTemasHabilitados/${blumenau}`, tokens.admin!)).json() as Array<{ temaId: number; habilitado: boolean }>;
    expect(enabled.filter((th) => th.habilitado).map((th) => th.temaId)).toEqual([themes[0]!.temaId]);
  });

  it('refuses a consultant (403), another tenant’s municipality (404) or axis (400), and a bad body in pt-BR (400)', async () => {
    const floripa = city['Florianópolis']!;
    expect((await call('GET', `/api/MunicipiosEixos/${floripa}`, tokens.condutor!)).statusCode).toBe(403);
    expect((await call('PUT', '/api/MunicipiosEixos', tokens.condutor!, { municipioId: floripa, eixoIds: [] })).statusCode).toBe(403);
    expect((await call('PUT', '/api/MunicipioTemasHabilitados', tokens.condutor!, { municipioId: floripa, temaIds: [] })).statusCode).toBe(403);
    expect((await call('GET', `/api/MunicipiosEixos/${msCityId}`, tokens.admin!)).statusCode).toBe(404);
    expect((await call('PUT', '/api/MunicipiosEixos', tokens.admin!, { municipioId: msCityId, eixoIds: [] })).statusCode).toBe(404);
    const foreignAxis = await call('PUT', '/api/MunicipiosEixos', tokens.msAdmin!, { municipioId: msCityId, eixoIds: [axisId('Turismo')] }, 'ms');
    expect(foreignAxis.statusCode).toBe(400);
    const bad = await call('PUT', '/api/MunicipiosEixos', tokens.admin!, { eixoIds: 'todos' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Escolha o município');
  });
});

describe('api/solucao-tipo register', () => {
  it('creates, edits and deletes a type; the list (GET solucao-tipo) shows it', async () => {
    const created = await call('POST', '/api/solucao-tipo', tokens.admin!, { nome: 'Mentoria' });
    expect(created.statusCode, created.body).toBe(201);
    const { solucaoTipoId } = created.json();
    const list = (await call('GET', '/api/solucao-tipo', tokens.condutor!)).json() as Array<{ nome: string }>;
    expect(list.map((row) => row.nome)).toContain('Mentoria');
    const edited = await call('PUT', '/api/solucao-tipo', tokens.admin!, { solucaoTipoId, nome: 'Mentoria coletiva' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call('GET', `/api/solucao-tipo/${solucaoTipoId}`, tokens.admin!)).json().nome).toBe('Mentoria coletiva');
    // Renaming it to its own name is no duplicate.
    expect((await call('PUT', '/api/solucao-tipo', tokens.admin!, { solucaoTipoId, nome: 'Mentoria coletiva' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/solucao-tipo/${solucaoTipoId}`, tokens.admin!)).statusCode).toBe(204);
  });

  it('answers 409 for a duplicate name (case ignored) and for a type solutions use; 400 for no name; 403 for a consultant', async () => {
    const duplicate = await call('POST', '/api/solucao-tipo', tokens.admin!, { nome: 'consultoria' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Já existe um tipo de solução com este nome.');
    const types = (await call('GET', '/api/solucao-tipo', tokens.admin!)).json() as Array<{ solucaoTipoId: number; nome: string }>;
    const consultoria = types.find((row) => row.nome === 'Consultoria')!;
    const used = await call('DELETE', `/api/solucao-tipo/${consultoria.solucaoTipoId}`, tokens.admin!);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('Não é possível excluir o tipo de solução: há registros que o usam.');
    expect((await call('POST', '/api/solucao-tipo', tokens.admin!, {})).body).toContain('O nome é obrigatório');
    expect((await call('POST', '/api/solucao-tipo', tokens.condutor!, { nome: 'Sem permissão' })).statusCode).toBe(403);
    expect((await call('GET', `/api/solucao-tipo/${consultoria.solucaoTipoId}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
  });
});

describe('api/municipioIbge', () => {
  it('finds the tenant’s municipality by UF and IBGE code; 404 in pt-BR otherwise; 400 for a malformed code', async () => {
    const found = await call('GET', '/api/municipioIbge/obter-por-uf-codigomunicipio/sc/4205407', tokens.condutor!);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({ municipioId: city['Florianópolis'], nome: 'Florianópolis', uf: 'SC', codigoIbge: '4205407' });
    const otherUf = await call('GET', '/api/municipioIbge/obter-por-uf-codigomunicipio/MS/4205407', tokens.admin!);
    expect(otherUf.statusCode).toBe(404);
    expect(otherUf.json().message).toBe('Município não encontrado para esta UF e código IBGE.');
    // Another tenant's municipality is not found from this one.
    expect((await call('GET', '/api/municipioIbge/obter-por-uf-codigomunicipio/SC/4205407', tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
    const bad = await call('GET', '/api/municipioIbge/obter-por-uf-codigomunicipio/SC/abc', tokens.admin!);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Código IBGE inválido');
  });
});
