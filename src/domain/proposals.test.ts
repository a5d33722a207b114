import { describe, expect, it } from 'vitest';
import type { PermissionContext } from './permissions.ts';
import {
  addMonths,
  maxProposalAxes,
  PROPOSAL_MESSAGES,
  proposalInputSchema,
  proposalMoneyProblems,
  proposalProblems,
  splitInstalments,
  type Instalment,
} from './proposals.ts';

const ctx = (liberarMaximoEixoMA: boolean, fullAdmin = false): PermissionContext =>
  ({
    usuario: { administradorSistema: fullAdmin, grupo: { nome: 'Consultor', liberarMaximoEixoMA } },
    config: { liberarMaximoEixoMA: true },
  }) as unknown as PermissionContext;

const parcelas = (...valores: number[]): Instalment[] =>
  valores.map((valor, i) => ({ numero: i + 1, vencimento: addMonths('2026-01-31', i), valor }));

const money = (over: Partial<Parameters<typeof proposalMoneyProblems>[0]> = {}) => ({
  valorTotal: 1_500_000,
  investimentoMunicipio: 1_000_000,
  contrapartidaSebrae: 500_000,
  parcelas: parcelas(500_000, 500_000),
  extras: [],
  ...over,
});
const messages = (over: Partial<Parameters<typeof proposalMoneyProblems>[0]> = {}) => proposalMoneyProblems(money(over)).map((p) => p.message);

describe('money invariants, in integer cents', () => {
  it('accepts a proposal whose total, shares and instalments agree', () => {
    expect(messages()).toEqual([]);
  });
  it('refuses a total that is not the municipality share plus the Sebrae share', () => {
    expect(messages({ valorTotal: 1_500_001 })).toEqual([PROPOSAL_MESSAGES.totalDiferente]);
  });
  it('refuses instalments one cent short of the municipality share, naming both sums', () => {
    const [message] = messages({ parcelas: parcelas(500_000, 499_999) });
    expect(message).toBe(PROPOSAL_MESSAGES.parcelasSoma(1_000_000, 999_999));
    expect(message).toContain('R$\u00a09.999,99');
  });
  it('refuses negatives', () => {
    expect(messages({ contrapartidaSebrae: -1, valorTotal: 999_999 })).toContain(PROPOSAL_MESSAGES.negativo);
  });
  it('asks for instalments when the municipality invests, and none when it does not', () => {
    expect(messages({ parcelas: [] })).toEqual([PROPOSAL_MESSAGES.semParcelas]);
    expect(messages({ investimentoMunicipio: 0, valorTotal: 500_000, parcelas: parcelas(1) })).toEqual([PROPOSAL_MESSAGES.parcelasSemInvestimento]);
    expect(messages({ investimentoMunicipio: 0, valorTotal: 500_000, parcelas: [] })).toEqual([]);
  });
  it('numbers instalments 1..n, each positive and due after the previous', () => {
    expect(messages({ parcelas: [{ ...parcelas(500_000)[0]!, numero: 2 }, parcelas(0, 500_000)[1]!] })).toEqual([PROPOSAL_MESSAGES.parcelasNumeracao]);
    expect(messages({ parcelas: parcelas(1_000_000, 0) })).toEqual([PROPOSAL_MESSAGES.parcelaZerada(2)]);
    const sameDay = parcelas(500_000, 500_000).map((p) => ({ ...p, vencimento: '2026-03-10' }));
    expect(messages({ parcelas: sameDay })).toEqual([PROPOSAL_MESSAGES.parcelaVencimento(2)]);
  });
  it('keeps the extras within the total', () => {
    expect(messages({ extras: [{ descricao: 'Consultoria', valor: 1_500_001 }] })).toEqual([PROPOSAL_MESSAGES.extrasAcimaDoTotal]);
    expect(messages({ extras: [{ descricao: 'Consultoria', valor: 1_500_000 }] })).toEqual([]);
  });
  it('the schema refuses fractions of a cent and negative amounts in pt-BR', () => {
    const base = { municipioId: 1, titulo: 'P', solucaoIds: [1], eixoIds: [1], ...money() };
    const fraction = proposalInputSchema.safeParse({ ...base, valorTotal: 10.5 });
    expect(fraction.success).toBe(false);
    expect(fraction.error?.issues[0]?.message).toBe('Valor total: valor inválido');
    const negative = proposalInputSchema.safeParse({ ...base, investimentoMunicipio: -100 });
    expect(negative.error?.issues[0]?.message).toBe(PROPOSAL_MESSAGES.negativo);
    const badDay = proposalInputSchema.safeParse({ ...base, parcelas: [{ numero: 1, vencimento: '2026-02-30', valor: 1 }] });
    expect(badDay.error?.issues[0]?.message).toBe('A data de vencimento é inválida');
  });
});

describe('splitInstalments', () => {
  it('splits exactly, the odd cents on the first instalments, month after month', () => {
    const split = splitInstalments(1_000_001, 3, '2026-01-31');
    expect(split.map((p) => p.valor)).toEqual([333_334, 333_334, 333_333]);
    expect(split.map((p) => p.vencimento)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(split.reduce((s, p) => s + p.valor, 0)).toBe(1_000_001);
    expect(messages({ investimentoMunicipio: 1_000_001, valorTotal: 1_500_001, parcelas: split })).toEqual([]);
  });
});

describe('the 5 axes rule (spec §5, §9)', () => {
  it('caps proposals in MA at 5 unless liberarMaximoEixoMA; other states have no cap', () => {
    expect(maxProposalAxes('MA', ctx(false))).toBe(5);
    expect(maxProposalAxes('ma ', ctx(false))).toBe(5);
    expect(maxProposalAxes('MA', ctx(true))).toBeNull();
    expect(maxProposalAxes('MA', ctx(false, true))).toBeNull();
    expect(maxProposalAxes('SC', ctx(false))).toBeNull();
  });
  it('proposalProblems refuses a sixth axis only when capped', () => {
    const values = proposalInputSchema.parse({ municipioId: 1, titulo: 'P', solucaoIds: [1], eixoIds: [1, 2, 3, 4, 5, 6], ...money() });
    expect(proposalProblems(values, 5).map((p) => p.message)).toEqual([PROPOSAL_MESSAGES.maximoEixos(5)]);
    expect(proposalProblems(values, null)).toEqual([]);
    expect(proposalProblems({ ...values, eixoIds: [1, 2, 3, 4, 5] }, 5)).toEqual([]);
  });
  it('asks for at least one solution and one axis', () => {
    const values = proposalInputSchema.parse({ municipioId: 1, titulo: 'P', solucaoIds: [], eixoIds: [], ...money() });
    expect(proposalProblems(values, null).map((p) => p.message)).toEqual([PROPOSAL_MESSAGES.semSolucoes, PROPOSAL_MESSAGES.semEixos]);
  });
});
