import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { tenant: false, public: true },
      schema: {
        tags: ['sistema'],
        summary: 'Servidor e banco de dados no ar',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
          503: z.object({ status: z.literal('erro'), database: z.literal('indisponivel'), message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'database unreachable');
        return reply
          .status(503)
          .send({ status: 'erro' as const, database: 'indisponivel' as const, message: 'Banco de dados indisponível.' });
      }
    },
  );
};
