import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkDomainNames, defaultRoot } from '../../scripts/check-domain-names.ts';

describe('check-domain-names (npm run lint)', () => {
  let root: string;
  const folder = (relative: string) => mkdirSync(path.join(root, relative), { recursive: true });
  const file = (relative: string) => {
    folder(path.dirname(relative));
    writeFileSync(path.join(root, relative), '');
  };
  const none = { clientOnly: {}, servedBy: {} };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'ce-domain-names-'));
    folder('src/features/meetings');
    folder('server/features/meetings');
    file('tests/server/meetings.test.ts');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('passes on this repository', () => {
    expect(checkDomainNames(defaultRoot)).toEqual([]);
  });

  it('passes when the client feature, the server feature and the server test share one name', () => {
    expect(checkDomainNames(root, none)).toEqual([]);
  });

  it('fails when the server side of a client feature has another name', () => {
    rmSync(path.join(root, 'server/features/meetings'), { recursive: true });
    folder('server/features/calendar');
    expect(checkDomainNames(root, none)).toEqual([expect.stringContaining('falta server/features/meetings/')]);
  });

  it('fails when the server test has another name; a test split by topic counts', () => {
    rmSync(path.join(root, 'tests/server/meetings.test.ts'));
    file('tests/server/calendar.test.ts');
    expect(checkDomainNames(root, none)).toEqual([expect.stringContaining('falta tests/server/meetings.test.ts')]);
    file('tests/server/meetings-batch.test.ts');
    expect(checkDomainNames(root, none)).toEqual([]);
  });

  it('takes the declared exceptions, and fails when one names a feature that no longer exists', () => {
    folder('src/features/account');
    folder('server/features/auth');
    file('tests/server/auth.test.ts');
    folder('src/features/theme');
    expect(checkDomainNames(root, none)).toHaveLength(4);
    const exceptions = { clientOnly: { theme: 'no API' }, servedBy: { account: { server: 'auth', why: 'the session' } } };
    expect(checkDomainNames(root, exceptions)).toEqual([]);
    rmSync(path.join(root, 'src/features/theme'), { recursive: true });
    expect(checkDomainNames(root, exceptions)).toEqual([expect.stringContaining('src/features/theme, que não existe')]);
  });
});
