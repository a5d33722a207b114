import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tenant } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';

export type TenantInfo = { id: string; nome: string; uf: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for the few /api routes that are not tied to a tenant (health). */
    tenant?: boolean;
  }
  interface FastifyRequest {
    tenant: TenantInfo;
  }
}

/** API routes that exist (unknown ones fall through to the JSON 404) and are tenant-bound. */
export function routeNeedsTenant(request: FastifyRequest): boolean {
  return (
    request.url.startsWith('/api/') &&
    !request.url.startsWith('/api/docs') &&
    Boolean(request.routeOptions.url) &&
    request.routeOptions.config?.tenant !== false
  );
}

/**
 * The `database` header names the tenant (one per programme and state). It is resolved before
 * anything else so that every handler and repository can rely on `request.tenant`.
 */
export const tenantPlugin = fp(
  async (app: FastifyInstance) => {
    const known = new Map<string, TenantInfo>();
    app.decorateRequest('tenant', null as unknown as TenantInfo);
    app.addHook('onRequest', async (request) => {
      if (!routeNeedsTenant(request)) return;
      const raw = request.headers['database'];
      const id = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();
      if (!id) throw badRequest('Informe a base de dados (cabeçalho "database").');
      let info = known.get(id);
      if (!info) {
        const [row] = await app.db.select({ id: tenant.id, nome: tenant.nome, uf: tenant.uf }).from(tenant).where(eq(tenant.id, id));
        if (!row) throw badRequest(`Base de dados desconhecida: "${id}".`);
        info = row;
        known.set(id, info);
      }
      request.tenant = info;
    });
  },
  { name: 'tenant' },
);
