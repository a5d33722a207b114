import { eq } from 'drizzle-orm';
import type { CostCategory } from '../../src/domain/sala-cost.ts';
import type { SalaService } from '../../src/domain/sala-time.ts';
import * as s from '../db/schema/index.ts';
import { scoped, withTenant } from '../db/tenant-scope.ts';
import type { Counter, Tx } from './ensure.ts';
import { DEMO_MONTHS, seededRandom } from './sala-rooms.ts';

/** The monthly costs of a room: what it is, its category, the service it pays for (if one) and about how much (cents). */
const MONTHLY: { descricao: string; categoria: CostCategory; servico: SalaService | null; cents: number }[] = [
  { descricao: 'Salários da equipe de atendimento', categoria: 'pessoal', servico: null, cents: 1_240_000 },
  { descricao: 'Aluguel e condomínio da sala', categoria: 'infraestrutura', servico: null, cents: 280_000 },
  { descricao: 'Energia elétrica e internet', categoria: 'infraestrutura', servico: null, cents: 61_000 },
  { descricao: 'Material de expediente', categoria: 'material', servico: null, cents: 18_500 },
  { descricao: 'Sistema de registro empresarial (licença)', categoria: 'tecnologia', servico: 'Abertura de empresa', cents: 95_000 },
  { descricao: 'Agente de crédito conveniado', categoria: 'pessoal', servico: 'Acesso a crédito', cents: 210_000 },
  { descricao: 'Plantão de formalização de MEI', categoria: 'pessoal', servico: 'Formalização de MEI', cents: 130_000 },
];
/** Costs of some months only. */
const OCCASIONAL: { month: number; descricao: string; categoria: CostCategory; cents: number }[] = [
  { month: 2, descricao: 'Campanha de divulgação da sala nas rádios', categoria: 'comunicacao', cents: 350_000 },
  { month: 5, descricao: 'Capacitação da equipe em crédito orientado', categoria: 'capacitacao', cents: 480_000 },
  { month: 8, descricao: 'Troca de computadores do atendimento', categoria: 'tecnologia', cents: 1_150_000 },
  { month: 10, descricao: 'Semana do MEI: material e lanche', categoria: 'outros', cents: 92_000 },
];

/** A year of costs for a room (issue 29 item 10), in one insert; a room with costs is left as it is. */
export async function seedSalaCost(tx: Tx, tenantId: string, municipioId: number, counter: Counter): Promise<void> {
  const [already] = await tx
    .select({ id: s.salaCusto.salaCustoId })
    .from(s.salaCusto)
    .where(scoped(s.salaCusto, tenantId, eq(s.salaCusto.municipioId, municipioId)))
    .limit(1);
  if (already) return;
  const random = seededRandom(municipioId * 104729);
  const rows: (typeof s.salaCusto.$inferInsert)[] = [];
  DEMO_MONTHS.forEach((mes, index) => {
    for (const cost of MONTHLY) {
      // Utilities and material vary a little month to month; salaries and rent do not.
      const varies = cost.categoria === 'infraestrutura' || cost.categoria === 'material';
      const valor = varies ? Math.round(cost.cents * (0.85 + random() * 0.3)) : cost.cents;
      rows.push(
        withTenant(tenantId, {
          municipioId,
          categoria: cost.categoria,
          servico: cost.servico,
          descricao: cost.descricao,
          data: `${mes}-05`,
          valor,
        }),
      );
    }
    for (const cost of OCCASIONAL.filter((c) => c.month === index)) {
      rows.push(
        withTenant(tenantId, {
          municipioId,
          categoria: cost.categoria,
          servico: null,
          descricao: cost.descricao,
          data: `${mes}-15`,
          valor: cost.cents,
        }),
      );
    }
  });
  await tx.insert(s.salaCusto).values(rows);
  counter.created += rows.length;
}
