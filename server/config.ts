import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import type { S3StorageConfig } from './lib/object-storage.ts';
import type { WriteGateLimits } from './plugins/write-gate.ts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: Uint8Array;
  jwtTtlSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  /** Where an approved payment process is mailed: the finance system's inbox (SGF_EMAIL). */
  sgfEmail: string;
  publicUrl?: string;
  demoPassword: string;
  /** Seed on start: always for the embedded database, only with SEED=1 on PostgreSQL. */
  seedOnStart: boolean;
  logLevel: string;
  staticDir?: string;
  /**
   * Names this server process across restarts (INSTANCE_ID, or host name and port): a server that
   * starts again under the same name knows every claim left by that name is dead (plugins/idempotency.ts).
   * Two live processes must never share it.
   */
  instanceId: string;
  /**
   * Slow clients (issue 13): a socket idle this long is dropped (a client trickling a byte every
   * 20 s), headers must arrive within headersTimeoutMs and a whole request within requestTimeoutMs.
   */
  idleTimeoutMs: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /**
   * How long a repeat waits for its key held by another instance before answering 503
   * (plugins/idempotency.ts). Repeats of a key running in this process wait for it in memory instead.
   */
  idempotencyWaitMs: number;
  /** Fairness under a flush of outboxes (issue 25): see plugins/write-gate.ts. */
  writeGate: WriteGateLimits;
  /**
   * Proxies whose X-Forwarded-For is believed (addresses, CIDRs or proxy-addr names such as
   * `loopback`), from TRUST_PROXY. Empty: none, so `request.ip` is the peer's own address.
   */
  trustProxy: string[];
  /** São Paulo's single sign-on (issue 18): see AmeiConfig. */
  amei: AmeiConfig;
  /** Where files live (issue 33): the folder DATA_DIR/files by default, or a bucket shared by every instance. */
  storage: StorageConfig;
};

export type StorageConfig = { kind: 'local' } | S3StorageConfig;

/** STORAGE=s3 with S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE). */
function loadStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = env.STORAGE?.trim() || 'local';
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new Error(`STORAGE deve ser "local" ou "s3" (recebido: "${kind}").`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('Com STORAGE=s3, defina S3_BUCKET (e S3_ENDPOINT fora da AWS).');
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('Defina S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntos, ou nenhum deles para as credenciais do ambiente.');
  }
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.S3_REGION?.trim() || 'us-east-1',
    bucket,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: ['1', 'true'].includes(env.S3_FORCE_PATH_STYLE?.trim().toLowerCase() ?? ''),
  };
}

/**
 * The OpenID provider of São Paulo's single sign-on. `embedded`: the demo provider this server mounts at
 * /idp (server/features/amei/identity-provider.ts). `external`: AMEI_ISSUER, AMEI_CLIENT_ID and
 * AMEI_CLIENT_SECRET, all three set, point the same code at the real provider and turn the embedded one off.
 */
export type AmeiConfig =
  | { mode: 'embedded'; issuer: string; clientId: string; idTokenTtlSeconds: number }
  | { mode: 'external'; issuer: string; clientId: string; clientSecret: string };

const EMBEDDED_CLIENT_ID = 'cidade-empreendedora-sp';

function loadAmeiConfig(env: NodeJS.ProcessEnv, publicUrl: string | undefined, port: number): AmeiConfig {
  const issuer = env.AMEI_ISSUER?.trim().replace(/\/$/, '');
  const clientId = env.AMEI_CLIENT_ID?.trim();
  const clientSecret = env.AMEI_CLIENT_SECRET?.trim();
  if (issuer && clientId && clientSecret) return { mode: 'external', issuer, clientId, clientSecret };
  if (issuer || clientId || clientSecret) {
    throw new Error('Defina AMEI_ISSUER, AMEI_CLIENT_ID e AMEI_CLIENT_SECRET juntos, ou nenhum deles para o provedor embutido.');
  }
  return {
    mode: 'embedded',
    // The issuer is an exact string in every token: the address the browser reaches this server by.
    issuer: `${publicUrl ?? `http://localhost:${port}`}/idp`,
    clientId: EMBEDDED_CLIENT_ID,
    idTokenTtlSeconds: Number(env.AMEI_ID_TOKEN_TTL_SECONDS ?? 300),
  };
}

/** JWT_SECRET, or a random secret kept in DATA_DIR so tokens survive restarts of the embedded server. */
function loadSecret(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  const publicUrl = env.PUBLIC_URL?.replace(/\/$/, '') || undefined;
  const port = Number(env.PORT ?? 8080);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    jwtSecret: loadSecret(env, dataDir),
    jwtTtlSeconds: Number(env.JWT_TTL_SECONDS ?? 8 * 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Cidade Empreendedora <nao-responda@cidadeempreendedora.local>',
    sgfEmail: env.SGF_EMAIL?.trim() || 'sgf@cidadeempreendedora.local',
    publicUrl,
    demoPassword: env.DEMO_PASSWORD ?? 'demo1234',
    seedOnStart: databaseUrl ? env.SEED === '1' : env.SEED !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    staticDir: env.STATIC_DIR ?? path.resolve('dist'),
    idleTimeoutMs: Number(env.IDLE_TIMEOUT_MS ?? 15_000),
    headersTimeoutMs: Number(env.HEADERS_TIMEOUT_MS ?? 15_000),
    // A 25 MB form over a slow mobile link; resumable uploads send 8 MB chunks.
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS ?? 300_000),
    idempotencyWaitMs: Number(env.IDEMPOTENCY_WAIT_MS ?? 10_000),
    // A handful of writes at once keeps the database free for interactive reads (the embedded one
    // runs one query at a time); a device's outbox sends one write at a time, so 8 per user leaves
    // room for several devices of one person.
    writeGate: {
      concurrency: Number(env.WRITE_CONCURRENCY ?? 4),
      queueMax: Number(env.WRITE_QUEUE_MAX ?? 100),
      waitMs: Number(env.WRITE_QUEUE_WAIT_MS ?? 10_000),
      perUser: Number(env.WRITES_PER_USER ?? 8),
    },
    instanceId: (env.INSTANCE_ID || `${hostname()}:${Number(env.PORT ?? 8080)}`).replace(/\|/g, '_'),
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    amei: loadAmeiConfig(env, publicUrl, port),
    storage: loadStorageConfig(env),
  };
}
