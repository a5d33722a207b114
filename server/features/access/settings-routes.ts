import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAdmin } from '../../../src/domain/permissions.ts';
import { configSchema, configUpdateSchema } from '../../../src/domain/users.ts';
import { requireFlag } from '../../lib/access.ts';
import { getConfig, updateConfig } from './settings-repository.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403);

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/configuracao',
    {
      schema: {
        tags: ['configuracao'],
        summary: 'Flags globais (de sistema) da base de dados',
        description: 'Legível por qualquer usuário autenticado: o cliente precisa delas para decidir o que mostrar.',
        response: { 200: configSchema, ...errors },
      },
    },
    async (request) => getConfig(app.db, request.tenant.id),
  );

  app.put(
    '/configuracao',
    {
      schema: {
        tags: ['configuracao'],
        summary: 'Altera qualquer subconjunto das flags globais',
        body: configUpdateSchema,
        response: { 200: configSchema, ...errors },
      },
    },
    async (request) => {
      // Admins keep access even after switching the Configurações menu off for everyone.
      if (!isAdmin(request.session.usuario)) requireFlag(request.session, 'menuConfiguracoes');
      return updateConfig(app.db, request.tenant.id, request.body);
    },
  );
};
