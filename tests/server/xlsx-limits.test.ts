import ExcelJS from 'exceljs';
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from '../../src/domain/catalogue-transfer.ts';
import {
  SPREADSHEET_MAX_BYTES,
  SPREADSHEET_MAX_COLUMNS,
  SPREADSHEET_MAX_ROWS,
  SPREADSHEET_MESSAGES,
} from '../../src/domain/spreadsheet.ts';
import { XLSX_CONTENT_TYPE, XLSX_MAX_INFLATED_BYTES } from '../../server/lib/xlsx.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/**
 * Issue 25, items 5, 7 and 9: the Excel export bounded by what a screen shows, every xlsx the server
 * reads capped in what it inflates to, typed date and money cells, and the router's and the docs'
 * answers over plain http.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  // A municipality member opens no register screen; the Administrador group opens them all (by its flags, not the
  // full admin's bypass).
  for (const who of ['admin', 'membro', 'administrador']) tokens[who] = await login(t, `${who}@demo.local`);
});
afterAll(async () => t?.close());

const exportList = (token: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/planilha', headers: authHeaders(token), payload: body as object });

const oneColumn = (rows: number) => ({
  nome: 'Lista',
  colunas: [{ titulo: 'N', tipo: 'number' }],
  linhas: Array.from({ length: rows }, (_, i) => [i]),
});

describe('POST api/planilha: bounded by what a screen shows', () => {
  it('refuses a member, who has no list to export, with 403 before reading the body', async () => {
    const small = await exportList(tokens.membro!, oneColumn(1));
    expect(small.statusCode).toBe(403);
    expect(small.json().message).toBe(SPREADSHEET_MESSAGES.forbidden);
    // A body that is not even JSON: refused for who sent it, not for what.
    const unread = await t.app.inject({
      method: 'POST',
      url: '/api/planilha',
      headers: { ...authHeaders(tokens.membro!), 'content-type': 'application/json' },
      payload: '{ not json',
    });
    expect(unread.statusCode).toBe(403);
  });

  it('refuses a body over the largest list with 413 in pt-BR, from its declared length', async () => {
    const big = JSON.stringify({ ...oneColumn(1), nome: 'Grande', linhas: [['x'.repeat(SPREADSHEET_MAX_BYTES)]] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/planilha',
      headers: { ...authHeaders(tokens.administrador!), 'content-type': 'application/json' },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(SPREADSHEET_MESSAGES.tooLarge);
    expect(res.headers.connection).toBe('close');
  });

  it('refuses more rows or columns than any screen shows with 400 in pt-BR', async () => {
    const rows = await exportList(tokens.administrador!, oneColumn(SPREADSHEET_MAX_ROWS + 1));
    expect(rows.statusCode).toBe(400);
    expect(rows.json().message).toBe(SPREADSHEET_MESSAGES.tooManyRows);
    const width = SPREADSHEET_MAX_COLUMNS + 1;
    const columns = await exportList(tokens.admin!, {
      nome: 'Larga',
      colunas: Array.from({ length: width }, (_, i) => ({ titulo: `C${i}`, tipo: 'text' })),
      linhas: [Array.from({ length: width }, () => 'a')],
    });
    expect(columns.statusCode).toBe(400);
    expect(columns.json().message).toBe(SPREADSHEET_MESSAGES.tooManyColumns);
  });

  it('exports the longest list a screen holds', async () => {
    const res = await exportList(tokens.administrador!, oneColumn(SPREADSHEET_MAX_ROWS));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(SPREADSHEET_MAX_ROWS + 1);
    expect(sheet.getRow(SPREADSHEET_MAX_ROWS + 1).getCell(1).value).toBe(SPREADSHEET_MAX_ROWS - 1);
  });
});

describe('xlsx cells: dates and money typed', () => {
  it('writes a date column as real dates shown DD/MM/AAAA and a money column with the R$ format', async () => {
    const res = await exportList(tokens.admin!, {
      nome: 'Contratos',
      colunas: [
        { titulo: 'Contrato', tipo: 'text' },
        { titulo: 'Início', tipo: 'date' },
        { titulo: 'Valor', tipo: 'money' },
      ],
      linhas: [
        ['C-1', '2026-03-01', 1500.5],
        ['C-2', null, 0],
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const row = book.worksheets[0]!.getRow(2);
    expect(row.getCell(2).value).toEqual(new Date(Date.UTC(2026, 2, 1)));
    expect(row.getCell(2).numFmt).toBe('dd/mm/yyyy');
    expect(row.getCell(3).value).toBe(1500.5);
    expect(row.getCell(3).numFmt).toBe('"R$" #,##0.00');
    expect(book.worksheets[0]!.getRow(3).getCell(3).value).toBe(0);
  });

  it('writes the catalogue’s cost and price with the R$ format', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/projeto/grupoSolucao/modelo-importacao',
      headers: authHeaders(tokens.admin!),
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    for (const title of ['Custo', 'Preço']) {
      const cell = sheet.getRow(2).getCell(header.indexOf(title));
      expect(typeof cell.value, title).toBe('number');
      expect(cell.numFmt, title).toBe('"R$" #,##0.00');
    }
  });
});

/** A zip with one highly compressible sheet of `megabytes` MB: a few hundred KB on the wire. */
function zipBomb(megabytes: number): Buffer {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    parts.push(data);
  });
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  const rows = strToU8('<row><c t="inlineStr"><is><t>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</t></is></c></row>'.repeat(16_384));
  for (let sent = 0; sent < megabytes * 1024 * 1024; sent += rows.length) sheet.push(rows);
  sheet.push(new Uint8Array(0), true);
  zip.end();
  return Buffer.concat(parts);
}

/** The same zip whose central directory claims 1 KB: only counting what really inflates can tell. */
function lyingAboutSize(zip: Buffer): Buffer {
  const copy = Buffer.from(zip);
  copy.writeUInt32LE(1000, copy.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
  return copy;
}

function importForm(bytes: Buffer) {
  const boundary = '----bomba';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="catalogo.xlsx"\r\nContent-Type: ${XLSX_CONTENT_TYPE}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('every xlsx the server reads is capped in what it inflates to', () => {
  it('refuses a 200 MB sheet zipped into under 1 MB with 400 in pt-BR, quickly and without inflating it', async () => {
    const projects = await t.app.inject({ method: 'GET', url: '/api/projeto', headers: authHeaders(tokens.admin!) });
    expect(projects.statusCode).toBe(200);
    const projetoId = (projects.json() as Array<{ projetoId: number }>)[0]!.projetoId;
    const honest = zipBomb(200);
    expect(honest.length).toBeLessThan(1024 * 1024);
    expect(200 * 1024 * 1024).toBeGreaterThan(XLSX_MAX_INFLATED_BYTES);
    for (const [lie, bomb] of [
      [false, honest],
      [true, lyingAboutSize(honest)],
    ] as const) {
      const form = importForm(bomb);
      const before = process.memoryUsage();
      const started = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/projeto/grupoSolucao/importar/${projetoId}?confirmar=false`,
        headers: { ...authHeaders(tokens.admin!), 'content-type': form.contentType },
        payload: form.payload,
      });
      const elapsed = performance.now() - started;
      const after = process.memoryUsage();
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(CATALOGUE_MESSAGES.tooMuchContent);
      // Reading it whole took minutes and gigabytes (issue 25: 1.6 GB for a 1 GiB sheet); counting
      // at most the cap's worth of inflation takes a fraction of a second on an idle machine.
      expect(elapsed, `lie=${lie}`).toBeLessThan(30_000);
      expect(after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers), `lie=${lie}`).toBeLessThan(150 * 1024 * 1024);
    }
  }, 60_000);
});

describe('the router and the docs over plain http', () => {
  it('answers a path parameter over 100 characters in pt-BR, without echoing the address', async () => {
    const long = '9'.repeat(150);
    const res = await t.app.inject({ method: 'GET', url: `/api/relatorio/get-by-id/${long}`, headers: authHeaders(tokens.admin!) });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'O endereço pedido tem um trecho maior que o permitido.' });
    expect(res.body).not.toContain(long);
  });

  it('does not ask the browser to upgrade /api/docs to https when the server is plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
