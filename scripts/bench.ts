import { buildApp } from './build/app.ts';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { evidenceBench } from './bench/evidence.ts';
import { followupsBench } from './bench/followups.ts';
import { foundationBench } from './bench/foundation.ts';
import { goalSummary, missedGoals, type MissedGoal } from './bench/goals.ts';
import { lighthouseBench } from './bench/lighthouse.ts';
import { offlineBench } from './bench/offline.ts';
import { offlineDataBench } from './bench/offline-data.ts';
import { offlineFilesBench } from './bench/offline-files.ts';
import { paymentsBench } from './bench/payments.ts';
import { phoneBench } from './bench/phone.ts';
import { replayBench } from './bench/replay.ts';
import { reportCatalogueBench } from './bench/report-catalogue.ts';
import { referenceTermBench } from './bench/reference-term.ts';
import { registersBench } from './bench/registers.ts';
import { reliabilityBench } from './bench/reliability.ts';
import { reportsBench } from './bench/reports.ts';
import { salaBench } from './bench/sala.ts';
import { scaleOutBench } from './bench/scale-out.ts';
import { shellBench } from './bench/shell.ts';
import { solutionsBench } from './bench/solutions.ts';
import { uploadsBench } from './bench/uploads.ts';

// Each issue adds its suite here; the whole file is rewritten on every run.
const suites: [string, () => Promise<string>][] = [
  ['foundation', foundationBench],
  ['shell', shellBench],
  ['offline', offlineBench],
  ['offline-data', offlineDataBench],
  ['offline-files', offlineFilesBench],
  ['replay', replayBench],
  ['reports', reportsBench],
  ['followups', followupsBench],
  ['evidence', evidenceBench],
  ['lighthouse', lighthouseBench],
  ['reliability', reliabilityBench],
  ['uploads', uploadsBench],
  ['solutions', solutionsBench],
  ['registers', registersBench],
  ['sala', salaBench],
  ['reference-term', referenceTermBench],
  ['payments', paymentsBench],
  ['report-catalogue', reportCatalogueBench],
  ['scale-out', scaleOutBench],
  ['phone', phoneBench],
];

// BENCH_ONLY=shell,offline runs those suites and only prints: docs/benchmarks.md always holds a whole run.
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);

// The machine's load, beside every figure: a loaded machine slows every measure (issue 32, item 10).
const loadAtStart = os.loadavg();
// Always measure the current sources.
buildApp();

const sections: string[] = [];
const missed: MissedGoal[] = [];
const ran: string[] = [];
for (const [name, run] of suites) {
  if (only && !only.includes(name)) continue;
  process.stdout.write(`bench: ${name}...\n`);
  ran.push(name);
  // A suite that throws is reported and counted, and the others still run.
  try {
    const section = await run();
    sections.push(section);
    missed.push(...missedGoals(name, section));
  } catch (error) {
    process.stderr.write(`bench: ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    sections.push(`## ${name}\n\nThe suite failed: ${String(error).split('\n')[0]}\n`);
    missed.push({ suite: name, measure: 'the suite ran to its end', result: String(error).split('\n')[0]!, goal: 'no error' });
  }
}
if (only && ran.length === 0) {
  process.stderr.write(`bench: BENCH_ONLY=${only.join(',')} names no suite (${suites.map(([n]) => n).join(', ')})\n`);
  process.exit(2);
}

const header = [
  '# Benchmarks',
  '',
  'Produced by `npm run bench` (scripts/bench.ts); every figure below comes from the run described here, not from tests.',
  '',
  `- date: ${new Date().toISOString()}`,
  `- machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}`,
  `- node ${process.version}; database: embedded PGlite in a temporary DATA_DIR`,
  `- load average (1, 5, 15 min): ${loadAtStart.map((l) => l.toFixed(2)).join(', ')} at the start, ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} at the end`,
  '',
].join('\n');
if (!only) {
  await mkdir('docs', { recursive: true });
  await writeFile('docs/benchmarks.md', `${header}\n${sections.join('\n')}`);
}
process.stdout.write(`${header}\n${sections.join('\n')}\n`);
// Last, after the tables: the goals missed, and a non-zero exit so that CI and a shell see it.
const summary = goalSummary(missed, ran);
if (missed.length > 0) {
  process.stderr.write(`${summary}\n`);
  process.exitCode = 1;
} else {
  process.stdout.write(`${summary}\n`);
}
