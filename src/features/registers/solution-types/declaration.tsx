import { registers } from '../../../contract/registers.ts';
import { solutions } from '../../../contract/solutions.ts';
import { solutionTypeInputSchema, solutionTypeRowSchema, type SolutionTypeRow } from '../../../domain/register-axes.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { defineRegister, readOf } from '../pattern/declaration.ts';

type SolutionTypeForm = { nome: string };

const words = currentVocabulary();

/** /tipoSolucao (spec §7 api/solucao-tipo): the types the solution form offers; "Tipo Iniciativa" in AT, "Tipo Fase" in Gov. */
export const solutionTypeRegister = defineRegister<SolutionTypeRow, SolutionTypeForm>({
  key: 'tipo-solucao',
  title: (w) => w.menu.tipoSolucao,
  noun: { name: (w) => `tipo de ${w.solution.singular.toLowerCase()}`, gender: 'm' },
  flag: 'menuTipoSolucao',
  // The list is the solutions domain's read, the one the solution form's combo reads (GET api/solucao-tipo).
  api: {
    list: readOf(solutions.types),
    create: registers.solutionTypes.endpoints.create,
    update: registers.solutionTypes.endpoints.update,
    remove: registers.solutionTypes.endpoints.remove,
  },
  row: solutionTypeRowSchema,
  idOf: (row) => row.solucaoTipoId,
  nameOf: (row) => row.nome,
  idKey: 'solucaoTipoId',
  columns: () => [
    { key: 'solucaoTipoId', header: '#', width: '5rem' },
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 50 },
  ],
  defaultSort: { key: 'nome', direction: 'asc' },
  emptyText: (w) => `Nenhum Tipo de ${w.solution.singular} retornado`,
  loadError: `Erro ao obter tipos de ${words.solution.singular.toLowerCase()}`,
  exportName: words.menu.tipoSolucao,
  form: {
    schema: solutionTypeInputSchema,
    initial: (row) => ({ nome: row?.nome ?? '' }),
    fields: [{ kind: 'text', name: 'nome', label: 'Nome', required: true, maxLength: 100 }],
  },
});
