import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the server codes against: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

/** Any constant names the lock; this one spells "cidade-e" in ASCII. */
const MIGRATION_LOCK = 0x6369646164652d65n;

/**
 * Several instances started together each apply the migrations: under a session advisory lock, so
 * one migrates while the others wait and then find nothing left to do (drizzle's migrator takes
 * no lock of its own, and two CREATE TABLE of one migration would fail the later instance).
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }) as never, { migrationsFolder });
  } finally {
    // Ending the session releases the lock too, should the unlock fail with the connection.
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]).catch(() => {});
    client.release();
  }
}

/** Embedded PGlite in `dataDir`, or PostgreSQL when `databaseUrl` is given. */
export async function openDatabase(opts: { dataDir?: string; databaseUrl?: string; pglite?: PGlite }): Promise<Database> {
  if (opts.databaseUrl) {
    // node-postgres loads only for PostgreSQL: the embedded default starts without it.
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.DB_POOL_MAX ?? 10) });
    // An idle connection dropped by the server (restart, failover) is discarded by the pool and the
    // next query opens a new one; without a listener the event would crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    await migrateOnce(pool);
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client = opts.pglite;
  if (!client) {
    if (!opts.dataDir) throw new Error('dataDir or databaseUrl is required');
    const dir = path.join(opts.dataDir, 'pgdata');
    // PGlite does not create parent folders itself.
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  const owned = client;
  return { db, kind: 'pglite', close: () => owned.close() };
}
