import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { health } from '../../../src/contract/health.ts';
import { route } from '../../lib/endpoint.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, health.get, async ({ request, reply }) => {
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
  });
};
