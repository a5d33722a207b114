import { z } from 'zod';
import { formatDate, formatMoney } from './format.ts';
import { hasFlag, MAX_GROUP_AXES, type PermissionContext } from './permissions.ts';
import { isoDate, optionalText, requiredText } from './register-fields.ts';
import { idSchema } from './users.ts';

/**
 * Proposals (spec §1 "proposals with instalments", §3 Proposal row shapes, §5 the MA axes rule, §6
 * podeAnalisarProposta / podeExcluirProposta, §7 api/municipio-proposta). What a municipality will
 * invest and what Sebrae contributes, paid by the municipality in instalments. The spec shows no
 * statuses (§4 "not shown"): the lifecycle below is ours, written down in the README.
 *
 * Money is integer cents everywhere (never floats), and these invariants hold for every stored
 * proposal (proposalProblems, checked by the form and again by the server in the same cents):
 * 1. no amount is negative;
 * 2. valorTotal = investimentoMunicipio + contrapartidaSebrae;
 * 3. the instalments add up to investimentoMunicipio exactly (no instalments when it is zero);
 * 4. instalments are numbered 1..n in order, each with a positive value, each due after the previous;
 * 5. the extras (services beyond the solutions, priced inside the proposal) add up to at most valorTotal.
 */

// ---------------------------------------------------------------- statuses and transitions

export const PROPOSAL_STATUSES = ['rascunho', 'enviada', 'aprovada', 'rejeitada'] as const;
export const proposalStatusSchema = z.enum(PROPOSAL_STATUSES);
export type ProposalStatus = z.infer<typeof proposalStatusSchema>;
export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  rascunho: 'Rascunho',
  enviada: 'Enviada para análise',
  aprovada: 'Aprovada',
  rejeitada: 'Rejeitada',
};

/** What the history records: every change of content or status, who and when. */
export const PROPOSAL_EVENTS = ['criada', 'alterada', 'enviada', 'aprovada', 'rejeitada'] as const;
export type ProposalEvent = (typeof PROPOSAL_EVENTS)[number];
export const PROPOSAL_EVENT_LABELS: Record<ProposalEvent, string> = {
  criada: 'Criada',
  alterada: 'Alterada',
  enviada: 'Enviada para análise',
  aprovada: 'Aprovada',
  rejeitada: 'Rejeitada',
};

/**
 * draft → sent → approved | rejected. A draft or a rejected proposal may be edited (a rejected one
 * goes back to draft) and sent; only a sent one is analysed; an approved one is final (the
 * municipality's commitment): no edit, no delete.
 */
export const canEditProposal = (status: ProposalStatus) => status === 'rascunho' || status === 'rejeitada';
export const canSendProposal = canEditProposal;
export const canAnalyseStatus = (status: ProposalStatus) => status === 'enviada';
export const canDeleteStatus = (status: ProposalStatus) => status !== 'aprovada';

/** Spec §6: podeAnalisarProposta approves or rejects; podeExcluirProposta deletes (full admins bypass both). */
export const mayAnalyseProposals = (ctx: PermissionContext) => hasFlag(ctx, 'podeAnalisarProposta');
export const mayDeleteProposals = (ctx: PermissionContext) => hasFlag(ctx, 'podeExcluirProposta');

// ---------------------------------------------------------------- the 5 axes rule

/** The state whose proposals are capped (spec §5, §9). */
export const CAPPED_AXES_UF = 'MA';

/** Spec §5: a proposal in MA takes at most 5 axes unless liberarMaximoEixoMA; elsewhere no cap (null). */
export function maxProposalAxes(uf: string, ctx: PermissionContext): number | null {
  if (uf.trim().toUpperCase() !== CAPPED_AXES_UF) return null;
  return hasFlag(ctx, 'liberarMaximoEixoMA') ? null : MAX_GROUP_AXES;
}

// ---------------------------------------------------------------- messages

export const PROPOSAL_MESSAGES = {
  naoEncontrada: 'Proposta não encontrada.',
  salva: 'Proposta salva com sucesso',
  enviada: 'Proposta enviada para análise',
  aprovada: 'Proposta aprovada',
  rejeitada: 'Proposta rejeitada',
  excluida: 'Proposta excluída',
  erroObter: 'Erro ao obter propostas',
  semSolucoes: 'Escolha ao menos uma solução.',
  semEixos: 'Escolha ao menos um eixo.',
  maximoEixos: (max: number) => `Uma proposta do Maranhão aceita no máximo ${max} eixos.`,
  negativo: 'Os valores não podem ser negativos.',
  totalDiferente: 'O valor total deve ser a soma do investimento do município e da contrapartida do Sebrae.',
  semParcelas: 'Informe ao menos uma parcela do investimento do município.',
  parcelasSemInvestimento: 'Sem investimento do município não há parcelas.',
  parcelasSoma: (investimento: number, soma: number) =>
    `As parcelas somam ${formatMoney(soma / 100)}, mas o investimento do município é ${formatMoney(investimento / 100)}.`,
  parcelasNumeracao: 'As parcelas devem ser numeradas de 1 em diante, em ordem.',
  parcelaZerada: (numero: number) => `A parcela ${numero} deve ter valor maior que zero.`,
  parcelaVencimento: (numero: number) => `A parcela ${numero} deve vencer depois da parcela anterior.`,
  extrasAcimaDoTotal: 'Os extras não podem passar do valor total da proposta.',
  solucaoInvalida: 'Uma das soluções escolhidas não é do projeto deste município.',
  eixoInvalido: 'Um dos eixos escolhidos não existe.',
  naoEditavel: 'Só uma proposta em rascunho ou rejeitada pode ser alterada.',
  naoEnviavel: 'Só uma proposta em rascunho ou rejeitada pode ser enviada para análise.',
  naoAnalisavel: 'Só uma proposta enviada para análise pode ser aprovada ou rejeitada.',
  naoExcluivel: 'Uma proposta aprovada não pode ser excluída.',
  motivoObrigatorio: 'Informe o motivo da rejeição.',
  semPermissaoAnalisar: 'Você não tem permissão para analisar propostas.',
  semPermissaoExcluir: 'Você não tem permissão para excluir propostas.',
  anexoNaoEncontrado: 'Anexo não encontrado.',
} as const;

// ---------------------------------------------------------------- schemas

/** An amount in integer cents: never negative, never a fraction of a cent. */
const cents = (label: string) =>
  z
    .number({ error: () => `${label}: informe um valor` })
    .int(`${label}: valor inválido`)
    .min(0, PROPOSAL_MESSAGES.negativo)
    .max(99_999_999_999_99, `${label}: valor inválido`);

export const instalmentSchema = z.object({
  numero: z.number({ error: () => 'Número da parcela inválido' }).int('Número da parcela inválido').min(1, 'Número da parcela inválido').max(999),
  /** YYYY-MM-DD; shown DD/MM/YYYY. */
  vencimento: isoDate('A data de vencimento').refine((day) => formatDate(day) !== '', 'A data de vencimento é inválida'),
  valor: cents('Valor da parcela'),
});
export type Instalment = z.infer<typeof instalmentSchema>;

export const extraSchema = z.object({
  descricao: requiredText('Descreva o extra.', 200),
  valor: cents('Valor do extra'),
});
export type Extra = z.infer<typeof extraSchema>;

const ids = (max: number) => z.array(idSchema).max(max, `Escolha no máximo ${max}`).transform((list) => [...new Set(list)]);

/** The fields of a proposal as the form and the API carry them (files aside). */
export const proposalInputSchema = z.object({
  municipioId: idSchema,
  titulo: requiredText('Informe o título da proposta.', 200),
  solucaoIds: ids(100),
  eixoIds: ids(100),
  valorTotal: cents('Valor total'),
  investimentoMunicipio: cents('Investimento do município'),
  contrapartidaSebrae: cents('Contrapartida do Sebrae'),
  premium: z.boolean().default(false),
  extras: z.array(extraSchema).max(30, 'No máximo 30 extras').default([]),
  parcelas: z.array(instalmentSchema).max(120, 'No máximo 120 parcelas').default([]),
  observacoes: optionalText(4000),
  /** Finished uploads (api/upload, finalidade anexo) the proposal claims as annexes. */
  arquivosUploadIds: z.array(z.string().max(100)).max(20).optional(),
});
export type ProposalInput = z.input<typeof proposalInputSchema>;
export type ProposalValues = z.output<typeof proposalInputSchema>;

export const proposalUpdateSchema = proposalInputSchema.extend({
  propostaId: idSchema,
  /** Stored annexes the edit removes. */
  arquivosRemovidos: z.array(z.number().int()).max(50).default([]),
});
export type ProposalUpdate = z.input<typeof proposalUpdateSchema>;

export const proposalAnalysisSchema = z.object({
  propostaId: idSchema,
  aprovada: z.boolean({ error: () => 'Informe se a proposta foi aprovada.' }),
  motivo: z.string().trim().max(2000, 'Deve ter no máximo 2000 caracteres').nullable().default(null),
});
export type ProposalAnalysis = z.input<typeof proposalAnalysisSchema>;

export const proposalRowSchema = z.object({
  propostaId: z.number().int(),
  municipioId: z.number().int(),
  titulo: z.string(),
  status: proposalStatusSchema,
  valorTotal: z.number().int(),
  investimentoMunicipio: z.number().int(),
  contrapartidaSebrae: z.number().int(),
  premium: z.boolean(),
  quantidadeParcelas: z.number().int(),
  motivoRejeicao: z.string().nullable(),
  criadoPorNome: z.string(),
  criacao: z.string(),
  atualizacao: z.string(),
});
export type ProposalRow = z.infer<typeof proposalRowSchema>;

export const proposalHistorySchema = z.object({
  evento: z.enum(PROPOSAL_EVENTS),
  motivo: z.string().nullable(),
  usuarioNome: z.string(),
  em: z.string(),
});
export type ProposalHistoryEntry = z.infer<typeof proposalHistorySchema>;

export const proposalDetailSchema = proposalRowSchema.extend({
  municipioNome: z.string(),
  uf: z.string(),
  observacoes: z.string(),
  solucoes: z.array(z.object({ solucaoId: z.number().int(), nome: z.string() })),
  eixos: z.array(z.object({ eixoId: z.number().int(), nome: z.string() })),
  extras: z.array(extraSchema),
  parcelas: z.array(instalmentSchema),
  arquivos: z.array(z.object({ arquivoId: z.number().int(), nome: z.string(), tamanho: z.number().int() })),
  historico: z.array(proposalHistorySchema),
});
export type ProposalDetail = z.infer<typeof proposalDetailSchema>;

/** The form's combos for one municipality: its project's solutions, the axes, and the cap that applies to the caller. */
export const proposalCombosSchema = z.object({
  solucoes: z.array(z.object({ solucaoId: z.number().int(), nome: z.string(), grupo: z.string() })),
  eixos: z.array(z.object({ eixoId: z.number().int(), nome: z.string() })),
  maxEixos: z.number().int().nullable(),
});
export type ProposalCombos = z.infer<typeof proposalCombosSchema>;

// ---------------------------------------------------------------- rules (pure, in cents)

export type ProposalField = 'solucaoIds' | 'eixoIds' | 'valorTotal' | 'parcelas' | 'extras';
export type ProposalProblem = { field: ProposalField; message: string };

type MoneyFields = Pick<ProposalValues, 'valorTotal' | 'investimentoMunicipio' | 'contrapartidaSebrae' | 'parcelas' | 'extras'>;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Every broken money invariant (see the head of this file), in the order the form shows them. */
export function proposalMoneyProblems(p: MoneyFields): ProposalProblem[] {
  const problems: ProposalProblem[] = [];
  const amounts = [p.valorTotal, p.investimentoMunicipio, p.contrapartidaSebrae, ...p.parcelas.map((x) => x.valor), ...p.extras.map((x) => x.valor)];
  if (amounts.some((value) => value < 0 || !Number.isInteger(value))) problems.push({ field: 'valorTotal', message: PROPOSAL_MESSAGES.negativo });
  if (p.valorTotal !== p.investimentoMunicipio + p.contrapartidaSebrae) problems.push({ field: 'valorTotal', message: PROPOSAL_MESSAGES.totalDiferente });
  problems.push(...instalmentProblems(p.investimentoMunicipio, p.parcelas));
  if (sum(p.extras.map((x) => x.valor)) > p.valorTotal) problems.push({ field: 'extras', message: PROPOSAL_MESSAGES.extrasAcimaDoTotal });
  return problems;
}

function instalmentProblems(investimento: number, parcelas: readonly Instalment[]): ProposalProblem[] {
  const at = (message: string): ProposalProblem[] => [{ field: 'parcelas', message }];
  if (investimento === 0) return parcelas.length > 0 ? at(PROPOSAL_MESSAGES.parcelasSemInvestimento) : [];
  if (parcelas.length === 0) return at(PROPOSAL_MESSAGES.semParcelas);
  if (parcelas.some((p, i) => p.numero !== i + 1)) return at(PROPOSAL_MESSAGES.parcelasNumeracao);
  const zero = parcelas.find((p) => p.valor <= 0);
  if (zero) return at(PROPOSAL_MESSAGES.parcelaZerada(zero.numero));
  const early = parcelas.find((p, i) => i > 0 && p.vencimento <= parcelas[i - 1]!.vencimento);
  if (early) return at(PROPOSAL_MESSAGES.parcelaVencimento(early.numero));
  const total = sum(parcelas.map((p) => p.valor));
  return total === investimento ? [] : at(PROPOSAL_MESSAGES.parcelasSoma(investimento, total));
}

/** Every problem of a proposal about to be saved: solutions, axes (with the cap that applies), then money. */
export function proposalProblems(p: ProposalValues, maxEixos: number | null): ProposalProblem[] {
  const problems: ProposalProblem[] = [];
  if (p.solucaoIds.length === 0) problems.push({ field: 'solucaoIds', message: PROPOSAL_MESSAGES.semSolucoes });
  if (p.eixoIds.length === 0) problems.push({ field: 'eixoIds', message: PROPOSAL_MESSAGES.semEixos });
  else if (maxEixos !== null && p.eixoIds.length > maxEixos) problems.push({ field: 'eixoIds', message: PROPOSAL_MESSAGES.maximoEixos(maxEixos) });
  return [...problems, ...proposalMoneyProblems(p)];
}

/** YYYY-MM-DD plus `months` calendar months, the day clamped to the month's last (31/01 + 1 → 28/02). */
export function addMonths(isoDay: string, months: number): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * The form's "Gerar parcelas": `investimento` cents in `count` monthly instalments from `firstDue`.
 * The cents that do not divide go one each to the first instalments, so the sum is exact.
 */
export function splitInstalments(investimento: number, count: number, firstDue: string): Instalment[] {
  if (investimento <= 0 || count <= 0) return [];
  const base = Math.floor(investimento / count);
  const rest = investimento - base * count;
  return Array.from({ length: count }, (_, i) => ({ numero: i + 1, vencimento: addMonths(firstDue, i), valor: base + (i < rest ? 1 : 0) }));
}

/** The instalment line as the PDF and the table read it: "1 · 10/03/2026 · R$ 1.000,00". */
export const instalmentText = (p: Instalment) => `${p.numero} · ${formatDate(p.vencimento)} · ${formatMoney(p.valor / 100)}`;
