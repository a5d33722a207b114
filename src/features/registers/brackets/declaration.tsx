import { registers } from '../../../contract/registers.ts';
import { readOf } from '../pattern/declaration.ts';
import { bracketInputSchema, bracketRowSchema, type BracketRow } from '../../../domain/register-brackets.ts';
import { formatMoney } from '../../../domain/format.ts';
import { defineRegister, type RegisterDeclaration } from '../pattern/declaration.ts';

type BracketForm = { nome: string; valorMinimo: number | undefined; valorMaximo: number | undefined };

const population = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 0 });

/** One declaration for both kinds of value brackets: population (digits) or price (R$ with 2 decimals). */
function bracketRegister(o: {
  key: string;
  title: string;
  contract: typeof registers.municipalityBrackets;
  valueLabel: string;
  money: boolean;
}): RegisterDeclaration<BracketRow, BracketForm> {
  const show = (value: number) => (o.money ? formatMoney(value) : population(value));
  return defineRegister<BracketRow, BracketForm>({
    key: o.key,
    title: o.title,
    noun: { name: 'faixa', gender: 'f' },
    flag: 'menuGestaoCadastros',
    api: {
      list: readOf(o.contract.endpoints.list!),
      create: o.contract.endpoints.create,
      update: o.contract.endpoints.update,
      remove: o.contract.endpoints.remove,
    },
    row: bracketRowSchema,
    idOf: (row) => row.faixaValorId,
    nameOf: (row) => row.nome,
    idKey: 'faixaValorId',
    columns: () => [
      // Spec §9: range names are cut at 50 characters.
      { key: 'nome', header: 'Faixa', rowHeader: true, truncate: 50 },
      {
        key: 'valorMinimo',
        header: `${o.valueLabel} mínimo`,
        align: 'end',
        format: (v) => show(Number(v)),
        exportType: o.money ? 'money' : 'number',
        sortValue: (r) => r.valorMinimo,
      },
      {
        key: 'valorMaximo',
        header: `${o.valueLabel} máximo`,
        align: 'end',
        format: (v) => show(Number(v)),
        exportType: o.money ? 'money' : 'number',
        sortValue: (r) => r.valorMaximo,
      },
    ],
    defaultSort: { key: 'valorMinimo', direction: 'asc' },
    emptyText: 'Nenhuma Faixa retornada',
    loadError: 'Erro ao obter faixas',
    exportName: o.title,
    form: {
      schema: bracketInputSchema,
      initial: (row) => ({ nome: row?.nome ?? '', valorMinimo: row?.valorMinimo, valorMaximo: row?.valorMaximo }),
      fields: [
        { kind: 'text', name: 'nome', label: 'Nome', required: true, maxLength: 100 },
        { kind: o.money ? 'money' : 'integer', name: 'valorMinimo', label: `${o.valueLabel} mínimo`, required: true },
        { kind: o.money ? 'money' : 'integer', name: 'valorMaximo', label: `${o.valueLabel} máximo`, required: true },
      ],
    },
  });
}

/** /municipio-faixas (spec §7 api/municipio-faixas): municipalities by population. */
export const municipalityBracketRegister = bracketRegister({
  key: 'municipio-faixas',
  title: 'Faixas de População',
  contract: registers.municipalityBrackets,
  valueLabel: 'População',
  money: false,
});

/** /solucoes-faixas (spec §7 api/solucoes-faixas): solutions by price, in R$. */
export const solutionBracketRegister = bracketRegister({
  key: 'solucoes-faixas',
  title: 'Faixas de Preço de Soluções',
  contract: registers.solutionBrackets,
  valueLabel: 'Preço',
  money: true,
});
