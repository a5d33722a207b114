import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
// What the build knows of the signed-in pages' files (scripts/build/route-preload.ts).
const preloads = JSON.stringify({
  signedIn: ['assets/frame-abc12345.js'],
  routes: [
    { pattern: '/cidade', layout: false, files: ['assets/city-list-abc12345.js'] },
    { pattern: '/cidade/:id', layout: true, files: ['assets/city-layout-abc12345.js', 'assets/city-data-abc12345.js'] },
    {
      pattern: '/cidade/:id/relatorio/inserir',
      layout: false,
      files: ['assets/report-create-abc12345.js', 'assets/city-data-abc12345.js'],
    },
  ],
});
/** The preload links the document carries, in order. */
const preloadedBy = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);
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
    ['route-preloads.json', preloads],
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

  it("preloads a signed-in page's files with its document; the sign-in page, public links and unknown paths get index.html as it is", async () => {
    const expected: [string, string[]][] = [
      ['/cidade', ['assets/frame-abc12345.js', 'assets/city-list-abc12345.js']],
      ['/cidade?x=1', ['assets/frame-abc12345.js', 'assets/city-list-abc12345.js']],
      // The layout above the screen, then the screen; a file both need is named once.
      [
        '/cidade/4/relatorio/inserir',
        ['assets/frame-abc12345.js', 'assets/city-layout-abc12345.js', 'assets/city-data-abc12345.js', 'assets/report-create-abc12345.js'],
      ],
      // A tab without its own entry still gets the layout's files.
      ['/cidade/4/acompanhamento/obter/7', ['assets/frame-abc12345.js', 'assets/city-layout-abc12345.js', 'assets/city-data-abc12345.js']],
    ];
    for (const [url, files] of expected) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      const html = brotliDecompressSync(res.rawPayload).toString();
      expect(preloadedBy(html), url).toEqual(files);
      expect(html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '').replace(/\s+<\/head>/, '</head>'), url).toBe(shell);
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // A browser that takes no brotli gets gzip, and one that takes neither the plain text.
    const gz = await t.app.inject({ method: 'GET', url: '/cidade', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(preloadedBy(gunzipSync(gz.rawPayload).toString())).toEqual(expected[0]![1]);
    const plain = await t.app.inject({ method: 'GET', url: '/cidade', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(preloadedBy(plain.body)).toEqual(expected[0]![1]);
    for (const url of ['/', '/auth/login', '/obter_publico/ABC123', '/cidades', '/gestao-pagamento', '/cidade/4/relatorio/inserir/extra']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      const html = brotliDecompressSync(res.rawPayload).toString();
      // Not even a layout's files below a path the layout does not own.
      if (url.startsWith('/cidade/4/'))
        expect(preloadedBy(html), url).toEqual([
          'assets/frame-abc12345.js',
          'assets/city-layout-abc12345.js',
          'assets/city-data-abc12345.js',
        ]);
      else expect(html, url).toBe(shell);
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
