import { z } from 'zod';
import { axes } from '../../../contract/axes.ts';
import { salaRegisters } from '../../../contract/sala.ts';
import { axisListSchema, type Axis } from '../../../domain/axes.ts';
import {
  calculationRowSchema,
  frequencyRowSchema,
  indicatorInputSchema,
  indicatorRowSchema,
  levelRowSchema,
  sourceRowSchema,
  unitRowSchema,
  type CalculationRow,
  type FrequencyRow,
  type IndicatorRow,
  type LevelRow,
  type SourceRow,
  type UnitRow,
} from '../../../domain/sala.ts';
import { defineRegister, readOf, type RegisterField, type RegisterOptions } from '../pattern/declaration.ts';

type IndicatorForm = {
  nome: string;
  descricao: string;
  unidadeId: number | null;
  fonteId: number | null;
  apuracaoId: number | null;
  leituraId: number | null;
  eixoId: number | null;
  meta: string;
  maiorMelhor: boolean;
  nivelIds: number[];
};

/** A required choice read from another register (its list endpoint). */
const required = (
  name: 'fonteId' | 'apuracaoId' | 'leituraId',
  label: string,
  emptyText: string,
  options: RegisterOptions,
): RegisterField<IndicatorForm> => ({ kind: 'select', name, label, required: true, emptyText, options });

/**
 * Indicadores (/sala-principal/{id}/sala-indicadores, api/salaindicadores): an indicator has a
 * unit, a source, a calculation form, a reading frequency, a pillar, a target and the levels it is
 * graded by. A Sala user sees and keeps only the indicators of their own pillars (the server's rule).
 */
export const indicatorRegister = defineRegister<IndicatorRow, IndicatorForm>({
  key: 'sala-indicadores',
  title: 'Indicadores',
  noun: { name: 'indicador', gender: 'm' },
  flag: 'menuSalaEmpreendedor',
  api: {
    list: readOf(salaRegisters.indicators.endpoints.list!),
    create: salaRegisters.indicators.endpoints.create,
    update: salaRegisters.indicators.endpoints.update,
    remove: salaRegisters.indicators.endpoints.remove,
  },
  row: indicatorRowSchema,
  idOf: (row) => row.indicadorId,
  nameOf: (row) => row.nome,
  idKey: 'indicadorId',
  columns: () => [
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 50 },
    { key: 'eixoNome', header: 'Pilar', truncate: 30 },
    { key: 'meta', header: 'Meta', align: 'end', value: (row) => `${String(row.meta).replace('.', ',')} ${row.unidadeSigla}` },
    { key: 'sentido', header: 'Melhor quando', value: (row) => (row.maiorMelhor ? 'maior' : 'menor') },
    { key: 'leituraNome', header: 'Leitura', truncate: 20 },
    { key: 'fonteNome', header: 'Fonte', truncate: 30 },
  ],
  defaultSort: { key: 'nome', direction: 'asc' },
  emptyText: 'Nenhum Indicador retornado',
  loadError: 'Erro ao obter Indicadores',
  exportName: 'Indicadores',
  form: {
    schema: indicatorInputSchema,
    width: 800,
    initial: (row) => ({
      nome: row?.nome ?? '',
      descricao: row?.descricao ?? '',
      unidadeId: row?.unidadeId ?? null,
      fonteId: row?.fonteId ?? null,
      apuracaoId: row?.apuracaoId ?? null,
      leituraId: row?.leituraId ?? null,
      eixoId: row?.eixoId ?? null,
      meta: row ? String(row.meta).replace('.', ',') : '',
      maiorMelhor: row?.maiorMelhor ?? true,
      nivelIds: row?.nivelIds ?? [],
    }),
    fields: [
      { kind: 'text', name: 'nome', label: 'Nome', required: true },
      { kind: 'textarea', name: 'descricao', label: 'Descrição', maxLength: 1000 },
      {
        kind: 'select',
        name: 'eixoId',
        label: 'Pilar',
        required: true,
        emptyText: 'Nenhum Pilar retornado',
        options: { read: axes.list, schema: axisListSchema, toOption: (axis: Axis) => ({ value: axis.eixoId, label: axis.nome }) },
      },
      {
        kind: 'select',
        name: 'unidadeId',
        label: 'Unidade',
        required: true,
        emptyText: 'Nenhuma Unidade retornada',
        options: {
          read: salaRegisters.units.endpoints.list!,
          schema: z.array(unitRowSchema),
          toOption: (u: UnitRow) => ({ value: u.unidadeId, label: `${u.nome} (${u.sigla})` }),
        },
      },
      { kind: 'decimal', name: 'meta', label: 'Meta', required: true },
      { kind: 'checkbox', name: 'maiorMelhor', label: 'Quanto maior, melhor (desmarque quando o valor deve cair, como dias de espera)' },
      required('fonteId', 'Fonte', 'Nenhuma Fonte retornada', {
        read: salaRegisters.sources.endpoints.list!,
        schema: z.array(sourceRowSchema),
        toOption: (f: SourceRow) => ({ value: f.fonteId, label: f.nome }),
      }),
      required('apuracaoId', 'Forma de apuração', 'Nenhuma Forma de Apuração retornada', {
        read: salaRegisters.calculations.endpoints.list!,
        schema: z.array(calculationRowSchema),
        toOption: (c: CalculationRow) => ({ value: c.apuracaoId, label: c.nome }),
      }),
      required('leituraId', 'Leitura', 'Nenhuma Leitura retornada', {
        read: salaRegisters.frequencies.endpoints.list!,
        schema: z.array(frequencyRowSchema),
        toOption: (f: FrequencyRow) => ({ value: f.leituraId, label: f.nome }),
      }),
      {
        kind: 'multiselect',
        name: 'nivelIds',
        label: 'Níveis',
        required: true,
        emptyText: 'Nenhum Nível retornado',
        maxChips: 2,
        options: {
          read: salaRegisters.levels.endpoints.list!,
          schema: z.array(levelRowSchema),
          toOption: (l: LevelRow) => ({ value: l.nivelId, label: `${l.nome} (a partir de ${l.percentualMinimo} %)` }),
        },
      },
    ],
  },
});

export default indicatorRegister;
