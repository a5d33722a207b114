import type { Writable } from 'node:stream';
import type { ColumnType, ReportDefinition } from '../../../src/domain/report-catalogue.ts';
import { formatCell } from '../../../src/domain/report-catalogue.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Cells = Record<string, string | number | null>;

/** Excel's locale-free format codes: shown by a pt-BR Excel as 27/11/2026, R$ 1.234,56, 12,5%. */
const FORMATS: Partial<Record<ColumnType, string>> = {
  date: 'dd/mm/yyyy',
  money: '"R$" #,##0.00',
  percent: '0.0%',
  decimal: '#,##0.00',
  integer: '0',
};

function xlsxValue(type: ColumnType, value: string | number | null): string | number | Date | null {
  if (value === null || value === '') return null;
  if (type === 'money') return Number(value) / 100;
  if (type === 'integer' || type === 'decimal' || type === 'percent') return Number(value);
  if (type === 'date') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
    return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : String(value);
  }
  return String(value);
}

/**
 * The report as an xlsx, streamed with exceljs's WorkbookWriter: each row is committed and leaves
 * memory, so a 100,000-row report never sits as a workbook. exceljs is imported here, lazily, so the
 * server's start does not load it.
 */
export async function writeReportXlsx(output: Writable, report: ReportDefinition, batches: AsyncIterable<Cells[]>): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.created = new Date();
  const ws = workbook.addWorksheet(report.title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  // The number formats are the columns' styles, which every cell of the column takes: a format set
  // cell by cell costs a style lookup per cell (100,000 rows: most of the export's time).
  ws.columns = report.columns.map((c) => {
    const numFmt = FORMATS[c.type];
    return { header: c.header, key: c.key, width: c.type === 'text' ? 30 : 16, ...(numFmt ? { style: { numFmt } } : {}) };
  });
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for await (const rows of batches) {
    for (const values of rows) {
      ws.addRow(report.columns.map((c) => xlsxValue(c.type, values[c.key] ?? null))).commit();
    }
  }
  ws.commit();
  await workbook.commit();
}

const csvField = (text: string) => (/[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The report as CSV for Brazilian spreadsheets: UTF-8 with BOM, `;` separator, values as the screen shows them. */
export async function writeCsv(output: Writable, report: ReportDefinition, batches: AsyncIterable<Cells[]>): Promise<void> {
  const write = (chunk: string) =>
    new Promise<void>((resolve, reject) => {
      if (output.write(chunk, 'utf8')) resolve();
      else output.once('drain', resolve).once('error', reject);
    });
  await write('\uFEFF' + report.columns.map((c) => csvField(c.header)).join(';') + '\r\n');
  for await (const rows of batches) {
    let chunk = '';
    for (const values of rows) chunk += report.columns.map((c) => csvField(formatCell(c.type, values[c.key]))).join(';') + '\r\n';
    await write(chunk);
  }
  output.end();
}
