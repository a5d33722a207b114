import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projects } from '../../../src/contract/projects.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import * as commands from './commands.ts';
import * as repo from './repository.ts';

/**
 * Projects (spec §7 api/projeto), declared in src/contract/projects.ts: any signed-in user reads
 * them; the manager rule of the writes is decided before the body is read; the writes are commands.
 */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  route(app, projects.list, async ({ tenantId }) => repo.listProjects(db, tenantId));

  route(app, projects.ofUf, async ({ tenantId, query }) => repo.listProjects(db, tenantId, query.uf));

  route(app, projects.get, async ({ tenantId, params }) => {
    const project = await repo.getProject(db, tenantId, params.id);
    if (!project) throw notFound(commands.PROJECT_NOT_FOUND);
    return project;
  });

  route(app, projects.create, async ({ request, reply, tenantId, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.create(tx, tenantId, request.tenant.uf, body))),
  );

  route(app, projects.update, async ({ request, tenantId, body }) => withCommand(request, (tx) => commands.update(tx, tenantId, body)));

  route(app, projects.remove, async ({ request, tenantId, params }) =>
    withCommand(request, (tx) => commands.remove(tx, tenantId, params.id)),
  );
};
