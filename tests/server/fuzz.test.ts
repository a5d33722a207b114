import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/**
 * Malformed input never gives a 5xx (issue 13, item 4): ~20 malformed variants of every mutating
 * route the OpenAPI document lists, as the admin (who reaches the most handlers). Runs on PGlite and,
 * with DATABASE_URL, on PostgreSQL (which refuses a NUL byte or an oversized index row itself).
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
};
type Operation = { requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; parameters?: { in: string; name: string }[] };
type Variant = { name: string; path: string; headers?: Record<string, string>; payload?: string | Buffer };

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t, 'admin@demo.local');
});
afterAll(async () => t?.close());

const NUL = 'adm\u0000in';
const HUGE = 'a'.repeat(500_000);

/** A value of the schema's shape, so the variants reach past the first check of the schema. */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return null;
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (choice) return sample(choice, depth);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'string':
      return schema.format === 'date-time' ? '2026-01-01T00:00:00.000Z' : schema.format === 'date' ? '2026-01-01' : 'texto';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** The sample with every string (or every number) replaced by `value`. */
function replaceAll(value: unknown, kind: 'string' | 'number', by: unknown): unknown {
  if (typeof value === kind) return by;
  if (Array.isArray(value)) return value.map((v) => replaceAll(v, kind, by));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceAll(v, kind, by)]));
  return value;
}

function variants(path: string, operation: Operation): Variant[] {
  const withParams = (value: string) => path.replace(/\{[^}]+\}/g, value);
  const base = withParams('999999');
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const body = sample(schema) ?? {};
  const json = (payload: unknown) => JSON.stringify(payload);
  const boundary = '----fuzz';
  const out: Variant[] = [
    { name: 'NUL in every string', path: base, payload: json(replaceAll(body, 'string', NUL)) },
    { name: '500,000 characters in every string', path: base, payload: json(replaceAll(body, 'string', HUGE)) },
    { name: 'control characters in every string', path: base, payload: json(replaceAll(body, 'string', 'a\u0001\u001b[31m\u007f')) },
    { name: 'huge numbers', path: base, payload: json(replaceAll(body, 'number', 1e300)) },
    { name: 'negative numbers', path: base, payload: json(replaceAll(body, 'number', -2_147_483_649)) },
    { name: 'numbers as text', path: base, payload: json(replaceAll(body, 'number', 'um')) },
    { name: 'strings as objects', path: base, payload: json(replaceAll(body, 'string', { $gt: '' })) },
    { name: 'not JSON', path: base, payload: '{"a":' },
    { name: 'empty body', path: base, payload: '' },
    { name: 'array body', path: base, payload: json([body]) },
    { name: 'null body', path: base, payload: 'null' },
    { name: 'deep nesting', path: base, payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
    { name: 'prototype keys', path: base, payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
    {
      name: 'multipart without boundary',
      path: base,
      headers: { 'content-type': 'multipart/form-data' },
      payload: `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n`,
    },
    {
      name: 'multipart cut short',
      path: base,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="descricao"\r\n\r\nmeio`,
    },
    {
      name: 'multipart with NUL in a field and a file name',
      path: base,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="descricao"\r\n\r\n${NUL}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="arquivos"; filename="${NUL}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n` +
        `--${boundary}--\r\n`,
    },
    { name: 'unknown content type', path: base, headers: { 'content-type': 'application/x-fuzz' }, payload: 'x' },
    { name: 'octet-stream body', path: base, headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from([0, 1, 2]) },
    { name: 'NUL in the query string', path: `${base}?offset=%00&municipioId=%00&q=%00`, payload: json(body) },
  ];
  if (path.includes('{')) {
    for (const value of ['%00', 'a%00b', '-1', '0', '1.5', '99999999999999999999', 'abc', encodeURIComponent(HUGE.slice(0, 5000)), '%ZZ']) {
      out.push({ name: `path parameter ${value.slice(0, 20)}`, path: withParams(value), payload: json(body) });
    }
  }
  return out;
}

describe('malformed input on every mutating route', () => {
  it('never gives a 5xx, on any route the OpenAPI document lists', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let sent = 0;
    let routes = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        routes++;
        for (const variant of variants(path, operation)) {
          const res = await t.app.inject({
            method: method.toUpperCase() as 'POST',
            url: variant.path,
            headers: { ...authHeaders(token), 'content-type': 'application/json', ...variant.headers },
            payload: variant.payload,
          });
          sent++;
          if (res.statusCode >= 500)
            failures.push(`${method.toUpperCase()} ${path} (${variant.name}): ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(routes).toBeGreaterThan(40);
    expect(sent).toBeGreaterThan(routes * 19);
    expect(failures).toEqual([]);
  }, 600_000);
});
