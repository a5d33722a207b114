import { registers } from '../../../contract/registers.ts';
import { readOf } from '../pattern/declaration.ts';
import { EMPTY_MESSAGES } from '../../../domain/messages.ts';
import { categoryInputSchema, categoryRowSchema, type CategoryRow } from '../../../domain/register-territory.ts';
import { defineRegister } from '../pattern/declaration.ts';

type CategoryForm = { nome: string; descricao: string };

/** /categorias (spec §2, §7 api/gov-categoria). */
export const categoryRegister = defineRegister<CategoryRow, CategoryForm>({
  key: 'categorias',
  title: 'Categorias',
  noun: { name: 'categoria', gender: 'f' },
  flag: 'menuCategorias',
  api: {
    list: readOf(registers.categories.endpoints.list!),
    create: registers.categories.endpoints.create,
    update: registers.categories.endpoints.update,
    remove: registers.categories.endpoints.remove,
  },
  row: categoryRowSchema,
  idOf: (row) => row.categoriaId,
  nameOf: (row) => row.nome,
  idKey: 'categoriaId',
  columns: () => [
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 50 },
    // Spec §9: descriptions are cut at 20 characters, the whole text in a tooltip.
    { key: 'descricao', header: 'Descrição', truncate: 20 },
  ],
  defaultSort: { key: 'nome', direction: 'asc' },
  emptyText: EMPTY_MESSAGES.categories,
  loadError: 'Erro ao obter Categorias',
  exportName: 'Categorias',
  form: {
    schema: categoryInputSchema,
    initial: (row) => ({ nome: row?.nome ?? '', descricao: row?.descricao ?? '' }),
    fields: [
      { kind: 'text', name: 'nome', label: 'Nome', required: true },
      { kind: 'textarea', name: 'descricao', label: 'Descrição', maxLength: 500 },
    ],
  },
});
