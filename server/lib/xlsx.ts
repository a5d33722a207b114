import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from './attachments.ts';
import { sniffFileType } from '../../src/domain/uploads.ts';

/**
 * Every xlsx of the product goes through here: a workbook built from typed columns, and a sheet read
 * back into rows keyed by column header, with their row numbers for pt-BR row errors. Cells are
 * typed by their column (text, number, boolean shown as Sim/Não), so a spreadsheet program sorts and
 * sums them as the user expects.
 */

export type XlsxColumn<K extends string = string> = {
  key: K;
  header: string;
  type: 'text' | 'number' | 'boolean';
  width?: number;
};

export type XlsxSheet<K extends string = string> = {
  name: string;
  columns: readonly XlsxColumn<K>[];
  rows: Iterable<Partial<Record<K, unknown>>>;
};

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers a built workbook as a download named `name`, never cached. A plain ASCII name goes as it
 * is; any other ("Instituições.xlsx") with an ASCII fallback and its exact UTF-8 form (RFC 6266).
 */
export function sendXlsx(reply: FastifyReply, name: string, bytes: Buffer) {
  const plain = /^[\x20-\x7e]*$/.test(name) && !/["\\]/.test(name);
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', plain ? `attachment; filename="${name}"` : contentDisposition(name))
    .header('cache-control', 'no-store')
    .send(bytes);
}

function cellValue(type: XlsxColumn['type'], value: unknown): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  if (type === 'boolean') return value ? 'Sim' : 'Não';
  if (type === 'number') return typeof value === 'number' ? value : Number(value);
  return String(value);
}

/** A workbook with one sheet per entry; the header row is bold and frozen. */
export async function buildWorkbook(sheets: readonly XlsxSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 20 }));
    ws.getRow(1).font = { bold: true };
    for (const row of sheet.rows) {
      ws.addRow(sheet.columns.map((c) => cellValue(c.type, row[c.key])));
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Whether the bytes are an xlsx workbook (by content, not by name or declared type). */
export function isXlsx(bytes: Uint8Array): boolean {
  return sniffFileType(bytes.subarray(0, 4096)) === 'xlsx';
}

export type ReadRow<K extends string> = { rowNumber: number; values: Partial<Record<K, unknown>> };

/** A cell's plain value: rich text joined, a formula's result, a hyperlink's text. */
function plain(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return plain(value.result as ExcelJS.CellValue);
  if ('text' in value) return value.text;
  if ('error' in value) return null;
  return null;
}

export class XlsxReadError extends Error {}

/**
 * Reads the sheet named `sheetName` (or the first one) of an xlsx: the first row is the header, matched
 * to `columns` by header text (case, accents and spacing as written in the template); the rows after
 * it come back with their spreadsheet row numbers. Throws XlsxReadError (with `missing` headers) when a
 * column is absent; any unreadable workbook throws XlsxReadError too.
 */
export async function readSheet<K extends string>(
  bytes: Buffer,
  columns: readonly XlsxColumn<K>[],
  { sheetName, maxRows }: { sheetName?: string; maxRows: number },
): Promise<{ rows: ReadRow<K>[]; missing: string[]; tooManyRows: boolean; noSheet: boolean }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new XlsxReadError('unreadable', { cause: error });
  }
  const ws = (sheetName && workbook.getWorksheet(sheetName)) || (sheetName ? undefined : workbook.worksheets[0]);
  if (!ws) return { rows: [], missing: [], tooManyRows: false, noSheet: true };
  const normalize = (s: unknown) =>
    String(plain(s as ExcelJS.CellValue) ?? '')
      .trim()
      .toLocaleLowerCase('pt-BR');
  const header = ws.getRow(1);
  const positions = new Map<K, number>();
  header.eachCell((cell, col) => {
    const found = columns.find((c) => normalize(c.header) === normalize(cell.value));
    if (found && !positions.has(found.key)) positions.set(found.key, col);
  });
  const missing = columns.filter((c) => !positions.has(c.key)).map((c) => c.header);
  if (missing.length) return { rows: [], missing, tooManyRows: false, noSheet: false };
  const rows: ReadRow<K>[] = [];
  let tooManyRows = false;
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1 || tooManyRows) return;
    if (rows.length >= maxRows) {
      tooManyRows = true;
      return;
    }
    const values: Partial<Record<K, unknown>> = {};
    for (const [key, col] of positions) values[key] = plain(row.getCell(col).value);
    rows.push({ rowNumber, values });
  });
  return { rows, missing: [], tooManyRows, noSheet: false };
}
