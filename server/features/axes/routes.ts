import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { axes } from '../../../src/contract/axes.ts';
import { visibleAxisIds } from '../../../src/domain/permissions.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * Axes (spec §7 api/projeto/eixo), declared in src/contract/axes.ts: reference data every signed-in
 * user reads; only the per-municipality list applies the user's permissions.
 */
export const axisRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  route(app, axes.list, async ({ tenantId }) => repo.listAxes(db, tenantId));

  route(app, axes.ofProject, async ({ tenantId, params }) => {
    if (!(await repo.projectExists(db, tenantId, params.id))) throw notFound('Projeto não encontrado.');
    return repo.listAxesOfProject(db, tenantId, params.id);
  });

  route(app, axes.ofMunicipality, async ({ tenantId, session, municipality }) => {
    const visible = visibleAxisIds(session, municipality.municipioId);
    const all = await repo.listAxesOfMunicipality(db, tenantId, municipality.municipioId);
    return visible === 'all' ? all : all.filter((a) => visible.has(a.eixoId));
  });
};
