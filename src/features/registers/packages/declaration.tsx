import { registers } from '../../../contract/registers.ts';
import { readOf } from '../pattern/declaration.ts';
import { packageInputSchema, packageRowSchema, type PackageRow } from '../../../domain/register-questions.ts';
import { defineRegister } from '../pattern/declaration.ts';

type PackageForm = { nome: string; descricao: string };

/** /pacote (spec §2; §7 api/Pacote): packages group questions (a question's Pacote). */
export const packageRegister = defineRegister<PackageRow, PackageForm>({
  key: 'pacotes',
  title: 'Pacotes',
  noun: { name: 'pacote', gender: 'm' },
  flag: 'menuPacotes',
  api: {
    list: readOf(registers.packages.endpoints.list!),
    create: registers.packages.endpoints.create,
    update: registers.packages.endpoints.update,
    remove: registers.packages.endpoints.remove,
  },
  row: packageRowSchema,
  idOf: (row) => row.pacoteId,
  nameOf: (row) => row.nome,
  idKey: 'pacoteId',
  columns: () => [
    { key: 'pacoteId', header: '#', width: '5rem' },
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 50 },
    // Spec §9: descriptions cut at 20 with the whole text in a tooltip.
    { key: 'descricao', header: 'Descrição', truncate: 20 },
  ],
  defaultSort: { key: 'nome', direction: 'asc' },
  emptyText: 'Nenhum Pacote retornado',
  loadError: 'Erro ao obter Pacotes',
  exportName: 'Pacotes',
  form: {
    schema: packageInputSchema,
    initial: (row) => ({ nome: row?.nome ?? '', descricao: row?.descricao ?? '' }),
    fields: [
      { kind: 'text', name: 'nome', label: 'Nome', required: true },
      { kind: 'textarea', name: 'descricao', label: 'Descrição' },
    ],
  },
});
