import { z } from 'zod';
import { isAdmin, type PermissionContext } from './permissions.ts';
import { htmlHasText, MAX_HTML, MAX_TITLE } from './report-common.ts';
import { idSchema } from './users.ts';

/**
 * The municipality summary (resumo do município, spec §2 /cidade/{id}/resumo-municipio and §7
 * api/municipio-resunmo, the spec's spelling): dated notes on the municipality written by the
 * programme's staff, a title and a rich text body sanitised by the server like the reports'.
 * The spec names no flag: whoever sees the municipality reads and adds summaries; a summary is
 * edited by its author or an administrator (the same rule as a report's author).
 */

export const SUMMARY_MESSAGES = {
  titleRequired: 'Informe o título do resumo',
  bodyRequired: 'É necessário preencher o resumo',
  notFound: 'Resumo não encontrado.',
  notAuthor: 'Apenas o autor ou um administrador pode alterar este resumo.',
  saved: 'Resumo salvo com sucesso.',
  empty: 'Nenhum resumo retornado',
} as const;

const fields = {
  titulo: z.string({ error: SUMMARY_MESSAGES.titleRequired }).trim().min(1, SUMMARY_MESSAGES.titleRequired).max(MAX_TITLE),
  texto: z.string({ error: SUMMARY_MESSAGES.bodyRequired }).max(MAX_HTML).refine(htmlHasText, { error: SUMMARY_MESSAGES.bodyRequired }),
};

export const summaryCreateSchema = z.object({ municipioId: idSchema, ...fields });
export const summaryUpdateSchema = z.object({ resumoId: idSchema, ...fields });
export type SummaryCreate = z.output<typeof summaryCreateSchema>;
export type SummaryCreateInput = z.input<typeof summaryCreateSchema>;
export type SummaryUpdate = z.output<typeof summaryUpdateSchema>;

export const summarySchema = z.object({
  resumoId: z.number().int(),
  municipioId: z.number().int(),
  titulo: z.string(),
  texto: z.string(),
  autorId: z.number().int(),
  autorNome: z.string(),
  criadoEm: z.string(),
  atualizadoEm: z.string().nullable(),
  atualizadoPorNome: z.string().nullable(),
});
export type Summary = z.infer<typeof summarySchema>;

export function canEditSummary(ctx: PermissionContext, summary: Pick<Summary, 'autorId'>): boolean {
  return isAdmin(ctx.usuario) || summary.autorId === ctx.usuario.usuarioId;
}
