import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/**
 * Who sees and who writes which register rows (issue 25): the visibility each register declares is
 * applied to every operation (list, get, create, update, delete), another tenant's row is a 404 on
 * PUT as on GET and DELETE, and the actors register is written by who writes the other registers.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown, tenant = 'sc') =>
  t.app.inject({ method, url, headers: authHeaders(token, tenant), payload: payload as object });

/** An SC municipality that neither the conductor nor the analyst holds a permission in, and one both hold. */
let outside: number;
let shared: number;

async function userIds(emails: string[]): Promise<number[]> {
  const rows = await t.db
    .select({ usuarioId: s.usuario.usuarioId })
    .from(s.usuario)
    .where(and(eq(s.usuario.tenantId, 'sc'), inArray(s.usuario.email, emails)));
  return rows.map((r) => r.usuarioId);
}

/**
 * A user who may write actors and schools (the registers' menu flags) but sees only `municipioId`:
 * the visibility, not the write flag, must then keep them off the other municipalities' rows.
 */
async function limitedManager(
  email: string,
  municipioId: number,
  options: { flags?: Partial<typeof s.usuarioGrupo.$inferInsert>; eixoId?: number } = {},
): Promise<string> {
  const [admin] = await t.db
    .select()
    .from(s.usuario)
    .where(and(eq(s.usuario.tenantId, 'sc'), eq(s.usuario.email, 'admin@demo.local')));
  const [consultor] = await t.db
    .select()
    .from(s.usuarioGrupo)
    .where(and(eq(s.usuarioGrupo.tenantId, 'sc'), eq(s.usuarioGrupo.nome, 'Consultor')));
  const { grupoId: _id, criadoEm: _c, nome: _n, ...flags } = consultor!;
  const [group] = await t.db
    .insert(s.usuarioGrupo)
    .values({
      ...flags,
      tenantId: 'sc',
      nome: `Gestor local ${email}`,
      menuGestaoCadastros: true,
      menuEducacaoEmpreendedora: true,
      visualizaMunicipio: false,
      ...options.flags,
    })
    .returning();
  const [user] = await t.db
    .insert(s.usuario)
    .values({ tenantId: 'sc', nome: 'Gestor local', email, senhaHash: admin!.senhaHash, grupoId: group!.grupoId })
    .returning();
  await t.db
    .insert(s.usuarioPermissao)
    .values({ tenantId: 'sc', usuarioId: user!.usuarioId, municipioId, eixoId: options.eixoId ?? null, permissao: 'Analista' });
  return login(t, email);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const key of ['admin', 'condutor', 'analista', 'operacoes', 'especialista']) tokens[key] = await login(t, `${key}@demo.local`);
  tokens.msAdmin = await login(t, 'admin@demo.local', 'ms');
  const consultants = await userIds(['condutor@demo.local', 'analista@demo.local']);
  const held = await t.db
    .select({ municipioId: s.usuarioPermissao.municipioId, usuarioId: s.usuarioPermissao.usuarioId })
    .from(s.usuarioPermissao)
    .where(inArray(s.usuarioPermissao.usuarioId, consultants));
  const heldIds = held.map((p) => p.municipioId).filter((id): id is number => id !== null);
  const [free] = await t.db
    .select({ municipioId: s.municipio.municipioId })
    .from(s.municipio)
    .where(and(eq(s.municipio.tenantId, 'sc'), notInArray(s.municipio.municipioId, heldIds)))
    .limit(1);
  outside = free!.municipioId;
  shared = heldIds.find((id) => consultants.every((u) => held.some((p) => p.usuarioId === u && p.municipioId === id)))!;
  expect(shared).toBeTypeOf('number');
});
afterAll(async () => t?.close());

const actorBody = (municipioId: number, nome = 'Associação Comercial') => ({
  municipioId,
  nome,
  segmento: 'Comércio',
  contato: 'acic@exemplo.com.br',
});
const schoolBody = (municipioId: number, nome = 'Escola Municipal do Campo') => ({
  municipioId,
  nome,
  codigoInep: '42999999',
  quantidadeAlunos: 120,
  quantidadeProfessores: 9,
});

const registers = [
  { name: 'atores', path: '/api/atores', idKey: 'atorId', body: actorBody },
  { name: 'municipio-escola', path: '/api/municipio-escola', idKey: 'municipioEscolaId', body: schoolBody },
] as const;

describe('registers kept per municipality: every operation applies the municipality visibility', () => {
  for (const r of registers) {
    it(`${r.name}: a manager of another municipality gets 404 on GET, PUT and DELETE, and the row stays as it was`, async () => {
      const token = await limitedManager(`gestor.${r.name}@demo.local`, shared);
      const created = await call('POST', r.path, tokens.admin!, r.body(outside));
      expect(created.statusCode, created.body).toBe(201);
      const row = created.json() as Record<string, unknown>;
      const id = row[r.idKey] as number;

      expect((await call('GET', `${r.path}/${id}`, token)).statusCode).toBe(404);
      const put = await call('PUT', r.path, token, { ...r.body(outside, 'Renomeado por quem não vê'), [r.idKey]: id });
      expect(put.statusCode).toBe(404);
      // Moving it into a municipality they see is no way in either.
      expect((await call('PUT', r.path, token, { ...r.body(shared, 'Trazido para cá'), [r.idKey]: id })).statusCode).toBe(404);
      const removed = await call('DELETE', `${r.path}/${id}`, token);
      expect(removed.statusCode).toBe(404);
      expect(removed.json().message).toMatch(/não encontrad[ao]\.$/);
      const list = (await call('GET', r.path, token)).json() as Array<Record<string, unknown>>;
      expect(list.some((x) => x[r.idKey] === id)).toBe(false);

      const after = await call('GET', `${r.path}/${id}`, tokens.admin!);
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual(row);
    });

    it(`${r.name}: the same manager keeps the rows of their municipality, and cannot put one out of sight`, async () => {
      const token = await limitedManager(`gestora.${r.name}@demo.local`, shared);
      const created = await call('POST', r.path, token, r.body(shared));
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json()[r.idKey] as number;
      expect((await call('GET', `${r.path}/${id}`, token)).statusCode).toBe(200);
      expect(((await call('GET', r.path, token)).json() as Array<Record<string, unknown>>).some((x) => x[r.idKey] === id)).toBe(true);
      const edited = await call('PUT', r.path, token, { ...r.body(shared, 'Nome novo'), [r.idKey]: id });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().nome).toBe('Nome novo');
      const moved = await call('PUT', r.path, token, { ...r.body(outside, 'Nome novo'), [r.idKey]: id });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().message).toBe('Município não encontrado.');
      expect((await call('GET', `${r.path}/${id}`, tokens.admin!)).json().municipioId).toBe(shared);
      const elsewhere = await call('POST', r.path, token, r.body(outside, 'Em outro município'));
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().message).toBe('Município não encontrado.');
      expect((await call('DELETE', `${r.path}/${id}`, token)).statusCode).toBe(204);
      expect((await call('GET', `${r.path}/${id}`, tokens.admin!)).statusCode).toBe(404);
    });

    it(`${r.name}: a consultant or analyst gets 404 on another municipality's row and 403 on any write, and the row stays`, async () => {
      const created = await call('POST', r.path, tokens.admin!, r.body(outside, `Fora da carteira ${r.name}`));
      expect(created.statusCode, created.body).toBe(201);
      const row = created.json() as Record<string, unknown>;
      const id = row[r.idKey] as number;
      for (const who of ['condutor', 'analista'] as const) {
        expect((await call('GET', `${r.path}/${id}`, tokens[who]!)).statusCode, who).toBe(404);
        expect((await call('PUT', r.path, tokens[who]!, { ...r.body(outside, 'Alterado'), [r.idKey]: id })).statusCode, who).toBe(403);
        expect((await call('DELETE', `${r.path}/${id}`, tokens[who]!)).statusCode, who).toBe(403);
      }
      expect((await call('GET', `${r.path}/${id}`, tokens.admin!)).json()).toEqual(row);
    });
  }
});

describe('who writes the actors register (spec §6: the registers menu, as every other register)', () => {
  it('consultants, analysts and Operações read the actors they see but may not create, change or delete one (403)', async () => {
    const created = await call('POST', '/api/atores', tokens.admin!, actorBody(shared, 'Câmara de Dirigentes Lojistas'));
    expect(created.statusCode, created.body).toBe(201);
    const actor = created.json() as { atorId: number };
    for (const who of ['condutor', 'especialista', 'analista', 'operacoes'] as const) {
      expect((await call('GET', `/api/atores/${actor.atorId}`, tokens[who]!)).statusCode, who).toBe(200);
      expect((await call('POST', '/api/atores', tokens[who]!, actorBody(shared, `Novo ator ${who}`))).statusCode, who).toBe(403);
      expect(
        (await call('PUT', '/api/atores', tokens[who]!, { ...actorBody(shared, 'Outro nome'), atorId: actor.atorId })).statusCode,
        who,
      ).toBe(403);
      expect((await call('DELETE', `/api/atores/${actor.atorId}`, tokens[who]!)).statusCode, who).toBe(403);
    }
    expect((await call('GET', `/api/atores/${actor.atorId}`, tokens.admin!)).json()).toEqual(created.json());
    const names = ((await call('GET', '/api/atores', tokens.admin!)).json() as Array<{ nome: string }>).map((a) => a.nome);
    expect(names.filter((n) => n.startsWith('Novo ator'))).toEqual([]);
  });

  it('the Administrador group (not only the built-in account) writes actors', async () => {
    const token = await login(t, 'administrador@demo.local');
    const created = await call('POST', '/api/atores', token, actorBody(outside, 'Sindicato Rural'));
    expect(created.statusCode, created.body).toBe(201);
    expect((await call('DELETE', `/api/atores/${created.json().atorId}`, token)).statusCode).toBe(204);
  });
});

describe('plain-table registers: another tenant’s PUT is a 404 and changes nothing', () => {
  const plain = [
    {
      path: '/api/cargofuncao',
      create: '/api/cargofuncao/cadastrar-cargos-funcoes',
      update: '/api/cargofuncao/atualizar-cargo-funcao',
      idKey: 'cargoFuncaoId',
      body: { nome: 'Secretário de Turismo', descricao: 'Pasta' },
    },
    {
      path: '/api/gov-categoria',
      create: '/api/gov-categoria',
      update: '/api/gov-categoria',
      idKey: 'categoriaId',
      body: { nome: 'Economia criativa', descricao: 'Cultura' },
    },
    {
      path: '/api/municipio-faixas',
      create: '/api/municipio-faixas',
      update: '/api/municipio-faixas',
      idKey: 'faixaValorId',
      body: { nome: 'Metrópole', valorMinimo: 200_000_000, valorMaximo: 300_000_000 },
    },
    {
      path: '/api/solucoes-faixas',
      create: '/api/solucoes-faixas',
      update: '/api/solucoes-faixas',
      idKey: 'faixaValorId',
      body: { nome: 'Premium', valorMinimo: 200_000_000, valorMaximo: 300_000_000 },
    },
    {
      path: '/api/Pacote',
      create: '/api/Pacote',
      update: '/api/Pacote',
      idKey: 'pacoteId',
      body: { nome: 'Pacote de Inverno', descricao: 'Serra' },
    },
    {
      path: '/api/Medalha',
      create: '/api/Medalha',
      update: '/api/Medalha',
      idKey: 'medalhaId',
      body: { nome: 'Medalha Serra', nivel: 'bronze', pontuacaoMinima: 40 },
    },
    {
      path: '/api/solucao-tipo',
      create: '/api/solucao-tipo',
      update: '/api/solucao-tipo',
      idKey: 'solucaoTipoId',
      body: { nome: 'Imersão de campo' },
    },
  ];
  for (const r of plain)
    it(`${r.path}`, async () => {
      const created = await call('POST', r.create, tokens.admin!, r.body);
      expect(created.statusCode, created.body).toBe(201);
      const row = created.json() as Record<string, unknown>;
      const id = row[r.idKey] as number;
      const foreign = await call('PUT', r.update, tokens.msAdmin!, { ...r.body, [r.idKey]: id, nome: 'Alterado por outra base' }, 'ms');
      expect(foreign.statusCode, foreign.body).toBe(404);
      expect(foreign.json().message).toMatch(/não encontrad[ao]\.$/);
      const after = await call('GET', `${r.path}/${id}`, tokens.admin!);
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual(row);
      // The same body from its own tenant does change it: the 404 above is the tenant, not the body.
      const own = await call('PUT', r.update, tokens.admin!, { ...r.body, [r.idKey]: id, nome: `${r.body.nome} II` });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().nome).toBe(`${r.body.nome} II`);
    });
});

describe('the other registers that declare who sees a row: the same 404 on PUT and DELETE as on GET', () => {
  it('Temas: a manager who sees one axis cannot open, change or delete a theme of another, nor move one there', async () => {
    const axes = (await call('GET', '/api/projeto/Eixo', tokens.admin!)).json() as Array<{ eixoId: number }>;
    const [mine, other] = [axes[0]!.eixoId, axes[1]!.eixoId];
    const token = await limitedManager('gestor.temas@demo.local', shared, {
      flags: { menuTemas: true, verTodosEixos: false },
      eixoId: mine,
    });
    const created = await call('POST', '/api/Tema', tokens.admin!, { nome: 'Tema de outro eixo', eixoId: other });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json() as { temaId: number };
    expect((await call('GET', `/api/Tema/${row.temaId}`, token)).statusCode).toBe(404);
    expect((await call('PUT', '/api/Tema', token, { temaId: row.temaId, nome: 'Alterado', eixoId: mine })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/Tema/${row.temaId}`, token)).statusCode).toBe(404);
    expect((await call('GET', `/api/Tema/${row.temaId}`, tokens.admin!)).json()).toEqual(row);
    const own = await call('POST', '/api/Tema', token, { nome: 'Tema do meu eixo', eixoId: mine });
    expect(own.statusCode, own.body).toBe(201);
    const moved = await call('PUT', '/api/Tema', token, { temaId: own.json().temaId, nome: 'Tema do meu eixo', eixoId: other });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('Eixo não encontrado.');
    expect((await call('DELETE', `/api/Tema/${own.json().temaId}`, token)).statusCode).toBe(204);
  });

  it('Instituições: a manager without verTodasInstituicao cannot change or delete one outside their municipalities', async () => {
    const token = await limitedManager('gestor.instituicoes@demo.local', shared, {
      flags: { menuInstituicao: true, verTodasInstituicao: false },
    });
    const created = await call('POST', '/api/govInstituicao/cadastrar-instituicao', tokens.admin!, {
      nome: 'Cooperativa do Vale',
      sigla: 'COOPVALE',
      municipioIds: [outside],
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json() as { instituicaoId: number };
    expect((await call('GET', `/api/govInstituicao/${row.instituicaoId}`, token)).statusCode).toBe(404);
    const put = await call('PUT', '/api/govInstituicao/atualizar-instituicao', token, {
      instituicaoId: row.instituicaoId,
      nome: 'Alterada',
      municipioIds: [shared],
    });
    expect(put.statusCode).toBe(404);
    expect((await call('DELETE', `/api/govInstituicao/excluir-instituicao/${row.instituicaoId}`, token)).statusCode).toBe(404);
    expect((await call('GET', `/api/govInstituicao/${row.instituicaoId}`, tokens.admin!)).json()).toEqual(row);
    const elsewhere = await call('POST', '/api/govInstituicao/cadastrar-instituicao', token, {
      nome: 'Fora de vista',
      municipioIds: [outside],
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('Escolha ao menos um município que você vê.');
  });
});
