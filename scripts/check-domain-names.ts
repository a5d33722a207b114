/**
 * Part of `npm run lint`: one domain, one name (issue 26 item 4).
 *
 * Every client feature (`src/features/<name>`) has a server side: its folder `server/features/<name>`
 * and a server test `tests/server/<name>.test.ts` (or `<name>-<topic>.test.ts` when the domain's
 * tests are split by topic, as the registers' are). So a domain cannot again be `reports` on one side
 * and `field-reports` on the other. A feature that is an exception says so below, with its reason: the
 * lists are read by this script only, and an entry naming a feature that no longer exists fails too,
 * so the lists cannot go stale.
 *
 * Plain directory reads, no parsing: it runs in a few milliseconds.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Client features that call no API of their own: nothing to name on the server. Each with why. */
export const CLIENT_ONLY: Readonly<Record<string, string>> = {};

/**
 * Client features that are a screen over another domain's API: the server side (folder and tests)
 * is that domain's. Each with why; keep this short, a real domain gets its own server folder.
 */
export const SERVED_BY: Readonly<Record<string, { server: string; why: string }>> = {
  account: {
    server: 'auth',
    why: 'the signed-in user changing their own password (POST usuario/atualizar-senha) is a credential of the session, served and tested with auth',
  },
  'action-plan': {
    server: 'followups',
    why: 'the action plan is the follow-ups answers read as a plan: one follow-ups read (followups.actionPlan in src/contract/followups.ts, GET acompanhamento/acompanhamentos/plano-acao/{id}), served and tested with the follow-ups',
  },
};

export const defaultRoot = fileURLToPath(new URL('..', import.meta.url));

const folders = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

const files = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
    : [];

/** The problems found under `root` (a repository checkout), one pt-BR sentence each; empty when all is well. */
export function checkDomainNames(
  root: string,
  exceptions: { clientOnly?: Readonly<Record<string, string>>; servedBy?: Readonly<Record<string, { server: string; why: string }>> } = {},
): string[] {
  const clientOnly = exceptions.clientOnly ?? CLIENT_ONLY;
  const servedBy = exceptions.servedBy ?? SERVED_BY;
  const clientFeatures = folders(path.join(root, 'src/features'));
  const serverFeatures = new Set(folders(path.join(root, 'server/features')));
  const serverTests = files(path.join(root, 'tests/server'));
  const problems: string[] = [];

  for (const name of [...Object.keys(clientOnly), ...Object.keys(servedBy)]) {
    if (!clientFeatures.includes(name))
      problems.push(`scripts/check-domain-names.ts cita src/features/${name}, que não existe: tire-a da lista.`);
  }
  for (const name of clientFeatures) {
    if (name in clientOnly) continue;
    const server = servedBy[name]?.server ?? name;
    if (!serverFeatures.has(server)) {
      problems.push(`src/features/${name} não tem lado servidor com o mesmo nome: falta server/features/${server}/.`);
    }
    if (!serverTests.some((file) => file === `${server}.test.ts` || (file.startsWith(`${server}-`) && file.endsWith('.test.ts')))) {
      problems.push(
        `src/features/${name} não tem teste de servidor com o mesmo nome: falta tests/server/${server}.test.ts (ou ${server}-<tema>.test.ts).`,
      );
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkDomainNames(defaultRoot);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error('Um domínio, um nome (docs/architecture.md): a feature do cliente, a do servidor e o teste de servidor se chamam igual.');
    process.exit(1);
  }
}
