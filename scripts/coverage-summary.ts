import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Prints the lines covered per top-level folder from Vitest's json-summary (coverage/), after
 * `vitest run --coverage`: the goals are src/ui ≥ 60 %, src/offline ≥ 85 %, src/domain and server > 90 %.
 */
type Totals = { lines: { total: number; covered: number } };
const FOLDERS = ['src/ui', 'src/offline', 'src/domain', 'src/entities', 'src/features', 'src/app', 'src/session', 'src/api', 'src/lib', 'server'];

const summary = JSON.parse(readFileSync('coverage/coverage-summary.json', 'utf8')) as Record<string, Totals>;
const root = process.cwd();
const sums = new Map(FOLDERS.map((folder) => [folder, { total: 0, covered: 0 }]));
for (const [file, totals] of Object.entries(summary)) {
  if (file === 'total') continue;
  const relative = path.relative(root, file).split(path.sep).join('/');
  const folder = FOLDERS.find((f) => relative.startsWith(`${f}/`));
  if (!folder) continue;
  const sum = sums.get(folder)!;
  sum.total += totals.lines.total;
  sum.covered += totals.lines.covered;
}
console.log('\nLines covered by the Vitest suites, per folder:');
for (const [folder, { total, covered }] of sums) {
  const percent = total === 0 ? 0 : (100 * covered) / total;
  console.log(`  ${folder.padEnd(14)} ${percent.toFixed(1).padStart(5)} %  (${covered}/${total})`);
}
