import { registers } from '../../../contract/registers.ts';
import { readOf } from '../pattern/declaration.ts';
import { ERROR_MESSAGES } from '../../../domain/messages.ts';
import {
  questionListSchema,
  scoreRangeInputSchema,
  scoreRangeRowSchema,
  type QuestionRow,
  type ScoreRangeRow,
} from '../../../domain/register-questions.ts';
import { TRUNCATE, truncate } from '../../../domain/text.ts';
import { defineRegister } from '../pattern/declaration.ts';

// One formatter for every cell (toLocaleString builds a new one per call).
const points = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

type ScoreRangeForm = { perguntaId: number | undefined; faixaNome: string; faixaPontos: string | number };

/**
 * /faixas, /faixas/add, /faixas/edit/{id} (spec §2, §3 "Score range", §7 api/pergunta-faixa-resposta):
 * a question's score ranges, created and edited on pages of their own; names cut at 50 (spec §9).
 */
export const scoreRangeRegister = defineRegister<ScoreRangeRow, ScoreRangeForm>({
  key: 'faixas',
  title: 'Faixas',
  noun: { name: 'faixa', gender: 'f' },
  flag: 'menuFaixas',
  api: {
    list: readOf(registers.scoreRanges.endpoints.list!),
    get: registers.scoreRanges.endpoints.get,
    create: registers.scoreRanges.endpoints.create,
    update: registers.scoreRanges.endpoints.update,
    remove: registers.scoreRanges.endpoints.remove,
  },
  pages: { list: '/faixas', create: '/faixas/add', edit: (id) => `/faixas/edit/${id}` },
  row: scoreRangeRowSchema,
  idOf: (row) => row.perguntaFaixaRespostaId,
  nameOf: (row) => row.faixaNome,
  idKey: 'perguntaFaixaRespostaId',
  columns: (words) => [
    { key: 'perguntaNumero', header: `Número da ${words.question.singular.toLowerCase()}`, width: '8rem' },
    { key: 'perguntaTexto', header: words.question.singular, truncate: 40 },
    { key: 'faixaNome', header: 'Faixa', rowHeader: true, truncate: TRUNCATE.rangeName },
    { key: 'faixaPontos', header: 'Pontos', width: '7rem', format: (value) => points.format(Number(value)) },
  ],
  defaultSort: { key: 'perguntaNumero', direction: 'asc' },
  emptyText: 'Nenhuma faixa retornada',
  loadError: ERROR_MESSAGES.getScoreRanges,
  exportName: 'Faixas',
  form: {
    schema: scoreRangeInputSchema,
    initial: (row) => ({ perguntaId: row?.perguntaId, faixaNome: row?.faixaNome ?? '', faixaPontos: row?.faixaPontos ?? '' }),
    fields: [
      {
        kind: 'select',
        name: 'perguntaId',
        label: 'Pergunta',
        required: true,
        emptyText: 'Nenhuma pergunta retornada',
        options: {
          read: registers.questions.endpoints.list!,
          schema: questionListSchema,
          toOption: (q: QuestionRow) => ({ value: q.perguntaId, label: `${q.numero} — ${truncate(q.texto, 80).text}` }),
        },
      },
      { kind: 'text', name: 'faixaNome', label: 'Nome da faixa', required: true, maxLength: 200 },
      { kind: 'decimal', name: 'faixaPontos', label: 'Pontos', required: true },
    ],
  },
});
