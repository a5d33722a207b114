import type { z } from 'zod';
import type { RegisterNoun } from '../../../contract/registers.ts';
import type { EndpointSpec } from '../../../contract/endpoint.ts';
import type { FlagKey } from '../../../domain/permission-flags.ts';
import { defineRegister, readOf } from '../pattern/declaration.ts';

type NamedRow = { nome: string; descricao: string };
type NamedForm = { nome: string; descricao: string };

/**
 * The Sala's registers that are a name and a description (Formas de Apuração, Fontes): the same
 * list, dialog and export, each with its own words, endpoints and id.
 */
export function namedRegister<Row extends NamedRow>(o: {
  key: string;
  title: string;
  noun: RegisterNoun;
  contract: { endpoints: { [K in 'list' | 'create' | 'update' | 'remove']?: EndpointSpec }; create: z.ZodObject };
  row: z.ZodType<Row>;
  idKey: keyof Row & string;
  emptyText: string;
}) {
  const flag: FlagKey = 'menuSalaEmpreendedor';
  return defineRegister<Row, NamedForm>({
    key: o.key,
    title: o.title,
    noun: o.noun,
    flag,
    api: {
      list: readOf(o.contract.endpoints.list!),
      create: o.contract.endpoints.create,
      update: o.contract.endpoints.update,
      remove: o.contract.endpoints.remove,
    },
    row: o.row,
    idOf: (row) => row[o.idKey] as number,
    nameOf: (row) => row.nome,
    idKey: o.idKey,
    columns: () => [
      { key: 'nome', header: 'Nome', rowHeader: true, truncate: 50 },
      { key: 'descricao', header: 'Descrição', truncate: 40 },
    ],
    defaultSort: { key: 'nome', direction: 'asc' },
    emptyText: o.emptyText,
    loadError: `Erro ao obter ${o.title}`,
    exportName: o.title,
    form: {
      schema: o.contract.create,
      initial: (row) => ({ nome: row?.nome ?? '', descricao: row?.descricao ?? '' }),
      fields: [
        { kind: 'text', name: 'nome', label: 'Nome', required: true },
        { kind: 'textarea', name: 'descricao', label: 'Descrição', maxLength: 500 },
      ],
    },
  });
}
