import type { SpreadsheetCellType, SpreadsheetRequest } from '../../../domain/spreadsheet.ts';
import { cellText, rawValue, type DataColumn } from '../../../ui/data-table.tsx';

/** The columns a user reads as data: all but the row actions and purely visual ones (what search and the export use). */
export function dataColumns<Row>(columns: ReadonlyArray<DataColumn<Row>>): Array<DataColumn<Row>> {
  return columns.filter((c) => c.key !== 'acoes' && (c.value !== undefined || c.cell === undefined || c.format !== undefined));
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * The export's columns and cells (POST api/planilha). A column declaring `exportType` is written as
 * that type (a date cell, an R$ amount, a number) from its raw value; otherwise numbers and yes/no
 * stay typed and everything else is the text the cell shows. A raw value that does not fit its
 * declared type goes as the text shown.
 */
export function exportTable<Row>(
  rows: readonly Row[],
  columns: ReadonlyArray<DataColumn<Row>>,
): Pick<SpreadsheetRequest, 'colunas' | 'linhas'> {
  const kept = dataColumns(columns);
  const kinds: SpreadsheetCellType[] = kept.map((column) => {
    if (column.exportType) return column.exportType;
    if (column.format) return 'text';
    const sample = rows.map((row) => rawValue(column, row)).find((v) => !isEmpty(v));
    return typeof sample === 'number' ? 'number' : typeof sample === 'boolean' ? 'boolean' : 'text';
  });
  const colunas = kept.map((column, i) => ({ titulo: column.header, tipo: kinds[i]! }));
  const linhas = rows.map((row) =>
    kept.map((column, i) => {
      const value = rawValue(column, row);
      if (isEmpty(value)) return null;
      const kind = kinds[i];
      if ((kind === 'number' || kind === 'money') && typeof value === 'number') return value;
      if (kind === 'boolean' && typeof value === 'boolean') return value;
      if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
      return cellText(column, row);
    }),
  );
  return { colunas, linhas };
}
