import { z } from 'zod';
import { idSchema, idTextSchema } from './users.ts';

/**
 * The charts dashboard (spec §2 /dashboard-administrativo2/graficos, §7 api/dashboard): filters, the
 * answers of its calls and the pure rules both sides share. Every number is counted by one SQL query
 * on the server over the municipalities the user sees (spec §6); the screen only draws them.
 */

export const DASHBOARD_MESSAGES = {
  invalidDate: 'Data inválida: use DD/MM/AAAA.',
  periodEnd: 'O fim do período não pode ser anterior ao início.',
  invalidUf: 'UF inválida: informe a sigla com duas letras.',
} as const;

const isoDate = z
  .string({ error: DASHBOARD_MESSAGES.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DASHBOARD_MESSAGES.invalidDate)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    error: DASHBOARD_MESSAGES.invalidDate,
  });
const uf = z
  .string({ error: DASHBOARD_MESSAGES.invalidUf })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, DASHBOARD_MESSAGES.invalidUf);

const filterShape = {
  uf: uf.nullish(),
  unidadeRegionalId: idSchema.nullish(),
  projetoId: idSchema.nullish(),
  /** YYYY-MM-DD (the screen shows DD/MM/AAAA). */
  dataInicial: isoDate.nullish(),
  dataFim: isoDate.nullish(),
};
const periodInOrder = (f: { dataInicial?: string | null; dataFim?: string | null }) => !f.dataInicial || !f.dataFim || f.dataInicial <= f.dataFim;

/** The body of the POST calls. Absent or null: no restriction. */
export const dashboardFilterSchema = z.object(filterShape).refine(periodInOrder, { error: DASHBOARD_MESSAGES.periodEnd, path: ['dataFim'] });
export type DashboardFilter = z.output<typeof dashboardFilterSchema>;
export type DashboardFilterInput = z.input<typeof dashboardFilterSchema>;

/** The same filters in a query string (GET get-analitico-por-indicador): ids arrive as text. */
export const dashboardFilterQuerySchema = z
  .object({ ...filterShape, unidadeRegionalId: idTextSchema.optional(), projetoId: idTextSchema.optional() })
  .refine(periodInOrder, { error: DASHBOARD_MESSAGES.periodEnd, path: ['dataFim'] });

const count = z.number().int().nonnegative();

/** Spec §3 review states, in the order the charts stack them. */
export const REVIEW_STATES = ['naoEnviado', 'enviado', 'emAnalise', 'aprovado', 'rejeitado'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  naoEnviado: 'Não enviado',
  enviado: 'Enviado',
  emAnalise: 'Em análise',
  aprovado: 'Aprovado',
  rejeitado: 'Rejeitado',
};

/** Seal levels: ouro, prata, bronze (spec §3), and diamante in the partner/room mode. */
export const SEAL_LEVELS = ['ouro', 'prata', 'bronze', 'diamante'] as const;
export type SealLevel = (typeof SEAL_LEVELS)[number];
export const SEAL_LABELS: Record<SealLevel, string> = { ouro: 'Ouro', prata: 'Prata', bronze: 'Bronze', diamante: 'Diamante' };

export const executionRowSchema = z.object({
  grupoSolucaoId: z.number().int(),
  nome: z.string(),
  concluidas: count,
  emAndamento: count,
  atrasadas: count,
});
export type ExecutionRow = z.infer<typeof executionRowSchema>;

export const evidenceMonthSchema = z.object({
  /** YYYY-MM, São Paulo time. */
  mes: z.string(),
  naoEnviado: count,
  enviado: count,
  emAnalise: count,
  aprovado: count,
  rejeitado: count,
});
export type EvidenceMonth = z.infer<typeof evidenceMonthSchema>;

/** POST api/dashboard/dashboardadministrativo. */
export const dashboardSchema = z.object({
  municipios: count,
  tarefas: z.object({ total: count, concluidas: count, emAndamento: count, atrasadas: count }),
  execucao: z.array(executionRowSchema),
  selos: z.object({ ouro: count, prata: count, bronze: count, diamante: count, semSelo: count }),
  evidencias: z.array(evidenceMonthSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** GET api/dashboard/get-analitico-por-indicador: the Sala indicators' readings in the visible municipalities. */
export const indicatorAnalyticsSchema = z.object({
  indicadorId: z.number().int(),
  nome: z.string(),
  municipios: count,
  leituras: count,
  dentroDaMeta: count,
  foraDaMeta: count,
});
export type IndicatorAnalytics = z.infer<typeof indicatorAnalyticsSchema>;

/** Percentage of done over total, 0 when there is nothing to do (rounded to one decimal). */
export function percentDone(done: number, total: number): number {
  return total === 0 ? 0 : Math.round((done / total) * 1000) / 10;
}

/** "2026-03" → "mar/2026", the evidence chart's axis. */
const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
export function monthLabel(mes: string): string {
  const [year, month] = mes.split('-');
  return `${MONTHS[Number(month) - 1] ?? month}/${year}`;
}
