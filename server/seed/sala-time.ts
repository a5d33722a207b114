import { eq } from 'drizzle-orm';
import { SALA_SERVICES, type SalaService } from '../../src/domain/sala-time.ts';
import * as s from '../db/schema/index.ts';
import { scoped, withTenant } from '../db/tenant-scope.ts';
import type { Counter, Tx } from './ensure.ts';
import { DEMO_MONTHS, seededRandom } from './sala-rooms.ts';

/** Typical minutes per service (opening a business takes days; guidance takes minutes), and deliveries per month. */
const PROFILE: Record<SalaService, { minutes: number; perMonth: number }> = {
  'Abertura de empresa': { minutes: 3 * 24 * 60, perMonth: 6 },
  'Formalização de MEI': { minutes: 40, perMonth: 14 },
  'Alvará de funcionamento': { minutes: 5 * 24 * 60, perMonth: 4 },
  'Orientação empresarial': { minutes: 50, perMonth: 12 },
  'Acesso a crédito': { minutes: 90, perMonth: 5 },
  'Emissão de nota fiscal': { minutes: 20, perMonth: 10 },
  'Baixa de empresa': { minutes: 2 * 24 * 60, perMonth: 2 },
  'Outros atendimentos': { minutes: 30, perMonth: 6 },
};

/**
 * A year of service times for a room (issue 29 item 10): every service every month, times that
 * shorten through the year (the room improving), in one insert. A room that already has times is left
 * as it is, so the seed stays idempotent.
 */
export async function seedSalaTime(tx: Tx, tenantId: string, municipioId: number, counter: Counter): Promise<void> {
  const [already] = await tx
    .select({ id: s.salaTempo.salaTempoId })
    .from(s.salaTempo)
    .where(scoped(s.salaTempo, tenantId, eq(s.salaTempo.municipioId, municipioId)))
    .limit(1);
  if (already) return;
  const random = seededRandom(municipioId * 7919);
  const rows: (typeof s.salaTempo.$inferInsert)[] = [];
  DEMO_MONTHS.forEach((mes, index) => {
    const improvement = 1 - index * 0.03;
    for (const servico of SALA_SERVICES) {
      const { minutes, perMonth } = PROFILE[servico];
      const count = Math.max(1, Math.round(perMonth * (0.7 + random() * 0.6)));
      for (let n = 0; n < count; n++) {
        const day = 1 + Math.floor(random() * 28);
        rows.push(
          withTenant(tenantId, {
            municipioId,
            servico,
            data: `${mes}-${String(day).padStart(2, '0')}`,
            duracaoMinutos: Math.max(5, Math.round(minutes * improvement * (0.6 + random() * 0.8))),
            observacao: '',
          }),
        );
      }
    }
  });
  await tx.insert(s.salaTempo).values(rows);
  counter.created += rows.length;
}
