import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The built server (issue 32, item 9): `server/main.ts` bundled into plain JavaScript in
 * `dist-server/`, run by `node` without a TypeScript loader. Started through tsx, the server spent
 * about a second of its 2.5 s start in the loader's hooks (transpiling ~400 files, resolving each
 * import through a worker, source maps); bundled it is healthy in about 1.8 s on a quiet machine,
 * of which PGlite's WebAssembly start is about 0.5 s.
 *
 * esbuild (already here as tsx's and Vite's) bundles our code only: every package stays an import
 * of node_modules (`packages: 'external'`), so native and WebAssembly packages (argon2, PGlite) and
 * the libraries the routes import on first use (exceljs, jsPDF, oidc-provider…) load as before, and
 * with `splitting` our own lazily imported modules stay separate chunks, loaded when first used.
 */

export const SERVER_OUT_DIR = 'dist-server';

/** What the server bundle reads: the server, and the shared code of src/ (src/domain, src/contract) it imports. */
export const SERVER_BUILD_INPUTS = ['server', 'src', 'package.json', 'package-lock.json', 'tsconfig.json'];

export async function buildServer(opts: { entry?: string; outDir?: string } = {}): Promise<string> {
  const outDir = path.resolve(opts.outDir ?? SERVER_OUT_DIR);
  await rm(outDir, { recursive: true, force: true });
  await build({
    entryPoints: { main: opts.entry ?? 'server/main.ts' },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // server/db/client.ts finds the migrations beside its module (`./migrations`): in the bundle that
  // module is main.js, so the migrations ship beside it. The build is then self-contained.
  await mkdir(outDir, { recursive: true });
  await cp('server/db/migrations', path.join(outDir, 'migrations'), { recursive: true });
  return path.join(outDir, 'main.js');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const main = await buildServer();
  process.stdout.write(`servidor construído em ${path.relative(process.cwd(), main)} (${Math.round(performance.now() - started)} ms)\n`);
}
