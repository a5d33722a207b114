import { execSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { evidenceBench } from './bench/evidence.ts';
import { followupsBench } from './bench/followups.ts';
import { foundationBench } from './bench/foundation.ts';
import { lighthouseBench } from './bench/lighthouse.ts';
import { offlineBench } from './bench/offline.ts';
import { offlineDataBench } from './bench/offline-data.ts';
import { paymentsBench } from './bench/payments.ts';
import { phoneBench } from './bench/phone.ts';
import { replayBench } from './bench/replay.ts';
import { referenceTermBench } from './bench/reference-term.ts';
import { registersBench } from './bench/registers.ts';
import { reliabilityBench } from './bench/reliability.ts';
import { reportsBench } from './bench/reports.ts';
import { salaBench } from './bench/sala.ts';
import { shellBench } from './bench/shell.ts';
import { solutionsBench } from './bench/solutions.ts';
import { uploadsBench } from './bench/uploads.ts';

// Each issue adds its suite here; the whole file is rewritten on every run.
const suites: [string, () => Promise<string>][] = [
  ['foundation', foundationBench],
  ['shell', shellBench],
  ['offline', offlineBench],
  ['offline-data', offlineDataBench],
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
  ['phone', phoneBench],
];

// BENCH_ONLY=shell,offline runs those suites and only prints: docs/benchmarks.md always holds a whole run.
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);

// Always measure the current sources.
execSync('npx vite build', { stdio: 'inherit' });

const sections: string[] = [];
for (const [name, run] of suites) {
  if (only && !only.includes(name)) continue;
  process.stdout.write(`bench: ${name}...\n`);
  sections.push(await run());
}

const header = [
  '# Benchmarks',
  '',
  'Produced by `npm run bench` (scripts/bench.ts); every figure below comes from the run described here, not from tests.',
  '',
  `- date: ${new Date().toISOString()}`,
  `- machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}`,
  `- node ${process.version}; database: embedded PGlite in a temporary DATA_DIR`,
  '',
].join('\n');
if (!only) {
  await mkdir('docs', { recursive: true });
  await writeFile('docs/benchmarks.md', `${header}\n${sections.join('\n')}`);
}
process.stdout.write(`${header}\n${sections.join('\n')}\n`);
