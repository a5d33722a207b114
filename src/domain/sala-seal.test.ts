import { describe, expect, it } from 'vitest';
import { achievement, indicatorLevel, sealLabel, sealLevel } from './sala-seal.ts';

const room = (evidence: number, met: number, total = 10) => ({
  pontosEvidencia: evidence,
  pontosPossiveis: 100,
  indicadoresNaMeta: met,
  indicadoresTotal: total,
});

describe('the Sala seal rule', () => {
  it('gives the highest level whose two minimums the room meets', () => {
    expect(sealLevel(room(95, 9))).toBe('diamante');
    expect(sealLevel(room(80, 7))).toBe('ouro');
    expect(sealLevel(room(60, 5))).toBe('prata');
    expect(sealLevel(room(30, 3))).toBe('bronze');
  });

  it('keeps a room strong on one measure only a level down', () => {
    expect(sealLevel(room(100, 6))).toBe('prata');
    expect(sealLevel(room(55, 10))).toBe('prata');
  });

  it('gives no seal below bronze, nor to a room with nothing to measure', () => {
    expect(sealLevel(room(20, 10))).toBeNull();
    expect(sealLevel({ pontosEvidencia: 0, pontosPossiveis: 0, indicadoresNaMeta: 0, indicadoresTotal: 0 })).toBeNull();
    expect(sealLabel(null)).toBe('Sem selo');
    expect(sealLabel('diamante')).toBe('Diamante');
  });

  it('meets a threshold exactly at it', () => {
    expect(sealLevel(room(90, 9))).toBe('diamante');
    expect(sealLevel(room(89, 9))).toBe('ouro');
  });
});

describe('indicator levels', () => {
  const levels = [
    { nome: 'Crítico', percentualMinimo: 0 },
    { nome: 'Em atenção', percentualMinimo: 60 },
    { nome: 'Adequado', percentualMinimo: 90 },
    { nome: 'Excelente', percentualMinimo: 110 },
  ];

  it('grades a more-is-better reading by the share of its target', () => {
    expect(achievement(45, 50, true)).toBe(90);
    expect(indicatorLevel({ valor: 45, meta: 50 }, true, levels)?.nome).toBe('Adequado');
    expect(indicatorLevel({ valor: 60, meta: 50 }, true, levels)?.nome).toBe('Excelente');
    expect(indicatorLevel({ valor: 10, meta: 50 }, true, levels)?.nome).toBe('Crítico');
  });

  it('grades a less-is-better reading (days to open a business) the other way round', () => {
    expect(achievement(4, 2, false)).toBe(50);
    expect(indicatorLevel({ valor: 4, meta: 2 }, false, levels)?.nome).toBe('Crítico');
    expect(indicatorLevel({ valor: 2, meta: 2 }, false, levels)?.nome).toBe('Adequado');
    expect(indicatorLevel({ valor: 1, meta: 2 }, false, levels)?.nome).toBe('Excelente');
    // Nothing to divide by: zero days reaches the target, no more.
    expect(achievement(0, 2, false)).toBe(100);
  });

  it('has no level below the lowest threshold', () => {
    expect(indicatorLevel({ valor: 1, meta: 10 }, true, levels.slice(1))).toBeNull();
  });
});
