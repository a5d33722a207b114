import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { offlineBundleSchema } from '../../src/domain/offline-bundle.ts';
import { offlineBundleSummarySchema } from '../../src/domain/offline-bundle-summary.ts';
import { configuracao, municipio, perguntaMunicipio, usuarioGrupo } from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

let t: TestApp;
const city: Record<string, number> = {};

async function get(url: string, user: string, tenant = 'sc') {
  return t.app.inject({ method: 'GET', url, headers: authHeaders(await login(t, `${user}@demo.local`, tenant), tenant) });
}

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select({ id: municipio.municipioId, nome: municipio.nome, tenantId: municipio.tenantId }).from(municipio);
  for (const r of rows) if (r.tenantId === 'sc') city[r.nome] = r.id;
});
afterAll(() => t.close());

describe('GET api/offline/municipio/{id}', () => {
  it('gives a consultant everything about one of their municipalities, and the summary states its exact size first', async () => {
    const summary = await get(`/api/offline/municipio/${city['Florianópolis']}/resumo`, 'condutor');
    expect(summary.statusCode).toBe(200);
    const s = offlineBundleSummarySchema.parse(summary.json());

    const res = await get(`/api/offline/municipio/${city['Florianópolis']}`, 'condutor');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    // The generation instant is the only part that changes between the two calls, and it has a fixed length.
    expect(Buffer.byteLength(res.body)).toBe(s.bytes);

    const bundle = offlineBundleSchema.parse(res.json());
    expect(bundle.municipio.nome).toBe('Florianópolis');
    expect(bundle.membros.length).toBe(s.contagens.membros);
    expect(bundle.membros.length).toBeGreaterThan(0);
    expect(bundle.grupos.length).toBeGreaterThan(0);
    expect(bundle.encontros.length).toBeGreaterThan(0);
    expect(bundle.encontros.every((e) => e.municipioId === city['Florianópolis'])).toBe(true);
    expect(bundle.encontros.some((e) => e.tarefas.length > 0 && e.convidados.length > 0)).toBe(true);
    expect(bundle.perguntas.length).toBeGreaterThan(0);
    expect(bundle.membros.every((m) => m.municipioId === city['Florianópolis'])).toBe(true);
  });

  it("holds the municipality's task progress as get-andamento-tarefas answers it, each row naming its municipality", async () => {
    const id = city['Florianópolis'];
    const progress = await get(`/api/dashboard/get-andamento-tarefas/${id}`, 'admin');
    expect(progress.statusCode).toBe(200);
    const bundle = offlineBundleSchema.parse((await get(`/api/offline/municipio/${id}`, 'admin')).json());
    const summary = offlineBundleSummarySchema.parse((await get(`/api/offline/municipio/${id}/resumo`, 'admin')).json());
    const rows = bundle.andamentoTarefas ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual((progress.json() as object[]).map((r) => ({ ...r, municipioId: id })));
    expect(summary.contagens.andamentoTarefas).toBe(rows.length);
  });

  it("holds the municipality's field reports the user may see, as the report list shows them, with their meeting", async () => {
    for (const user of ['admin', 'condutor']) {
      const id = city['Florianópolis'];
      const list = await get(`/api/relatorio/get-by-municipio/${id}`, user);
      expect(list.statusCode).toBe(200);
      const bundle = offlineBundleSchema.parse((await get(`/api/offline/municipio/${id}`, user)).json());
      const summary = offlineBundleSummarySchema.parse((await get(`/api/offline/municipio/${id}/resumo`, user)).json());
      const reports = bundle.relatorios ?? [];
      // The bundle's rows are the list's rows, whole (the meeting, encontroId, included in both).
      expect(reports).toEqual(list.json());
      expect(summary.contagens.relatorios).toBe(reports.length);
      if (user === 'admin') {
        expect(reports.length).toBeGreaterThan(0);
        expect(reports.some((r) => r.encontroId !== null)).toBe(true);
      }
      // Only list fields: no report text and no attachments (they load on demand).
      for (const r of reports) expect(Object.keys(r)).not.toContain('arquivos');
    }
  });

  it('holds the administrative reports the user may see, as their list shows them, and none for a group that hides them', async () => {
    let seen = 0;
    for (const user of ['admin', 'condutor']) {
      for (const id of Object.values(city)) {
        const list = await get(`/api/relatorioadministrativo/relatorioadministrativo/get-by-municipio/${id}`, user);
        if (list.statusCode === 404) continue; // not one of this user's municipalities
        expect(list.statusCode, list.body).toBe(200);
        const bundle = offlineBundleSchema.parse((await get(`/api/offline/municipio/${id}`, user)).json());
        expect(bundle.relatoriosAdministrativos).toEqual(list.json());
        seen += bundle.relatoriosAdministrativos!.length;
      }
    }
    expect(seen).toBeGreaterThan(0);

    const consultor = and(eq(usuarioGrupo.tenantId, 'sc'), eq(usuarioGrupo.nome, 'Consultor'));
    await t.db.update(usuarioGrupo).set({ ocultarRelatorioAdministrativos: true }).where(consultor);
    await t.db.update(configuracao).set({ ocultarRelatorioAdministrativos: true }).where(eq(configuracao.tenantId, 'sc'));
    onTestFinished(async () => {
      await t.db.update(usuarioGrupo).set({ ocultarRelatorioAdministrativos: false }).where(consultor);
      await t.db.update(configuracao).set({ ocultarRelatorioAdministrativos: false }).where(eq(configuracao.tenantId, 'sc'));
    });
    const id = city['Florianópolis'];
    expect((await get(`/api/relatorioadministrativo/relatorioadministrativo/get-by-municipio/${id}`, 'condutor')).statusCode).toBe(403);
    const hidden = offlineBundleSchema.parse((await get(`/api/offline/municipio/${id}`, 'condutor')).json());
    expect(hidden.relatoriosAdministrativos).toEqual([]);
    const summary = offlineBundleSummarySchema.parse((await get(`/api/offline/municipio/${id}/resumo`, 'condutor')).json());
    expect(summary.contagens.relatoriosAdministrativos).toBe(0);
  });

  it('limits the questions to the axes a specialist consultant holds', async () => {
    const admin = offlineBundleSchema.parse((await get(`/api/offline/municipio/${city['Florianópolis']}`, 'admin')).json());
    const cityId = admin.municipio.municipioId;
    const allAxes = new Set(admin.perguntas.map((p) => p.eixoId));
    const stored = await t.db
      .select({ id: perguntaMunicipio.perguntaMunicipioId })
      .from(perguntaMunicipio)
      .where(and(eq(perguntaMunicipio.tenantId, 'sc'), eq(perguntaMunicipio.municipioId, cityId)));
    expect(admin.perguntas.length).toBe(stored.length);

    const specialistCities = (await get('/api/municipio', 'especialista')).json() as { municipioId: number }[];
    const specialistCity = specialistCities[0]!.municipioId;
    const full = offlineBundleSchema.parse((await get(`/api/offline/municipio/${specialistCity}`, 'admin')).json());
    const mine = offlineBundleSchema.parse((await get(`/api/offline/municipio/${specialistCity}`, 'especialista')).json());
    expect(mine.perguntas.length).toBeGreaterThan(0);
    expect(mine.perguntas.length).toBeLessThan(full.perguntas.length);
    expect(new Set(mine.perguntas.map((p) => p.eixoId)).size).toBeLessThan(allAxes.size);
  });

  it('answers 404 for a municipality the user does not see, and 401 to another tenant’s token', async () => {
    const mine = ((await get('/api/municipio', 'condutor')).json() as { municipioId: number }[]).map((m) => m.municipioId);
    const other = Object.values(city).find((id) => !mine.includes(id))!;
    expect((await get(`/api/offline/municipio/${other}`, 'condutor')).statusCode).toBe(404);
    expect((await get(`/api/offline/municipio/${other}/resumo`, 'condutor')).statusCode).toBe(404);
    const msToken = await login(t, 'admin@demo.local', 'ms');
    const cross = await t.app.inject({
      method: 'GET',
      url: `/api/offline/municipio/${city['Florianópolis']}`,
      headers: authHeaders(msToken, 'sc'),
    });
    expect(cross.statusCode).toBe(401);
    const bad = await get('/api/offline/municipio/abc', 'admin');
    expect(bad.statusCode).toBe(400);
  });
});
