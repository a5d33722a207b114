import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import type { MailMessage } from '../../server/plugins/mail.ts';
import { restoreSeedFiles } from '../../server/seed/field-reports.ts';
import { TEST_PASSWORD } from './constants.ts';
import { startS3Server } from './s3-server.ts';

export { TEST_PASSWORD };

/**
 * A fresh database for one test file: a clone of the run's migrated and seeded template, or, with
 * `seeded: false`, a new database with the migrations only. PGlite, or PostgreSQL with DATABASE_URL.
 */
export async function createTestDatabase({ seeded = true } = {}): Promise<Database & { drop: () => Promise<void> }> {
  const templateDb = inject('pgTemplateDb');
  const databaseUrl = process.env.DATABASE_URL;
  if (templateDb && databaseUrl) {
    const name = `ce_t_${process.ppid}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(seeded ? `CREATE DATABASE ${name} TEMPLATE ${templateDb}` : `CREATE DATABASE ${name}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    return {
      ...database,
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const template = inject('pgliteTemplate');
  if (!template) throw new Error('global setup did not prepare a template database');
  const client = seeded ? await PGlite.create({ loadDataDir: new Blob([await readFile(template)]) }) : await PGlite.create();
  const database = await openDatabase({ pglite: client });
  return { ...database, drop: async () => {} };
}

/**
 * The real app on a fresh, migrated and seeded database (PGlite, or PostgreSQL when DATABASE_URL
 * is set), with mail captured in memory. One per test file: call in beforeAll, close in afterAll.
 */
export async function createTestApp(
  opts: {
    beforeReady?: (app: FastifyInstance) => void;
    staticDir?: string;
    config?: Partial<Config>;
    now?: () => Date;
    /** Another instance on this database (kept open by its owner): several servers behind one proxy. */
    database?: Database;
  } = {},
) {
  const database = opts.database ? { ...opts.database, close: async () => {}, drop: async () => {} } : await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-test-'));
  // TEST_STORAGE=s3: files in a bucket on a real S3 protocol server of this file's own (issue 33).
  const bucket = process.env.TEST_STORAGE === 's3' && !opts.config?.storage ? await startS3Server() : null;
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret', LOG_LEVEL: 'silent' }),
    staticDir: opts.staticDir,
    ...(bucket && { storage: bucket.config }),
    ...opts.config,
  };
  const mails: MailMessage[] = [];
  const app = await buildApp({ config, db: database.db, mailer: { send: async (m) => void mails.push(m) }, logger: false, now: opts.now });
  opts.beforeReady?.(app);
  await app.ready();
  // As server/main.ts does at boot: the template's seeded attachments get their bytes in this file's storage.
  await restoreSeedFiles(database.db, app.storage);
  return {
    app,
    db: database.db,
    mails,
    config,
    async close() {
      await app.close();
      await database.close();
      await database.drop();
      await bucket?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Logs in through the API and returns the bearer token. */
export async function login(t: TestApp, email: string, tenant = 'sc', senha = TEST_PASSWORD): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/usuario/login',
    headers: { database: tenant },
    payload: { login: email, senha },
  });
  if (res.statusCode !== 200) throw new Error(`login ${email}@${tenant} failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/**
 * A test file's demo sign-ins: each demo user (`<user>@demo.local`) signs in once per tenant and its
 * token is reused by every test of the file (an argon2 login costs tens of milliseconds). `app` is a
 * getter because the file creates its app in beforeAll.
 */
export function demoSignIns(app: () => TestApp): (user: string, tenant?: string) => Promise<string> {
  const tokens = new Map<string, Promise<string>>();
  return (user, tenant = 'sc') => {
    const key = `${user}@${tenant}`;
    let token = tokens.get(key);
    if (!token) {
      token = login(app(), `${user}@demo.local`, tenant);
      tokens.set(key, token);
    }
    return token;
  };
}

export function authHeaders(token: string, tenant = 'sc') {
  return { authorization: `Bearer ${token}`, database: tenant, branch: 'hlg' };
}

/**
 * A multipart/form-data body as the app's forms send it: text fields, then each file under "arquivos"
 * (typed application/pdf), for app.inject({ payload, headers: { 'content-type': contentType } }).
 */
export function multipartForm(fields: Record<string, string>, files: { name: string; bytes: Buffer }[]) {
  const boundary = `----teste${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="arquivos"; filename="${f.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
