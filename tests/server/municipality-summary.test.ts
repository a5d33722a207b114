import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUMMARY_MESSAGES, type Summary } from '../../src/domain/municipality-summary.ts';
import { municipio } from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/** The municipality summary (issue 30, api/municipio-resunmo) against the real app and database. */

let t: TestApp;
const tokens: Record<string, string> = {};
const city: Record<string, number> = {};

async function call(method: 'GET' | 'POST' | 'PUT', url: string, user: string, payload?: unknown, tenant = 'sc') {
  tokens[`${user}@${tenant}`] ??= await login(t, `${user}@demo.local`, tenant);
  return t.app.inject({ method, url: `/api/municipio-resunmo${url}`, headers: authHeaders(tokens[`${user}@${tenant}`]!, tenant), payload: payload as never });
}

beforeAll(async () => {
  t = await createTestApp();
  for (const m of await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'))) city[m.nome] = m.municipioId;
});
afterAll(async () => {
  await t?.close();
});

describe('municipality summary', () => {
  it('adds a summary with its author and date, its body sanitised like the reports’, and lists the newest first', async () => {
    const id = city['Joinville']!;
    const res = await call('POST', '', 'condutor', {
      municipioId: id,
      titulo: 'Visita de outubro',
      texto: '<p onclick="alert(1)">Reunião com o prefeito.</p><script>alert(2)</script><a href="javascript:alert(3)">x</a>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Summary;
    expect(created.texto).toBe('<p>Reunião com o prefeito.</p><a>x</a>');
    expect(created.autorNome).toBeTruthy();
    expect(Date.parse(created.criadoEm)).toBeGreaterThan(Date.now() - 60_000);
    const second = (await call('POST', '', 'condutor', { municipioId: id, titulo: 'Visita de novembro', texto: '<p>Feira.</p>' })).json() as Summary;
    const list = (await call('GET', `/municipio/${id}`, 'analista')).json() as Summary[];
    expect(list.slice(0, 2).map((s) => s.resumoId)).toEqual([second.resumoId, created.resumoId]);
  });

  it('lets the author or an administrator edit, and no one else', async () => {
    const id = city['Joinville']!;
    const mine = (await call('POST', '', 'condutor', { municipioId: id, titulo: 'Rascunho', texto: '<p>a</p>' })).json() as Summary;
    const other = await call('PUT', '', 'analista', { resumoId: mine.resumoId, titulo: 'Alterado', texto: '<p>b</p>' });
    expect([other.statusCode, other.json().message]).toEqual([403, SUMMARY_MESSAGES.notAuthor]);
    const own = await call('PUT', '', 'condutor', { resumoId: mine.resumoId, titulo: 'Final', texto: '<p>c</p>' });
    expect(own.json()).toMatchObject({ titulo: 'Final', texto: '<p>c</p>' });
    const admin = await call('PUT', '', 'admin', { resumoId: mine.resumoId, titulo: 'Revisado', texto: '<p>d</p>' });
    expect(admin.statusCode).toBe(200);
    expect((admin.json() as Summary).atualizadoPorNome).not.toBe((own.json() as Summary).atualizadoPorNome);
    expect((await call('GET', `/${mine.resumoId}`, 'condutor')).json()).toMatchObject({ titulo: 'Revisado' });
  });

  it('answers 400 in Portuguese for an empty body and 404 out of sight or in another tenant', async () => {
    const empty = await call('POST', '', 'condutor', { municipioId: city['Joinville'], titulo: 'x', texto: '<p></p>' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, SUMMARY_MESSAGES.bodyRequired]);
    const noTitle = await call('POST', '', 'condutor', { municipioId: city['Joinville'], titulo: ' ', texto: '<p>x</p>' });
    expect([noTitle.statusCode, noTitle.json().message]).toEqual([400, SUMMARY_MESSAGES.titleRequired]);
    expect((await call('POST', '', 'condutor', { municipioId: city['Blumenau'], titulo: 'x', texto: '<p>x</p>' })).statusCode).toBe(404);
    const blumenau = (await call('POST', '', 'admin', { municipioId: city['Blumenau'], titulo: 'Interno', texto: '<p>x</p>' })).json() as Summary;
    expect((await call('GET', `/${blumenau.resumoId}`, 'condutor')).statusCode).toBe(404);
    expect((await call('GET', `/${blumenau.resumoId}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
    expect((await call('PUT', '', 'admin', { resumoId: blumenau.resumoId, titulo: 'x', texto: '<p>x</p>' }, 'ms')).statusCode).toBe(404);
    expect((await call('GET', `/municipio/${city['Joinville']}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
  });
});
