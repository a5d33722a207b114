import { z } from 'zod';
import { idSchema, isoDate, requiredChoice, requiredText } from './register-fields.ts';
import { salaServiceSchema, type SalaService, SALA_SERVICES } from './sala-time.ts';

/**
 * The cost room of the Sala do Empreendedor (issue 29 item 5, spec §7 api/salacusto): what the room
 * spends, by category and month, in integer cents (R$ with 2 decimals on screen). A cost may name the
 * service it pays for; the cost per service divides that service's costs by how many times the time
 * room recorded it in the same months, so "quanto custa um atendimento" comes from both rooms.
 */

export const COST_CATEGORIES = ['pessoal', 'infraestrutura', 'material', 'tecnologia', 'comunicacao', 'capacitacao', 'outros'] as const;
export type CostCategory = (typeof COST_CATEGORIES)[number];
export const COST_CATEGORY_LABELS: Record<CostCategory, string> = {
  pessoal: 'Pessoal',
  infraestrutura: 'Infraestrutura',
  material: 'Material de consumo',
  tecnologia: 'Tecnologia',
  comunicacao: 'Comunicação',
  capacitacao: 'Capacitação',
  outros: 'Outros',
};

export const SALA_COST_MESSAGES = {
  naoEncontrado: 'Custo não encontrado.',
  categoriaInvalida: 'Escolha uma categoria da lista.',
  valorInvalido: 'Informe um valor maior que zero.',
  erroObter: 'Erro ao obter custos',
} as const;

/** Largest cost accepted: R$ 99.999.999,99 (what the money field takes), in cents. */
export const MAX_COST_CENTS = 9_999_999_999;

export const costInputSchema = z.object({
  municipioId: requiredChoice(),
  categoria: z.enum(COST_CATEGORIES, { error: () => SALA_COST_MESSAGES.categoriaInvalida }),
  /** The service the cost pays for; null for the room's general costs. */
  servico: salaServiceSchema.nullable().default(null),
  descricao: requiredText('A descrição é obrigatória', 300),
  data: isoDate('Data'),
  /** Integer cents, never negative (spec §9). */
  valor: z
    .number({ error: () => SALA_COST_MESSAGES.valorInvalido })
    .int(SALA_COST_MESSAGES.valorInvalido)
    .min(1, SALA_COST_MESSAGES.valorInvalido)
    .max(MAX_COST_CENTS, SALA_COST_MESSAGES.valorInvalido),
});
export type CostInput = z.input<typeof costInputSchema>;
export const costUpdateSchema = costInputSchema.extend({ salaCustoId: idSchema });
export type CostUpdate = z.input<typeof costUpdateSchema>;

export const costRowSchema = z.object({
  salaCustoId: z.number().int(),
  municipioId: z.number().int(),
  categoria: z.enum(COST_CATEGORIES),
  servico: salaServiceSchema.nullable(),
  descricao: z.string(),
  data: z.string(),
  valor: z.number().int(),
});
export type CostRow = z.infer<typeof costRowSchema>;

export const costSummarySchema = z.object({
  total: z.number().int(),
  porCategoria: z.array(z.object({ categoria: z.enum(COST_CATEGORIES), total: z.number().int() })),
  porMes: z.array(z.object({ mes: z.string(), total: z.number().int() })),
  /** For each service with costs: its total, how many times the time room recorded it, and the cost of one (null with none recorded). */
  porServico: z.array(
    z.object({
      servico: salaServiceSchema,
      total: z.number().int(),
      atendimentos: z.number().int(),
      custoPorAtendimento: z.number().int().nullable(),
    }),
  ),
});
export type CostSummary = z.infer<typeof costSummarySchema>;

/** GET obter-custo-por-municipio/{id}: the costs and their totals. */
export const costRoomSchema = z.object({ municipioId: z.number().int(), custos: z.array(costRowSchema), resumo: costSummarySchema });
export type CostRoom = z.infer<typeof costRoomSchema>;

/**
 * Totals by category (catalogue order), by month (oldest first) and by service. `deliveries` is how
 * many times each service was delivered in the months that service has costs (from the time room).
 */
export function costSummary(
  rows: ReadonlyArray<Pick<CostRow, 'categoria' | 'servico' | 'data' | 'valor'>>,
  deliveries: ReadonlyMap<SalaService, number>,
): CostSummary {
  const byCategory = new Map<CostCategory, number>();
  const byMonth = new Map<string, number>();
  const byService = new Map<SalaService, number>();
  let total = 0;
  for (const row of rows) {
    total += row.valor;
    byCategory.set(row.categoria, (byCategory.get(row.categoria) ?? 0) + row.valor);
    const mes = row.data.slice(0, 7);
    byMonth.set(mes, (byMonth.get(mes) ?? 0) + row.valor);
    if (row.servico) byService.set(row.servico, (byService.get(row.servico) ?? 0) + row.valor);
  }
  return {
    total,
    porCategoria: COST_CATEGORIES.filter((c) => byCategory.has(c)).map((categoria) => ({ categoria, total: byCategory.get(categoria)! })),
    porMes: [...byMonth.keys()].sort().map((mes) => ({ mes, total: byMonth.get(mes)! })),
    porServico: SALA_SERVICES.filter((s) => byService.has(s)).map((servico) => {
      const atendimentos = deliveries.get(servico) ?? 0;
      const serviceTotal = byService.get(servico)!;
      return {
        servico,
        total: serviceTotal,
        atendimentos,
        custoPorAtendimento: atendimentos > 0 ? Math.round(serviceTotal / atendimentos) : null,
      };
    }),
  };
}

/** The months (YYYY-MM) each service has costs in: the time room counts deliveries in those months only. */
export function costMonthsByService(rows: ReadonlyArray<Pick<CostRow, 'servico' | 'data'>>): Map<SalaService, Set<string>> {
  const months = new Map<SalaService, Set<string>>();
  for (const row of rows) {
    if (!row.servico) continue;
    const set = months.get(row.servico) ?? new Set<string>();
    set.add(row.data.slice(0, 7));
    months.set(row.servico, set);
  }
  return months;
}
