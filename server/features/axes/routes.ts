import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { axisListSchema } from '../../../src/domain/axes.ts';
import { visibleAxisIds } from '../../../src/domain/permissions.ts';
import { requireMunicipality } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { municipalityExists } from '../municipalities/read.ts';
import * as repo from './repository.ts';
import { errorResponses, idParams } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 404);

/**
 * Axes (spec §7 api/projeto/eixo). They are reference data every signed-in user reads to fill
 * combos, so listing needs no flag; only the per-municipality list applies the user's permissions.
 */
export const axisRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/projeto/eixo/get-eixo',
    { schema: { tags: ['eixo'], summary: 'Todos os eixos', response: { 200: axisListSchema, ...errors } } },
    async (request) => repo.listAxes(db, request.tenant.id),
  );

  app.get(
    '/projeto/eixo/get-eixo-by-projeto/:id',
    {
      schema: {
        tags: ['eixo'],
        summary: 'Eixos de um projeto',
        params: idParams,
        response: { 200: axisListSchema, ...errors },
      },
    },
    async (request) => {
      const tenantId = request.tenant.id;
      if (!(await repo.projectExists(db, tenantId, request.params.id))) throw notFound('Projeto não encontrado.');
      return repo.listAxesOfProject(db, tenantId, request.params.id);
    },
  );

  app.get(
    '/projeto/eixo/get-eixo-by-permissao-municipio/:id',
    {
      schema: {
        tags: ['eixo'],
        summary: 'Eixos do município que o usuário pode ver (todos com verTodosEixos; senão, os das suas permissões)',
        params: idParams,
        response: { 200: axisListSchema, ...errors },
      },
    },
    async (request) => {
      const { session, tenant } = request;
      const municipioId = request.params.id;
      requireMunicipality(session, municipioId);
      if (!(await municipalityExists(db, tenant.id, municipioId))) throw notFound('Município não encontrado.');
      const visible = visibleAxisIds(session, municipioId);
      const axes = await repo.listAxesOfMunicipality(db, tenant.id, municipioId);
      return visible === 'all' ? axes : axes.filter((a) => visible.has(a.eixoId));
    },
  );
};
