import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/**
 * Issue 32, items 2 and 9: the built app's static files go with a lean header set and long-lived
 * caching when hashed, compressed whatever their size; the document, the service worker and the
 * API keep every security header; route-specific libraries load on first use and those routes
 * answer as before.
 */
let t: TestApp;
let staticDir: string;
let adminToken: string;
// Small on purpose: under 1 KB, as 59 of the report form's files were.
const tinyScript = 'export const a = 1;\n';
const shell = '<!doctype html><html lang="pt-BR"><head><title>Cidade Empreendedora</title></head><body><div id="root"></div></body></html>';
// The build's city document: index.html with the signed-in frame preloaded (scripts/build/city-preload.ts).
const cityShell = shell.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/app-frame-abc12345.js"></head>');
const sw = 'self.addEventListener("install", () => self.skipWaiting());\n';
const manifest = JSON.stringify({ name: 'Cidade Empreendedora', start_url: '/' });

/** Headers a document needs and a file it loads does not. */
const DOCUMENT_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

beforeAll(async () => {
  // As the build leaves it (vite.config.ts precompress): .br and .gz beside every text file.
  staticDir = await mkdtemp(path.join(tmpdir(), 'ce-static-headers-'));
  await mkdir(path.join(staticDir, 'assets'));
  await mkdir(path.join(staticDir, 'variants', 'sc'), { recursive: true });
  for (const [file, text] of [
    ['index.html', shell],
    ['cidade.html', cityShell],
    ['assets/index-abc12345.js', tinyScript],
    ['sw.js', sw],
    ['variants/sc/manifest.webmanifest', manifest],
  ] as const) {
    await writeFile(path.join(staticDir, file), text);
    await writeFile(path.join(staticDir, `${file}.br`), brotliCompressSync(text));
    await writeFile(path.join(staticDir, `${file}.gz`), gzipSync(text));
  }
  t = await createTestApp({ staticDir });
  adminToken = await login(t, 'admin@demo.local');
});

afterAll(async () => {
  await t?.close();
  await rm(staticDir, { recursive: true, force: true });
});

describe('static files and their headers', () => {
  it('sends the document with every security header, revalidated', async () => {
    for (const url of ['/', '/cidade', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      for (const header of DOCUMENT_HEADERS) expect(res.headers[header], `${url} ${header}`).toBeDefined();
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['cache-control']).not.toMatch(/immutable/);
    }
  });

  it('sends the city pages the document that preloads the signed-in frame; the sign-in page and public links the plain one', async () => {
    for (const url of ['/cidade', '/cidade?x=1', '/cidade/4/relatorio/inserir', '/cidade/4/acompanhamento/obter/7']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(cityShell);
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
    for (const url of ['/', '/auth/login', '/obter_publico/ABC123', '/cidades', '/gestao-pagamento']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(shell);
    }
  });

  it('sends a hashed asset with a lean header set, cached for a year, compressed even when tiny', async () => {
    const url = '/assets/index-abc12345.js';
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(tinyScript);
    for (const header of DOCUMENT_HEADERS) expect(res.headers[header], header).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Revalidation answers lean too.
    const again = await t.app.inject({
      method: 'GET',
      url: `${url}?v=1`,
      headers: { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBeUndefined();
  });

  it('sends a manifest lean and revalidated (its name is not hashed)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/variants/sc/manifest.webmanifest', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('sends the service worker revalidated and compressed, with the policy its worker runs under', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(sw);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('keeps every security header on an API answer, never cached as a static file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/municipio', headers: authHeaders(adminToken) });
    expect(res.statusCode).toBe(200);
    for (const header of DOCUMENT_HEADERS) expect(res.headers[header], header).toBeDefined();
    expect(res.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });

  it('sends a missing asset path the full header set (it is answered by the document)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-abc12345.js' });
    expect(res.headers['content-security-policy']).toBeDefined();
  });
});

describe('route-specific libraries load on first use (issue 32, item 9)', () => {
  it('starts without exceljs, sanitize-html, jsPDF, nodemailer or oidc-provider', () => {
    // A process of its own: this test process has loaded them already for other tests.
    const script = [
      "await import('./server/app.ts');",
      "const { createRequire } = await import('node:module');",
      'const loaded = Object.keys(createRequire(process.cwd() + "/").cache);',
      'console.log(JSON.stringify(loaded.filter((f) => /node_modules[\\\\/](exceljs|sanitize-html|jspdf|nodemailer|oidc-provider)[\\\\/]/.test(f))));',
    ].join('\n');
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual([]);
  }, 120_000);

  it('the embedded provider answers its discovery document on its first request', async () => {
    const fresh = await createTestApp();
    try {
      const res = await fresh.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ issuer: fresh.config.amei.issuer });
      expect(res.headers['content-security-policy']).toBeDefined();
    } finally {
      await fresh.close();
    }
  });

  it('an Excel export still answers a workbook that exceljs reads back', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/planilha',
      headers: authHeaders(adminToken),
      payload: { nome: 'Municípios', colunas: [{ titulo: 'Nome', tipo: 'text' }], linhas: [['Blumenau']] },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).values).toEqual([undefined, 'Blumenau']);
  });
});
