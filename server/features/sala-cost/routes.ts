import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { salaCost } from '../../../src/contract/sala-cost.ts';
import { costMonthsByService, costSummary, SALA_COST_MESSAGES } from '../../../src/domain/sala-cost.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import { countDeliveries } from '../sala-time/read.ts';
import { registerCostRecords } from './access.ts';
import * as repo from './repository.ts';

/**
 * The cost room (spec §7 api/salacusto), declared in src/contract/sala-cost.ts. The totals are the
 * domain's (costSummary); the cost per service divides by the deliveries the time room recorded for
 * that service in the months it has costs.
 */
export const salaCostRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerCostRecords();
  const missing = () => notFound(SALA_COST_MESSAGES.naoEncontrado);
  const found = <T>(row: T | null): T => {
    if (row === null) throw missing();
    return row;
  };

  route(app, salaCost.create, async ({ request, reply, tenantId, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => repo.insertCost(tx, tenantId, body))),
  );

  route(app, salaCost.update, async ({ request, tenantId, record, body }) => {
    const { salaCustoId: _id, municipioId: _moved, ...fields } = body;
    return found(await withCommand(request, (tx) => repo.updateCost(tx, tenantId, record.salaCustoId, fields)));
  });

  route(app, salaCost.remove, async ({ reply, tenantId, record }) => {
    if (!(await repo.deleteCost(db, tenantId, record.salaCustoId))) throw missing();
    return reply.status(204).send(null);
  });

  route(app, salaCost.ofMunicipality, async ({ tenantId, municipality }) => {
    const custos = await repo.listCosts(db, tenantId, municipality.municipioId);
    const deliveries = await countDeliveries(db, tenantId, municipality.municipioId, costMonthsByService(custos));
    return { municipioId: municipality.municipioId, custos, resumo: costSummary(custos, deliveries) };
  });
};
