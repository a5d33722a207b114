import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { municipio } from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let floripa = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'condutor', 'membro']) tokens[who] = await login(t, `${who}@demo.local`);
  const [row] = await t.db
    .select()
    .from(municipio)
    .where(and(eq(municipio.nome, 'Florianópolis'), eq(municipio.tenantId, 'sc')));
  floripa = row!.municipioId;
});

afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: authHeaders(tokens[who]!), ...(payload ? { payload } : {}) });

describe('the API behind a city tab follows the tab', () => {
  it('refuses the city report list and calendar to a member, whose group has neither tab', async () => {
    for (const url of [`/api/relatorio/get-by-municipio/${floripa}`, `/api/calendario/encontro/get-by-municipio/${floripa}`]) {
      expect((await call('GET', url, 'membro')).statusCode, url).toBe(403);
      expect((await call('GET', url, 'condutor')).statusCode, url).toBe(200);
    }
  });
});

describe('municipality groups', () => {
  it('a member reads the groups but cannot create, rename or delete them; a consultant can', async () => {
    expect((await call('GET', `/api/municipio/grupo?municipioId=${floripa}`, 'membro')).statusCode).toBe(200);
    const created = await call('POST', '/api/municipio/grupo', 'condutor', { municipioId: floripa, nome: `Grupo ${Date.now()}` });
    expect(created.statusCode).toBe(201);
    const { grupoId } = created.json() as { grupoId: number };
    const refused = [
      await call('POST', '/api/municipio/grupo', 'membro', { municipioId: floripa, nome: 'Do membro' }),
      await call('PUT', '/api/municipio/grupo', 'membro', { grupoId, nome: 'Renomeado pelo membro' }),
      await call('DELETE', `/api/municipio/grupo/${grupoId}`, 'membro'),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Você não tem permissão para alterar os grupos deste município.');
    }
    expect((await call('PUT', '/api/municipio/grupo', 'condutor', { grupoId, nome: 'Renomeado' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/municipio/grupo/${grupoId}`, 'condutor')).statusCode).toBe(204);
  });
});

describe('user group names', () => {
  it('refuses names that only look like "Administrador"', async () => {
    const lookalikes = [
      'Admіnistrador', // Cyrillic і
      'Аdministrador', // Cyrillic А
      'Admin\u200Bistrador', // zero-width space
      'Adm\u00ADinistrador', // soft hyphen
      'Ａｄｍｉｎｉｓｔｒａｄｏｒ', // fullwidth
      'ADMINISTRADOR',
      'Administradór',
      'Administrador\u2060',
    ];
    for (const nome of lookalikes) {
      const res = await call('POST', '/api/usuario/grupo', 'admin', { nome });
      expect(res.statusCode, JSON.stringify(nome)).toBe(400);
      expect(res.json().message).toBe('Nome reservado: para o grupo de administradores use exatamente "Administrador"');
    }
    expect((await call('POST', '/api/usuario/grupo', 'admin', { nome: 'Administradores regionais' })).statusCode).toBe(201);
  });
});

describe('security headers', () => {
  it('sends neither HSTS nor upgrade-insecure-requests on plain http, and both with an https PUBLIC_URL', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');

    const secure = await buildApp({ config: { ...t.config, publicUrl: 'https://ce.exemplo.gov.br' }, db: t.db, mailer: { send: async () => {} }, logger: false });
    try {
      const res = await secure.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});
