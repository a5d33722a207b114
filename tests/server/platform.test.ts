import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { municipio, usuario, usuarioGrupo, usuarioPermissao, usuarioPermissaoSolucao } from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      app.get('/api/teste/falha', { config: { public: true } }, async () => {
        throw new Error('detalhe interno que não pode vazar');
      });
    },
  });
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('tenant isolation', () => {
  it('a token issued in one tenant is refused by the other, both ways', async () => {
    const sc = await login(t, 'admin@demo.local', 'sc');
    const ms = await login(t, 'admin@demo.local', 'ms');
    expect((await get('/api/municipio', authHeaders(sc, 'ms'))).statusCode).toBe(401);
    expect((await get('/api/municipio', authHeaders(ms, 'sc'))).statusCode).toBe(401);
    expect((await get('/api/usuario/sessao', authHeaders(ms, 'sc'))).json().message).toMatch(/outra base/);
  });

  it('lists only the municipalities of the tenant of the request', async () => {
    const sc = await (await get('/api/municipio', authHeaders(await login(t, 'admin@demo.local', 'sc'), 'sc'))).json();
    const ms = await (await get('/api/municipio', authHeaders(await login(t, 'admin@demo.local', 'ms'), 'ms'))).json();
    expect(sc.length).toBeGreaterThanOrEqual(6);
    expect(ms.length).toBeGreaterThanOrEqual(6);
    expect(sc.every((m: { uf: string }) => m.uf === 'SC')).toBe(true);
    expect(ms.every((m: { uf: string }) => m.uf === 'MS')).toBe(true);
    const scIds = new Set(sc.map((m: { municipioId: number }) => m.municipioId));
    expect(ms.some((m: { municipioId: number }) => scIds.has(m.municipioId))).toBe(false);
  });
});

describe('GET /api/municipio', () => {
  it('a consultant sees exactly the municipalities of their permissions', async () => {
    const [user] = await t.db
      .select()
      .from(usuario)
      .where(and(eq(usuario.tenantId, 'sc'), eq(usuario.email, 'condutor@demo.local')));
    const roles = await t.db.select().from(usuarioPermissao).where(eq(usuarioPermissao.usuarioId, user.usuarioId));
    const solutions = await t.db.select().from(usuarioPermissaoSolucao).where(eq(usuarioPermissaoSolucao.usuarioId, user.usuarioId));
    const expected = new Set([...roles.map((r) => r.municipioId), ...solutions.map((s) => s.municipioId)].filter((id) => id !== null));
    const res = await get('/api/municipio', authHeaders(await login(t, 'condutor@demo.local')));
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((m: { municipioId: number }) => m.municipioId);
    expect(new Set(ids)).toEqual(expected);
    expect(ids.length).toBeGreaterThan(0);
  });

  it('a permission granted while logged in applies on the very next request', async () => {
    const headers = authHeaders(await login(t, 'condutor@demo.local'));
    const before: { municipioId: number }[] = (await get('/api/municipio', headers)).json();
    const [user] = await t.db
      .select()
      .from(usuario)
      .where(and(eq(usuario.tenantId, 'sc'), eq(usuario.email, 'condutor@demo.local')));
    const others = await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'));
    const extra = others.find((m) => !before.some((b) => b.municipioId === m.municipioId))!;
    const [granted] = await t.db
      .insert(usuarioPermissao)
      .values({ tenantId: 'sc', usuarioId: user.usuarioId, municipioId: extra.municipioId, permissao: 'Consultor Condutor' })
      .returning();
    // Only the permission this test granted goes, even when an assertion fails first.
    const revoke = () => t.db.delete(usuarioPermissao).where(eq(usuarioPermissao.id, granted!.id));
    onTestFinished(async () => void (await revoke()));
    const after: { municipioId: number }[] = (await get('/api/municipio', headers)).json();
    expect(after.map((m) => m.municipioId)).toContain(extra.municipioId);
    expect(after).toHaveLength(before.length + 1);
    await revoke();
    expect((await get('/api/municipio', headers)).json()).toHaveLength(before.length);
  });

  it('a group flag switched off while logged in shows in the next session read', async () => {
    const headers = authHeaders(await login(t, 'condutor@demo.local'));
    expect((await get('/api/usuario/sessao', headers)).json().usuario.grupo.novoRelatorio).toBe(true);
    const consultor = and(eq(usuarioGrupo.tenantId, 'sc'), eq(usuarioGrupo.nome, 'Consultor'));
    await t.db.update(usuarioGrupo).set({ novoRelatorio: false }).where(consultor);
    onTestFinished(async () => void (await t.db.update(usuarioGrupo).set({ novoRelatorio: true }).where(consultor)));
    expect((await get('/api/usuario/sessao', headers)).json().usuario.grupo.novoRelatorio).toBe(false);
  });

  it('the full admin sees every municipality of the tenant, with status names', async () => {
    const all = await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'));
    const res = await get('/api/municipio', authHeaders(await login(t, 'admin@demo.local')));
    const body = res.json();
    expect(body).toHaveLength(all.length);
    expect(body.some((m: { statusNome: string | null }) => m.statusNome)).toBe(true);
  });

  it('needs a login', async () => {
    const res = await get('/api/municipio', { database: 'sc' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Faça login para continuar.');
  });
});

describe('platform', () => {
  it('reports health without a tenant', async () => {
    const res = await get('/api/health', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await get('/api/nao-existe', { database: 'sc' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Recurso não encontrado.' });
  });

  it('answers unexpected errors with 500, the request id and no internals', async () => {
    const res = await get('/api/teste/falha', { database: 'sc' });
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'];
    expect(id).toBeTruthy();
    expect(res.json()).toEqual({ message: `Erro interno do servidor. Código do erro: ${id}` });
    expect(res.body).not.toContain('detalhe interno');
  });

  it('sends security headers with a CSP', async () => {
    const res = await get('/api/health', {});
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes the OpenAPI document built from the route schemas', async () => {
    const res = await get('/api/docs/json', {});
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/usuario/login'].post.requestBody).toBeTruthy();
    expect(doc.paths['/api/municipio'].get).toBeTruthy();
    const ui = await get('/api/docs/', {});
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
