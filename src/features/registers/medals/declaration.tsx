import { registers } from '../../../contract/registers.ts';
import { readOf } from '../pattern/declaration.ts';
import {
  MEDAL_LEVEL_LABELS,
  MEDAL_LEVELS,
  medalInputSchema,
  medalRowSchema,
  type MedalLevel,
  type MedalRow,
} from '../../../domain/register-questions.ts';
import { defineRegister } from '../pattern/declaration.ts';

type MedalForm = { nome: string; nivel: MedalLevel | undefined; pontuacaoMinima: string | number; descricao: string };

/** /medalha (spec §2, §3 "Medal levels: bronze, prata, ouro"; §7 api/Medalha). */
export const medalRegister = defineRegister<MedalRow, MedalForm>({
  key: 'medalhas',
  title: 'Medalhas',
  noun: { name: 'medalha', gender: 'f' },
  flag: 'menuMedalhas',
  api: {
    list: readOf(registers.medals.endpoints.list!),
    create: registers.medals.endpoints.create,
    update: registers.medals.endpoints.update,
    remove: registers.medals.endpoints.remove,
  },
  row: medalRowSchema,
  idOf: (row) => row.medalhaId,
  nameOf: (row) => row.nome,
  idKey: 'medalhaId',
  columns: () => [
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 50 },
    {
      key: 'nivel',
      header: 'Nível',
      width: '7rem',
      format: (value) => MEDAL_LEVEL_LABELS[value as MedalLevel] ?? String(value),
      sortValue: (row) => MEDAL_LEVELS.indexOf(row.nivel),
    },
    { key: 'pontuacaoMinima', header: 'Pontuação mínima', width: '10rem' },
    { key: 'descricao', header: 'Descrição', truncate: 20 },
  ],
  defaultSort: { key: 'pontuacaoMinima', direction: 'asc' },
  emptyText: 'Nenhuma Medalha retornada',
  loadError: 'Erro ao obter Medalhas',
  exportName: 'Medalhas',
  form: {
    schema: medalInputSchema,
    initial: (row) => ({
      nome: row?.nome ?? '',
      nivel: row?.nivel,
      pontuacaoMinima: row?.pontuacaoMinima ?? '',
      descricao: row?.descricao ?? '',
    }),
    fields: [
      { kind: 'text', name: 'nome', label: 'Nome', required: true },
      {
        kind: 'choice',
        name: 'nivel',
        label: 'Nível',
        required: true,
        choices: MEDAL_LEVELS.map((value) => ({ value, label: MEDAL_LEVEL_LABELS[value] })),
      },
      { kind: 'integer', name: 'pontuacaoMinima', label: 'Pontuação mínima', required: true, maxDigits: 9 },
      { kind: 'textarea', name: 'descricao', label: 'Descrição' },
    ],
  },
});
