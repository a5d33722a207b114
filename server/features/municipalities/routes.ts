import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { municipalityListItemSchema } from '../../../src/domain/municipality.ts';
import { permittedMunicipalityIds, seesAllMunicipalities } from '../../../src/domain/permissions.ts';
import { errorSchema } from '../../../src/domain/session.ts';
import { listMunicipalities } from './repository.ts';

export const municipalityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/municipio',
    {
      schema: {
        tags: ['municipio'],
        summary: 'Municípios que o usuário pode ver',
        response: { 200: z.array(municipalityListItemSchema), 401: errorSchema },
      },
    },
    async (request) => {
      const session = request.session;
      const ids = seesAllMunicipalities(session) ? undefined : [...permittedMunicipalityIds(session.usuario)];
      return listMunicipalities(app.db, request.tenant.id, ids);
    },
  );
};
