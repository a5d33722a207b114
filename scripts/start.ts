import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_BUILD_INPUTS, SERVER_OUT_DIR } from './build-server.ts';

/**
 * `npm start`: builds the app only when dist/ is missing or older than what the build reads
 * or dist-server/ (the bundled server) is older than its sources (issue 32, item 9), then starts the
 * bundled server in a child process. A fresh clone builds once; a second
 * start of an unchanged checkout starts at once.
 */

/** What `vite build` reads: a change to any of these makes dist/ stale. */
export const BUILD_INPUTS = [
  'src',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/build',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.app.json',
];

/** The newest modification time (ms) of the files under `paths` (folders walked), 0 when there are none. */
export function newestModification(root: string, paths: readonly string[]): number {
  let newest = 0;
  for (const relative of paths) {
    const full = path.join(root, relative);
    if (!existsSync(full)) continue;
    const stat = statSync(full);
    if (stat.isFile()) {
      newest = Math.max(newest, stat.mtimeMs);
      continue;
    }
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/**
 * Whether dist/ holds a build of the current sources: its index.html (written at the end of every
 * build) exists and is not older than any input of the build; and dist-server/main.js (the bundled
 * server, written after it by `npm run build`) is not older than any server source.
 */
export function isBuildCurrent(root: string, outDir = 'dist'): boolean {
  const index = path.join(root, outDir, 'index.html');
  const server = path.join(root, SERVER_OUT_DIR, 'main.js');
  if (!existsSync(index) || !existsSync(server)) return false;
  return (
    statSync(index).mtimeMs >= newestModification(root, BUILD_INPUTS) &&
    statSync(server).mtimeMs >= newestModification(root, SERVER_BUILD_INPUTS)
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  if (isBuildCurrent(root)) {
    process.stdout.write('dist/ está atualizado: iniciando sem reconstruir (npm run build para forçar).\n');
  } else {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // The bundled server in a plain node process: no TypeScript loader in the way of its start (issue 32, item 9).
  // Its signals are forwarded and its exit code is npm start's.
  const server = spawn(process.execPath, ['--enable-source-maps', path.join(SERVER_OUT_DIR, 'main.js')], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
