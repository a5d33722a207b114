import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The server's import rules (eslint.config.js), checked on code that breaks them. */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('server import rules', () => {
  it('a feature does not import another feature’s repository or routes', async () => {
    const code = [
      "export { listMembers } from '../members/repository.ts';",
      "export { memberRoutes } from '../../features/members/routes.ts';",
    ].join('\n');
    expect(await restrictedImports('server/features/meetings/x.ts', code)).toEqual([
      expect.stringContaining('não importa o repositório de outra'),
      expect.stringContaining('não importa o repositório de outra'),
    ]);
  });

  it('a feature reads another’s data through a read model, and imports its own repository', async () => {
    const code = ["export { listMembers } from '../../read-models/members.ts';", "export * from './repository.ts';"].join('\n');
    expect(await restrictedImports('server/features/meetings/x.ts', code)).toEqual([]);
  });

  it('production server code does not import the seed; server/main.ts and the seed itself may', async () => {
    const code = "export { restoreSeedFiles } from '../../seed/field-reports.ts';";
    expect(await restrictedImports('server/features/field-reports/x.ts', code)).toEqual([expect.stringContaining('server/seed')]);
    expect(await restrictedImports('server/lib/x.ts', "export * from '../seed/index.ts';")).toHaveLength(1);
    expect(await restrictedImports('server/main.ts', "export * from './seed/index.ts';")).toEqual([]);
    expect(await restrictedImports('server/seed/x.ts', "export * from './field-reports.ts';")).toEqual([]);
  });

  it('every server file still keeps client-only layers out', async () => {
    expect(await restrictedImports('server/main.ts', "export * from '../src/offline/db.ts';")).toEqual([
      expect.stringContaining('só compartilha src/domain'),
    ]);
  });
});
