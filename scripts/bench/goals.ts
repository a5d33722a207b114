/**
 * The goals a run missed, so that a regression is seen the day it lands (issue 32, item 10). Every
 * suite marks a goal row of its tables ✅ or ❌; a ❌ row is a missed goal, named here by its suite and
 * its first cell. A suite that throws is a missed goal too.
 */
export type MissedGoal = { suite: string; measure: string; result: string; goal: string };

/** The ❌ rows of a suite's markdown, as missed goals. */
export function missedGoals(suite: string, markdown: string): MissedGoal[] {
  return markdown
    .split('\n')
    .filter((line) => line.trimStart().startsWith('|') && line.includes('❌'))
    .map((line) => {
      const cells = line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim());
      const goalIndex = cells.findLastIndex((cell) => cell.includes('❌'));
      return {
        suite,
        measure: cells[0] ?? line,
        result: cells.slice(1, Math.max(goalIndex, 1)).join(' · ') || '—',
        goal: (cells[goalIndex] ?? '').replace('❌', '').trim(),
      };
    });
}

/** The closing summary: one line per missed goal, loud enough to be read in a CI log. */
export function goalSummary(missed: readonly MissedGoal[], suites: readonly string[]): string {
  if (missed.length === 0) return `bench: every goal met (${suites.join(', ')}).`;
  return [
    '',
    '='.repeat(72),
    `BENCH FAILED: ${missed.length} goal${missed.length === 1 ? '' : 's'} missed`,
    '='.repeat(72),
    ...missed.map((m) => `  ✗ [${m.suite}] ${m.measure}\n      result: ${m.result}   goal: ${m.goal || '(see the table)'}`),
    '',
  ].join('\n');
}
