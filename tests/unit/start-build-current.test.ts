import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBuildCurrent, newestModification } from '../../scripts/start.ts';

/** scripts/start.ts (issue 32, item 9): `npm start` builds only when dist/ or dist-server/ is missing or stale. */
let root: string;
const at = (file: string, seconds: number) => utimes(path.join(root, file), seconds, seconds);

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'ce-start-'));
  await mkdir(path.join(root, 'src', 'features', 'deep'), { recursive: true });
  await writeFile(path.join(root, 'src', 'main.tsx'), 'x');
  await writeFile(path.join(root, 'src', 'features', 'deep', 'page.tsx'), 'x');
  await writeFile(path.join(root, 'index.html'), 'x');
  await writeFile(path.join(root, 'package.json'), '{}');
  await mkdir(path.join(root, 'server', 'features'), { recursive: true });
  await writeFile(path.join(root, 'server', 'features', 'routes.ts'), 'x');
  for (const file of ['src/main.tsx', 'src/features/deep/page.tsx', 'index.html', 'package.json', 'server/features/routes.ts']) await at(file, 1_000);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function build(seconds: number, { server = true } = {}) {
  await mkdir(path.join(root, 'dist'), { recursive: true });
  await writeFile(path.join(root, 'dist', 'index.html'), '<!doctype html>');
  await at('dist/index.html', seconds);
  if (!server) return;
  await mkdir(path.join(root, 'dist-server'), { recursive: true });
  await writeFile(path.join(root, 'dist-server', 'main.js'), '');
  await at('dist-server/main.js', seconds);
}

describe('isBuildCurrent', () => {
  it('is false on a fresh clone (no dist/)', () => {
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('is false when dist/ has no index.html (a build that did not finish)', async () => {
    await mkdir(path.join(root, 'dist', 'assets'), { recursive: true });
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('is true when the build is newer than every source', async () => {
    await build(2_000);
    expect(isBuildCurrent(root)).toBe(true);
  });

  it('is false once a source deep in src/ changes after the build', async () => {
    await build(2_000);
    await at('src/features/deep/page.tsx', 3_000);
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('is false when the dependencies (package.json) changed after the build', async () => {
    await build(2_000);
    await at('package.json', 2_500);
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('is false when the server was not bundled (dist-server/main.js missing)', async () => {
    await build(2_000, { server: false });
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('is false once a server source changes after the bundle', async () => {
    await build(2_000);
    await at('server/features/routes.ts', 3_000);
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('ignores inputs this checkout does not have', async () => {
    await build(2_000);
    expect(newestModification(root, ['sw', 'public', 'index.html'])).toBe(1_000_000);
  });
});
