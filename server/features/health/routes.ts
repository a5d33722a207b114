import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const state = z.enum(['ok', 'indisponivel']);

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { tenant: false, public: true },
      schema: {
        tags: ['sistema'],
        summary: 'Servidor, banco de dados e armazenamento de arquivos no ar',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok'), storage: z.literal('ok') }),
          503: z.object({ status: z.literal('erro'), database: state, storage: state, message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const database = await app.db.execute(sql`select 1`).then(
        () => 'ok' as const,
        (err: unknown) => {
          request.log.error({ err }, 'database unreachable');
          return 'indisponivel' as const;
        },
      );
      // A folder that cannot take a write fails every upload: the server is not healthy without it.
      const storageProblem = await app.storage.probe();
      if (storageProblem) request.log.error({ storage: storageProblem }, 'file storage not writable');
      const storage = storageProblem ? ('indisponivel' as const) : ('ok' as const);
      if (database === 'ok' && storage === 'ok') return { status: 'ok' as const, database, storage };
      const message =
        database !== 'ok' && storage !== 'ok'
          ? 'Banco de dados e armazenamento de arquivos indisponíveis.'
          : database !== 'ok'
            ? 'Banco de dados indisponível.'
            : 'Armazenamento de arquivos indisponível: o servidor não consegue gravar arquivos.';
      return reply.status(503).send({ status: 'erro' as const, database, storage, message });
    },
  );
};
