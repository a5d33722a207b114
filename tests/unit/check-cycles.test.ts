import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findCycles } from '../../scripts/check-cycles.ts';

/** `npm run lint:cycles` (scripts/check-cycles.ts), run on fixture trees written for each case. */
describe('check-cycles', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'ce-cycles-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('fails on two files importing each other, naming the circle', () => {
    write('src/a.ts', "import { b } from './b.ts';\nexport const a = () => b;\n");
    write('src/b.ts', "import { a } from './a.ts';\nexport const b = () => a;\n");
    expect(findCycles(['src'], root)).toEqual([['src/a.ts', 'src/b.ts', 'src/a.ts']]);
  });

  it('follows a longer circle across roots, through re-exports and extensionless specifiers', () => {
    write('server/db/people.ts', "export { questions } from './questions';\nexport const people = 1;\n");
    write('server/db/questions.ts', "import { registers } from '../../scripts/registers.ts';\nexport const questions = registers;\n");
    write('scripts/registers.ts', "import { people } from '../server/db/people.ts';\nexport const registers = people;\n");
    expect(findCycles(['server', 'scripts'], root)).toEqual([['scripts/registers.ts', 'server/db/people.ts', 'server/db/questions.ts', 'scripts/registers.ts']]);
  });

  it('counts type-only imports, and not dynamic import() or packages', () => {
    write('src/types-a.ts', "import type { B } from './types-b.ts';\nexport type A = { b?: B };\n");
    write('src/types-b.ts', "import type { A } from './types-a.ts';\nexport type B = { a?: A };\n");
    write('src/client.ts', "export const refresh = () => import('./sso.ts');\n");
    write('src/sso.ts', "import { refresh } from './client.ts';\nimport { z } from 'zod';\nexport const sso = { refresh, z };\n");
    expect(findCycles(['src'], root)).toEqual([['src/types-a.ts', 'src/types-b.ts', 'src/types-a.ts']]);
  });

  it('passes on a tree without circles', () => {
    write('src/a.ts', "import { b } from './b.ts';\nexport const a = b;\n");
    write('src/b.ts', 'export const b = 1;\n');
    expect(findCycles(['src', 'missing'], root)).toEqual([]);
  });
});
