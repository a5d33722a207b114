import { z } from 'zod';
import { canOpenCityTab } from './city-tabs.ts';
import { isAdmin, isRestrictedBy, type PermissionContext } from './permissions.ts';
import { idSchema, isoDate, optionalText, requiredChoice, requiredText } from './register-fields.ts';
import { reportFileSchema } from './report-common.ts';

/**
 * Cliente oculto, the mystery shopper (issue 31 item 3; spec §2 /cidade/{id}/cliente-oculto and
 * /info, §3 seal levels bronze, prata, ouro, §6 verClienteOculto, naoVerClienteOculto,
 * naoVerClienteOcultoOuro). An evaluator visits (or calls, or uses online) the municipality's
 * service to the entrepreneur as an ordinary customer would, in rounds ("rodadas") that belong to a
 * group ("grupo": the cycle, e.g. "Ciclo 2026/1", report filter grupoClienteOculto 16). Each round
 * answers the questionnaire below; its weighted percentage gives the seal (report filter selo 17).
 * Finalizing a round freezes it and makes its seal the municipality's seal (municipio.selo, the one
 * the city header's Ouro rule reads).
 */

export const MYSTERY_SHOPPER_MESSAGES = {
  rodadaNaoEncontrada: 'Rodada do cliente oculto não encontrada.',
  arquivoNaoEncontrado: 'Arquivo não encontrado.',
  certificadoNaoEncontrado: 'Certificado não encontrado: o link é inválido.',
  somenteResultado: 'Seu grupo vê apenas o resultado do Cliente Oculto.',
  rodadaFinalizada: 'Esta rodada já foi finalizada e não pode mais ser alterada.',
  respostasIncompletas: (faltam: number) =>
    faltam === 1
      ? 'Responda o critério que falta antes de finalizar a rodada.'
      : `Responda os ${faltam} critérios que faltam antes de finalizar a rodada.`,
  criterioDesconhecido: (id: string) => `Critério desconhecido: ${id}.`,
  respostaInvalida: (texto: string) => `Resposta inválida para o critério "${texto}".`,
  canalInvalido: 'Escolha o canal: presencial, telefone ou online.',
  erroObter: 'Erro ao obter o Cliente Oculto',
  erroSalvar: 'Não foi possível salvar a rodada.',
  salva: 'Rodada salva.',
  criada: 'Rodada criada.',
  finalizada: 'Rodada finalizada.',
  excluida: 'Rodada excluída.',
} as const;

// ---------------------------------------------------------------- the questionnaire

export const CHANNELS = ['presencial', 'telefone', 'online'] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_LABELS: Record<Channel, string> = { presencial: 'Presencial', telefone: 'Telefone', online: 'Online' };

/** A yes/no criterion (Sim = 1, Não = 0) or a scale from 0 to `max`; `peso` is its weight in the score. */
export type Criterion = {
  id: string;
  dimensao: string;
  texto: string;
  tipo: 'sim-nao' | 'escala';
  /** 1 for yes/no; the top of the scale otherwise. */
  max: number;
  peso: number;
  /** What the ends of a scale mean, for the evaluator. */
  escala?: string;
};

/**
 * The questionnaire (version 1), grouped by dimension. It lives here rather than in a register so
 * that a finalized round's score can always be recomputed: answers are stored by criterion id.
 */
export const CRITERIA: readonly Criterion[] = [
  {
    id: 'acesso-identificacao',
    dimensao: 'Acesso e ambiente',
    texto: 'O local ou canal de atendimento é fácil de encontrar e está identificado?',
    tipo: 'sim-nao',
    max: 1,
    peso: 1,
  },
  {
    id: 'acesso-horario',
    dimensao: 'Acesso e ambiente',
    texto: 'O horário de atendimento divulgado foi cumprido?',
    tipo: 'sim-nao',
    max: 1,
    peso: 1,
  },
  {
    id: 'acesso-espera',
    dimensao: 'Acesso e ambiente',
    texto: 'Tempo de espera até ser atendido',
    tipo: 'escala',
    max: 4,
    peso: 2,
    escala: '0 = mais de 30 minutos, 4 = até 5 minutos',
  },
  {
    id: 'atendimento-cordialidade',
    dimensao: 'Atendimento',
    texto: 'O atendente se identificou e foi cordial?',
    tipo: 'sim-nao',
    max: 1,
    peso: 1,
  },
  {
    id: 'atendimento-clareza',
    dimensao: 'Atendimento',
    texto: 'Clareza das orientações recebidas',
    tipo: 'escala',
    max: 5,
    peso: 3,
    escala: '0 = nenhuma orientação útil, 5 = orientação completa e clara',
  },
  {
    id: 'atendimento-conhecimento',
    dimensao: 'Atendimento',
    texto: 'Conhecimento do atendente sobre os serviços ao empreendedor (MEI, alvará, crédito)',
    tipo: 'escala',
    max: 5,
    peso: 3,
    escala: '0 = desconhecia, 5 = dominava todos os serviços',
  },
  {
    id: 'resolucao-demanda',
    dimensao: 'Resolução',
    texto: 'A demanda foi resolvida ou encaminhada com prazo informado?',
    tipo: 'sim-nao',
    max: 1,
    peso: 3,
  },
  {
    id: 'resolucao-material',
    dimensao: 'Resolução',
    texto: 'Foram entregues materiais ou links para consulta posterior?',
    tipo: 'sim-nao',
    max: 1,
    peso: 1,
  },
  {
    id: 'resolucao-satisfacao',
    dimensao: 'Resolução',
    texto: 'Satisfação geral do cliente oculto com o atendimento',
    tipo: 'escala',
    max: 10,
    peso: 2,
    escala: '0 = muito insatisfeito, 10 = muito satisfeito',
  },
];

/** The criteria by dimension, in the questionnaire's order. */
export function criteriaByDimension(criteria: readonly Criterion[] = CRITERIA): { dimensao: string; criterios: Criterion[] }[] {
  const groups: { dimensao: string; criterios: Criterion[] }[] = [];
  for (const c of criteria) {
    const group = groups.find((g) => g.dimensao === c.dimensao);
    if (group) group.criterios.push(c);
    else groups.push({ dimensao: c.dimensao, criterios: [c] });
  }
  return groups;
}

/** Answers by criterion id: 0 or 1 for yes/no, 0 to `max` on a scale. */
export type Answers = Record<string, number>;

/** What is wrong with the answers (an unknown criterion, a value out of its range), or null. */
export function answerProblem(answers: Answers, criteria: readonly Criterion[] = CRITERIA): string | null {
  for (const [id, value] of Object.entries(answers)) {
    const c = criteria.find((x) => x.id === id);
    if (!c) return MYSTERY_SHOPPER_MESSAGES.criterioDesconhecido(id);
    if (!Number.isInteger(value) || value < 0 || value > c.max) return MYSTERY_SHOPPER_MESSAGES.respostaInvalida(c.texto);
  }
  return null;
}

/** How many criteria are still unanswered. */
export function unanswered(answers: Answers, criteria: readonly Criterion[] = CRITERIA): number {
  return criteria.filter((c) => answers[c.id] === undefined).length;
}

/**
 * The round's score: the weighted percentage of the questionnaire, each criterion worth its weight
 * times how far up its range the answer is (Sim = all of it; 3 on a 0-5 scale = 60 % of it). An
 * unanswered criterion counts as 0, so a partial score only grows. One decimal place.
 */
export function score(answers: Answers, criteria: readonly Criterion[] = CRITERIA): number {
  const total = criteria.reduce((sum, c) => sum + c.peso, 0);
  if (total <= 0) return 0;
  const got = criteria.reduce((sum, c) => sum + (c.peso * Math.min(Math.max(answers[c.id] ?? 0, 0), c.max)) / c.max, 0);
  return Math.round((1000 * got) / total) / 10;
}

/** A score as the screens and the certificate write it: one decimal place, pt-BR comma (77,1%). */
export function formatScore(pontuacao: number): string {
  return `${pontuacao.toFixed(1).replace('.', ',')}%`;
}

// ---------------------------------------------------------------- the seal

export const SHOPPER_SEALS = ['bronze', 'prata', 'ouro'] as const;
export type ShopperSeal = (typeof SHOPPER_SEALS)[number];
export const SHOPPER_SEAL_LABELS: Record<ShopperSeal, string> = { bronze: 'Bronze', prata: 'Prata', ouro: 'Ouro' };

/** The minimum score (percent) of each seal, highest first; below bronze the round earns no seal. */
export const SHOPPER_SEAL_THRESHOLDS: ReadonlyArray<{ selo: ShopperSeal; minimo: number }> = [
  { selo: 'ouro', minimo: 85 },
  { selo: 'prata', minimo: 70 },
  { selo: 'bronze', minimo: 50 },
];

export function sealOf(pontuacao: number): ShopperSeal | null {
  return SHOPPER_SEAL_THRESHOLDS.find((t) => pontuacao >= t.minimo)?.selo ?? null;
}

// ---------------------------------------------------------------- who sees and who evaluates (spec §6)

/** The municipality as the rules read it: its state and its current seal. */
export type ShopperPlace = { municipioId: number; uf: string; selo: string | null };

/**
 * The Cliente Oculto tab and every one of its screens and calls: the city tab rule (verClienteOculto,
 * and hidden for an Ouro seal with naoVerClienteOcultoOuro), the one the tab bar uses.
 */
export function canSeeMysteryShopper(ctx: PermissionContext, place: ShopperPlace): boolean {
  return canOpenCityTab('cliente-oculto', { ...ctx, municipioId: place.municipioId, selo: place.selo }, place.uf);
}

/**
 * naoVerClienteOculto (default true): the group sees only the result (/info: the seal, the scores of
 * the finalized rounds, the certificate), not the evaluation itself (who evaluated, the answers, the
 * evidence, the rounds in progress), so the mystery shopper stays unknown to the service evaluated.
 */
export function canSeeEvaluation(ctx: PermissionContext, place: ShopperPlace): boolean {
  return canSeeMysteryShopper(ctx, place) && !isRestrictedBy(ctx, 'naoVerClienteOculto');
}

/** Evaluating (creating, answering, finalizing, deleting rounds) is the administrators' who see the evaluation. */
export function canEvaluate(ctx: PermissionContext, place: ShopperPlace): boolean {
  return canSeeEvaluation(ctx, place) && isAdmin(ctx.usuario);
}

// ---------------------------------------------------------------- schemas

const answersSchema = z.record(
  z.string().max(60),
  z
    .number({ error: () => 'Resposta inválida' })
    .int('Resposta inválida')
    .min(0)
    .max(100),
  {
    error: () => 'Respostas inválidas',
  },
);

const roundFields = {
  grupo: requiredText('Informe o grupo (ciclo) da avaliação', 100),
  dataVisita: isoDate('Data da visita'),
  avaliador: requiredText('Informe o avaliador', 150),
  canal: z.enum(CHANNELS, { error: () => MYSTERY_SHOPPER_MESSAGES.canalInvalido }),
  observacoes: optionalText(2000),
};

export const roundInputSchema = z.object({ municipioId: requiredChoice(), ...roundFields });
export type RoundInput = z.input<typeof roundInputSchema>;

/** A save of an open round: its fields, its answers, the files to attach (resumable uploads) and to remove. */
export const roundUpdateSchema = z.object({
  rodadaId: idSchema,
  ...roundFields,
  respostas: answersSchema,
  arquivosUploadIds: z.array(z.string().min(1).max(100)).max(20).default([]),
  arquivosRemovidos: z.array(idSchema).max(100).default([]),
});
export type RoundUpdate = z.input<typeof roundUpdateSchema>;

export const roundStatusSchema = z.enum(['aberta', 'finalizada']);
export type RoundStatus = z.infer<typeof roundStatusSchema>;

const sealSchema = z.enum(SHOPPER_SEALS);

export const roundRowSchema = z.object({
  rodadaId: z.number().int(),
  municipioId: z.number().int(),
  grupo: z.string(),
  dataVisita: z.string(),
  avaliador: z.string(),
  canal: z.enum(CHANNELS),
  status: roundStatusSchema,
  /** The live score of an open round; the frozen one of a finalized round. */
  pontuacao: z.number(),
  selo: sealSchema.nullable(),
  finalizadaEm: z.string().nullable(),
});
export type RoundRow = z.infer<typeof roundRowSchema>;

export const roundDetailSchema = roundRowSchema.extend({
  observacoes: z.string(),
  respostas: z.record(z.string(), z.number()),
  arquivos: z.array(reportFileSchema),
  /** The certificate's public id when the finalized round earned a seal. */
  tokenSelo: z.string().nullable(),
});
export type RoundDetail = z.infer<typeof roundDetailSchema>;

/** /info: the result only, what every user of the tab may read. */
export const infoSchema = z.object({
  municipioId: z.number().int(),
  selo: sealSchema.nullable(),
  /** The public id of the current seal's certificate, when there is one. */
  tokenSelo: z.string().nullable(),
  historico: z.array(
    z.object({
      rodadaId: z.number().int(),
      grupo: z.string(),
      dataVisita: z.string(),
      canal: z.enum(CHANNELS),
      pontuacao: z.number(),
      selo: sealSchema.nullable(),
      tokenSelo: z.string().nullable(),
    }),
  ),
  /** Whether the user may open the evaluation (/cidade/{id}/cliente-oculto), and evaluate. */
  podeVerAvaliacao: z.boolean(),
  podeAvaliar: z.boolean(),
});
export type ShopperInfo = z.infer<typeof infoSchema>;

/** The certificate's public id: 32 random bytes, base64url (43 characters). */
export const SEAL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
