import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  configuracao,
  municipio,
  projeto,
  usuario,
  usuarioGrupo,
  usuarioGrupoPermissao,
  usuarioPermissao,
} from '../../server/db/schema/index.ts';
import { withTenant } from '../../server/db/tenant-scope.ts';
import type { FlagKey } from '../../src/domain/permission-flags.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/**
 * Role × endpoint matrix of the administration API (users, permissions, groups, group reports,
 * configuration, projects, axes): who gets through, who gets a 403, that a token is needed and must be of
 * the tenant, and that another tenant's ids are simply not found.
 */

const ROLES = ['admin', 'administrador', 'condutor', 'especialista', 'analista', 'ad', 'operacoes', 'parceiro', 'sala', 'membro'] as const;
type Role = (typeof ROLES)[number];
const MANAGERS: Role[] = ['admin', 'administrador'];
const EVERYONE: Role[] = [...ROLES];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Req = { url: string; payload?: object };
type Case = {
  method: Method;
  path: string;
  /** A fresh request per call: mutations get rows of their own, so every role meets the same state. */
  make: () => Promise<Req> | Req;
  allowed: Role[];
  /** Roles for which the endpoint hides the target (404), rather than refusing the action. */
  hidden?: Role[];
  /** The menu flag that opens the endpoint to non-admins. */
  flag?: FlagKey;
  /** The same request aimed at a row of tenant 'ms'. */
  foreign?: () => Promise<Req> | Req;
};

let t: TestApp;
const tokens = {} as Record<Role, string>;
let msToken = '';
const fx = {
  floripa: 0,
  msCity: 0,
  consultorGroup: 0,
  condutorId: 0,
  analistaCpf: '',
  msUserId: 0,
  msAnalistaCpf: '',
  msGroupId: 0,
  msGroupReportId: 0,
  msPermissionId: 0,
  msProjectId: 0,
};

let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;

async function newUser(): Promise<number> {
  const n = unique();
  const [row] = await t.db
    .insert(usuario)
    .values(withTenant('sc', { nome: `Matriz ${n}`, email: `matriz${n}@teste.local`, grupoId: fx.consultorGroup }))
    .returning();
  return row!.usuarioId;
}
async function newGroup(): Promise<number> {
  const [row] = await t.db
    .insert(usuarioGrupo)
    .values(withTenant('sc', { nome: `Grupo Matriz ${unique()}` }))
    .returning();
  return row!.grupoId;
}
async function newGroupReport(): Promise<{ id: number; grupoId: number }> {
  const grupoId = await newGroup();
  const [row] = await t.db
    .insert(usuarioGrupoPermissao)
    .values(withTenant('sc', { grupoId, relatorioId: 1 }))
    .returning();
  return { id: row!.id, grupoId };
}
async function newPermission(): Promise<number> {
  const usuarioId = await newUser();
  const [row] = await t.db
    .insert(usuarioPermissao)
    .values(withTenant('sc', { usuarioId, municipioId: fx.floripa, permissao: 'AD' }))
    .returning();
  return row!.id;
}
async function newProject(): Promise<number> {
  const [row] = await t.db
    .insert(projeto)
    .values(withTenant('sc', { nome: `Projeto Matriz ${unique()}`, descricao: 'D', uf: 'SC' }))
    .returning();
  return row!.projetoId;
}
const userBody = (usuarioId: number) => ({ usuarioId, nome: `Editado ${unique()}`, email: `editado${unique()}@teste.local` });

const cases: Case[] = [
  // ---- users
  {
    method: 'POST',
    path: '/api/usuario/cadastrar-usuario',
    make: () => ({ url: '/api/usuario/cadastrar-usuario', payload: { nome: 'Novo', email: `novo${unique()}@teste.local` } }),
    allowed: MANAGERS,
    flag: 'menuUsuarios',
  },
  ...['/api/usuario', '/api/usuario/atualizar-usuario'].map((url): Case => ({
    method: 'PUT',
    path: url,
    make: async () => ({ url, payload: userBody(await newUser()) }),
    allowed: MANAGERS,
    flag: 'menuUsuarios',
    foreign: () => ({ url, payload: userBody(fx.msUserId) }),
  })),
  {
    method: 'DELETE',
    path: '/api/usuario/{id}',
    make: async () => ({ url: `/api/usuario/${await newUser()}` }),
    allowed: MANAGERS,
    flag: 'menuUsuarios',
    foreign: () => ({ url: `/api/usuario/${fx.msUserId}` }),
  },
  { method: 'GET', path: '/api/usuario', make: () => ({ url: '/api/usuario?habilitado=true' }), allowed: MANAGERS, flag: 'menuUsuarios' },
  {
    method: 'GET',
    path: '/api/usuario/{id}',
    make: () => ({ url: `/api/usuario/${fx.condutorId}` }),
    allowed: MANAGERS,
    flag: 'menuUsuarios',
    foreign: () => ({ url: `/api/usuario/${fx.msUserId}` }),
  },
  {
    method: 'POST',
    path: '/api/usuario/get-by-filtro',
    make: () => ({ url: '/api/usuario/get-by-filtro', payload: { nome: 'a' } }),
    allowed: MANAGERS,
    flag: 'menuUsuarios',
  },
  {
    method: 'POST',
    path: '/api/usuario/habilitar-desabilitar-usuario',
    make: async () => ({ url: '/api/usuario/habilitar-desabilitar-usuario', payload: { usuarioId: await newUser(), habilitado: false } }),
    allowed: MANAGERS,
    flag: 'menuUsuarios',
    foreign: () => ({ url: '/api/usuario/habilitar-desabilitar-usuario', payload: { usuarioId: fx.msUserId, habilitado: false } }),
  },
  {
    method: 'GET',
    path: '/api/usuario/get-by-cpf/{cpf}',
    make: () => ({ url: `/api/usuario/get-by-cpf/${fx.analistaCpf}` }),
    allowed: MANAGERS,
    flag: 'menuUsuarios',
    foreign: () => ({ url: `/api/usuario/get-by-cpf/${fx.msAnalistaCpf}` }),
  },
  { method: 'GET', path: '/api/usuario/consultores', make: () => ({ url: '/api/usuario/consultores' }), allowed: EVERYONE },
  {
    method: 'GET',
    path: '/api/usuario/consultoresByMunicipio',
    make: () => ({ url: `/api/usuario/consultoresByMunicipio?municipioId=${fx.floripa}` }),
    // The partner and room users do not see Florianópolis, so for them it does not exist.
    allowed: ROLES.filter((r) => r !== 'parceiro' && r !== 'sala'),
    hidden: ['parceiro', 'sala'],
    foreign: () => ({ url: `/api/usuario/consultoresByMunicipio?municipioId=${fx.msCity}` }),
  },
  { method: 'GET', path: '/api/usuario/ads', make: () => ({ url: '/api/usuario/ads' }), allowed: EVERYONE },
  {
    method: 'GET',
    path: '/api/usuario/find-user/{texto}',
    make: () => ({ url: '/api/usuario/find-user/demo' }),
    allowed: MANAGERS,
    flag: 'menuUsuarios',
  },
  {
    method: 'GET',
    path: '/api/usuario/find-user-by-email/{email}',
    make: () => ({ url: '/api/usuario/find-user-by-email/condutor@demo.local' }),
    allowed: MANAGERS,
    flag: 'menuUsuarios',
    foreign: () => ({ url: '/api/usuario/find-user-by-email/ana.nogueira@sebrae-exemplo.com.br' }),
  },
  // ---- per-municipality roles
  {
    method: 'GET',
    path: '/api/usuario/permissao',
    make: () => ({ url: `/api/usuario/permissao?usuarioId=${fx.condutorId}` }),
    allowed: MANAGERS,
    flag: 'menuUsuarios',
    foreign: () => ({ url: `/api/usuario/permissao?usuarioId=${fx.msUserId}` }),
  },
  {
    method: 'POST',
    path: '/api/usuario/permissao',
    make: async () => ({
      url: '/api/usuario/permissao',
      payload: { usuarioId: await newUser(), municipioId: fx.floripa, permissao: 'AD' },
    }),
    allowed: MANAGERS,
    flag: 'menuUsuarios',
    foreign: () => ({ url: '/api/usuario/permissao', payload: { usuarioId: fx.msUserId, municipioId: fx.floripa, permissao: 'AD' } }),
  },
  {
    method: 'DELETE',
    path: '/api/usuario/permissao/{id}',
    make: async () => ({ url: `/api/usuario/permissao/${await newPermission()}` }),
    allowed: MANAGERS,
    flag: 'menuUsuarios',
    foreign: () => ({ url: `/api/usuario/permissao/${fx.msPermissionId}` }),
  },
  // ---- groups
  { method: 'GET', path: '/api/usuario/grupo', make: () => ({ url: '/api/usuario/grupo' }), allowed: MANAGERS, flag: 'menuGrupos' },
  {
    method: 'GET',
    path: '/api/usuario/grupo/{id}',
    make: () => ({ url: `/api/usuario/grupo/${fx.consultorGroup}` }),
    allowed: MANAGERS,
    flag: 'menuGrupos',
    foreign: () => ({ url: `/api/usuario/grupo/${fx.msGroupId}` }),
  },
  {
    method: 'GET',
    path: '/api/usuario/grupo/get-Last-grupo',
    make: () => ({ url: '/api/usuario/grupo/get-Last-grupo' }),
    allowed: MANAGERS,
    flag: 'menuGrupos',
  },
  {
    method: 'POST',
    path: '/api/usuario/grupo',
    make: () => ({ url: '/api/usuario/grupo', payload: { nome: `Grupo Novo ${unique()}` } }),
    allowed: MANAGERS,
    flag: 'menuGrupos',
  },
  ...['/api/usuario/grupo', '/api/usuario/grupo/update-grupo'].map((url): Case => ({
    method: 'PUT',
    path: url,
    make: async () => ({ url, payload: { grupoId: await newGroup(), nome: `Grupo Editado ${unique()}`, novoRelatorio: true } }),
    allowed: MANAGERS,
    flag: 'menuGrupos',
    foreign: () => ({ url, payload: { grupoId: fx.msGroupId, nome: `Grupo Editado ${unique()}` } }),
  })),
  {
    method: 'DELETE',
    path: '/api/usuario/grupo/delete-group/{id}',
    make: async () => ({ url: `/api/usuario/grupo/delete-group/${await newGroup()}` }),
    allowed: MANAGERS,
    flag: 'menuGrupos',
    foreign: () => ({ url: `/api/usuario/grupo/delete-group/${fx.msGroupId}` }),
  },
  // ---- administrative reports of a group
  {
    method: 'GET',
    path: '/api/UsuarioGrupoPermissao',
    make: () => ({ url: '/api/UsuarioGrupoPermissao' }),
    allowed: MANAGERS,
    flag: 'menuGrupos',
  },
  {
    method: 'GET',
    path: '/api/UsuarioGrupoPermissao/get-by-grupo/{id}',
    make: () => ({ url: `/api/UsuarioGrupoPermissao/get-by-grupo/${fx.consultorGroup}` }),
    allowed: MANAGERS,
    flag: 'menuGrupos',
    foreign: () => ({ url: `/api/UsuarioGrupoPermissao/get-by-grupo/${fx.msGroupId}` }),
  },
  {
    method: 'POST',
    path: '/api/UsuarioGrupoPermissao',
    make: async () => ({ url: '/api/UsuarioGrupoPermissao', payload: { grupoId: await newGroup(), relatorioId: 51 } }),
    allowed: MANAGERS,
    flag: 'menuGrupos',
    foreign: () => ({ url: '/api/UsuarioGrupoPermissao', payload: { grupoId: fx.msGroupId, relatorioId: 51 } }),
  },
  {
    method: 'PUT',
    path: '/api/UsuarioGrupoPermissao',
    make: async () => {
      const { id, grupoId } = await newGroupReport();
      return { url: '/api/UsuarioGrupoPermissao', payload: { id, grupoId, relatorioId: 2 } };
    },
    allowed: MANAGERS,
    flag: 'menuGrupos',
    foreign: () => ({ url: '/api/UsuarioGrupoPermissao', payload: { id: fx.msGroupReportId, grupoId: fx.consultorGroup, relatorioId: 2 } }),
  },
  {
    method: 'DELETE',
    path: '/api/UsuarioGrupoPermissao/{id}',
    make: async () => ({ url: `/api/UsuarioGrupoPermissao/${(await newGroupReport()).id}` }),
    allowed: MANAGERS,
    flag: 'menuGrupos',
    foreign: () => ({ url: `/api/UsuarioGrupoPermissao/${fx.msGroupReportId}` }),
  },
  // ---- configuration
  { method: 'GET', path: '/api/configuracao', make: () => ({ url: '/api/configuracao' }), allowed: EVERYONE },
  {
    method: 'PUT',
    path: '/api/configuracao',
    // A flag already on: the matrix must not change what the other checks see.
    make: () => ({ url: '/api/configuracao', payload: { verDuracaoCalendario: true } }),
    allowed: MANAGERS,
    flag: 'menuConfiguracoes',
  },
  // ---- projects
  { method: 'GET', path: '/api/projeto', make: () => ({ url: '/api/projeto' }), allowed: EVERYONE },
  {
    method: 'GET',
    path: '/api/projeto/{id}',
    make: async () => ({ url: `/api/projeto/${await newProject()}` }),
    allowed: EVERYONE,
    foreign: () => ({ url: `/api/projeto/${fx.msProjectId}` }),
  },
  {
    method: 'GET',
    path: '/api/projeto/get-projeto-by-uf',
    make: () => ({ url: '/api/projeto/get-projeto-by-uf?uf=SC' }),
    allowed: EVERYONE,
  },
  {
    method: 'POST',
    path: '/api/projeto',
    make: () => ({ url: '/api/projeto', payload: { nome: `Projeto Novo ${unique()}`, descricao: 'D' } }),
    allowed: MANAGERS,
    flag: 'menuProjetosSolucoes',
  },
  {
    method: 'PUT',
    path: '/api/projeto',
    make: async () => ({
      url: '/api/projeto',
      payload: { projetoId: await newProject(), nome: `Projeto Editado ${unique()}`, descricao: 'D' },
    }),
    allowed: MANAGERS,
    flag: 'menuProjetosSolucoes',
    foreign: () => ({ url: '/api/projeto', payload: { projetoId: fx.msProjectId, nome: `Projeto Editado ${unique()}`, descricao: 'D' } }),
  },
  {
    method: 'DELETE',
    path: '/api/projeto/{id}',
    make: async () => ({ url: `/api/projeto/${await newProject()}` }),
    allowed: MANAGERS,
    flag: 'menuProjetosSolucoes',
    foreign: () => ({ url: `/api/projeto/${fx.msProjectId}` }),
  },
  // ---- axes: reference data for every signed-in user
  { method: 'GET', path: '/api/projeto/eixo/get-eixo', make: () => ({ url: '/api/projeto/eixo/get-eixo' }), allowed: EVERYONE },
  {
    method: 'GET',
    path: '/api/projeto/eixo/get-eixo-by-projeto/{id}',
    make: async () => ({ url: `/api/projeto/eixo/get-eixo-by-projeto/${await newProject()}` }),
    allowed: EVERYONE,
    foreign: () => ({ url: `/api/projeto/eixo/get-eixo-by-projeto/${fx.msProjectId}` }),
  },
  {
    method: 'GET',
    path: '/api/projeto/eixo/get-eixo-by-permissao-municipio/{id}',
    make: () => ({ url: `/api/projeto/eixo/get-eixo-by-permissao-municipio/${fx.floripa}` }),
    // As for the consultants of a municipality: Florianópolis does not exist for the partner and room users.
    allowed: ROLES.filter((r) => r !== 'parceiro' && r !== 'sala'),
    hidden: ['parceiro', 'sala'],
    foreign: () => ({ url: `/api/projeto/eixo/get-eixo-by-permissao-municipio/${fx.msCity}` }),
  },
];

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) tokens[role] = await login(t, `${role}@demo.local`);
  msToken = await login(t, 'admin@demo.local', 'ms');
  const city = async (nome: string, tenantId: string) =>
    (
      await t.db
        .select()
        .from(municipio)
        .where(and(eq(municipio.nome, nome), eq(municipio.tenantId, tenantId)))
    )[0]!.municipioId;
  const user = async (email: string, tenantId: string) =>
    (
      await t.db
        .select()
        .from(usuario)
        .where(and(eq(usuario.email, email), eq(usuario.tenantId, tenantId)))
    )[0]!;
  fx.floripa = await city('Florianópolis', 'sc');
  fx.msCity = await city('Campo Grande', 'ms');
  fx.consultorGroup = (
    await t.db
      .select()
      .from(usuarioGrupo)
      .where(and(eq(usuarioGrupo.nome, 'Consultor'), eq(usuarioGrupo.tenantId, 'sc')))
  )[0]!.grupoId;
  fx.condutorId = (await user('condutor@demo.local', 'sc')).usuarioId;
  fx.analistaCpf = (await user('analista@demo.local', 'sc')).cpf!;
  fx.msUserId = (await user('condutor@demo.local', 'ms')).usuarioId;
  fx.msAnalistaCpf = (await user('analista@demo.local', 'ms')).cpf!;
  fx.msGroupId = (await t.db.select().from(usuarioGrupo).where(eq(usuarioGrupo.tenantId, 'ms')))[0]!.grupoId;
  fx.msGroupReportId = (await t.db.select().from(usuarioGrupoPermissao).where(eq(usuarioGrupoPermissao.tenantId, 'ms')))[0]!.id;
  fx.msPermissionId = (await t.db.select().from(usuarioPermissao).where(eq(usuarioPermissao.tenantId, 'ms')))[0]!.id;
  fx.msProjectId = (await t.db.select().from(projeto).where(eq(projeto.tenantId, 'ms')))[0]!.projetoId;
});
afterAll(async () => t?.close());

const send = (method: Method, req: Req, headers: Record<string, string>) =>
  t.app.inject({ method, url: req.url, headers, payload: req.payload });

describe.each(cases.map((c) => [`${c.method} ${c.path}`, c] as const))('%s', (_name, c) => {
  it(`lets ${c.allowed.length === ROLES.length ? 'every role' : c.allowed.join(', ')} through`, async () => {
    for (const role of c.allowed) {
      const res = await send(c.method, await c.make(), authHeaders(tokens[role]));
      expect(res.statusCode, `${role}: ${res.body}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${role}: ${res.body}`).toBeLessThan(300);
    }
  });

  const forbidden = ROLES.filter((r) => !c.allowed.includes(r) && !c.hidden?.includes(r));
  if (forbidden.length) {
    it(`refuses ${forbidden.join(', ')} with 403 and a pt-BR message`, async () => {
      for (const role of forbidden) {
        const res = await send(c.method, await c.make(), authHeaders(tokens[role]));
        expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
        expect(res.json(), role).toEqual({ message: 'Você não tem permissão para esta ação.' });
      }
    });
  }

  if (c.hidden?.length) {
    it(`answers ${c.hidden.join(', ')} with 404: the target is not theirs to see`, async () => {
      for (const role of c.hidden!) {
        const res = await send(c.method, await c.make(), authHeaders(tokens[role]));
        expect(res.statusCode, `${role}: ${res.body}`).toBe(404);
      }
    });
  }

  it('needs a token, and one issued in this tenant', async () => {
    const anonymous = await send(c.method, await c.make(), { database: 'sc' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Faça login para continuar.' });
    const fromMs = await send(c.method, await c.make(), authHeaders(msToken, 'sc'));
    expect(fromMs.statusCode).toBe(401);
    expect(fromMs.json().message).toMatch(/outra base de dados/);
  });

  if (c.foreign) {
    it('does not find an id of another tenant (404), even for the full admin', async () => {
      const res = await send(c.method, await c.foreign!(), authHeaders(tokens.admin));
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toMatch(/não encontrad[oa]\.$/);
    });
  }
});

it('covers documented routes: every endpoint of the matrix is in the OpenAPI document', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  for (const c of cases) expect(doc.paths[c.path]?.[c.method.toLowerCase()], `${c.method} ${c.path}`).toBeTruthy();
});

describe('menu flags open the management endpoints to non-admins', () => {
  const flags: FlagKey[] = ['menuUsuarios', 'menuGrupos', 'menuConfiguracoes', 'menuProjetosSolucoes'];
  const operacoesGroup = and(eq(usuarioGrupo.nome, 'Operacoes'), eq(usuarioGrupo.tenantId, 'sc'));

  beforeAll(async () => {
    await t.db
      .update(usuarioGrupo)
      .set(Object.fromEntries(flags.map((f) => [f, true])))
      .where(operacoesGroup);
  });
  afterAll(async () => {
    await t.db
      .update(usuarioGrupo)
      .set(Object.fromEntries(flags.map((f) => [f, false])))
      .where(operacoesGroup);
  });

  const flagged = cases.filter((c) => c.flag);

  it.each(flagged.map((c) => [`${c.method} ${c.path}`, c] as const))('%s: the group flag lets operacoes through', async (_n, c) => {
    const res = await send(c.method, await c.make(), authHeaders(tokens.operacoes));
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, res.body).toBeLessThan(300);
  });

  it('the flag must also be on in the global configuration, except for admins', async () => {
    await t.db
      .update(configuracao)
      .set(Object.fromEntries(flags.map((f) => [f, false])))
      .where(eq(configuracao.tenantId, 'sc'));
    // Restored even when an assertion fails first: the other tests expect the flags on.
    onTestFinished(async () => {
      await t.db
        .update(configuracao)
        .set(Object.fromEntries(flags.map((f) => [f, true])))
        .where(eq(configuracao.tenantId, 'sc'));
    });
    for (const c of flagged) {
      const refused = await send(c.method, await c.make(), authHeaders(tokens.operacoes));
      expect(refused.statusCode, `${c.method} ${c.path}`).toBe(403);
      const admin = await send(c.method, await c.make(), authHeaders(tokens.administrador));
      expect(admin.statusCode, `${c.method} ${c.path}: ${admin.body}`).toBeLessThan(300);
    }
  });
});
