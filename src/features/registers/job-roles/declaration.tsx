import { registers } from '../../../contract/registers.ts';
import { readOf } from '../pattern/declaration.ts';
import { jobRoleInputSchema, jobRoleRowSchema, type JobRoleRow } from '../../../domain/register-territory.ts';
import { defineRegister } from '../pattern/declaration.ts';

type JobRoleForm = { nome: string; descricao: string };

/**
 * Cargos e funções (spec §2 "Job role (cargo/funcao) CRUD", §7 api/cargofuncao). The spec names no
 * path: /cargos-funcoes, for whoever manages users (menuUsuarios), since job roles describe people.
 */
export const jobRoleRegister = defineRegister<JobRoleRow, JobRoleForm>({
  key: 'cargos-funcoes',
  title: 'Cargos e funções',
  noun: { name: 'cargo ou função', gender: 'm' },
  flag: 'menuUsuarios',
  api: {
    list: readOf(registers.jobRoles.endpoints.list!),
    create: registers.jobRoles.endpoints.create,
    update: registers.jobRoles.endpoints.update,
    remove: registers.jobRoles.endpoints.remove,
  },
  row: jobRoleRowSchema,
  idOf: (row) => row.cargoFuncaoId,
  nameOf: (row) => row.nome,
  idKey: 'cargoFuncaoId',
  columns: () => [
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 50 },
    { key: 'descricao', header: 'Descrição', truncate: 20 },
  ],
  defaultSort: { key: 'nome', direction: 'asc' },
  emptyText: 'Nenhum Cargo ou Função retornado',
  loadError: 'Erro ao obter Cargos e funções',
  exportName: 'Cargos e funções',
  form: {
    schema: jobRoleInputSchema,
    initial: (row) => ({ nome: row?.nome ?? '', descricao: row?.descricao ?? '' }),
    fields: [
      { kind: 'text', name: 'nome', label: 'Nome', required: true },
      { kind: 'textarea', name: 'descricao', label: 'Descrição', maxLength: 500 },
    ],
  },
});
