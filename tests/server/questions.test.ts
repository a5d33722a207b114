import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { themeListSchema } from '../../src/domain/axes.ts';
import { offlineBundleSchema, offlineQuestionSchema } from '../../src/domain/offline-bundle.ts';
import { municipio, perguntaMunicipio, tema, usuarioGrupo } from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const city: Record<string, number> = {};

async function get(url: string, user: string, tenant = 'sc') {
  const key = `${user}@${tenant}`;
  tokens[key] ??= await login(t, `${user}@demo.local`, tenant);
  return t.app.inject({ method: 'GET', url, headers: authHeaders(tokens[key], tenant) });
}

beforeAll(async () => {
  t = await createTestApp();
  for (const m of await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'))) city[m.nome] = m.municipioId;
});
afterAll(async () => t?.close());

describe('GET /api/Tema', () => {
  it("gives an admin every theme of the tenant and no other tenant's", async () => {
    const res = await get('/api/Tema', 'admin');
    expect(res.statusCode, res.body).toBe(200);
    const themes = themeListSchema.parse(res.json());
    const stored = await t.db.select({ temaId: tema.temaId }).from(tema).where(eq(tema.tenantId, 'sc'));
    expect(themes.map((x) => x.temaId).sort()).toEqual(stored.map((x) => x.temaId).sort());
    expect(stored.length).toBeGreaterThan(0);
  });

  it('limits a specialist consultant to the themes of the axes they hold', async () => {
    const all = themeListSchema.parse((await get('/api/Tema', 'admin')).json());
    const mine = themeListSchema.parse((await get('/api/Tema', 'especialista')).json());
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length);
    expect(new Set(mine.map((x) => x.eixoId)).size).toBeLessThan(new Set(all.map((x) => x.eixoId)).size);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Tema', headers: { database: 'sc' } })).statusCode).toBe(401);
  });
});

describe('GET /api/pergunta/perguntamunicipio/get-perguntas/{municipioId}', () => {
  const path = (id: number | string) => `/api/pergunta/perguntamunicipio/get-perguntas/${id}`;

  it("lists the municipality's questions as the offline bundle holds them", async () => {
    const id = city['Florianópolis']!;
    const res = await get(path(id), 'admin');
    expect(res.statusCode, res.body).toBe(200);
    const questions = res.json().map((q: unknown) => offlineQuestionSchema.parse(q));
    const stored = await t.db
      .select({ id: perguntaMunicipio.perguntaMunicipioId })
      .from(perguntaMunicipio)
      .where(and(eq(perguntaMunicipio.tenantId, 'sc'), eq(perguntaMunicipio.municipioId, id)));
    expect(questions.length).toBe(stored.length);
    expect(questions.length).toBeGreaterThan(0);
    const bundle = offlineBundleSchema.parse((await get(`/api/offline/municipio/${id}`, 'admin')).json());
    expect(questions).toEqual(bundle.perguntas);
  });

  it('limits a specialist consultant to the questions of their axes', async () => {
    const cities = (await get('/api/municipio', 'especialista')).json() as { municipioId: number }[];
    const id = cities[0]!.municipioId;
    const full = (await get(path(id), 'admin')).json() as unknown[];
    const mine = await get(path(id), 'especialista');
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as unknown[]).length).toBeGreaterThan(0);
    expect((mine.json() as unknown[]).length).toBeLessThan(full.length);
  });

  it('answers 404 for a municipality the user does not see or another tenant has, and 400 for a bad id', async () => {
    const mine = ((await get('/api/municipio', 'condutor')).json() as { municipioId: number }[]).map((m) => m.municipioId);
    const other = Object.values(city).find((id) => !mine.includes(id))!;
    const hidden = await get(path(other), 'condutor');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'Município não encontrado.' });
    const ms = (await t.db.select().from(municipio).where(eq(municipio.tenantId, 'ms')))[0]!.municipioId;
    expect((await get(path(ms), 'admin')).statusCode).toBe(404);
    const bad = await get(path('abc'), 'admin');
    expect(bad.statusCode).toBe(400);
  });

  it('answers 403 to a user whose group does not open the Acompanhamento tab', async () => {
    const cities = (await get('/api/municipio', 'membro')).json() as { municipioId: number }[];
    const id = cities[0]!.municipioId;
    expect((await get(path(id), 'membro')).statusCode).toBe(200);
    const group = and(eq(usuarioGrupo.tenantId, 'sc'), eq(usuarioGrupo.nome, 'Membro do Município'));
    await t.db.update(usuarioGrupo).set({ verAbaAcompanhamento: false }).where(group);
    onTestFinished(async () => {
      await t.db.update(usuarioGrupo).set({ verAbaAcompanhamento: true }).where(group);
    });
    const token = await login(t, 'membro@demo.local');
    const res = await t.app.inject({ method: 'GET', url: path(id), headers: authHeaders(token) });
    expect(res.statusCode, res.body).toBe(403);
  });
});
