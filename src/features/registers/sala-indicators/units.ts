import { salaRegisters } from '../../../contract/sala.ts';
import { unitInputSchema, unitRowSchema, type UnitRow } from '../../../domain/sala.ts';
import { defineRegister, readOf } from '../pattern/declaration.ts';

type UnitForm = { nome: string; sigla: string };

/** Unidades (/sala-principal/{id}/sala-indicadores-unidade, api/salaindicadoresunidade): what a value counts. */
export const unitRegister = defineRegister<UnitRow, UnitForm>({
  key: 'sala-indicadores-unidade',
  title: 'Unidades',
  noun: { name: 'unidade', gender: 'f' },
  flag: 'menuSalaEmpreendedor',
  api: {
    list: readOf(salaRegisters.units.endpoints.list!),
    create: salaRegisters.units.endpoints.create,
    update: salaRegisters.units.endpoints.update,
    remove: salaRegisters.units.endpoints.remove,
  },
  row: unitRowSchema,
  idOf: (row) => row.unidadeId,
  nameOf: (row) => row.nome,
  idKey: 'unidadeId',
  columns: () => [
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 50 },
    { key: 'sigla', header: 'Sigla', truncate: 20 },
  ],
  defaultSort: { key: 'nome', direction: 'asc' },
  emptyText: 'Nenhuma Unidade retornada',
  loadError: 'Erro ao obter Unidades',
  exportName: 'Unidades',
  form: {
    schema: unitInputSchema,
    initial: (row) => ({ nome: row?.nome ?? '', sigla: row?.sigla ?? '' }),
    fields: [
      { kind: 'text', name: 'nome', label: 'Nome', required: true },
      { kind: 'text', name: 'sigla', label: 'Sigla', required: true, maxLength: 20 },
    ],
  },
});

export default unitRegister;
