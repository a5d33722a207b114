import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboard } from '../../../src/contract/dashboard.ts';
import type { DashboardFilter } from '../../../src/domain/dashboard.ts';
import { permittedMunicipalityIds, seesAllMunicipalities, type PermissionContext } from '../../../src/domain/permissions.ts';
import { route } from '../../lib/endpoint.ts';
import * as repo from './repository.ts';

/** Spec §6: all municipalities with visualizaMunicipio (or a full admin), otherwise those of the user's permissions. */
function scopeOf(ctx: PermissionContext, tenantId: string, filter: DashboardFilter): repo.Scope {
  return { tenantId, filter, visible: seesAllMunicipalities(ctx) ? undefined : [...permittedMunicipalityIds(ctx.usuario)] };
}

/** api/dashboard (src/contract/dashboard.ts): reads only, each one to a few grouped queries. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  route(app, dashboard.overview, async ({ session, tenantId, body }) => repo.overview(db, scopeOf(session, tenantId, body)));
  route(app, dashboard.indicators, async ({ session, tenantId, query }) => repo.indicatorAnalytics(db, scopeOf(session, tenantId, query)));
};
