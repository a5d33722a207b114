import { PassThrough, type Writable } from 'node:stream';
import type { CellValue } from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { contentDisposition } from './attachments.ts';
import { AppError, badRequest } from './errors.ts';
import { saoPauloDate } from '../../src/domain/business-days.ts';
import type { SpreadsheetCellType } from '../../src/domain/spreadsheet.ts';
import { sniffFileType } from '../../src/domain/uploads.ts';

/**
 * Every xlsx of the product goes through here: a workbook written from typed columns, streamed to
 * the reply as it is built, and a sheet read back into rows keyed by column header, with their row
 * numbers for pt-BR row errors. Cells are typed by their column (text, number, boolean shown as
 * Sim/Não, a real date shown DD/MM/AAAA, an amount in R$), so a spreadsheet program sorts and sums
 * them as the user expects.
 */

export type XlsxColumn<K extends string = string> = {
  key: K;
  header: string;
  type: SpreadsheetCellType;
  width?: number;
};

export type XlsxSheet<K extends string = string> = {
  name: string;
  columns: readonly XlsxColumn<K>[];
  rows: Iterable<Partial<Record<K, unknown>>>;
};

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * exceljs takes about 0.4 s to load: only the first spreadsheet read or written pays it, not every
 * start of the server (issue 32, item 9). Node keeps the module once loaded.
 */
async function excel() {
  return (await import('exceljs')).default;
}

/** Excel's format codes are locale-free: Excel in pt-BR shows these as 27/11/2026 and R$ 1.234,56. */
const NUMBER_FORMATS: Partial<Record<SpreadsheetCellType, string>> = {
  date: 'dd/mm/yyyy',
  money: '"R$" #,##0.00',
};

/** A calendar date as the UTC midnight Excel stores it (exceljs writes dates as UTC serial days). */
function dateCell(value: unknown): Date | null {
  const iso = value instanceof Date ? saoPauloDate(value) : String(value);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

/** A cell's value by its column's type; what does not read as its type is written as the text sent. */
function cellValue(type: SpreadsheetCellType, value: unknown): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (type === 'boolean') return value ? 'Sim' : 'Não';
  if (type === 'number' || type === 'money') {
    const number = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(number) ? number : String(value);
  }
  if (type === 'date') return dateCell(value) ?? String(value);
  return String(value);
}

/**
 * Writes the sheets to `output` as an xlsx, one row at a time (exceljs's streaming writer): each row
 * is committed, compressed and gone, so a long list never sits in memory as a whole workbook. The
 * header row is bold and frozen. Resolves when the file is complete and `output` ended.
 */
export async function writeWorkbook(output: Writable, sheets: readonly XlsxSheet[]): Promise<void> {
  const ExcelJS = await excel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.created = new Date();
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 20 }));
    ws.getRow(1).font = { bold: true };
    const formats = sheet.columns.map((c) => NUMBER_FORMATS[c.type]);
    for (const values of sheet.rows) {
      const row = ws.addRow(sheet.columns.map((c) => cellValue(c.type, values[c.key])));
      formats.forEach((format, i) => {
        if (format) row.getCell(i + 1).numFmt = format;
      });
      row.commit();
    }
    ws.commit();
  }
  await workbook.commit();
}

/** The workbook as bytes (for tests and callers that need the file itself rather than a download). */
export async function buildWorkbook(sheets: readonly XlsxSheet[]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await Promise.all([writeWorkbook(output, sheets), new Promise((resolve) => output.on('end', resolve))]);
  return Buffer.concat(chunks);
}

/**
 * Answers the sheets as a download named `name`, never cached, streamed while it is written. A plain
 * ASCII name goes as it is; any other ("Instituições.xlsx") with an ASCII fallback and its exact
 * UTF-8 form (RFC 6266). A failure once bytes are out can only cut the download short.
 */
export function sendXlsx(reply: FastifyReply, name: string, sheets: readonly XlsxSheet[]) {
  const plain = /^[\x20-\x7e]*$/.test(name) && !/["\\]/.test(name);
  const body = new PassThrough();
  writeWorkbook(body, sheets).catch((error: unknown) => {
    reply.log.error({ err: error }, 'xlsx not written');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', plain ? `attachment; filename="${name}"` : contentDisposition(name))
    .header('cache-control', 'no-store')
    .send(body);
}

/** Whether the bytes are an xlsx workbook (by content, not by name or declared type). */
export function isXlsx(bytes: Uint8Array): boolean {
  return sniffFileType(bytes.subarray(0, 4096)) === 'xlsx';
}

export type ReadRow<K extends string> = { rowNumber: number; values: Partial<Record<K, unknown>> };

/** A cell's plain value: rich text joined, a formula's result, a hyperlink's text. */
function plain(value: CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return plain(value.result as CellValue);
  if ('text' in value) return value.text;
  if ('error' in value) return null;
  return null;
}

/** `unreadable`: not a workbook; `tooLarge`: it would inflate past the cap (a zip bomb, or simply too much). */
export class XlsxReadError extends Error {
  constructor(
    readonly reason: 'unreadable' | 'tooLarge',
    options?: ErrorOptions,
  ) {
    super(reason, options);
  }
}

/**
 * Most bytes an xlsx the server reads may hold once inflated, all its parts together. The largest
 * legitimate one, the catalogue import (2 MB, 10,000 rows of long texts), inflates to well under it;
 * the 1 MB zip bomb of issue 25 inflated to 1 GiB.
 */
export const XLSX_MAX_INFLATED_BYTES = 48 * 1024 * 1024;
/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1,032×, so ≤ 17 MB out per step. */
const INFLATE_STEP = 16 * 1024;

/**
 * Refuses (XlsxReadError `tooLarge`) a zip that inflates past `cap` bytes, before anything holds
 * more than a step of it: the parts' declared sizes (central directory) first, then the real
 * inflation, streamed and counted without keeping the output, since a declared size can lie. Every
 * part the central directory names (what exceljs's zip reader opens) must have been among those
 * inflated here, so no part escapes the count. Anything unreadable is XlsxReadError `unreadable`.
 */
export function assertInflatedSize(bytes: Uint8Array, cap: number = XLSX_MAX_INFLATED_BYTES): void {
  const declared: string[] = [];
  let declaredTotal = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        declared.push(file.name);
        declaredTotal += file.originalSize;
        return false;
      },
    });
  } catch (error) {
    throw new XlsxReadError('unreadable', { cause: error });
  }
  if (declaredTotal > cap) throw new XlsxReadError('tooLarge');

  const inflated = new Set<string>();
  let total = 0;
  let failure: unknown = null;
  const unzip = new Unzip((file) => {
    inflated.add(file.name);
    file.ondata = (error, chunk) => {
      if (error) failure ??= error;
      total += chunk?.length ?? 0;
      if (total > cap) file.terminate();
    };
    try {
      file.start();
    } catch (error) {
      failure ??= error;
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && total <= cap && !failure; at += INFLATE_STEP) {
      unzip.push(bytes.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= bytes.length);
    }
  } catch (error) {
    failure ??= error;
  }
  if (total > cap) throw new XlsxReadError('tooLarge');
  if (failure || declared.some((name) => !inflated.has(name))) throw new XlsxReadError('unreadable', { cause: failure });
}

/**
 * Reads the sheet named `sheetName` (or the first one) of an xlsx: the first row is the header, matched
 * to `columns` by header text (case, accents and spacing as written in the template); the rows after
 * it come back with their spreadsheet row numbers. Throws XlsxReadError (with `missing` headers) when a
 * column is absent; any unreadable workbook throws XlsxReadError `unreadable`, one that would inflate
 * past `maxInflatedBytes` XlsxReadError `tooLarge`, before it is inflated.
 */
export async function readSheet<K extends string>(
  bytes: Buffer,
  columns: readonly XlsxColumn<K>[],
  { sheetName, maxRows, maxInflatedBytes }: { sheetName?: string; maxRows: number; maxInflatedBytes?: number },
): Promise<{ rows: ReadRow<K>[]; missing: string[]; tooManyRows: boolean; noSheet: boolean }> {
  assertInflatedSize(bytes, maxInflatedBytes);
  const workbook = new (await excel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new XlsxReadError('unreadable', { cause: error });
  }
  const ws = (sheetName && workbook.getWorksheet(sheetName)) || (sheetName ? undefined : workbook.worksheets[0]);
  if (!ws) return { rows: [], missing: [], tooManyRows: false, noSheet: true };
  const normalize = (s: unknown) =>
    String(plain(s as CellValue) ?? '')
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

/** What readXlsxUpload says, in the words of the screen that imports. */
export type XlsxUploadMessages = { notForm: string; noFile: string; notXlsx: string; tooLarge: string; unreadable: string };

/**
 * The one file of a multipart import (the route's plugin registers @fastify/multipart with its
 * fileSize cap, so the file is cut off while streaming: 413), as bytes, checked to be an xlsx by
 * its content (a renamed PDF is refused whatever its name says). The sheet itself is read with
 * readSheet, which caps what it may inflate.
 */
export async function readXlsxUpload(request: FastifyRequest, messages: XlsxUploadMessages): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw badRequest(messages.notForm);
  let bytes: Buffer;
  let filename: string;
  try {
    const file = await request.file();
    if (!file) throw badRequest(messages.noFile);
    filename = file.filename;
    bytes = await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, messages.tooLarge);
    throw badRequest(messages.unreadable);
  }
  if (!isXlsx(bytes)) throw badRequest(messages.notXlsx);
  return { bytes, filename };
}

/** What readImportSheet says about a sheet it cannot take. */
export type ImportSheetMessages = {
  unreadable: string;
  tooMuchContent: string;
  noSheet: string;
  missingColumn: (header: string) => string;
  tooManyRows: string;
};

/**
 * readSheet for an import: a workbook that cannot be read, inflates past the cap, lacks the sheet
 * or a column, or has too many rows is a 400 with the reason in the screen's words, never a 500.
 */
export async function readImportSheet<K extends string>(
  bytes: Buffer,
  columns: readonly XlsxColumn<K>[],
  options: { sheetName?: string; maxRows: number },
  messages: ImportSheetMessages,
): Promise<ReadRow<K>[]> {
  let sheet: Awaited<ReturnType<typeof readSheet<K>>>;
  try {
    sheet = await readSheet(bytes, columns, options);
  } catch (error) {
    if (error instanceof XlsxReadError) throw badRequest(error.reason === 'tooLarge' ? messages.tooMuchContent : messages.unreadable);
    throw error;
  }
  if (sheet.noSheet) throw badRequest(messages.noSheet);
  if (sheet.missing.length) throw badRequest(messages.missingColumn(sheet.missing[0]!));
  if (sheet.tooManyRows) throw badRequest(messages.tooManyRows);
  return sheet.rows;
}
