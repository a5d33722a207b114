import { z } from 'zod';
import type { FlagKey } from './permission-flags.ts';
import { canManage, type PermissionContext } from './permissions.ts';

/**
 * What a list screen sends to have "what the list shows" saved as xlsx (issue 17: one shared Excel
 * export): the column titles and types, and the rows as the user sees them (filtered and sorted).
 *
 * Bounded by what a screen can show (issue 25): the export is for the register screens' lists, so
 * only a user who opens one may ask for it, and no body may be larger, wider or longer than the
 * largest of those lists. The server refuses anything beyond before building a byte of the file.
 */

/**
 * The menu flags of the screens with "Exportar Excel" (every register screen, behind `canManage`
 * with its flag); src/features/registers/pattern/export-limits.test.ts keeps it in step with them.
 */
export const SPREADSHEET_SCREEN_FLAGS = [
  'menuCategorias',
  'menuContratos',
  'menuEducacaoEmpreendedora',
  'menuEixos',
  'menuFaixas',
  'menuGestaoCadastros',
  'menuInstituicao',
  'menuMedalhas',
  'menuPacotes',
  'menuPerguntas',
  'menuTemas',
  'menuTipoSolucao',
  'menuUnidadesRegionais',
  'menuUsuarios',
] as const satisfies readonly FlagKey[];

/** The widest list screen (questions) shows 11 columns; a little room beyond, never 60. */
export const SPREADSHEET_MAX_COLUMNS = 16;
/** The longest list a screen holds: the questions register, benched at 20,000 rows (docs/benchmarks.md). */
export const SPREADSHEET_MAX_ROWS = 25_000;
/** That list as JSON, with room for long texts; refused from its Content-Length before it is read. */
export const SPREADSHEET_MAX_BYTES = 8 * 1024 * 1024;

export const SPREADSHEET_MESSAGES = {
  forbidden: 'Você não tem permissão para exportar listas.',
  tooLarge: `A planilha passa do tamanho máximo (${SPREADSHEET_MAX_BYTES / (1024 * 1024)} MB). Filtre a lista e exporte de novo.`,
  tooManyRows: `A planilha pode ter no máximo ${SPREADSHEET_MAX_ROWS.toLocaleString('pt-BR')} linhas. Filtre a lista e exporte de novo.`,
  tooManyColumns: `A planilha pode ter no máximo ${SPREADSHEET_MAX_COLUMNS} colunas.`,
} as const;

/** Whether the user opens a screen that exports its list (an admin, or the menu flag of a register screen). */
export function canExportLists(ctx: PermissionContext): boolean {
  return SPREADSHEET_SCREEN_FLAGS.some((flag) => canManage(ctx, flag));
}

/**
 * How a column's cells are written: text as shown, numbers, Sim/Não, a real date cell shown
 * DD/MM/AAAA (value "YYYY-MM-DD"), an amount shown with the R$ format (value a number).
 */
export const SPREADSHEET_CELL_TYPES = ['text', 'number', 'boolean', 'date', 'money'] as const;
export type SpreadsheetCellType = (typeof SPREADSHEET_CELL_TYPES)[number];

const cell = z.union([z.string().max(32_767), z.number(), z.boolean(), z.null()]);

export const spreadsheetRequestSchema = z.object({
  /** The file's and the sheet's name ("Temas"); characters a sheet name refuses are replaced. */
  nome: z.string().trim().min(1, 'Informe o nome da planilha').max(100, 'O nome da planilha deve ter no máximo 100 caracteres'),
  colunas: z
    .array(z.object({ titulo: z.string().max(200), tipo: z.enum(SPREADSHEET_CELL_TYPES) }))
    .min(1, 'Informe ao menos uma coluna')
    .max(SPREADSHEET_MAX_COLUMNS, SPREADSHEET_MESSAGES.tooManyColumns),
  linhas: z
    .array(z.array(cell).max(SPREADSHEET_MAX_COLUMNS, SPREADSHEET_MESSAGES.tooManyColumns))
    .max(SPREADSHEET_MAX_ROWS, SPREADSHEET_MESSAGES.tooManyRows),
});
export type SpreadsheetRequest = z.infer<typeof spreadsheetRequestSchema>;
export type SpreadsheetColumn = SpreadsheetRequest['colunas'][number];

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(name: string): string {
  return (
    name
      .replace(/[:\\/?*[\]]/g, ' ')
      .trim()
      .slice(0, 31) || 'Planilha'
  );
}
