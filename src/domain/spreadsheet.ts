import { z } from 'zod';

/**
 * What a list screen sends to have "what the list shows" saved as xlsx (issue 17: one shared Excel
 * export): the column titles and types, and the rows as the user sees them (filtered and sorted).
 */
export const SPREADSHEET_MAX_ROWS = 100_000;
export const SPREADSHEET_MAX_COLUMNS = 60;

const cell = z.union([z.string().max(32_767), z.number(), z.boolean(), z.null()]);

export const spreadsheetRequestSchema = z.object({
  /** The file's and the sheet's name ("Temas"); characters a sheet name refuses are replaced. */
  nome: z.string().trim().min(1, 'Informe o nome da planilha').max(100, 'O nome da planilha deve ter no máximo 100 caracteres'),
  colunas: z
    .array(z.object({ titulo: z.string().max(200), tipo: z.enum(['text', 'number', 'boolean']) }))
    .min(1, 'Informe ao menos uma coluna')
    .max(SPREADSHEET_MAX_COLUMNS, `No máximo ${SPREADSHEET_MAX_COLUMNS} colunas`),
  linhas: z.array(z.array(cell)).max(SPREADSHEET_MAX_ROWS, `No máximo ${SPREADSHEET_MAX_ROWS} linhas`),
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
