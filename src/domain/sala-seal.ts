/**
 * The Sala's seal levels and the indicator levels (issue 29 item 7; spec §3 "seal levels in the
 * partner/room mode: bronze, silver, gold, diamond"). Pure rules, shared by the server (which
 * answers the room with its seal) and the screens (which grade each reading of the map).
 *
 * The seal rule. A room is measured on two things, each as a percentage:
 * - evidence: the municipality's points (earned by its approved evidence) over the points its
 *   questions are worth;
 * - indicators: of the indicators in the room, how many reached their target in their latest
 *   reading (an indicator never read counts as not reached).
 * The room earns the highest level whose two minimums it meets:
 *
 * | level    | evidence | indicators on target |
 * | -------- | -------- | -------------------- |
 * | diamante | ≥ 90 %   | ≥ 90 %               |
 * | ouro     | ≥ 75 %   | ≥ 70 %               |
 * | prata    | ≥ 50 %   | ≥ 50 %               |
 * | bronze   | ≥ 25 %   | ≥ 25 %               |
 *
 * Below bronze the room has no seal yet. Both count because the programme wants the evidence of
 * its criteria and a service that measures itself and improves; a room strong on one alone stays a
 * level down, which is what the table's steps say.
 */

export const SEAL_LEVELS = ['bronze', 'prata', 'ouro', 'diamante'] as const;
export type SealLevel = (typeof SEAL_LEVELS)[number];

export const SEAL_LABELS: Record<SealLevel, string> = { bronze: 'Bronze', prata: 'Prata', ouro: 'Ouro', diamante: 'Diamante' };
export const NO_SEAL_LABEL = 'Sem selo';

/** Each level's minimums (percent), highest first. */
export const SEAL_RULE: ReadonlyArray<{ level: SealLevel; evidence: number; indicators: number }> = [
  { level: 'diamante', evidence: 90, indicators: 90 },
  { level: 'ouro', evidence: 75, indicators: 70 },
  { level: 'prata', evidence: 50, indicators: 50 },
  { level: 'bronze', evidence: 25, indicators: 25 },
];

export type SealEvidence = {
  /** Points of the approved evidence. */
  pontosEvidencia: number;
  /** Points all the room's questions are worth. */
  pontosPossiveis: number;
  /** Indicators whose latest reading reached its target. */
  indicadoresNaMeta: number;
  /** Indicators in the room. */
  indicadoresTotal: number;
};

const percent = (part: number, whole: number) => (whole <= 0 ? 0 : (100 * part) / whole);

/** The room's seal level by the rule above; null below bronze. */
export function sealLevel(e: SealEvidence): SealLevel | null {
  const evidence = percent(e.pontosEvidencia, e.pontosPossiveis);
  const indicators = percent(e.indicadoresNaMeta, e.indicadoresTotal);
  return SEAL_RULE.find((step) => evidence >= step.evidence && indicators >= step.indicators)?.level ?? null;
}

export function sealLabel(level: SealLevel | null): string {
  return level ? SEAL_LABELS[level] : NO_SEAL_LABEL;
}

/**
 * How far a reading got towards its target, in percent: value over target when more is better,
 * target over value when less is (10 days against a target of 5 is 50 %). A target of 0 is reached
 * by any value on the right side of it.
 */
export function achievement(valor: number, meta: number, maiorMelhor: boolean): number {
  if (maiorMelhor) return meta <= 0 ? (valor >= meta ? 100 : 0) : (100 * valor) / meta;
  if (valor <= 0) return valor <= meta ? 100 : 0;
  return (100 * meta) / valor;
}

export function reachedTarget(valor: number, meta: number, maiorMelhor: boolean): boolean {
  return maiorMelhor ? valor >= meta : valor <= meta;
}

/**
 * The indicator level a reading is graded at: of the indicator's levels, the one with the highest
 * threshold (percent of the target) that the reading's achievement reaches; null below all of them.
 */
export function indicatorLevel<L extends { percentualMinimo: number }>(
  reading: { valor: number; meta: number },
  maiorMelhor: boolean,
  levels: readonly L[],
): L | null {
  const got = achievement(reading.valor, reading.meta, maiorMelhor);
  let best: L | null = null;
  for (const level of levels) {
    if (got + 1e-9 >= level.percentualMinimo && (!best || level.percentualMinimo > best.percentualMinimo)) best = level;
  }
  return best;
}
