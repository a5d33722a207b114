import { salaRegisters } from '../../../contract/sala.ts';
import { frequencyInputSchema, frequencyRowSchema, type FrequencyRow } from '../../../domain/sala.ts';
import { defineRegister, readOf } from '../pattern/declaration.ts';

type FrequencyForm = { nome: string; meses: string };

/** Leituras (/sala-principal/{id}/sala-indicadores-leitura, api/salaindicadorleitura): how often an indicator is read. */
export const frequencyRegister = defineRegister<FrequencyRow, FrequencyForm>({
  key: 'sala-indicadores-leitura',
  title: 'Leituras',
  noun: { name: 'leitura', gender: 'f' },
  flag: 'menuSalaEmpreendedor',
  api: {
    list: readOf(salaRegisters.frequencies.endpoints.list!),
    create: salaRegisters.frequencies.endpoints.create,
    update: salaRegisters.frequencies.endpoints.update,
    remove: salaRegisters.frequencies.endpoints.remove,
  },
  row: frequencyRowSchema,
  idOf: (row) => row.leituraId,
  nameOf: (row) => row.nome,
  idKey: 'leituraId',
  columns: () => [
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 50 },
    { key: 'meses', header: 'Meses entre leituras', align: 'end', exportType: 'number' },
  ],
  defaultSort: { key: 'meses', direction: 'asc' },
  emptyText: 'Nenhuma Leitura retornada',
  loadError: 'Erro ao obter Leituras',
  exportName: 'Leituras',
  form: {
    schema: frequencyInputSchema,
    initial: (row) => ({ nome: row?.nome ?? '', meses: row ? String(row.meses) : '1' }),
    fields: [
      { kind: 'text', name: 'nome', label: 'Nome', required: true },
      { kind: 'integer', name: 'meses', label: 'Meses entre leituras', required: true, maxDigits: 2 },
    ],
  },
});

export default frequencyRegister;
