import { salaRegisters } from '../../../contract/sala.ts';
import { levelInputSchema, levelRowSchema, type LevelRow } from '../../../domain/sala.ts';
import { defineRegister, readOf } from '../pattern/declaration.ts';

type LevelForm = { nome: string; percentualMinimo: string; descricao: string };

/**
 * Níveis (/sala-principal/{id}/sala-indicadores-nivel, api/salaindicadornivel): the levels a reading
 * is graded at, each reached at a share of the indicator's target (src/domain/sala-seal.ts).
 */
export const levelRegister = defineRegister<LevelRow, LevelForm>({
  key: 'sala-indicadores-nivel',
  title: 'Níveis',
  noun: { name: 'nível', gender: 'm' },
  flag: 'menuSalaEmpreendedor',
  api: {
    list: readOf(salaRegisters.levels.endpoints.list!),
    create: salaRegisters.levels.endpoints.create,
    update: salaRegisters.levels.endpoints.update,
    remove: salaRegisters.levels.endpoints.remove,
  },
  row: levelRowSchema,
  idOf: (row) => row.nivelId,
  nameOf: (row) => row.nome,
  idKey: 'nivelId',
  columns: () => [
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 50 },
    { key: 'percentualMinimo', header: 'A partir de (% da meta)', align: 'end', exportType: 'number' },
    { key: 'descricao', header: 'Descrição', truncate: 40 },
  ],
  defaultSort: { key: 'percentualMinimo', direction: 'asc' },
  emptyText: 'Nenhum Nível retornado',
  loadError: 'Erro ao obter Níveis',
  exportName: 'Níveis',
  form: {
    schema: levelInputSchema,
    initial: (row) => ({ nome: row?.nome ?? '', percentualMinimo: row ? String(row.percentualMinimo) : '', descricao: row?.descricao ?? '' }),
    fields: [
      { kind: 'text', name: 'nome', label: 'Nome', required: true },
      { kind: 'integer', name: 'percentualMinimo', label: 'A partir de (% da meta)', required: true, maxDigits: 4 },
      { kind: 'textarea', name: 'descricao', label: 'Descrição', maxLength: 500 },
    ],
  },
});

export default levelRegister;
