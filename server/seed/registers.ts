import { eq } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import type { Ensure } from './ensure.ts';

/** Demo value brackets (issue 17): municipalities by population and solutions by price, both scales without gaps or overlaps. */
const POPULATION = [
  { nome: 'Até 20 mil habitantes', valorMinimo: 0, valorMaximo: 20_000 },
  { nome: 'De 20 mil a 50 mil habitantes', valorMinimo: 20_001, valorMaximo: 50_000 },
  { nome: 'De 50 mil a 100 mil habitantes', valorMinimo: 50_001, valorMaximo: 100_000 },
  { nome: 'De 100 mil a 500 mil habitantes', valorMinimo: 100_001, valorMaximo: 500_000 },
  { nome: 'Acima de 500 mil habitantes', valorMinimo: 500_001, valorMaximo: 99_999_999 },
];

const PRICE = [
  { nome: 'Até R$ 10 mil', valorMinimo: 0, valorMaximo: 10_000 },
  { nome: 'De R$ 10 mil a R$ 50 mil', valorMinimo: 10_000.01, valorMaximo: 50_000 },
  { nome: 'De R$ 50 mil a R$ 150 mil', valorMinimo: 50_000.01, valorMaximo: 150_000 },
  { nome: 'Acima de R$ 150 mil', valorMinimo: 150_000.01, valorMaximo: 9_999_999 },
];

export async function seedBrackets(ensure: Ensure): Promise<void> {
  for (const [tipo, rows] of [
    ['municipio', POPULATION],
    ['solucao', PRICE],
  ] as const) {
    for (const row of rows) {
      await ensure(s.faixaValor, [eq(s.faixaValor.tipo, tipo), eq(s.faixaValor.nome, row.nome)], { tipo, ...row });
    }
  }
}
