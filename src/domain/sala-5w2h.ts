import { z } from 'zod';
import { idSchema, isoDate, requiredChoice, requiredText } from './register-fields.ts';

/**
 * 5W2H action plans of the Sala do Empreendedor (issue 29 item 4, spec §7 api/sala5w2h): What, Why,
 * Where, When (DD/MM/AAAA on screen, YYYY-MM-DD in the API), Who, How and How much (integer cents),
 * with a status and a progress. A plan can be shared read-only outside the product by a link whose
 * secret (`hashPublico`, 24 random bytes) is unguessable and revocable: revoking clears it, sharing
 * again makes a new one, so an old link never opens again.
 */

export const PLAN_STATUSES = ['nao-iniciado', 'em-andamento', 'concluido', 'cancelado'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const PLAN_STATUS_LABELS: Record<PlanStatus, string> = {
  'nao-iniciado': 'Não iniciado',
  'em-andamento': 'Em andamento',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
};

export const SALA_5W2H_MESSAGES = {
  naoEncontrado: 'Plano de ação não encontrado.',
  linkNaoEncontrado: 'Plano de ação não encontrado. O link pode ter sido revogado.',
  statusInvalido: 'Escolha uma situação da lista.',
  progressoInvalido: 'O progresso deve ser um número de 0 a 100.',
  quantoInvalido: 'Informe o custo (R$), que não pode ser negativo.',
  concluidoSemProgresso: 'Um plano concluído tem progresso de 100%.',
  erroObter: 'Erro ao obter planos de ação',
  erroSalvar: 'Não foi possível salvar o plano de ação.',
} as const;

export const planStatusSchema = z.enum(PLAN_STATUSES, { error: () => SALA_5W2H_MESSAGES.statusInvalido });

const progress = z
  .number({ error: () => SALA_5W2H_MESSAGES.progressoInvalido })
  .int(SALA_5W2H_MESSAGES.progressoInvalido)
  .min(0, SALA_5W2H_MESSAGES.progressoInvalido)
  .max(100, SALA_5W2H_MESSAGES.progressoInvalido);

const planFields = z.object({
  municipioId: requiredChoice(),
  oQue: requiredText('Informe o que será feito', 300),
  porQue: requiredText('Informe por que será feito', 1000),
  onde: requiredText('Informe onde será feito', 300),
  quando: isoDate('Data'),
  quem: requiredText('Informe quem fará', 200),
  como: requiredText('Informe como será feito', 1000),
  /** Integer cents, never negative (spec §9). */
  quanto: z
    .number({ error: () => SALA_5W2H_MESSAGES.quantoInvalido })
    .int(SALA_5W2H_MESSAGES.quantoInvalido)
    .min(0, SALA_5W2H_MESSAGES.quantoInvalido)
    .max(9_999_999_999, SALA_5W2H_MESSAGES.quantoInvalido),
  status: planStatusSchema,
  progresso: progress,
});

const concluded = <T extends { status: PlanStatus; progresso: number }>(plan: T) => plan.status !== 'concluido' || plan.progresso === 100;
const concludedIssue = { message: SALA_5W2H_MESSAGES.concluidoSemProgresso, path: ['progresso'] };

export const planInputSchema = planFields.refine(concluded, concludedIssue);
export type PlanInput = z.input<typeof planInputSchema>;
export const planUpdateSchema = planFields.extend({ sala5w2hId: idSchema }).refine(concluded, concludedIssue);
export type PlanUpdate = z.input<typeof planUpdateSchema>;

export const planSchema = planFields.extend({
  sala5w2hId: z.number().int(),
  municipioId: z.number().int(),
  oQue: z.string(),
  porQue: z.string(),
  onde: z.string(),
  quando: z.string(),
  quem: z.string(),
  como: z.string(),
  quanto: z.number().int(),
  status: z.enum(PLAN_STATUSES),
  progresso: z.number().int(),
  /** The shared link's secret, null while not shared; only who sees the room reads it. */
  hashPublico: z.string().nullable(),
  atualizadoEm: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

/** GET {hash}/{id}: the plan as the shared link shows it, with its room's name; never the secret or other plans. */
export const publicPlanSchema = planSchema.omit({ hashPublico: true, municipioId: true }).extend({
  municipio: z.object({ nome: z.string(), uf: z.string() }),
});
export type PublicPlan = z.infer<typeof publicPlanSchema>;

/** The shared link's secret: long enough that it cannot be guessed (24 random bytes, base64url). */
export const planHashSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/, SALA_5W2H_MESSAGES.linkNaoEncontrado);

/** What an update changes on a stored plan (the device applies it as the server does). */
export function applyPlanUpdate<P extends Plan>(plan: P, update: Omit<z.output<typeof planUpdateSchema>, 'sala5w2hId' | 'municipioId'>): P {
  return { ...plan, ...update };
}

/** An action of the plan as the room's home lists it: what, who, when, its situation and progress. */
export const openActionSchema = planSchema.pick({ sala5w2hId: true, oQue: true, quem: true, quando: true, status: true, progresso: true });
export type OpenAction = z.infer<typeof openActionSchema>;

const isOpen = (plan: Pick<Plan, 'status'>) => plan.status === 'nao-iniciado' || plan.status === 'em-andamento';

/** The room's open actions (not concluded nor cancelled), soonest due first: the home's 5W2H card. */
export function openActions(plans: readonly Plan[]): OpenAction[] {
  return sortPlans(plans.filter(isOpen)).map(({ sala5w2hId, oQue, quem, quando, status, progresso }) => ({
    sala5w2hId,
    oQue,
    quem,
    quando,
    status,
    progresso,
  }));
}

/** Plans by when they are due, soonest first; concluded and cancelled ones after the open ones. */
export function sortPlans<P extends Pick<Plan, 'quando' | 'status' | 'sala5w2hId'>>(plans: readonly P[]): P[] {
  const closed = (p: P) => (p.status === 'concluido' || p.status === 'cancelado' ? 1 : 0);
  return [...plans].sort((a, b) => closed(a) - closed(b) || a.quando.localeCompare(b.quando) || a.sala5w2hId - b.sala5w2hId);
}
