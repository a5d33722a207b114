import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../../src/contract/access.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import * as commands from './commands.ts';
import * as repo from './repository.ts';

/**
 * The permission groups and the reports each may open (spec §7 api/usuario/grupo,
 * api/UsuarioGrupoPermissao), declared in src/contract/access.ts: the manager rule is decided before
 * the body is read; the writes are commands (commands.ts).
 */
export const userGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  route(app, access.groups, async ({ tenantId }) => repo.listGroups(db, tenantId));

  route(app, access.lastGroup, async ({ tenantId }) => {
    const group = await repo.getLastGroup(db, tenantId);
    if (!group) throw notFound(commands.GROUP_NOT_FOUND);
    return group;
  });

  route(app, access.group, async ({ tenantId, params }) => commands.loadGroup(db, tenantId, params.id));

  route(app, access.createGroup, async ({ request, reply, session, tenantId, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.createGroup(tx, session, tenantId, body))),
  );

  for (const ep of [access.updateGroupAtRoot, access.updateGroup]) {
    route(app, ep, async ({ request, session, tenantId, body }) =>
      withCommand(request, (tx) => commands.updateGroup(tx, session, tenantId, body)),
    );
  }

  route(app, access.removeGroup, async ({ request, tenantId, params }) =>
    withCommand(request, (tx) => commands.removeGroup(tx, tenantId, params.id)),
  );

  // ------------------------------------------------------------ administrative reports a group may open

  route(app, access.groupReports, async ({ tenantId, query }) => repo.listGroupReports(db, tenantId, query.grupoId));

  route(app, access.reportsOfGroup, async ({ tenantId, params }) => {
    const group = await commands.loadGroup(db, tenantId, params.id);
    return repo.listGroupReports(db, tenantId, group.grupoId);
  });

  route(app, access.addGroupReport, async ({ request, reply, session, tenantId, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.addGroupReport(tx, session, tenantId, body))),
  );

  route(app, access.updateGroupReport, async ({ request, session, tenantId, body }) =>
    withCommand(request, (tx) => commands.updateGroupReport(tx, session, tenantId, body)),
  );

  route(app, access.removeGroupReport, async ({ request, session, tenantId, params }) =>
    withCommand(request, (tx) => commands.removeGroupReport(tx, session, tenantId, params.id)),
  );
};
