import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { limiteTaxa } from '../db/schema/index.ts';
import { tooManyRequests } from '../lib/errors.ts';

type IncrResult = { current: number; ttl: number };
type Callback = (error: Error | null, result?: IncrResult) => void;

/**
 * A @fastify/rate-limit store on the `limite_taxa` table, so that every API instance counts the
 * same requests. One statement per request: it opens a window, counts within it, or starts a new
 * one once it ended, atomically (ON CONFLICT), so concurrent requests never lose a count.
 */
function databaseStore(db: Db) {
  return class DatabaseStore {
    private readonly prefix: string;
    // @fastify/rate-limit builds the root store with its options object; route stores get a prefix.
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      const chave = `${this.prefix}${key}`;
      const until = sql`now() + make_interval(secs => ${timeWindow / 1000})`;
      db.insert(limiteTaxa)
        .values({ chave, contagem: 1, expiraEm: until })
        .onConflictDoUpdate({
          target: limiteTaxa.chave,
          set: {
            contagem: sql`case when ${limiteTaxa.expiraEm} <= now() then 1 else ${limiteTaxa.contagem} + 1 end`,
            expiraEm: sql`case when ${limiteTaxa.expiraEm} <= now() then ${until} else ${limiteTaxa.expiraEm} end`,
          },
        })
        .returning({ contagem: limiteTaxa.contagem, ttl: sql<number>`(extract(epoch from ${limiteTaxa.expiraEm} - now()) * 1000)::float8` })
        .then(
          ([row]) => callback(null, { current: row!.contagem, ttl: Math.max(0, Math.round(Number(row!.ttl))) }),
          (error: Error) => callback(error),
        );
    }

    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const { method, url } = routeOptions.routeInfo ?? {};
      return new DatabaseStore(`${[method].flat().join(',')} ${url ?? ''}|`);
    }
  };
}

/** Whole minutes, at least 1, in words a user reads: "1 minuto", "15 minutos". */
function minutes(ms: number): string {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return n === 1 ? '1 minuto' : `${n} minutos`;
}

/**
 * @fastify/rate-limit for the routes that set `config.rateLimit` (login and the password e-mails),
 * keyed by tenant and client address (`request.ip`, which only names a proxy's client when
 * TRUST_PROXY names that proxy). Must be registered before the routes it limits.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      store: databaseStore(app.db) as never,
      keyGenerator: (request) => `${String(request.headers.database ?? '').toLowerCase()}|${request.ip}`,
      errorResponseBuilder: (_request, context) =>
        tooManyRequests(`Muitas tentativas. Aguarde ${minutes(context.ttl)} e tente novamente.`),
    });
  },
  { name: 'rate-limit' },
);
