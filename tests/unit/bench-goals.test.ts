import { describe, expect, it } from 'vitest';
import { goalSummary, missedGoals } from '../../scripts/bench/goals.ts';

/** scripts/bench/goals.ts (issue 32, item 10): the bench names every goal it missed. */
describe('bench goals', () => {
  const section = [
    '## Foundation',
    '',
    '| measure | result | goal |',
    '|---|---|---|',
    '| cold start to healthy | 1.4 s = 2.9 × bare Fastify | ≤ 2 s ✅ |',
    '| ratio API / bare route | 0.31 | ≥ 0.4 ❌ |',
    '| for scale | 9000 req/s | — |',
    'A ❌ in prose is not a goal row.',
  ].join('\n');

  it('reads the ❌ rows of a section as missed goals, by suite and measure', () => {
    expect(missedGoals('foundation', section)).toEqual([
      { suite: 'foundation', measure: 'ratio API / bare route', result: '0.31', goal: '≥ 0.4' },
    ]);
  });

  it('reads a table whose columns are the goals by its header', () => {
    const table = [
      '| page | performance (≥ 90) | accessibility (100) | TBT |',
      '|---|---|---|---|',
      '| /cidade | 56 ❌ | 100 ✅ | 800 ms |',
    ];
    expect(missedGoals('lighthouse', table.join('\n'))).toEqual([
      { suite: 'lighthouse', measure: '/cidade: performance (≥ 90)', result: '56', goal: 'performance (≥ 90)' },
    ]);
  });

  it('summarises loudly when goals were missed, quietly otherwise', () => {
    expect(goalSummary([], ['foundation'])).toBe('bench: every goal met (foundation).');
    const summary = goalSummary(missedGoals('foundation', section), ['foundation']);
    expect(summary).toContain('BENCH FAILED: 1 goal missed');
    expect(summary).toContain('[foundation] ratio API / bare route');
  });
});
