import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { configuracao } from '../../server/db/schema/index.ts';
import { FLAG_KEYS } from '../../src/domain/permission-flags.ts';
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

const storedConfig = async (tenantId = 'sc') => (await t.db.select().from(configuracao).where(eq(configuracao.tenantId, tenantId)))[0]!;

describe('GET /api/configuracao', () => {
  it('gives any logged-in user every global flag as stored', async () => {
    const res = await call('GET', '/api/configuracao', tokens.membro);
    expect(res.statusCode).toBe(200);
    const row = await storedConfig();
    expect(Object.keys(res.json()).sort()).toEqual([...FLAG_KEYS].sort());
    for (const key of FLAG_KEYS) expect(res.json()[key], key).toBe(row[key]);
  });
});

describe('PUT /api/configuracao', () => {
  it('changes only the flags sent, in this tenant only, and sessions see it at once', async () => {
    const before = await storedConfig();
    const msBefore = await storedConfig('ms');
    const condutor = await login(t, 'condutor@demo.local');
    expect((await call('GET', '/api/usuario/sessao', condutor)).json().config.novoRelatorio).toBe(true);

    const res = await call('PUT', '/api/configuracao', tokens.admin, { novoRelatorio: false, ocultarRelatorioAdministrativos: true });
    // Put back even when an assertion fails first: other tests read these flags.
    onTestFinished(async () => {
      await call('PUT', '/api/configuracao', tokens.admin, {
        novoRelatorio: before.novoRelatorio,
        ocultarRelatorioAdministrativos: before.ocultarRelatorioAdministrativos,
      });
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await storedConfig();
    for (const key of FLAG_KEYS) {
      const expected = key === 'novoRelatorio' ? false : key === 'ocultarRelatorioAdministrativos' ? true : before[key];
      expect(after[key], key).toBe(expected);
      expect(res.json()[key], key).toBe(expected);
    }
    expect(await storedConfig('ms')).toEqual(msBefore);
    expect((await call('GET', '/api/usuario/sessao', condutor)).json().config.novoRelatorio).toBe(false);

    expect((await call('PUT', '/api/configuracao', tokens.admin, { novoRelatorio: true })).statusCode).toBe(200);
    expect((await call('GET', '/api/usuario/sessao', condutor)).json().config.novoRelatorio).toBe(true);
  });

  it('refuses unknown flags and values that are not booleans', async () => {
    const unknown = await call('PUT', '/api/configuracao', tokens.admin, { flagQueNaoExiste: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Campos não reconhecidos: flagQueNaoExiste');
    const notBoolean = await call('PUT', '/api/configuracao', tokens.admin, { novoRelatorio: 'sim' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().message).toBe('Valor inválido');
  });

  it('admins keep editing even with the Configurações menu switched off globally; others need it', async () => {
    const off = await call('PUT', '/api/configuracao', tokens.admin, { menuConfiguracoes: false });
    expect(off.json().menuConfiguracoes).toBe(false);
    const administrador = await call('PUT', '/api/configuracao', tokens.administrador, { menuConfiguracoes: true });
    expect(administrador.statusCode).toBe(200);
    const condutor = await call('PUT', '/api/configuracao', tokens.condutor, { novoRelatorio: false });
    expect(condutor.statusCode).toBe(403);
    expect(condutor.json().message).toBe('Você não tem permissão para esta ação.');
  });
});

describe('access declared on the endpoint (issue 26)', () => {
  it('refuses a user without the Configurações menu with 403 whatever body they send, before it is validated', async () => {
    const refused = await call('PUT', '/api/configuracao', tokens.membro, { naoExiste: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Você não tem permissão para esta ação.');
    expect((await call('PUT', '/api/configuracao', tokens.administrador, { naoExiste: 'x' })).statusCode).toBe(400);
  });
});
