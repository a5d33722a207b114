import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import * as s from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/**
 * What the Sala server tests (sala-5w2h, sala-cost, sala-time) share: one app per file, the seeded
 * places they work in, and one way to call the API as a demo user (null: no login). The sala user
 * sees only Chapecó (its room); Florianópolis is out of its sight; Lages has no demo room data, so
 * totals there are the test's own; Corumbá is a municipality of the other tenant (ms).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type SalaPlaces = { chapeco: number; florianopolis: number; lages: number; corumba: number };

async function municipalityId(t: TestApp, nome: string, tenant = 'sc'): Promise<number> {
  const [m] = await t.db
    .select({ id: s.municipio.municipioId })
    .from(s.municipio)
    .where(and(eq(s.municipio.tenantId, tenant), eq(s.municipio.nome, nome)));
  if (!m) throw new Error(`município ${nome} (${tenant}) não encontrado`);
  return m.id;
}

/** Builds the app before the file's tests and closes it after; `places` is filled by then. */
export function useSalaApp() {
  let t: TestApp;
  const places: SalaPlaces = { chapeco: 0, florianopolis: 0, lages: 0, corumba: 0 };
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    t = await createTestApp();
    places.chapeco = await municipalityId(t, 'Chapecó');
    places.florianopolis = await municipalityId(t, 'Florianópolis');
    places.lages = await municipalityId(t, 'Lages');
    places.corumba = await municipalityId(t, 'Corumbá', 'ms');
  });
  afterAll(async () => t?.close());
  const token = async (user: string, tenant: string) => {
    const key = `${user}@${tenant}`;
    if (!tokens.has(key)) tokens.set(key, await login(t, `${user}@demo.local`, tenant));
    return tokens.get(key)!;
  };
  return {
    places,
    async call(method: Method, url: string, user: string | null, payload?: unknown, tenant = 'sc', extra: Record<string, string> = {}) {
      const headers = user ? authHeaders(await token(user, tenant), tenant) : { database: tenant };
      return t.app.inject({ method, url, headers: { ...headers, ...extra }, payload: payload as never });
    },
  };
}
