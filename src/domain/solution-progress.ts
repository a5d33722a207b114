import { z } from 'zod';

/**
 * Task-level progress across the municipalities a user may see (POST
 * municipiotarefa/get-andamento-by-filtro, filter = progressFilterSchema) and its xlsx export.
 * The server filters, counts and cuts the rows in SQL: a search answers at most
 * PROGRESS_ROW_LIMIT rows with the total, so the screen can say that more exist; the export takes up
 * to PROGRESS_EXPORT_LIMIT rows.
 */

export const PROGRESS_ROW_LIMIT = 2000;
export const PROGRESS_EXPORT_LIMIT = 50_000;
export const PROGRESS_EXPORT_FILENAME = 'andamento-tarefas.xlsx';

export const taskProgressRowSchema = z.object({
  municipioTarefaId: z.number().int(),
  municipioId: z.number().int(),
  municipioNome: z.string(),
  municipioSolucaoId: z.number().int(),
  grupoNome: z.string(),
  solucaoNome: z.string(),
  nome: z.string(),
  cumprida: z.boolean(),
  horasPrevistas: z.number(),
  horasUtilizadas: z.number(),
});
export type TaskProgressRow = z.infer<typeof taskProgressRowSchema>;

export const taskProgressPageSchema = z.object({
  linhas: z.array(taskProgressRowSchema),
  /** Every task the filter matches; more than linhas.length when the answer was cut at `limite`. */
  total: z.number().int(),
  limite: z.number().int(),
});
export type TaskProgressPage = z.infer<typeof taskProgressPageSchema>;

/** The export's columns, in order (pt-BR headers). */
export const PROGRESS_EXPORT_COLUMNS = [
  { key: 'municipioNome', header: 'Município', type: 'text', width: 28 },
  { key: 'grupoNome', header: 'Grupo', type: 'text', width: 28 },
  { key: 'solucaoNome', header: 'Solução', type: 'text', width: 28 },
  { key: 'nome', header: 'Tarefa', type: 'text', width: 36 },
  { key: 'cumprida', header: 'Cumprida', type: 'boolean', width: 10 },
  { key: 'horasPrevistas', header: 'Horas previstas', type: 'number', width: 16 },
  { key: 'horasUtilizadas', header: 'Horas utilizadas', type: 'number', width: 16 },
] as const satisfies readonly { key: keyof TaskProgressRow; header: string; type: 'text' | 'number' | 'boolean'; width: number }[];

/** "Mostrando 2.000 de 35.120 tarefas": shown when the answer was cut. */
export function progressCutNotice(page: Pick<TaskProgressPage, 'linhas' | 'total'>): string | null {
  if (page.total <= page.linhas.length) return null;
  const fmt = (n: number) => n.toLocaleString('pt-BR');
  return `Mostrando ${fmt(page.linhas.length)} de ${fmt(page.total)} tarefas. Refine o filtro para ver as demais.`;
}
