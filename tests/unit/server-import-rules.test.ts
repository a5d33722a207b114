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
    const code = ["export { listMembers } from '../members/read.ts';", "export * from './repository.ts';"].join('\n');
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

  it('a feature reaches another only through its read.ts (and uploads through claims.ts), never by another module', async () => {
    expect(await restrictedImports('server/features/sync/x.ts', "export * from '../solutions/read.ts';")).toEqual([]);
    expect(await restrictedImports('server/features/field-reports/x.ts', "export * from '../uploads/claims.ts';")).toEqual([]);
    expect(await restrictedImports('server/features/sync/x.ts', "export * from '../followups/access.ts';")).toEqual([
      expect.stringContaining('leia pelo read.ts da dona'),
    ]);
    expect(await restrictedImports('server/features/sync/x.ts', "export * from '../solutions/claims.ts';")).toEqual([
      expect.stringContaining('leia pelo read.ts da dona'),
    ]);
  });

  it('server/read-models is gone: a feature does not import it', async () => {
    expect(await restrictedImports('server/features/sync/x.ts', "export * from '../../read-models/members.ts';")).toEqual([
      expect.stringContaining('nunca um plugin'),
    ]);
  });

  it('a feature does not import a plugin, the composition root or server/app.ts; server/config.ts it may', async () => {
    const code = [
      "export * from '../../plugins/idempotency.ts';",
      "export * from '../../app.ts';",
      "export * from '../../main.ts';",
      "export type { AmeiConfig } from '../../config.ts';",
      "export * from '../../lib/errors.ts';",
      "export * from '../../db/client.ts';",
      "export * from '../../../src/domain/members.ts';",
      "export * from '../../../src/contract/members.ts';",
    ].join('\n');
    expect(await restrictedImports('server/features/members/x.ts', code)).toEqual([
      expect.stringContaining('nunca um plugin'),
      expect.stringContaining('nunca um plugin'),
      expect.stringContaining('nunca um plugin'),
    ]);
  });

  it('server/db imports only src/domain and itself (not src/contract)', async () => {
    const code = [
      "export * from '../lib/errors.ts';",
      "export * from '../../plugins/auth.ts';",
      "export * from '../../features/members/read.ts';",
      "export * from '../../config.ts';",
      "export * from '../../../src/contract/members.ts';",
      "export * from './common.ts';",
      "export * from '../../../src/domain/users.ts';",
    ].join('\n');
    expect(await restrictedImports('server/db/schema/x.ts', code)).toEqual(
      Array(5).fill(expect.stringContaining('server/db só importa src/domain')),
    );
  });

  it('server/lib imports server/db, src/domain and src/contract, never a plugin or a feature', async () => {
    const code = [
      "export * from '../plugins/idempotency.ts';",
      "export * from '../features/members/read.ts';",
      "export * from '../app.ts';",
      "export * from '../db/client.ts';",
      "export * from './errors.ts';",
      "export * from '../../src/domain/users.ts';",
      "export * from '../../src/contract/members.ts';",
    ].join('\n');
    expect(await restrictedImports('server/lib/x.ts', code)).toEqual(Array(3).fill(expect.stringContaining('server/lib só importa')));
  });

  it('server/plugins imports server/lib, server/db and the shared code, never a feature', async () => {
    const code = [
      "export * from '../features/members/read.ts';",
      "export * from '../config.ts';",
      "export * from '../lib/errors.ts';",
      "export * from '../db/client.ts';",
      "export * from './auth.ts';",
    ].join('\n');
    expect(await restrictedImports('server/plugins/x.ts', code)).toEqual(
      Array(2).fill(expect.stringContaining('server/plugins só importa')),
    );
  });

  it('no server file imports the client’s entities, session, lib or data layers', async () => {
    for (const layer of ['entities/members/data.ts', 'session/store.ts', 'lib/notify.ts', 'data/query.ts']) {
      expect(await restrictedImports('server/features/members/x.ts', `export * from '../../../src/${layer}';`)).toEqual([
        expect.stringContaining('só compartilha src/domain'),
      ]);
      expect(await restrictedImports('server/lib/x.ts', `export * from '../../src/${layer}';`)).toHaveLength(1);
    }
  });
});
