import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/** The register pattern (server/lib/register.ts) through its first register, the themes (api/Tema). */
let t: TestApp;
const tokens: Record<string, string> = {};
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown, tenant = 'sc') =>
  t.app.inject({ method, url, headers: authHeaders(token, tenant), payload: payload as object });

let eixoId = 0;
beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await login(t, 'admin@demo.local');
  tokens.condutor = await login(t, 'condutor@demo.local');
  tokens.msAdmin = await login(t, 'admin@demo.local', 'ms');
  const axes = await call('GET', '/api/projeto/eixo/get-eixo', tokens.admin);
  eixoId = axes.json()[0].eixoId;
});
afterAll(async () => t?.close());

describe('api/Tema register', () => {
  it('creates, reads, renames and deletes a theme, listing it with its axis', async () => {
    const created = await call('POST', '/api/Tema', tokens.admin!, { nome: '  Compras públicas locais  ', eixoId });
    expect(created.statusCode, created.body).toBe(201);
    const theme = created.json();
    expect(theme).toMatchObject({ nome: 'Compras públicas locais', eixoId });
    expect(typeof theme.eixoNome).toBe('string');

    const list = (await call('GET', '/api/Tema', tokens.admin!)).json() as Array<{ temaId: number }>;
    expect(list.some((row) => row.temaId === theme.temaId)).toBe(true);

    const renamed = await call('PUT', '/api/Tema', tokens.admin!, { temaId: theme.temaId, nome: 'Compras locais', eixoId });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call('GET', `/api/Tema/${theme.temaId}`, tokens.admin!)).json().nome).toBe('Compras locais');

    expect((await call('DELETE', `/api/Tema/${theme.temaId}`, tokens.admin!)).statusCode).toBe(204);
    expect((await call('GET', `/api/Tema/${theme.temaId}`, tokens.admin!)).statusCode).toBe(404);
  });

  it('answers 400 in pt-BR for a missing name or axis, and 409 for a duplicate name on the axis', async () => {
    const missing = await call('POST', '/api/Tema', tokens.admin!, { nome: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('O nome é obrigatório');
    expect(missing.body).toContain('Campo Obrigatório');

    const first = await call('POST', '/api/Tema', tokens.admin!, { nome: 'Tema repetido', eixoId });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/api/Tema', tokens.admin!, { nome: 'Tema repetido', eixoId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Já existe um tema com este nome.');
  });

  it('answers 409, not 500, when a question still uses the theme', async () => {
    const list = (await call('GET', '/api/Tema', tokens.admin!)).json() as Array<{ temaId: number }>;
    const results = await Promise.all(list.map((row) => call('DELETE', `/api/Tema/${row.temaId}`, tokens.condutor!)));
    expect(results.every((r) => r.statusCode === 403)).toBe(true);
    // The seeded themes hold the seeded questions.
    const used = await call('DELETE', `/api/Tema/${list[0]!.temaId}`, tokens.admin!);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('Não é possível excluir o tema: há registros que o usam.');
  });

  it('refuses a consultant (403) and another tenant’s axis (400); another tenant’s theme is not found', async () => {
    const denied = await call('POST', '/api/Tema', tokens.condutor!, { nome: 'Sem permissão', eixoId });
    expect(denied.statusCode).toBe(403);
    const foreignAxis = await call('POST', '/api/Tema', tokens.msAdmin!, { nome: 'Eixo de outra base', eixoId }, 'ms');
    expect(foreignAxis.statusCode).toBe(400);
    const scTheme = ((await call('GET', '/api/Tema', tokens.admin!)).json() as Array<{ temaId: number }>)[0]!;
    expect((await call('GET', `/api/Tema/${scTheme.temaId}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/Tema/${scTheme.temaId}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
  });

  // Issue 26 item 2: the register's write access is declared on its endpoint (manage of the menu
  // flag) and decided before the body is read, so a malformed body no longer earns a 400 first.
  it('answers 403 to a consultant whatever body they send, on create, update and the municipality checklists', async () => {
    for (const payload of [{ nome: '' }, { eixoId: 'x' }, 'not json']) {
      expect((await call('POST', '/api/Tema', tokens.condutor!, payload)).statusCode).toBe(403);
      expect((await call('PUT', '/api/Tema', tokens.condutor!, payload)).statusCode).toBe(403);
      expect((await call('PUT', '/api/MunicipiosEixos', tokens.condutor!, payload)).statusCode).toBe(403);
      expect(
        (await call('POST', '/api/UnidadeRegional/atualizar-unidades-regionais-municipios', tokens.condutor!, payload)).statusCode,
      ).toBe(403);
    }
    // The same malformed body from a manager is still the schema's 400 in pt-BR.
    const invalid = await call('POST', '/api/Tema', tokens.admin!, { nome: '' });
    expect(invalid.statusCode).toBe(400);
  });
});
