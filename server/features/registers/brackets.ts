import { registers } from '../../../src/contract/registers.ts';
import { and, eq, gte, lte, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BRACKET_OVERLAP, type BracketKind, type BracketRow } from '../../../src/domain/register-brackets.ts';
import type { Db } from '../../db/client.ts';
import { faixaValor } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { conflict } from '../../lib/errors.ts';
import { registerRoutes, tableStore } from '../../lib/register.ts';

/**
 * Spec §7 api/municipio-faixas and api/solucoes-faixas: one table (faixa_valor) told apart by `tipo`.
 * Brackets of one kind never overlap, so a municipality's population or a solution's price falls in
 * exactly one of them.
 */
function bracketRegister(tipo: BracketKind, contract: typeof registers.municipalityBrackets) {
  const store = tableStore<BracketRow, object, object>({
    table: faixaValor,
    id: faixaValor.faixaValorId,
    columns: {
      faixaValorId: faixaValor.faixaValorId,
      nome: faixaValor.nome,
      valorMinimo: faixaValor.valorMinimo,
      valorMaximo: faixaValor.valorMaximo,
    },
    where: eq(faixaValor.tipo, tipo),
    fixed: { tipo },
  });

  async function noOverlap(db: Db, tenantId: string, input: { valorMinimo: number; valorMaximo: number; faixaValorId?: number }) {
    const [clash] = await db
      .select({ id: faixaValor.faixaValorId })
      .from(faixaValor)
      .where(
        scoped(
          faixaValor,
          tenantId,
          eq(faixaValor.tipo, tipo),
          and(lte(faixaValor.valorMinimo, input.valorMaximo), gte(faixaValor.valorMaximo, input.valorMinimo)),
          input.faixaValorId === undefined ? undefined : ne(faixaValor.faixaValorId, input.faixaValorId),
        ),
      )
      .limit(1);
    if (clash) throw conflict(BRACKET_OVERLAP);
  }

  return (app: FastifyInstance) =>
    registerRoutes(app, {
      contract,
      visibility: 'tenant',
      // Lists in order of value: the brackets read as a scale.
      store: {
        ...store,
        list: async (db, tenantId) =>
          (await store.list(db, tenantId)).sort((a, b) => a.valorMinimo - b.valorMinimo || a.faixaValorId - b.faixaValorId),
      },
      validate: (db, tenantId, input) =>
        noOverlap(db, tenantId, input as { valorMinimo: number; valorMaximo: number; faixaValorId?: number }),
    });
}

export const municipalityBracketRegister = bracketRegister('municipio', registers.municipalityBrackets);
export const solutionBracketRegister = bracketRegister('solucao', registers.solutionBrackets);
