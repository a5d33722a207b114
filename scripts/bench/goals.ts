/**
 * The goals a run missed, so that a regression is seen the day it lands (issue 32, item 10). Every
 * suite marks a goal row of its tables ✅ or ❌; a ❌ row is a missed goal, named here by its suite and
 * its first cell. A suite that throws is a missed goal too.
 */
export type MissedGoal = { suite: string; measure: string; result: string; goal: string };

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

/**
 * The ❌ cells of a suite's tables, as missed goals: in a "measure | result | goal" table the goal
 * is the marked last cell; in a table whose columns are the goals (Lighthouse's scores), the marked
 * cell is the result and its column's header the goal.
 */
export function missedGoals(suite: string, markdown: string): MissedGoal[] {
  const lines = markdown.split('\n');
  const missed: MissedGoal[] = [];
  let headers: string[] = [];
  lines.forEach((line, i) => {
    if (!line.trimStart().startsWith('|')) return;
    if (/^\s*\|[\s|:-]+\|\s*$/.test(lines[i + 1] ?? '')) {
      headers = cellsOf(line);
      return;
    }
    const cells = cellsOf(line);
    cells.forEach((cell, column) => {
      if (!cell.includes('❌')) return;
      const value = cell.replace('❌', '').trim();
      if (column === cells.length - 1) {
        missed.push({ suite, measure: cells[0] ?? line, result: cells.slice(1, column).join(' · ') || '—', goal: value });
      } else {
        const header = headers[column] ?? `column ${column + 1}`;
        missed.push({ suite, measure: `${cells[0]}: ${header}`, result: value, goal: header });
      }
    });
  });
  return missed;
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
