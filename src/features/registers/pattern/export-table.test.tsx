// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../../domain/format.ts';
import { SPREADSHEET_MAX_COLUMNS, SPREADSHEET_SCREEN_FLAGS, spreadsheetRequestSchema } from '../../../domain/spreadsheet.ts';
import { vocabularyFor } from '../../../domain/vocabulary.ts';
import type { DataColumn } from '../../../ui/data-table.tsx';
import type { RegisterDeclaration } from './declaration.ts';
import { dataColumns, exportTable } from './export-table.ts';

type Row = { nome: string; inicio: string | null; valor: number; pessoas: number; ativo: boolean };

describe('exportTable (what "Exportar Excel" sends)', () => {
  it('sends dates and amounts typed, as the screen declares them, and other formatted columns as shown', () => {
    const columns: DataColumn<Row>[] = [
      { key: 'nome', header: 'Nome' },
      { key: 'inicio', header: 'Início', format: (v) => formatDate(String(v)), exportType: 'date' },
      { key: 'valor', header: 'Valor', format: (v) => formatMoney(Number(v)), exportType: 'money' },
      { key: 'pessoas', header: 'Pessoas', format: (v) => Number(v).toLocaleString('pt-BR') },
      { key: 'ativo', header: 'Ativo' },
    ];
    const rows: Row[] = [
      { nome: 'A', inicio: '2026-03-01', valor: 1500.5, pessoas: 12000, ativo: true },
      { nome: 'B', inicio: null, valor: 0, pessoas: 3, ativo: false },
    ];
    const table = exportTable(rows, columns);
    expect(table.colunas.map((c) => c.tipo)).toEqual(['text', 'date', 'money', 'text', 'boolean']);
    expect(table.linhas).toEqual([
      ['A', '2026-03-01', 1500.5, '12.000', true],
      ['B', null, 0, '3', false],
    ]);
    expect(spreadsheetRequestSchema.safeParse({ nome: 'X', ...table }).success).toBe(true);
  });
});

/** Every register screen has "Exportar Excel": the server lets its users export, and its list fits the limits. */
const modules = import.meta.glob<Record<string, unknown>>('../*/declaration.tsx', { eager: true });
const declarations = Object.values(modules).flatMap((exports) =>
  Object.values(exports).filter(
    (value): value is RegisterDeclaration<unknown> => typeof value === 'object' && value !== null && 'flag' in value && 'columns' in value,
  ),
);

describe('the register screens and the export limits', () => {
  it('are found', () => expect(declarations.length).toBeGreaterThanOrEqual(15));

  // The converse: a flag no register screen uses would let its holders export lists they never see.
  it('are the only screens whose flags allow an export', () => {
    const used = new Set(declarations.map((d) => d.flag));
    expect(SPREADSHEET_SCREEN_FLAGS.filter((flag) => !used.has(flag))).toEqual([]);
  });

  for (const d of declarations) {
    it(`${d.key}: its flag lets a user export, and its columns fit`, () => {
      expect(SPREADSHEET_SCREEN_FLAGS).toContain(d.flag);
      expect(dataColumns(d.columns(vocabularyFor('default'))).length).toBeLessThanOrEqual(SPREADSHEET_MAX_COLUMNS);
    });
  }
});
