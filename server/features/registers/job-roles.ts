import type { FastifyInstance } from 'fastify';
import { jobRoleInputSchema, jobRoleRowSchema, jobRoleUpdateSchema, type JobRoleRow } from '../../../src/domain/register-territory.ts';
import { cargoFuncao } from '../../db/schema/index.ts';
import { registerRoutes, tableStore } from '../../lib/register.ts';

/**
 * Spec §7 api/cargofuncao (POST cadastrar-cargos-funcoes, PUT atualizar-cargo-funcao, DELETE {id},
 * GET, GET {id}): the job roles ("Cargos e funções"), kept by whoever manages users (menuUsuarios).
 */
export function jobRoleRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    tag: 'cargofuncao',
    noun: { name: 'cargo ou função', gender: 'm' },
    writeFlag: 'menuUsuarios',
    row: jobRoleRowSchema,
    create: jobRoleInputSchema,
    update: jobRoleUpdateSchema,
    paths: {
      list: '/cargofuncao',
      get: '/cargofuncao/:id',
      create: '/cargofuncao/cadastrar-cargos-funcoes',
      update: '/cargofuncao/atualizar-cargo-funcao',
      remove: '/cargofuncao/:id',
    },
    visibility: 'tenant',
    store: tableStore<JobRoleRow, object, object>({
      table: cargoFuncao,
      id: cargoFuncao.cargoFuncaoId,
      columns: { cargoFuncaoId: cargoFuncao.cargoFuncaoId, nome: cargoFuncao.nome, descricao: cargoFuncao.descricao },
      sortBy: 'nome',
    }),
  });
}
