import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sala5w2h } from '../../../src/contract/sala-5w2h.ts';
import { SALA_5W2H_MESSAGES } from '../../../src/domain/sala-5w2h.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import { registerPlanRecords } from './access.ts';
import * as repo from './repository.ts';

/** 24 random bytes: 32 base64url characters, the shape planHashSchema accepts. */
const newHash = () => randomBytes(24).toString('base64url');

/**
 * 5W2H plans (spec §7 api/sala5w2h), declared in src/contract/sala-5w2h.ts: access (the room's
 * municipality, or the plan's through registerPlanRecords) is decided before the body is validated.
 * Creates and updates run in withCommand, so a retried outbox entry (its Idempotency-Key) replays the
 * first answer instead of writing twice. An update never moves a plan to another room.
 */
export const sala5w2hRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerPlanRecords();
  const missing = () => notFound(SALA_5W2H_MESSAGES.naoEncontrado);
  const found = <T>(row: T | null): T => {
    if (row === null) throw missing();
    return row;
  };

  route(app, sala5w2h.create, async ({ request, reply, tenantId, body }) => {
    const plan = await withCommand(request, (tx) => repo.insertPlan(tx, tenantId, body));
    return reply.status(201).send(plan);
  });

  route(app, sala5w2h.update, async ({ request, tenantId, record, body }) => {
    const { sala5w2hId, municipioId: _moved, ...fields } = body;
    const plan = await withCommand(request, (tx) => repo.updatePlan(tx, tenantId, record.sala5w2hId, fields));
    if (!plan || plan.sala5w2hId !== sala5w2hId) throw missing();
    return plan;
  });

  route(app, sala5w2h.remove, async ({ reply, tenantId, record }) => {
    if (!(await repo.deletePlan(db, tenantId, record.sala5w2hId))) throw missing();
    return reply.status(204).send(null);
  });

  route(app, sala5w2h.list, async ({ tenantId, municipality }) => repo.listPlans(db, tenantId, municipality.municipioId));

  route(app, sala5w2h.share, async ({ tenantId, record }) => found(await repo.setPlanHash(db, tenantId, record.sala5w2hId, newHash())));

  route(app, sala5w2h.revoke, async ({ tenantId, record }) => found(await repo.setPlanHash(db, tenantId, record.sala5w2hId, null)));

  // Public: the id and the current secret must both match; a wrong, old or revoked secret reads as missing.
  route(app, sala5w2h.public, async ({ tenantId, params }) => {
    const plan = await repo.findPublicPlan(db, tenantId, params.hash, params.id);
    if (!plan) throw notFound(SALA_5W2H_MESSAGES.linkNaoEncontrado);
    return plan;
  });
};
