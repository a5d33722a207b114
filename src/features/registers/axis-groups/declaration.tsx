import { registers } from '../../../contract/registers.ts';
import { readOf } from '../pattern/declaration.ts';
import { axes } from '../../../contract/axes.ts';
import { axisListSchema, type Axis } from '../../../domain/axes.ts';
import { MAX_GROUP_AXES } from '../../../domain/permissions.ts';
import { axesSummary, axisGroupInputSchema, axisGroupRowSchema, type AxisGroupRow } from '../../../domain/register-axes.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { defineRegister } from '../pattern/declaration.ts';

type AxisGroupForm = { nome: string; descricao: string; eixoIds: number[] };

const words = currentVocabulary();
/** Spec §2: one axis name followed by "(+N eixos)" — pilares in the Sala. */
const overflowNoun = { one: words.axis.singular.toLowerCase(), many: words.axis.plural.toLowerCase() };

/** /eixosGrupo (spec §7 api/eixosgrupos): named groups of at most 5 axes. */
export const axisGroupRegister = defineRegister<AxisGroupRow, AxisGroupForm>({
  key: 'eixos-grupo',
  title: (w) => `Grupos de ${w.axis.plural}`,
  noun: { name: (w) => `grupo de ${w.axis.plural.toLowerCase()}`, gender: 'm' },
  flag: 'menuEixos',
  api: {
    list: readOf(registers.axisGroups.endpoints.list!),
    create: registers.axisGroups.endpoints.create,
    update: registers.axisGroups.endpoints.update,
    remove: registers.axisGroups.endpoints.remove,
  },
  row: axisGroupRowSchema,
  idOf: (row) => row.eixosGrupoId,
  nameOf: (row) => row.nome,
  idKey: 'eixosGrupoId',
  columns: (w) => [
    { key: 'eixosGrupoId', header: '#', width: '5rem' },
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 50 },
    { key: 'descricao', header: 'Descrição', truncate: 20 },
    { key: 'eixos', header: w.axis.plural, value: (row) => axesSummary(row.eixoNomes, overflowNoun), truncate: 50 },
  ],
  defaultSort: { key: 'nome', direction: 'asc' },
  emptyText: 'Nenhum Grupo retornado',
  loadError: 'Erro ao obter grupos',
  exportName: `Grupos de ${words.axis.plural}`,
  links: (w) => [{ to: '/eixos', label: w.axis.plural }],
  form: {
    schema: axisGroupInputSchema,
    initial: (row) => ({ nome: row?.nome ?? '', descricao: row?.descricao ?? '', eixoIds: row?.eixoIds ?? [] }),
    fields: [
      { kind: 'text', name: 'nome', label: 'Nome', required: true },
      { kind: 'textarea', name: 'descricao', label: 'Descrição' },
      {
        kind: 'multiselect',
        name: 'eixoIds',
        label: words.axis.plural,
        required: true,
        helperText: `No máximo ${MAX_GROUP_AXES} ${overflowNoun.many}.`,
        emptyText: words.empty.axes,
        maxChips: 1,
        maxSelected: MAX_GROUP_AXES,
        overflowNoun,
        options: {
          read: axes.list,
          schema: axisListSchema,
          toOption: (axis: Axis) => ({ value: axis.eixoId, label: axis.nome }),
        },
      },
    ],
  },
});
