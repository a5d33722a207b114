import { z } from 'zod';
import { canManage, canSeeMunicipality, isFullAdmin, seesAllMunicipalities, type PermissionContext } from './permissions.ts';
import { decimalNumber, idList, idSchema, isoDate, nameField, optionalText, REQUIRED_CHOICE, requiredText } from './register-fields.ts';

/**
 * Territories and the territorial agents' visits (issue 31; spec §1 territorial development and
 * territorial agent, §2 /gestao-territorios and /cidade/{id}/agenteTerritorial, §3 Solution's
 * monitoramento 2, visitasPresenciais, horasPrevistasVisitasPresenciais). One schema per body,
 * shared by the forms and the routes, so both say the same pt-BR.
 */

export const TERRITORY_MENU_FLAG = 'menuGestaoTerritorios' as const;

export const TERRITORY_MESSAGES = {
  territoryNotFound: 'Território não encontrado.',
  visitNotFound: 'Visita não encontrada.',
  territoryExists: 'Já existe um território com este nome.',
  municipalityOutOfSight: 'Há municípios que você não pode ver neste território.',
  municipalityOtherUf: 'Todos os municípios do território devem ser da UF escolhida.',
  regionalUnitInvalid: 'Unidade regional inválida para esta UF.',
  agentInvalid: 'Agente inválido.',
  territoryInvalid: 'O território escolhido não contém este município.',
  solutionInvalid: 'A solução deve ser do município e acompanhada por visitas.',
  reportInvalid: 'O relatório deve ser deste município.',
  transitionInvalid: 'Esta mudança de situação da visita não é permitida.',
  doneDateRequired: 'A data de realização é obrigatória para uma visita realizada.',
  doneDateFuture: 'A data de realização não pode estar no futuro.',
  otherAgentRefused: 'Você só pode planejar ou registrar as suas próprias visitas.',
  manageRefused: 'Você não tem permissão para gerenciar territórios.',
  saveTerritory: 'Não foi possível salvar o território.',
  saveVisit: 'Não foi possível salvar a visita.',
} as const;

// ------------------------------------------------------------------------------ territories

export const UF_PATTERN = /^[A-Z]{2}$/;

export const territorySchema = z.object({
  territorioId: z.number().int(),
  nome: z.string(),
  uf: z.string(),
  unidadeRegionalId: z.number().int().nullable(),
  unidadeRegional: z.string().nullable(),
  descricao: z.string(),
  municipios: z.array(z.object({ municipioId: z.number().int(), nome: z.string() })),
  agentes: z.array(z.object({ usuarioId: z.number().int(), nome: z.string() })),
});
export type Territory = z.infer<typeof territorySchema>;

export const territoryInputSchema = z.object({
  nome: nameField(120),
  uf: requiredText('A UF é obrigatória', 2).regex(UF_PATTERN, 'UF inválida'),
  unidadeRegionalId: idSchema.nullable().default(null),
  descricao: optionalText(1000),
  municipioIds: idList(200).refine((ids) => ids.length > 0, 'Escolha ao menos um município'),
  usuarioIds: idList(50).default([]),
});
export type TerritoryInput = z.input<typeof territoryInputSchema>;
export type TerritoryValues = z.output<typeof territoryInputSchema>;
export const territoryUpdateSchema = territoryInputSchema.extend({ territorioId: idSchema });
export type TerritoryUpdate = z.output<typeof territoryUpdateSchema>;

/** What the territory form chooses from: the municipalities the user sees, the regional units, the enabled users. */
export const territoryOptionsSchema = z.object({
  municipios: z.array(z.object({ municipioId: z.number().int(), nome: z.string(), uf: z.string() })),
  unidadesRegionais: z.array(z.object({ unidadeRegionalId: z.number().int(), nomeRegiao: z.string(), uf: z.string() })),
  usuarios: z.array(z.object({ usuarioId: z.number().int(), nome: z.string() })),
});
export type TerritoryOptions = z.infer<typeof territoryOptionsSchema>;

/** Who opens Gestão de Territórios and changes territories (the menu's rule: an admin or the menu flag). */
export function canManageTerritories(ctx: PermissionContext): boolean {
  return canManage(ctx, TERRITORY_MENU_FLAG);
}

/**
 * Spec §6 applied to a territory: it is listed when the user sees one of its municipalities (and
 * shows only those); it is changed or deleted only by who sees every one of them, so nobody
 * changes a grouping that includes a municipality out of their sight.
 */
export function seesTerritory(ctx: PermissionContext, municipioIds: readonly number[]): boolean {
  if (isFullAdmin(ctx.usuario) || seesAllMunicipalities(ctx)) return true;
  return municipioIds.some((id) => canSeeMunicipality(ctx, id));
}
export function seesWholeTerritory(ctx: PermissionContext, municipioIds: readonly number[]): boolean {
  return municipioIds.every((id) => canSeeMunicipality(ctx, id));
}

// ------------------------------------------------------------------------------ visits

export const VISIT_STATUSES = ['planejada', 'realizada', 'cancelada'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];
export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  planejada: 'Planejada',
  realizada: 'Realizada',
  cancelada: 'Cancelada',
};

/**
 * The visit's life: planned, then done or cancelled; a cancelled visit can be planned again; a
 * done visit stays done (its fields may still be corrected). Staying in a status is always allowed.
 */
const TRANSITIONS: Record<VisitStatus, readonly VisitStatus[]> = {
  planejada: ['realizada', 'cancelada'],
  realizada: [],
  cancelada: ['planejada'],
};
export function canChangeVisitStatus(from: VisitStatus, to: VisitStatus): boolean {
  return from === to || TRANSITIONS[from].includes(to);
}

export const visitSchema = z.object({
  visitaId: z.number().int(),
  municipioId: z.number().int(),
  municipio: z.string(),
  usuarioId: z.number().int(),
  agente: z.string(),
  territorioId: z.number().int().nullable(),
  territorio: z.string().nullable(),
  municipioSolucaoId: z.number().int().nullable(),
  solucao: z.string().nullable(),
  relatorioId: z.number().int().nullable(),
  relatorio: z.string().nullable(),
  status: z.enum(VISIT_STATUSES),
  dataPrevista: z.string(),
  dataRealizada: z.string().nullable(),
  horas: z.number(),
  observacao: z.string(),
});
export type Visit = z.infer<typeof visitSchema>;

const visitFields = {
  usuarioId: idSchema.nullable().default(null),
  territorioId: idSchema.nullable().default(null),
  municipioSolucaoId: idSchema.nullable().default(null),
  relatorioId: idSchema.nullable().default(null),
  status: z.enum(VISIT_STATUSES, { error: () => 'Situação inválida' }).default('planejada'),
  dataPrevista: isoDate('A data prevista'),
  dataRealizada: isoDate('A data de realização').nullable().default(null),
  horas: decimalNumber('Horas', { max: 24 }).default(0),
  observacao: optionalText(2000),
};

function doneNeedsDate(v: { status: VisitStatus; dataRealizada: string | null }, ctx: z.RefinementCtx) {
  if (v.status === 'realizada' && !v.dataRealizada)
    ctx.addIssue({ code: 'custom', path: ['dataRealizada'], message: TERRITORY_MESSAGES.doneDateRequired });
}

/** Plan a visit or record one already done; `usuarioId` null means the user themself. */
export const visitInputSchema = z
  .object({
    municipioId: z
      .number({ error: () => REQUIRED_CHOICE })
      .int()
      .positive(REQUIRED_CHOICE),
    ...visitFields,
  })
  .superRefine(doneNeedsDate);
export type VisitInput = z.input<typeof visitInputSchema>;
export type VisitValues = z.output<typeof visitInputSchema>;

export const visitUpdateSchema = z.object({ visitaId: idSchema, ...visitFields }).superRefine(doneNeedsDate);
export type VisitUpdate = z.output<typeof visitUpdateSchema>;
export type VisitUpdateInput = z.input<typeof visitUpdateSchema>;

/** The management list's filters (spec: by territory, agent, period, status). */
export const visitFilterSchema = z.object({
  territorioId: z.coerce.number().int().positive().optional(),
  usuarioId: z.coerce.number().int().positive().optional(),
  municipioId: z.coerce.number().int().positive().optional(),
  status: z.enum(VISIT_STATUSES, { error: () => 'Situação inválida' }).optional(),
  de: isoDate('A data inicial').optional(),
  ate: isoDate('A data final').optional(),
});
export type VisitFilter = z.infer<typeof visitFilterSchema>;

/** A municipality solution followed by visits (monitoramento 2), with its targets. */
export const visitSolutionSchema = z.object({
  municipioSolucaoId: z.number().int(),
  nome: z.string(),
  visitasPresenciais: z.number().int().nullable(),
  horasPrevistasVisitasPresenciais: z.number().nullable(),
});
export type VisitSolution = z.infer<typeof visitSolutionSchema>;

/** What the visit form of a municipality chooses from. */
export const visitOptionsSchema = z.object({
  solucoes: z.array(visitSolutionSchema),
  relatorios: z.array(z.object({ relatorioId: z.number().int(), titulo: z.string(), data: z.string() })),
  territorios: z.array(z.object({ territorioId: z.number().int(), nome: z.string() })),
  agentes: z.array(z.object({ usuarioId: z.number().int(), nome: z.string() })),
});
export type VisitOptions = z.infer<typeof visitOptionsSchema>;

export type SolutionVisitCount = VisitSolution & { planejadas: number; realizadas: number; horasRealizadas: number };

/**
 * Per solution, how many visits are planned (still to do or done: a cancelled one does not count),
 * how many are done and the hours done, against its visitasPresenciais and horasPrevistasVisitasPresenciais.
 */
export function solutionVisitCounts(
  solutions: readonly VisitSolution[],
  visits: readonly Pick<Visit, 'municipioSolucaoId' | 'status' | 'horas'>[],
): SolutionVisitCount[] {
  return solutions.map((solution) => {
    const mine = visits.filter((v) => v.municipioSolucaoId === solution.municipioSolucaoId && v.status !== 'cancelada');
    const done = mine.filter((v) => v.status === 'realizada');
    return {
      ...solution,
      planejadas: mine.length,
      realizadas: done.length,
      horasRealizadas: Math.round(done.reduce((sum, v) => sum + v.horas, 0) * 100) / 100,
    };
  });
}

/** Newest planned date first, then the newest id. */
export function compareVisits(a: Pick<Visit, 'dataPrevista' | 'visitaId'>, b: Pick<Visit, 'dataPrevista' | 'visitaId'>): number {
  return b.dataPrevista.localeCompare(a.dataPrevista) || b.visitaId - a.visitaId;
}
