import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import type { Session } from '../../src/domain/session.ts';
import { unauthorized } from '../lib/errors.ts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { sessao, tenant } from '../db/schema/index.ts';
import { loadSession, openSession } from '../lib/session-repository.ts';
import { routeNeedsTenant } from './tenant.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true for routes reachable without a bearer token (login, password recovery, public pages). */
    public?: boolean;
  }
  interface FastifyRequest {
    /** The authenticated user's session; any change to users, groups, permissions or configuration applies at once. */
    session: Session;
    /** Id of the sign-in (`sessao` row) the bearer token belongs to. */
    sessionId: string;
  }
  interface FastifyInstance {
    /** Opens a session (a `sessao` row) and signs its token. */
    issueToken: (
      tenantId: string,
      usuarioId: number,
      /** `notAfter` (epoch seconds) shortens the token: a single sign-on session ends with the provider's token. */
      opts?: { dispositivoHash?: string; notAfter?: number },
    ) => Promise<{ token: string; expiraEm: string }>;
  }
}

const ISSUER = 'cidade-empreendedora';

/**
 * Bearer JWT (HS256), bound to the tenant it was issued in: the same token sent with another
 * tenant's `database` header is a 401, so one tenant's token can never read another's data.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { secret: Uint8Array; ttlSeconds: number }) => {
    app.decorate(
      'issueToken',
      async (tenantId: string, usuarioId: number, { dispositivoHash, notAfter }: { dispositivoHash?: string; notAfter?: number } = {}) => {
        const exp = Math.min(Math.floor(Date.now() / 1000) + opts.ttlSeconds, notAfter ?? Number.POSITIVE_INFINITY);
        const sid = await openSession(app.db, tenantId, usuarioId, { expiraEm: new Date(exp * 1000), dispositivoHash });
        const token = await new SignJWT({ tnt: tenantId, sid })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(usuarioId))
          .setIssuer(ISSUER)
          .setIssuedAt()
          .setExpirationTime(exp)
          .sign(opts.secret);
        return { token, expiraEm: new Date(exp * 1000).toISOString() };
      },
    );

    app.decorateRequest('session', null as unknown as Session);
    app.decorateRequest('sessionId', '');

    // Sessions are cached per user and reused while the tenant's permission version (bumped by
    // database triggers on any change to users, groups, permissions or configuration) stays the
    // same: one tiny query per request instead of the full session load, and still no stale rights.
    // The same query tells whether the token's sign-in is still open (not ended, not expired).
    const MAX_CACHED = 5000;
    const cache = new Map<string, { version: number; session: Session }>();
    async function currentSession(tenantId: string, usuarioId: number, sessionId: string): Promise<Session | null> {
      const [row] = await app.db
        .select({ version: tenant.versaoPermissoes, open: sessao.id })
        .from(tenant)
        .leftJoin(
          sessao,
          and(
            eq(sessao.id, sessionId),
            eq(sessao.tenantId, tenant.id),
            eq(sessao.usuarioId, usuarioId),
            isNull(sessao.encerradaEm),
            gt(sessao.expiraEm, new Date()),
          ),
        )
        .where(eq(tenant.id, tenantId));
      if (!row?.open) return null;
      const key = `${tenantId}:${usuarioId}`;
      const hit = cache.get(key);
      if (row && hit && hit.version === row.version) return hit.session;
      const session = await loadSession(app.db, tenantId, usuarioId);
      cache.delete(key);
      if (session && row) {
        if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
        cache.set(key, { version: row.version, session });
      }
      return session;
    }

    // Concurrent requests of one sign-in (a device resending its outbox, a burst of repeats under
    // one Idempotency-Key) share one check instead of queueing one query each on the database. A
    // request joining a check started a moment before it arrived is treated as if it had arrived
    // then; a check started after a sign-out, password change or disabling has committed sees it.
    const checking = new Map<string, Promise<Session | null>>();
    function checkSession(tenantId: string, usuarioId: number, sessionId: string): Promise<Session | null> {
      const key = `${tenantId}:${usuarioId}:${sessionId}`;
      let check = checking.get(key);
      if (!check) {
        check = currentSession(tenantId, usuarioId, sessionId).finally(() => checking.delete(key));
        checking.set(key, check);
      }
      return check;
    }

    async function authenticate(request: FastifyRequest) {
      const header = request.headers.authorization;
      // RFC 7235: the scheme name is case-insensitive ("bearer", "BEARER").
      const match = header ? /^bearer +(\S+)\s*$/i.exec(header) : null;
      const token = match?.[1];
      if (!token) throw unauthorized('Faça login para continuar.');
      let payload;
      try {
        ({ payload } = await jwtVerify(token, opts.secret, { issuer: ISSUER, algorithms: ['HS256'] }));
      } catch {
        throw unauthorized();
      }
      if (payload.tnt !== request.tenant.id) throw unauthorized('Sessão de outra base de dados. Entre novamente.');
      const usuarioId = Number(payload.sub);
      if (typeof payload.sid !== 'string' || !Number.isSafeInteger(usuarioId)) throw unauthorized();
      const session = await checkSession(request.tenant.id, usuarioId, payload.sid);
      if (!session) throw unauthorized();
      request.session = session;
      request.sessionId = payload.sid;
    }

    // Registered after the tenant hook, so `request.tenant` is known here.
    app.addHook('onRequest', async (request) => {
      if (!routeNeedsTenant(request) || request.routeOptions.config?.public) return;
      await authenticate(request);
    });
  },
  { name: 'auth', dependencies: ['tenant'] },
);
