import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  canEvaluate,
  canSeeEvaluation,
  canSeeMysteryShopper,
  CRITERIA,
  criteriaByDimension,
  score,
  sealOf,
  unanswered,
  type Answers,
} from './mystery-shopper.ts';
import type { FlagKey } from './permission-flags.ts';
import type { PermissionContext } from './permissions.ts';
import { testContext } from './testing/session-user.ts';

function ctx(opts: { group?: FlagKey[]; groupName?: string; fullAdmin?: boolean; globalOff?: FlagKey[] } = {}): PermissionContext {
  return testContext({ on: opts.group, group: opts.groupName ?? 'Operacoes', fullAdmin: opts.fullAdmin, globalOff: opts.globalOff });
}

const place = (selo: string | null = null) => ({ municipioId: 10, uf: 'SC', selo });
const all = (value: (max: number) => number): Answers => Object.fromEntries(CRITERIA.map((c) => [c.id, value(c.max)]));

describe('the score: weighted percentage of the questionnaire', () => {
  it('is 100 with every answer at its top and 0 with none', () => {
    expect(score(all((max) => max))).toBe(100);
    expect(score({})).toBe(0);
    expect(score(all(() => 0))).toBe(0);
  });

  it('weighs each criterion by its weight and how far up its range the answer is', () => {
    const total = CRITERIA.reduce((s, c) => s + c.peso, 0);
    // Only "A demanda foi resolvida" (Sim, weight 3).
    expect(score({ 'resolucao-demanda': 1 })).toBeCloseTo((100 * 3) / total, 1);
    // 3 of 5 on clareza (weight 3) = 1.8 points.
    expect(score({ 'atendimento-clareza': 3 })).toBeCloseTo((100 * 1.8) / total, 1);
    // Half of every scale, Sim on every yes/no.
    const half = score(all((max) => (max === 1 ? 1 : max / 2)));
    expect(half).toBeGreaterThan(50);
    expect(half).toBeLessThan(100);
  });

  it('rounds to one decimal place', () => {
    const s = score({ 'acesso-espera': 1 });
    expect(Math.round(s * 10) / 10).toBe(s);
  });

  it('counts the unanswered criteria and refuses unknown criteria and out-of-range answers', () => {
    expect(unanswered({})).toBe(CRITERIA.length);
    expect(unanswered(all(() => 0))).toBe(0);
    expect(answerProblem(all((max) => max))).toBeNull();
    expect(answerProblem({ inventado: 1 })).toBe('Critério desconhecido: inventado.');
    expect(answerProblem({ 'acesso-horario': 2 })).toContain('Resposta inválida');
    expect(answerProblem({ 'resolucao-satisfacao': 11 })).toContain('Resposta inválida');
    expect(answerProblem({ 'resolucao-satisfacao': 2.5 })).toContain('Resposta inválida');
  });

  it('groups the criteria by dimension in order', () => {
    expect(criteriaByDimension().map((g) => g.dimensao)).toEqual(['Acesso e ambiente', 'Atendimento', 'Resolução']);
    expect(criteriaByDimension().flatMap((g) => g.criterios)).toHaveLength(CRITERIA.length);
  });
});

describe('the seal by thresholds', () => {
  it.each([
    [100, 'ouro'],
    [85, 'ouro'],
    [84.9, 'prata'],
    [70, 'prata'],
    [69.9, 'bronze'],
    [50, 'bronze'],
    [49.9, null],
    [0, null],
  ])('%d%% earns %s', (pontuacao, selo) => {
    expect(sealOf(pontuacao)).toBe(selo);
  });
});

describe('who sees the mystery shopper (spec §6), the city tab rule', () => {
  it('needs verClienteOculto, in the group and in the global configuration', () => {
    expect(canSeeMysteryShopper(ctx(), place())).toBe(false);
    expect(canSeeMysteryShopper(ctx({ group: ['verClienteOculto'] }), place())).toBe(true);
    expect(canSeeMysteryShopper(ctx({ group: ['verClienteOculto'], globalOff: ['verClienteOculto'] }), place())).toBe(false);
    expect(canSeeMysteryShopper(ctx({ fullAdmin: true }), place())).toBe(true);
  });

  it('is hidden for an Ouro seal with naoVerClienteOcultoOuro, and only then', () => {
    const restricted = ctx({ group: ['verClienteOculto', 'naoVerClienteOcultoOuro'] });
    expect(canSeeMysteryShopper(restricted, place('ouro'))).toBe(false);
    expect(canSeeMysteryShopper(restricted, place('prata'))).toBe(true);
    expect(canSeeMysteryShopper(restricted, place(null))).toBe(true);
    expect(canSeeMysteryShopper(ctx({ group: ['verClienteOculto'] }), place('ouro'))).toBe(true);
    expect(canSeeMysteryShopper(ctx({ group: ['verClienteOculto', 'naoVerClienteOcultoOuro'], fullAdmin: true }), place('ouro'))).toBe(
      true,
    );
  });

  it('naoVerClienteOculto keeps the group to the result; only administrators evaluate', () => {
    const resultOnly = ctx({ group: ['verClienteOculto', 'naoVerClienteOculto'] });
    expect(canSeeMysteryShopper(resultOnly, place())).toBe(true);
    expect(canSeeEvaluation(resultOnly, place())).toBe(false);
    const sees = ctx({ group: ['verClienteOculto'] });
    expect(canSeeEvaluation(sees, place())).toBe(true);
    expect(canEvaluate(sees, place())).toBe(false);
    expect(canEvaluate(ctx({ group: ['verClienteOculto'], groupName: 'Administrador' }), place())).toBe(true);
    expect(canEvaluate(ctx({ group: ['verClienteOculto', 'naoVerClienteOculto'], groupName: 'Administrador' }), place())).toBe(false);
    expect(canEvaluate(ctx({ fullAdmin: true, group: ['naoVerClienteOculto'] }), place())).toBe(true);
  });
});
