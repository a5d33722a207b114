import { mkdirSync } from 'node:fs';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { tenant } from './db/schema/index.ts';
import { DEMO_IDENTITIES } from './features/amei/demo-identities.ts';
import { DEMO_ACCOUNTS, FIRST_ACCESS_ACCOUNT } from './seed/demo-accounts.ts';
import { restoreSeedFiles } from './seed/field-reports.ts';

const startedAt = performance.now();
const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });

/** host:port of a PostgreSQL URL, for an operator's message (never the password). */
function hostOf(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}`;
  } catch {
    return 'um endereço inválido';
  }
}

// The application (Fastify, its plugins, every feature's routes) is imported while the database
// opens: PGlite compiles its WebAssembly and reads its files off the main thread, so on a 2-core
// machine the two overlap instead of adding up (issue 32, item 9: about 0.3 s of a 1.8 s start).
const appModule = import('./app.ts');
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
} catch (err) {
  if (!config.databaseUrl) throw err;
  // An operator's typo or a database that is down: one line naming where, not a stack trace.
  // The driver's error (ECONNREFUSED, ENOTFOUND, a refused password) is the cause of drizzle's "Failed query".
  let cause: unknown = err;
  while ((cause as { cause?: unknown }).cause) cause = (cause as { cause: unknown }).cause;
  const reason = String((cause as { code?: string }).code ?? (cause as Error).message).split('\n')[0];
  process.stderr.write(`Não foi possível conectar ao PostgreSQL em ${hostOf(config.databaseUrl)} (DATABASE_URL): ${reason}\n`);
  process.exit(1);
}
const app = await (await appModule).buildApp({ config, db: database.db });

// Uploads fail while the file storage cannot be written: say so at once (GET /api/health says it too).
const storageProblem = await app.storage.probe();
if (storageProblem) app.log.error(`Armazenamento de arquivos sem permissão de escrita (${storageProblem}): envios de arquivos vão falhar.`);

// Seeding happens on the first run of the embedded database (or with SEED=1), never by surprise on PostgreSQL.
if (config.seedOnStart) {
  if ((await database.db.$count(tenant)) === 0) {
    // The seed and its data load only when there is something to seed, not at every start.
    const { seed } = await import('./seed/index.ts');
    const { created } = await seed(database.db, { demoPassword: config.demoPassword, log: (m) => app.log.info(m) });
    app.log.info({ created }, 'demo data seeded');
  }
}
// Seeded attachments exist in the database only until their bytes are written to this server's
// storage (server/seed/field-reports.ts): at every boot, since the seed may have run elsewhere (npm run seed).
await restoreSeedFiles(database.db, app.storage);

await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}`;
const banner = [
  '',
  `  Cidade Empreendedora em ${url}`,
  `  API: ${url}/api  ·  Documentação: ${url}/api/docs`,
  `  Banco: ${database.kind === 'pglite' ? `PGlite embutido em ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  `  Pronto em ${Math.round(performance.now() - startedAt)} ms`,
  '',
  `  Logins de demonstração (senha: ${config.demoPassword}; bases "sc" e "ms"):`,
  ...[...DEMO_ACCOUNTS, FIRST_ACCESS_ACCOUNT].map((a) => `    ${a.email.padEnd(28)} ${a.role}`),
  '',
  ...(config.amei.mode === 'embedded'
    ? [
        `  Acesso único de São Paulo (provedor embutido em ${config.amei.issuer}; senha: ${config.demoPassword}; base "sp", ?variante=sao-paulo):`,
        ...DEMO_IDENTITIES.map((i) => `    ${i.email.padEnd(28)} ${i.role.padEnd(14)} CPF ${i.cpf}  AMEI ${i.ameiid}`),
      ]
    : [`  Acesso único de São Paulo: provedor ${config.amei.issuer} (AMEI_ISSUER)`]),
  '',
].join('\n');
process.stdout.write(`${banner}\n`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
