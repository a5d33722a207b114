import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

let t: TestApp;
let staticDir: string;
let adminToken: string;
const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Município ${i}`))};\n`;
const shell = `<!doctype html><html lang="pt-BR"><head><title>Cidade Empreendedora</title></head><body><div id="root"></div>${' '.repeat(1200)}</body></html>`;

beforeAll(async () => {
  // A built app as `npm run build` leaves it: each text file with its .br and .gz beside it.
  staticDir = await mkdtemp(path.join(tmpdir(), 'ce-static-'));
  await mkdir(path.join(staticDir, 'assets'));
  for (const [file, text] of [
    ['index.html', shell],
    ['assets/index-abc123.js', script],
  ] as const) {
    await writeFile(path.join(staticDir, file), text);
    await writeFile(path.join(staticDir, `${file}.br`), brotliCompressSync(text));
    await writeFile(path.join(staticDir, `${file}.gz`), gzipSync(text));
  }
  t = await createTestApp({ staticDir });
  adminToken = await login(t, 'admin@demo.local');
});

afterAll(async () => {
  await t.close();
  await rm(staticDir, { recursive: true, force: true });
});

describe('compression', () => {
  it('serves a built asset precompressed with brotli when the browser accepts it, gzip otherwise, plain to anyone else', async () => {
    const url = '/assets/index-abc123.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves the app shell of a client-side route precompressed too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cidade', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(shell);
  });

  it('compresses an API JSON answer of 1 KB or more, and leaves a smaller one alone', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/municipio', headers: authHeaders(adminToken) });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/municipio',
      headers: { ...authHeaders(adminToken), 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/municipio',
      headers: { ...authHeaders(adminToken), 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toBeTruthy();
  });
});
