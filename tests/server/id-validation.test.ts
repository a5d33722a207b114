import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/**
 * Ids are positive (issue 13, item 10): an id of 0 or -1 anywhere the OpenAPI document lists one
 * (path, query string, JSON body) is refused with a 400 whose pt-BR message names no "mínimo 0"
 * and has no doubled full stop. Sent as the admin, who passes every permission check.
 */

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[] };
type Parameter = { in: string; name: string; schema?: JsonSchema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t, 'admin@demo.local');
});
afterAll(async () => t?.close());

const isNumeric = (s: JsonSchema | undefined): boolean =>
  !!s && (['integer', 'number'].includes(String(s.type)) || (s.anyOf ?? []).some(isNumeric));
const isIdName = (name: string) => /(^id|Id|Ids)$/.test(name);

/** A plausible body: every number 1, every string 'texto', every list one item. */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return null;
  if (schema.anyOf?.[0]) return sample(schema.anyOf[0], depth);
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      return 'texto';
    default:
      return null;
  }
}

type Probe = { label: string; method: string; url: string; body?: unknown; value: number };

function probes(document: { paths: Record<string, Record<string, Operation>> }): Probe[] {
  const out: Probe[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const params = op.parameters ?? [];
      const pathWith = (name: string | null, value: string) =>
        path.replace(/\{([^}]+)\}/g, (_m, p: string) => (p === name ? value : isNumeric(params.find((x) => x.name === p)?.schema) ? '1' : 'texto'));
      const schema = op.requestBody?.content?.['application/json']?.schema;
      const body = schema ? sample(schema) : undefined;
      for (const value of [0, -1]) {
        for (const param of params) {
          if (!isNumeric(param.schema) || !isIdName(param.name)) continue;
          if (param.in === 'path') out.push({ label: `${method} ${path} ${param.name}=${value}`, method, url: pathWith(param.name, String(value)), body, value });
          if (param.in === 'query')
            out.push({ label: `${method} ${path} ?${param.name}=${value}`, method, url: `${pathWith(null, '')}?${param.name}=${value}`, body, value });
        }
        for (const [name, prop] of Object.entries(schema?.properties ?? {})) {
          if (!isIdName(name)) continue;
          const bad = isNumeric(prop) ? value : isNumeric(prop.items) ? [value] : undefined;
          if (bad === undefined) continue;
          out.push({ label: `${method} ${path} body.${name}=${value}`, method, url: pathWith(null, ''), body: { ...(body as object), [name]: bad }, value });
        }
      }
    }
  }
  return out;
}

describe('ids must be positive', () => {
  it('0 and -1 are refused with a clean pt-BR message wherever the document lists an id', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const list = probes(document);
    expect(list.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const probe of list) {
      const res = await t.app.inject({
        method: probe.method.toUpperCase() as 'GET',
        url: probe.url,
        headers: authHeaders(token),
        ...(probe.body === undefined || probe.method === 'get' ? {} : { payload: probe.body as object }),
      });
      const message = String(res.json<{ message?: string }>().message ?? '');
      if (res.statusCode >= 400 && (/mínimo 0/.test(message) || message.includes('..'))) failures.push(`${probe.label}: ${res.statusCode} ${message}`);
      // -1 is never an id; 0 means "all" in a few lists (e.g. every municipality), so only -1 must be a 400.
      if (probe.value === -1 && res.statusCode !== 400) failures.push(`${probe.label}: ${res.statusCode} ${message}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('names the id in the message', async () => {
    for (const url of ['/api/relatorio/0', '/api/relatorio/-1']) {
      const res = await t.app.inject({ method: 'DELETE', url, headers: authHeaders(token) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Identificador inválido');
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/relatorio/get-by-usuario/1/-1',
      headers: authHeaders(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Identificador inválido');
  });
});
