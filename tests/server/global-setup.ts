import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.ts';
import { seed } from '../../server/seed/index.ts';
import { TEST_PASSWORD } from './constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a gzipped data dir, migrated and seeded once for the whole run. */
    pgliteTemplate?: string;
    /** PostgreSQL: name of a migrated and seeded template database each test file clones. */
    pgTemplateDb?: string;
  }
}

/**
 * Migrating and seeding once and cloning the result keeps a fresh database per test file cheap,
 * on PGlite (dump and load of the data dir) and on PostgreSQL (CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const templateDb = `ce_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateDb}`);
    await admin.query(`CREATE DATABASE ${templateDb}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${templateDb}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await seed(database.db, { demoPassword: TEST_PASSWORD });
    await database.close();
    project.provide('pgTemplateDb', templateDb);
    return async () => {
      // Clones made by test files are dropped by the files themselves; the template goes last.
      const leftovers = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'ce_t_${process.pid}_%'`,
      );
      for (const { datname } of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${templateDb} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'ce-pglite-template-'));
  const client = await PGlite.create();
  const database = await openDatabase({ pglite: client });
  await seed(database.db, { demoPassword: TEST_PASSWORD });
  const dump = await client.dumpDataDir('gzip');
  const file = path.join(dir, 'template.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return async () => rm(dir, { recursive: true, force: true });
}
