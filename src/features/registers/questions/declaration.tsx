import { registers } from '../../../contract/registers.ts';
import { readOf } from '../pattern/declaration.ts';
import { Badge, HStack, Text } from '@chakra-ui/react';
import { ERROR_MESSAGES } from '../../../domain/messages.ts';
import {
  packageListSchema,
  questionInputSchema,
  questionRowSchema,
  type PackageRow,
  type QuestionRow,
} from '../../../domain/register-questions.ts';
import { themeRowSchema, type ThemeRow } from '../../../domain/register-themes.ts';
import { z } from 'zod';
import { defineRegister } from '../pattern/declaration.ts';

type QuestionForm = {
  numero: string | number;
  texto: string;
  pontos: string | number;
  temaId: number | undefined;
  pacoteId: number | null | undefined;
  evidencia: boolean;
  recorrente: boolean;
  possuiComentario: boolean;
};

/** Spec §9: a combo or list shows at most 2 score-range chips; the rest is a counter. */
const MAX_RANGE_CHIPS = 2;
// One formatter for every cell: toLocaleString builds a new one per call (20,000 rows in the bench).
const points = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const pointsText = (value: number) => points.format(value);
const rangeText = (row: QuestionRow) => row.faixas.map((f) => `${f.faixaNome} (${pointsText(f.faixaPontos)})`).join(', ');

function RangeChips({ row }: { row: QuestionRow }) {
  if (row.faixas.length === 0) return <Text color="fg.muted">—</Text>;
  const shown = row.faixas.slice(0, MAX_RANGE_CHIPS);
  const more = row.faixas.length - shown.length;
  return (
    <HStack gap="1" wrap="wrap" title={rangeText(row)}>
      {shown.map((f) => (
        <Badge key={f.perguntaFaixaRespostaId} variant="subtle" colorPalette="blue" maxW="10rem" truncate>
          {`${f.faixaNome} (${pointsText(f.faixaPontos)})`}
        </Badge>
      ))}
      {more > 0 && <Badge variant="outline">{`+${more}`}</Badge>}
    </HStack>
  );
}

/**
 * /pergunta (spec §2; §7 api/pergunta/pergunta): Critérios in the Sala. "Nacional" is the theme's
 * axis's, shown but not edited here (it changes with the axis, /eixos).
 */
export const questionRegister = defineRegister<QuestionRow, QuestionForm>({
  key: 'perguntas',
  title: (words) => words.question.plural,
  noun: { name: (words) => words.question.singular.toLowerCase(), gender: (words) => words.question.gender },
  flag: 'menuPerguntas',
  api: {
    list: readOf(registers.questions.endpoints.list!),
    create: registers.questions.endpoints.create,
    update: registers.questions.endpoints.update,
    remove: registers.questions.endpoints.remove,
  },
  row: questionRowSchema,
  idOf: (row) => row.perguntaId,
  nameOf: (row) => `${row.numero}`,
  idKey: 'perguntaId',
  columns: (words) => [
    { key: 'numero', header: 'Número', width: '6rem' },
    { key: 'texto', header: 'Texto', rowHeader: true, truncate: 60 },
    { key: 'pontos', header: 'Pontos', width: '6rem' },
    { key: 'temaNome', header: 'Tema', truncate: 30 },
    { key: 'evidencia', header: 'Evidência obrigatória', width: '8rem' },
    { key: 'recorrente', header: 'Recorrente', width: '7rem' },
    { key: 'nacional', header: 'Nacional', width: '7rem' },
    { key: 'possuiComentario', header: 'Permite comentário', width: '8rem' },
    { key: 'pacoteNome', header: 'Pacote', truncate: 20 },
    { key: 'faixas', header: 'Faixas', value: rangeText, cell: (row) => <RangeChips row={row} />, sortValue: (row) => row.faixas.length },
    // The axis, to tell questions of national and local axes apart in the search and the export.
    { key: 'eixoNome', header: words.axis.singular, truncate: 30 },
  ],
  defaultSort: { key: 'numero', direction: 'asc' },
  emptyText: (words) => words.empty.questions,
  loadError: ERROR_MESSAGES.getQuestions,
  exportName: 'Perguntas',
  form: {
    width: 800,
    schema: questionInputSchema,
    initial: (row) => ({
      numero: row?.numero ?? '',
      texto: row?.texto ?? '',
      pontos: row?.pontos ?? '',
      temaId: row?.temaId,
      pacoteId: row?.pacoteId ?? undefined,
      evidencia: row?.evidencia ?? true,
      recorrente: row?.recorrente ?? false,
      possuiComentario: row?.possuiComentario ?? false,
    }),
    fields: [
      { kind: 'integer', name: 'numero', label: 'Número', required: true, maxDigits: 6 },
      { kind: 'integer', name: 'pontos', label: 'Pontos', required: true, maxDigits: 6 },
      { kind: 'textarea', name: 'texto', label: 'Texto', required: true, maxLength: 2000 },
      {
        kind: 'select',
        name: 'temaId',
        label: 'Tema',
        required: true,
        emptyText: 'Nenhum Tema retornado',
        helperText: 'Nacional ou não vem do eixo do tema.',
        options: {
          read: registers.themes.endpoints.list!,
          schema: z.array(themeRowSchema),
          toOption: (theme: ThemeRow) => ({
            value: theme.temaId,
            label: `${theme.nome} — ${theme.eixoNome}${theme.nacional ? ' (nacional)' : ''}`,
          }),
        },
      },
      {
        kind: 'select',
        name: 'pacoteId',
        label: 'Pacote',
        emptyText: 'Nenhum Pacote retornado',
        options: { read: registers.packages.endpoints.list!, schema: packageListSchema, toOption: (p: PackageRow) => ({ value: p.pacoteId, label: p.nome }) },
      },
      { kind: 'checkbox', name: 'evidencia', label: 'Evidência obrigatória' },
      { kind: 'checkbox', name: 'recorrente', label: 'Recorrente' },
      { kind: 'checkbox', name: 'possuiComentario', label: 'Permite comentário' },
    ],
  },
});
