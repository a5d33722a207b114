import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eixo, usuario, usuarioGrupo, usuarioGrupoPermissao } from '../../server/db/schema/index.ts';
import { defaultFlags, FLAG_KEYS } from '../../src/domain/permission-flags.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = { consultor: 0, admin: 0, analista: 0, msGroup: 0, scAxes: [] as number[], msAxis: 0 };

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'administrador', 'condutor', 'analista']) tokens[who] = await login(t, `${who}@demo.local`);
  const group = async (nome: string, tenantId = 'sc') =>
    (
      await t.db
        .select()
        .from(usuarioGrupo)
        .where(and(eq(usuarioGrupo.nome, nome), eq(usuarioGrupo.tenantId, tenantId)))
    )[0]!.grupoId;
  ids.consultor = await group('Consultor');
  ids.admin = await group('Administrador');
  ids.analista = await group('Analista');
  ids.msGroup = await group('Consultor', 'ms');
  ids.scAxes = (await t.db.select().from(eixo).where(eq(eixo.tenantId, 'sc'))).map((e) => e.eixoId);
  ids.msAxis = (await t.db.select().from(eixo).where(eq(eixo.tenantId, 'ms')))[0]!.eixoId;
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown, tenant = 'sc') =>
  t.app.inject({ method, url, headers: token ? authHeaders(token, tenant) : { database: tenant }, payload: payload as object });

let seq = 0;
async function createGroup(extra: Record<string, unknown> = {}, token = tokens.admin!) {
  const res = await call('POST', '/api/usuario/grupo', token, { nome: `Grupo de Teste ${++seq}`, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/usuario/grupo', () => {
  it('creates a group whose omitted flags are exactly the catalogue defaults', async () => {
    const group = await createGroup({ nome: 'Apenas o Nome' });
    const defaults = defaultFlags();
    for (const key of FLAG_KEYS) expect(group[key], key).toBe(defaults[key]);
    expect(group).toMatchObject({ nome: 'Apenas o Nome', visualizaEixosIds: [], relatorioAdm: [] });
    const [row] = await t.db.select().from(usuarioGrupo).where(eq(usuarioGrupo.grupoId, group.grupoId));
    expect(row!.tenantId).toBe('sc');
    expect(row!.visualizaEixosIds).toBe('[]');
  });

  it('stores the flags, axes and administrative reports sent', async () => {
    const group = await createGroup({
      novoRelatorio: true,
      salvarMunicipio: false,
      visualizaEixosIds: ids.scAxes.slice(0, 2),
      relatorioAdm: [7, 3, 7],
    });
    expect(group).toMatchObject({ novoRelatorio: true, salvarMunicipio: false, verMeusRelatorios: true, relatorioAdm: [3, 7] });
    expect(group.visualizaEixosIds).toEqual(ids.scAxes.slice(0, 2));
  });

  it('refuses bad input in pt-BR', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'O nome é obrigatório'],
      [{ nome: '  ' }, 'O nome é obrigatório'],
      [{ nome: 'G', relatorioAdm: [99] }, 'Relatório inválido: use um número de 1 a 51'],
      [{ nome: 'G', relatorioAdm: [0] }, 'Relatório inválido: use um número de 1 a 51'],
      [{ nome: 'G', visualizaEixosIds: [1, 2, 3, 4, 5, 6] }, 'Selecione no máximo 5 eixos'],
      [{ nome: 'G', novoRelatorio: 'sim' }, 'Valor inválido'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/usuario/grupo', tokens.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toContain(message);
    }
    const foreignAxis = await call('POST', '/api/usuario/grupo', tokens.admin, { nome: 'G', visualizaEixosIds: [ids.msAxis] });
    expect(foreignAxis.statusCode).toBe(400);
    expect(foreignAxis.json()).toEqual({ message: 'Eixo não encontrado.' });
  });

  it('refuses a name already in use, whatever the case, with 409', async () => {
    const res = await call('POST', '/api/usuario/grupo', tokens.admin, { nome: 'CONSULTOR' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Já existe um grupo com este nome.' });
    const msAdmin = await login(t, 'admin@demo.local', 'ms');
    const first = await createGroup({ nome: 'Só em SC' });
    const elsewhere = await call('POST', '/api/usuario/grupo', msAdmin, { nome: first.nome }, 'ms');
    expect(elsewhere.statusCode).toBe(201);
  });
});

describe('reading groups', () => {
  it('lists the groups of the tenant with their user counts', async () => {
    const res = await call('GET', '/api/usuario/grupo', tokens.admin);
    expect(res.statusCode).toBe(200);
    const body: { grupoId: number; nome: string; quantidadeUsuarios: number }[] = res.json();
    const [users] = await t.db
      .select()
      .from(usuario)
      .where(and(eq(usuario.grupoId, ids.consultor), eq(usuario.tenantId, 'sc')))
      .then((rows) => [rows.length]);
    expect(body.find((g) => g.grupoId === ids.consultor)).toEqual({ grupoId: ids.consultor, nome: 'Consultor', quantidadeUsuarios: users });
    expect(body.some((g) => g.grupoId === ids.msGroup)).toBe(false);
  });

  it('returns one group with every flag of the catalogue', async () => {
    const res = await call('GET', `/api/usuario/grupo/${ids.analista}`, tokens.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const [row] = await t.db.select().from(usuarioGrupo).where(eq(usuarioGrupo.grupoId, ids.analista));
    for (const key of FLAG_KEYS) expect(body[key], key).toBe(row![key]);
    expect(body.relatorioAdm).toEqual([1, 2, 5, 10, 40]);
    expect((await call('GET', `/api/usuario/grupo/${ids.msGroup}`, tokens.admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/usuario/grupo/0', tokens.admin)).statusCode).toBe(400);
  });

  it('returns the group created last', async () => {
    const created = await createGroup();
    const res = await call('GET', '/api/usuario/grupo/get-Last-grupo', tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ grupoId: created.grupoId, nome: created.nome });
  });
});

describe('PUT /api/usuario/grupo and update-grupo', () => {
  it('changes the flags and lists sent and keeps the rest', async () => {
    const created = await createGroup({ novoRelatorio: true, relatorioAdm: [1, 2], visualizaEixosIds: [ids.scAxes[0]] });
    const res = await call('PUT', '/api/usuario/grupo', tokens.admin, {
      grupoId: created.grupoId,
      nome: `${created.nome} (editado)`,
      menuDashboard: true,
      relatorioAdm: [51],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      nome: `${created.nome} (editado)`,
      novoRelatorio: true,
      menuDashboard: true,
      relatorioAdm: [51],
      visualizaEixosIds: [ids.scAxes[0]],
    });
    const again = await call('PUT', '/api/usuario/grupo/update-grupo', tokens.admin, {
      grupoId: created.grupoId,
      nome: created.nome,
      novoRelatorio: false,
      visualizaEixosIds: [],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      nome: created.nome,
      novoRelatorio: false,
      menuDashboard: true,
      relatorioAdm: [51],
      visualizaEixosIds: [],
    });
  });

  it('takes effect in the sessions of the group users at once', async () => {
    const condutor = await login(t, 'condutor@demo.local');
    const session = async () => (await call('GET', '/api/usuario/sessao', condutor)).json().usuario.grupo;
    expect((await session()).novoRelatorio).toBe(true);
    await call('PUT', '/api/usuario/grupo', tokens.admin, {
      grupoId: ids.consultor,
      nome: 'Consultor',
      novoRelatorio: false,
      relatorioAdm: [4],
    });
    expect(await session()).toMatchObject({ novoRelatorio: false, relatorioAdm: [4] });
    await call('PUT', '/api/usuario/grupo', tokens.admin, {
      grupoId: ids.consultor,
      nome: 'Consultor',
      novoRelatorio: true,
      relatorioAdm: [],
    });
    expect(await session()).toMatchObject({ novoRelatorio: true, relatorioAdm: [] });
  });

  it('refuses renaming onto another group, renaming Administrador, and unknown or foreign ids', async () => {
    const created = await createGroup();
    const onto = await call('PUT', '/api/usuario/grupo', tokens.admin, { grupoId: created.grupoId, nome: 'analista' });
    expect(onto.statusCode).toBe(409);
    expect(onto.json().message).toBe('Já existe um grupo com este nome.');
    const rename = await call('PUT', '/api/usuario/grupo', tokens.admin, { grupoId: ids.admin, nome: 'Superusuários' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe('O grupo Administrador não pode ser renomeado.');
    expect((await call('PUT', '/api/usuario/grupo', tokens.admin, { grupoId: ids.msGroup, nome: 'X' })).statusCode).toBe(404);
    expect((await call('PUT', '/api/usuario/grupo', tokens.admin, { nome: 'X' })).statusCode).toBe(400);
  });

  it('a holder of the Grupos menu edits groups but not the Administrador group', async () => {
    const where = and(eq(usuarioGrupo.nome, 'Operacoes'), eq(usuarioGrupo.tenantId, 'sc'));
    await t.db.update(usuarioGrupo).set({ menuGrupos: true }).where(where);
    try {
      const operacoes = await login(t, 'operacoes@demo.local');
      const created = await createGroup({}, operacoes);
      const edit = await call('PUT', '/api/usuario/grupo', operacoes, { grupoId: created.grupoId, nome: created.nome, menuUsuarios: true });
      expect(edit.statusCode).toBe(200);
      const admin = await call('PUT', '/api/usuario/grupo', operacoes, { grupoId: ids.admin, nome: 'Administrador', menuUsuarios: false });
      expect(admin.statusCode).toBe(403);
      const becomeAdmin = await call('PUT', '/api/usuario/grupo', operacoes, { grupoId: created.grupoId, nome: 'Administrador' });
      expect(becomeAdmin.statusCode).toBe(403);
      const adminReports = await call('POST', '/api/UsuarioGrupoPermissao', operacoes, { grupoId: ids.admin, relatorioId: 30 });
      expect(adminReports.statusCode).toBe(403);
    } finally {
      await t.db.update(usuarioGrupo).set({ menuGrupos: false }).where(where);
    }
  });
});

describe('DELETE /api/usuario/grupo/delete-group/{id}', () => {
  it('deletes an empty group with its report permissions', async () => {
    const created = await createGroup({ relatorioAdm: [9] });
    const res = await call('DELETE', `/api/usuario/grupo/delete-group/${created.grupoId}`, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', `/api/usuario/grupo/${created.grupoId}`, tokens.admin)).statusCode).toBe(404);
    expect(await t.db.select().from(usuarioGrupoPermissao).where(eq(usuarioGrupoPermissao.grupoId, created.grupoId))).toEqual([]);
  });

  it('refuses a group with users, the Administrador group and another tenant’s group', async () => {
    const busy = await call('DELETE', `/api/usuario/grupo/delete-group/${ids.consultor}`, tokens.admin);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ message: 'Não é possível excluir o grupo: há usuários vinculados a ele.' });

    const created = await createGroup();
    const user = await call('POST', '/api/usuario/cadastrar-usuario', tokens.admin, {
      nome: 'Desabilitado no Grupo',
      email: 'desabilitado.grupo@teste.local',
      grupoId: created.grupoId,
      habilitado: false,
    });
    expect(user.statusCode).toBe(201);
    expect((await call('DELETE', `/api/usuario/grupo/delete-group/${created.grupoId}`, tokens.admin)).statusCode).toBe(409);

    const admin = await call('DELETE', `/api/usuario/grupo/delete-group/${ids.admin}`, tokens.admin);
    expect(admin.statusCode).toBe(409);
    expect(admin.json().message).toBe('O grupo Administrador não pode ser excluído.');
    expect((await call('DELETE', `/api/usuario/grupo/delete-group/${ids.msGroup}`, tokens.admin)).statusCode).toBe(404);
  });
});

describe('api/UsuarioGrupoPermissao', () => {
  it('grants, lists, changes and removes an administrative report of a group', async () => {
    const group = await createGroup();
    const added = await call('POST', '/api/UsuarioGrupoPermissao', tokens.admin, { grupoId: group.grupoId, relatorioId: 12 });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ grupoId: group.grupoId, relatorioId: 12 });

    const byGroup = await call('GET', `/api/UsuarioGrupoPermissao/get-by-grupo/${group.grupoId}`, tokens.admin);
    expect(byGroup.json()).toEqual([added.json()]);
    const all = (await call('GET', '/api/UsuarioGrupoPermissao', tokens.admin)).json();
    expect(all).toContainEqual(added.json());
    expect(all.some((r: { grupoId: number }) => r.grupoId === ids.msGroup)).toBe(false);
    expect((await call('GET', `/api/UsuarioGrupoPermissao?grupoId=${ids.analista}`, tokens.admin)).json()).toHaveLength(5);

    const changed = await call('PUT', '/api/UsuarioGrupoPermissao', tokens.admin, {
      id: added.json().id,
      grupoId: group.grupoId,
      relatorioId: 13,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().relatorioId).toBe(13);
    expect((await call('GET', `/api/usuario/grupo/${group.grupoId}`, tokens.admin)).json().relatorioAdm).toEqual([13]);

    expect((await call('DELETE', `/api/UsuarioGrupoPermissao/${added.json().id}`, tokens.admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/UsuarioGrupoPermissao/${added.json().id}`, tokens.admin)).statusCode).toBe(404);
  });

  it('refuses report ids outside 1-51, duplicates and other tenants’ groups', async () => {
    const group = await createGroup({ relatorioAdm: [20] });
    const out = await call('POST', '/api/UsuarioGrupoPermissao', tokens.admin, { grupoId: group.grupoId, relatorioId: 99 });
    expect(out.statusCode).toBe(400);
    expect(out.json().message).toBe('Relatório inválido: use um número de 1 a 51');
    const twice = await call('POST', '/api/UsuarioGrupoPermissao', tokens.admin, { grupoId: group.grupoId, relatorioId: 20 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Este relatório já está liberado para o grupo.');
    const foreign = await call('POST', '/api/UsuarioGrupoPermissao', tokens.admin, { grupoId: ids.msGroup, relatorioId: 5 });
    expect(foreign.statusCode).toBe(404);
    expect((await call('GET', `/api/UsuarioGrupoPermissao/get-by-grupo/${ids.msGroup}`, tokens.admin)).statusCode).toBe(404);
    const [other] = await t.db.select().from(usuarioGrupoPermissao).where(eq(usuarioGrupoPermissao.tenantId, 'ms'));
    expect((await call('DELETE', `/api/UsuarioGrupoPermissao/${other!.id}`, tokens.admin)).statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/UsuarioGrupoPermissao', tokens.admin, { id: other!.id, grupoId: group.grupoId, relatorioId: 2 })).statusCode,
    ).toBe(404);
  });
});

describe('access declared on the endpoint (issue 26)', () => {
  it('refuses a user who does not manage groups with 403 whatever body they send, before it is validated', async () => {
    const membro = await login(t, 'membro@demo.local');
    for (const [method, url] of [
      ['POST', '/api/usuario/grupo'],
      ['PUT', '/api/usuario/grupo/update-grupo'],
      ['POST', '/api/UsuarioGrupoPermissao'],
      ['PUT', '/api/UsuarioGrupoPermissao'],
    ] as const) {
      const refused = await call(method, url, membro, { grupoId: 'x', nome: 7 });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe('Você não tem permissão para esta ação.');
      expect((await call(method, url, tokens.administrador, { grupoId: 'x', nome: 7 })).statusCode, url).toBe(400);
    }
  });
});
