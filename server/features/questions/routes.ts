import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { offlineQuestionSchema } from '../../../src/domain/offline-bundle.ts';
import { visibleAxisIds } from '../../../src/domain/permissions.ts';
import { requireCityTab, requireMunicipality } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { errorResponses, idParams } from '../../lib/route-schemas.ts';
import { municipalityExists } from '../municipalities/read.ts';
import * as repo from './repository.ts';

const errors = errorResponses(400, 401, 403, 404);

/**
 * A municipality's questions (spec §7 api/pergunta/perguntamunicipio; the themes are a register,
 * server/features/registers/themes.ts): the list the follow-up, evidence and Sala domains share,
 * limited to the axes the user sees (spec §6); a municipality's questions also need its Acompanhamento tab, whose data they are.
 * The offline bundle carries the same question rows (questions/read.ts).
 */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/pergunta/perguntamunicipio/get-perguntas/:id',
    {
      schema: {
        tags: ['pergunta'],
        summary: 'Perguntas do município (id do município), por tema e número',
        params: idParams,
        response: { 200: z.array(offlineQuestionSchema), ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const municipioId = request.params.id;
      requireMunicipality(ctx, municipioId);
      // A full admin sees every municipality id: one of another tenant is still not found.
      if (!(await municipalityExists(db, request.tenant.id, municipioId))) throw notFound('Município não encontrado.');
      requireCityTab(ctx, municipioId, 'acompanhamento');
      return repo.listQuestions(db, request.tenant.id, municipioId, visibleAxisIds(ctx, municipioId));
    },
  );
};
