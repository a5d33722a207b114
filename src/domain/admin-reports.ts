import { z } from 'zod';
import {
  analysisFields,
  htmlHasText,
  listedReportFields,
  MAX_HTML,
  MAX_TITLE,
  REPORT_MESSAGES,
  reasonWhenRejected,
  reportFileSchema,
} from './report-common.ts';
import { idSchema } from './users.ts';

/**
 * Administrative reports: spec §3 Administrative report and api/relatorioadministrativo. Statuses,
 * rules and messages shared with field reports are in report-common.ts.
 */

export const ADMIN_REPORT_MESSAGES = {
  tituloObrigatorio: 'Informe o título do relatório',
  horasObrigatorias: 'Informe as horas utilizadas',
  descricaoObrigatoria: 'É necessário preencher o relatório',
  naoEncontrado: 'Relatório administrativo não encontrado.',
  oculto: 'Relatórios administrativos não estão disponíveis para o seu grupo.',
} as const;

const adminReportFields = {
  titulo: z
    .string({ error: ADMIN_REPORT_MESSAGES.tituloObrigatorio })
    .trim()
    .min(1, { error: ADMIN_REPORT_MESSAGES.tituloObrigatorio })
    .max(MAX_TITLE),
  /** Digits only, like the field report's hours (spec §5). */
  horas: z.union([z.string(), z.number().int().min(0)], { error: ADMIN_REPORT_MESSAGES.horasObrigatorias }).transform((v, ctx) => {
    const t = String(v).trim();
    if (t === '') {
      ctx.addIssue({ code: 'custom', message: ADMIN_REPORT_MESSAGES.horasObrigatorias });
      return z.NEVER;
    }
    if (!/^\d{1,6}$/.test(t)) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.somenteNumeros });
      return z.NEVER;
    }
    return Number(t);
  }),
  /** Rich text (HTML), sanitised by the server. */
  descricao: z
    .string({ error: ADMIN_REPORT_MESSAGES.descricaoObrigatoria })
    .max(MAX_HTML)
    .refine(htmlHasText, { error: ADMIN_REPORT_MESSAGES.descricaoObrigatoria }),
  arquivosUploadIds: z.array(z.string().min(1).max(100)).max(50).default([]),
};

/** POST api/relatorioadministrativo/relatorioadministrativo. Parsing its output again gives the same value. */
export const adminReportCreateSchema = z.object({ municipioId: idSchema, ...adminReportFields });
export type AdminReportCreate = z.output<typeof adminReportCreateSchema>;
export type AdminReportCreateInput = z.input<typeof adminReportCreateSchema>;

/** PUT: every field again; arquivosUploadIds adds files, arquivosExcluidosIds removes attached ones. */
export const adminReportUpdateSchema = z.object({
  relatorioAdministrativoId: idSchema,
  ...adminReportFields,
  arquivosExcluidosIds: z.array(idSchema).max(50).default([]),
});
export type AdminReportUpdate = z.output<typeof adminReportUpdateSchema>;
export type AdminReportUpdateInput = z.input<typeof adminReportUpdateSchema>;

/** PUT analisar-relatorio-administrativo. */
export const adminReportAnalysisSchema = z
  .object({ relatorioAdministrativoId: idSchema, ...analysisFields })
  .superRefine(reasonWhenRejected);
export type AdminReportAnalysis = z.output<typeof adminReportAnalysisSchema>;

/** Spec §3 Administrative report. motivoRejeicao is null for users who may not see it. */
export const adminReportSchema = z.object({
  relatorioAdministrativoId: z.number().int(),
  titulo: z.string(),
  horas: z.number().int(),
  descricao: z.string(),
  municipioId: z.number().int(),
  municipio: z.object({ nome: z.string(), uf: z.string() }),
  usuarioId: z.number().int(),
  usuario: z.object({ nome: z.string() }),
  criacao: z.string(),
  statusRelatorioId: z.number().int(),
  statusNome: z.string(),
  motivoRejeicao: z.string().nullable(),
  arquivos: z.array(reportFileSchema),
  /** Code of the public page /relatorioAdmin/obter_publico/{codigoPublico}. */
  codigoPublico: z.string(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportListItemSchema = z.object({
  relatorioAdministrativoId: z.number().int(),
  ...listedReportFields,
  horas: z.number().int(),
});
export type AdminReportListItem = z.infer<typeof adminReportListItemSchema>;

/** The list row of an administrative report, from the full report: exactly the fields adminReportListItemSchema names. */
export function adminReportListItemOf(source: AdminReportListItem): AdminReportListItem {
  return {
    relatorioAdministrativoId: source.relatorioAdministrativoId,
    municipioId: source.municipioId,
    titulo: source.titulo,
    horas: source.horas,
    motivoRejeicao: source.motivoRejeicao,
    usuarioId: source.usuarioId,
    usuario: { nome: source.usuario.nome },
    criacao: source.criacao,
    statusRelatorioId: source.statusRelatorioId,
  };
}

/** What /relatorioAdmin/obter_publico/{codigo} shows: no author, status or rejection reason. */
export const publicAdminReportSchema = z.object({
  titulo: z.string(),
  horas: z.number().int(),
  municipio: z.object({ nome: z.string(), uf: z.string() }),
  data: z.string(),
  descricao: z.string(),
  arquivos: z.array(z.object({ nome: z.string() })),
});
export type PublicAdminReport = z.infer<typeof publicAdminReportSchema>;
