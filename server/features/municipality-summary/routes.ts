import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { municipalitySummary } from '../../../src/contract/municipality-summary.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { registerSummaryRecords } from './access.ts';
import * as commands from './commands.ts';
import * as repo from './repository.ts';

/** api/municipio-resunmo (src/contract/municipality-summary.ts). */
export const municipalitySummaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerSummaryRecords();
  route(app, municipalitySummary.list, async ({ tenantId, municipality }) => repo.listSummaries(db, tenantId, municipality.municipioId));
  route(app, municipalitySummary.get, async ({ record }) => record);
  route(app, municipalitySummary.create, async ({ request, reply, session, tenantId, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.create(tx, { tenantId, ctx: session }, body))),
  );
  route(app, municipalitySummary.update, async ({ request, session, tenantId, record, body }) =>
    withCommand(request, (tx) => commands.update(tx, { tenantId, ctx: session }, record, body)),
  );
};
