import { registers } from '../../../src/contract/registers.ts';
import type { FastifyInstance } from 'fastify';
import { type JobRoleRow } from '../../../src/domain/register-territory.ts';
import { cargoFuncao } from '../../db/schema/index.ts';
import { registerRoutes, tableStore } from '../../lib/register.ts';

/**
 * Spec §7 api/cargofuncao (POST cadastrar-cargos-funcoes, PUT atualizar-cargo-funcao, DELETE {id},
 * GET, GET {id}): the job roles ("Cargos e funções"), kept by whoever manages users (menuUsuarios).
 */
export function jobRoleRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: registers.jobRoles,
    visibility: 'tenant',
    store: tableStore<JobRoleRow, object, object>({
      table: cargoFuncao,
      id: cargoFuncao.cargoFuncaoId,
      columns: { cargoFuncaoId: cargoFuncao.cargoFuncaoId, nome: cargoFuncao.nome, descricao: cargoFuncao.descricao },
      sortBy: 'nome',
    }),
  });
}
