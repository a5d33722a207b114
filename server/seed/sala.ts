import { eq } from 'drizzle-orm';
import { periodsEndingAt } from '../../src/domain/sala.ts';
import * as s from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import type { Ensure, Tx } from './ensure.ts';

/**
 * The Sala do Empreendedor's demo (issue 29): the indicator registers, and two rooms per tenant —
 * the seal room's municipality (position 3: Chapecó, Corumbá) and the first vigente one (position 0:
 * Florianópolis, Campo Grande) — with a year of monthly readings (December 2025 to November 2026).
 * The first room reaches every target and the second about two in three, so their seals differ
 * (src/domain/sala-seal.ts). Idempotent: rows are found by name, readings by indicator and period.
 */

const UNITS = [
  { nome: 'Dias', sigla: 'dias' },
  { nome: 'Percentual', sigla: '%' },
  { nome: 'Quantidade', sigla: 'un.' },
];
const SOURCES = [
  { nome: 'Redesim / Junta Comercial', descricao: 'Dados de abertura e licenciamento de empresas.' },
  { nome: 'Sistema de atendimento da Sala', descricao: 'Registro de cada atendimento feito na Sala do Empreendedor.' },
  { nome: 'Pesquisa de satisfação', descricao: 'Questionário aplicado ao fim de cada atendimento.' },
];
const CALCULATIONS = [
  { nome: 'Média no período', descricao: 'Média dos valores registrados no mês.' },
  { nome: 'Soma no período', descricao: 'Total registrado no mês.' },
  { nome: 'Percentual sobre o total', descricao: 'Parte do total, em percentual.' },
];
const FREQUENCIES = [
  { nome: 'Mensal', meses: 1 },
  { nome: 'Trimestral', meses: 3 },
  { nome: 'Semestral', meses: 6 },
];
const LEVELS = [
  { nome: 'Crítico', percentualMinimo: 0, descricao: 'Muito abaixo da meta: pede um plano de ação.' },
  { nome: 'Em atenção', percentualMinimo: 60, descricao: 'Abaixo da meta.' },
  { nome: 'Adequado', percentualMinimo: 90, descricao: 'Perto da meta ou nela.' },
  { nome: 'Excelente', percentualMinimo: 110, descricao: 'Acima da meta.' },
];

type IndicatorSeed = {
  nome: string;
  descricao: string;
  unidade: string;
  fonte: string;
  apuracao: string;
  eixo: string;
  meta: number;
  maiorMelhor: boolean;
  /** The value of the best room in a month (0..11), before each room's own factor. */
  curve: (month: number) => number;
};

const INDICATORS: IndicatorSeed[] = [
  {
    nome: 'Tempo médio de abertura de empresas',
    descricao: 'Dias entre o pedido e o CNPJ com inscrição municipal.',
    unidade: 'Dias',
    fonte: 'Redesim / Junta Comercial',
    apuracao: 'Média no período',
    eixo: 'Ambiente de Negócios',
    meta: 5,
    maiorMelhor: false,
    curve: (m) => 9 - m * 0.4,
  },
  {
    nome: 'Atendimentos realizados na Sala',
    descricao: 'Atendimentos presenciais e remotos registrados.',
    unidade: 'Quantidade',
    fonte: 'Sistema de atendimento da Sala',
    apuracao: 'Soma no período',
    eixo: 'Ambiente de Negócios',
    meta: 300,
    maiorMelhor: true,
    curve: (m) => 240 + m * 9,
  },
  {
    nome: 'Formalizações de MEI',
    descricao: 'Microempreendedores individuais formalizados com apoio da Sala.',
    unidade: 'Quantidade',
    fonte: 'Sistema de atendimento da Sala',
    apuracao: 'Soma no período',
    eixo: 'Ambiente de Negócios',
    meta: 40,
    maiorMelhor: true,
    curve: (m) => 30 + m * 1.5,
  },
  {
    nome: 'Satisfação dos atendidos',
    descricao: 'Atendidos que avaliaram o atendimento como bom ou ótimo.',
    unidade: 'Percentual',
    fonte: 'Pesquisa de satisfação',
    apuracao: 'Percentual sobre o total',
    eixo: 'Ambiente de Negócios',
    meta: 90,
    maiorMelhor: true,
    curve: (m) => 86 + m * 0.6,
  },
  {
    nome: 'Tempo médio de licenciamento',
    descricao: 'Dias para o alvará de funcionamento de atividades de baixo risco.',
    unidade: 'Dias',
    fonte: 'Redesim / Junta Comercial',
    apuracao: 'Média no período',
    eixo: 'Ambiente de Negócios',
    meta: 10,
    maiorMelhor: false,
    curve: (m) => 14 - m * 0.45,
  },
  {
    nome: 'Compras públicas de pequenos negócios',
    descricao: 'Parte das compras do município feitas de micro e pequenas empresas.',
    unidade: 'Percentual',
    fonte: 'Sistema de atendimento da Sala',
    apuracao: 'Percentual sobre o total',
    eixo: 'Compras Públicas',
    meta: 25,
    maiorMelhor: true,
    curve: (m) => 18 + m * 0.8,
  },
];

/** Each room's results against the best room's curve: values move towards (or away from) the target. */
const ROOMS = [
  { position: 0, responsavel: 'Juliana Martins', factor: 1, inauguracao: '2021-03-15' },
  { position: 3, responsavel: 'Ricardo Azevedo', factor: 0.93, inauguracao: '2023-08-01' },
];

/** The year of readings: the 12 months ending November 2026, the demo's present. */
export const SALA_SEED_PERIODS = periodsEndingAt('2026-11', 12);

export async function seedSala(tx: Tx, tenantId: string, ensure: Ensure, municipioIds: readonly number[], axisIds: ReadonlyMap<string, number>) {
  const byName = async <T extends { nome: string }>(rows: T[], put: (row: T) => Promise<{ id: number }>) =>
    new Map(await Promise.all(rows.map(async (row) => [row.nome, (await put(row)).id] as const)));
  const units = await byName(UNITS, async (u) => ({ id: (await ensure(s.salaIndicadorUnidade, [eq(s.salaIndicadorUnidade.nome, u.nome)], u)).unidadeId }));
  const sources = await byName(SOURCES, async (f) => ({ id: (await ensure(s.salaIndicadorFonte, [eq(s.salaIndicadorFonte.nome, f.nome)], f)).fonteId }));
  const calcs = await byName(CALCULATIONS, async (c) => ({
    id: (await ensure(s.salaIndicadorApuracao, [eq(s.salaIndicadorApuracao.nome, c.nome)], c)).apuracaoId,
  }));
  const frequencies = await byName(FREQUENCIES, async (f) => ({
    id: (await ensure(s.salaIndicadorLeitura, [eq(s.salaIndicadorLeitura.nome, f.nome)], f)).leituraId,
  }));
  const levels = await byName(LEVELS, async (l) => ({ id: (await ensure(s.salaIndicadorNivel, [eq(s.salaIndicadorNivel.nome, l.nome)], l)).nivelId }));

  const indicators: Array<{ id: number; seed: IndicatorSeed }> = [];
  for (const i of INDICATORS) {
    const eixoId = axisIds.get(i.eixo);
    if (eixoId === undefined) continue;
    const row = await ensure(s.salaIndicador, [eq(s.salaIndicador.nome, i.nome)], {
      nome: i.nome,
      descricao: i.descricao,
      unidadeId: units.get(i.unidade)!,
      fonteId: sources.get(i.fonte)!,
      apuracaoId: calcs.get(i.apuracao)!,
      leituraId: frequencies.get('Mensal')!,
      eixoId,
      meta: i.meta,
      maiorMelhor: i.maiorMelhor,
      nivelIds: [...levels.values()],
    });
    indicators.push({ id: row.indicadorId, seed: i });
  }

  for (const room of ROOMS) {
    const municipioId = municipioIds[room.position];
    if (municipioId === undefined) continue;
    const [municipality] = await tx
      .select({ nome: s.municipio.nome })
      .from(s.municipio)
      .where(scoped(s.municipio, tenantId, eq(s.municipio.municipioId, municipioId)));
    await ensure(s.sala, [eq(s.sala.municipioId, municipioId)], {
      municipioId,
      nome: `Sala do Empreendedor de ${municipality!.nome}`,
      responsavel: room.responsavel,
      email: `sala.${municipioId}@demo.local`,
      telefone: '(48) 3251-0000',
      endereco: 'Rua XV de Novembro, 100 – Centro',
      inauguracao: room.inauguracao,
    });
    for (const { id, seed } of indicators) {
      for (const [month, periodo] of SALA_SEED_PERIODS.entries()) {
        const best = seed.curve(month);
        // A room below the best one is further from the target: more days, fewer services.
        const valor = Math.round((seed.maiorMelhor ? best * room.factor : best / room.factor) * 100) / 100;
        await ensure(
          s.salaIndicadorMunicipio,
          [
            eq(s.salaIndicadorMunicipio.municipioId, municipioId),
            eq(s.salaIndicadorMunicipio.indicadorId, id),
            eq(s.salaIndicadorMunicipio.periodo, periodo),
          ],
          {
          municipioId,
          indicadorId: id,
          periodo,
          valor,
          meta: seed.meta,
            observacao: month === SALA_SEED_PERIODS.length - 1 ? 'Conferida pela coordenação da Sala.' : '',
          },
        );
      }
    }
  }
}
