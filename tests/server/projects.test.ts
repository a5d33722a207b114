import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eixo, municipio, projeto } from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'administrador', 'condutor', 'membro']) tokens[who] = await login(t, `${who}@demo.local`);
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown, tenant = 'sc') =>
  t.app.inject({ method, url, headers: token ? authHeaders(token, tenant) : { database: tenant }, payload: payload as object });

describe('projects', () => {
  const seedProject = async (tenantId = 'sc') => (await t.db.select().from(projeto).where(eq(projeto.tenantId, tenantId)))[0]!;

  it('lists projects to any logged-in user, only of the tenant', async () => {
    const res = await call('GET', '/api/projeto', tokens.membro);
    expect(res.statusCode).toBe(200);
    const names = res.json().map((p: { nome: string }) => p.nome);
    expect(names).toContain('Cidade Empreendedora SC 2025-2026');
    expect(names).not.toContain('Cidade Empreendedora MS 2025-2026');
    const one = await call('GET', `/api/projeto/${(await seedProject()).projetoId}`, tokens.membro);
    expect(one.json()).toMatchObject({ nome: 'Cidade Empreendedora SC 2025-2026', uf: 'SC' });
    expect(one.json().descricao).toBeTruthy();
    expect((await call('GET', `/api/projeto/${(await seedProject('ms')).projetoId}`, tokens.admin)).statusCode).toBe(404);
  });

  it('creates a project, its state defaulting to the tenant’s', async () => {
    const res = await call('POST', '/api/projeto', tokens.admin, { nome: ' Projeto Novo ', descricao: 'Descrição do projeto novo' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ nome: 'Projeto Novo', descricao: 'Descrição do projeto novo', uf: 'SC' });
    const pr = await call('POST', '/api/projeto', tokens.admin, { nome: 'Projeto do Paraná', descricao: 'D', uf: 'pr' });
    expect(pr.json().uf).toBe('PR');
    const [row] = await t.db.select().from(projeto).where(eq(projeto.projetoId, res.json().projetoId));
    expect(row!.tenantId).toBe('sc');
  });

  it('refuses bad input in pt-BR and duplicate names with 409', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ descricao: 'D' }, 'O nome é obrigatório'],
      [{ nome: '', descricao: 'D' }, 'O nome é obrigatório'],
      [{ nome: 'P' }, 'A descrição é obrigatória'],
      [{ nome: 'P', descricao: '  ' }, 'A descrição é obrigatória'],
      [{ nome: 'P', descricao: 'D', uf: 'XYZ' }, 'UF inválida'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/projeto', tokens.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toContain(message);
    }
    const twice = await call('POST', '/api/projeto', tokens.admin, { nome: 'cidade empreendedora sc 2025-2026', descricao: 'D' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'Já existe um projeto com este nome.' });
  });

  it('updates a project of the tenant only', async () => {
    const created = (await call('POST', '/api/projeto', tokens.admin, { nome: 'Para Editar', descricao: 'D' })).json();
    const res = await call('PUT', '/api/projeto', tokens.admin, {
      projetoId: created.projetoId,
      nome: 'Editado',
      descricao: 'Nova descrição',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ projetoId: created.projetoId, nome: 'Editado', descricao: 'Nova descrição', uf: 'SC' });
    const clash = await call('PUT', '/api/projeto', tokens.admin, {
      projetoId: created.projetoId,
      nome: 'Cidade Empreendedora SC 2025-2026',
      descricao: 'D',
    });
    expect(clash.statusCode).toBe(409);
    const foreign = await call('PUT', '/api/projeto', tokens.admin, {
      projetoId: (await seedProject('ms')).projetoId,
      nome: 'X',
      descricao: 'D',
    });
    expect(foreign.statusCode).toBe(404);
    expect((await seedProject('ms')).nome).toBe('Cidade Empreendedora MS 2025-2026');
  });

  it('lists the projects of a state', async () => {
    await call('POST', '/api/projeto', tokens.admin, { nome: 'Projeto RS', descricao: 'D', uf: 'RS' });
    const rs = await call('GET', '/api/projeto/get-projeto-by-uf?uf=rs', tokens.condutor);
    expect(rs.statusCode).toBe(200);
    expect(rs.json().map((p: { nome: string }) => p.nome)).toEqual(['Projeto RS']);
    const ms = await call('GET', '/api/projeto/get-projeto-by-uf?uf=MS', tokens.condutor);
    expect(ms.json()).toEqual([]);
    const missing = await call('GET', '/api/projeto/get-projeto-by-uf', tokens.condutor);
    expect(missing.statusCode).toBe(400);
  });

  it('deletes an unused project and refuses one that municipalities use', async () => {
    const created = (await call('POST', '/api/projeto', tokens.admin, { nome: 'Para Excluir', descricao: 'D' })).json();
    const res = await call('DELETE', `/api/projeto/${created.projetoId}`, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', `/api/projeto/${created.projetoId}`, tokens.admin)).statusCode).toBe(404);

    const used = await seedProject();
    const refused = await call('DELETE', `/api/projeto/${used.projetoId}`, tokens.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Não é possível excluir o projeto: há municípios vinculados a ele.' });
    expect((await call('DELETE', `/api/projeto/${(await seedProject('ms')).projetoId}`, tokens.admin)).statusCode).toBe(404);
  });

  it('refuses to delete a project that only axes use', async () => {
    const created = (await call('POST', '/api/projeto', tokens.admin, { nome: 'Com Eixo', descricao: 'D' })).json();
    const [axis] = await t.db.select().from(eixo).where(eq(eixo.tenantId, 'sc'));
    const original = axis!.projetoId;
    await t.db.update(eixo).set({ projetoId: created.projetoId }).where(eq(eixo.eixoId, axis!.eixoId));
    try {
      const res = await call('DELETE', `/api/projeto/${created.projetoId}`, tokens.admin);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Não é possível excluir o projeto: há eixos vinculados a ele.');
    } finally {
      await t.db.update(eixo).set({ projetoId: original }).where(eq(eixo.eixoId, axis!.eixoId));
    }
    const cities = await t.db
      .select()
      .from(municipio)
      .where(and(eq(municipio.tenantId, 'sc'), eq(municipio.projetoId, created.projetoId)));
    expect(cities).toEqual([]);
  });

  it('needs admin or the Projetos e Soluções menu to change projects', async () => {
    const created = (await call('POST', '/api/projeto', tokens.administrador, { nome: 'Do Administrador', descricao: 'D' })).json();
    expect(created.projetoId).toBeGreaterThan(0);
    const refused = await call('POST', '/api/projeto', tokens.condutor, { nome: 'Do Condutor', descricao: 'D' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Você não tem permissão para esta ação.');
    expect((await call('DELETE', `/api/projeto/${created.projetoId}`, tokens.membro)).statusCode).toBe(403);
  });

  it('refuses a user who does not manage projects with 403 whatever body they send, before it is validated (issue 26)', async () => {
    for (const method of ['POST', 'PUT'] as const) {
      const refused = await call(method, '/api/projeto', tokens.membro, { projetoId: 'x', nome: '' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Você não tem permissão para esta ação.');
      expect((await call(method, '/api/projeto', tokens.administrador, { projetoId: 'x', nome: '' })).statusCode).toBe(400);
    }
  });
});
