import { registers } from '../../../src/contract/registers.ts';
import { and, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { solutionTypeInputSchema, solutionTypeUpdateSchema } from '../../../src/domain/register-axes.ts';
import { type SolutionTypeRow } from '../../../src/domain/register-axes.ts';
import { solucaoTipo } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { conflict } from '../../lib/errors.ts';
import { registerMessages, registerRoutes, tableStore, type RegisterNoun } from '../../lib/register.ts';

const noun: RegisterNoun = { name: 'tipo de solução', gender: 'm' };

/**
 * Spec §7 api/solucao-tipo: the /tipoSolucao register's writes and one type by id. The list stays
 * GET api/solucao-tipo in server/features/solutions/routes.ts (the solution form's combo reads
 * it). A type that solutions use is refused deletion by their foreign key (409).
 */
export function solutionTypeRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: registers.solutionTypes,
    visibility: 'tenant',
    store: tableStore<SolutionTypeRow, typeof solutionTypeInputSchema._output, typeof solutionTypeUpdateSchema._output>({
      table: solucaoTipo,
      id: solucaoTipo.solucaoTipoId,
      columns: { solucaoTipoId: solucaoTipo.solucaoTipoId, nome: solucaoTipo.nome },
      sortBy: 'nome',
    }),
    // The table has no unique name (older rows may repeat one): a new or renamed type must not repeat it, case ignored.
    validate: async (db, tenantId, input) => {
      const id = 'solucaoTipoId' in input ? input.solucaoTipoId : undefined;
      const same = await db.$count(
        solucaoTipo,
        scoped(
          solucaoTipo,
          tenantId,
          and(sql`lower(${solucaoTipo.nome}) = lower(${input.nome})`, id === undefined ? undefined : ne(solucaoTipo.solucaoTipoId, id)),
        ),
      );
      if (same > 0) throw conflict(registerMessages.duplicate(noun));
    },
  });
}
