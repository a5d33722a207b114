import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../../src/contract/users.ts';
import { permittedMunicipalityIds, seesAllMunicipalities, type PermissionContext } from '../../../src/domain/permissions.ts';
import { requireMunicipality } from '../../lib/access.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import * as commands from './commands.ts';
import { USER_NOT_FOUND } from './commands.ts';
import * as repo from './repository.ts';

/** The municipalities whose people a caller may see listed: all, or those they hold a permission in. */
function visibleMunicipalities(ctx: PermissionContext): 'all' | ReadonlySet<number> {
  return seesAllMunicipalities(ctx) ? 'all' : permittedMunicipalityIds(ctx.usuario);
}

/** A read that names one account: 404 with the users' message when the tenant has none. */
function found<T>(row: T | null): T {
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

/**
 * Users (spec §7 api/usuario), declared in src/contract/users.ts: the manager rule is decided
 * before the body is read; the writes are commands (commands.ts).
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  route(app, users.create, async ({ request, reply, session, tenantId, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.create(tx, session, tenantId, body))),
  );

  for (const ep of [users.update, users.updateUser]) {
    route(app, ep, async ({ request, session, tenantId, body }) =>
      withCommand(request, (tx) => commands.update(tx, session, tenantId, body)),
    );
  }

  route(app, users.remove, async ({ request, session, tenantId, params }) =>
    withCommand(request, (tx) => commands.remove(tx, session, tenantId, params.id)),
  );

  route(app, users.setEnabled, async ({ request, session, tenantId, body }) =>
    withCommand(request, (tx) => commands.setEnabled(tx, session, tenantId, body)),
  );

  route(app, users.list, async ({ tenantId, query }) => repo.listUsers(db, tenantId, query));

  route(app, users.filter, async ({ tenantId, body }) => repo.listUsers(db, tenantId, body));

  route(app, users.consultants, async ({ tenantId, session }) =>
    repo.listConsultants(db, tenantId, { visible: visibleMunicipalities(session) }),
  );

  route(app, users.consultantsOfMunicipality, async ({ tenantId, session, municipality }) =>
    repo.listConsultants(db, tenantId, { municipioId: municipality.municipioId, visible: visibleMunicipalities(session) }),
  );

  route(app, users.ads, async ({ tenantId, session, query: { municipioId } }) => {
    // Optional, so not in the declaration (access.municipality always names a place).
    if (municipioId) requireMunicipality(session, municipioId);
    return repo.listRoleHolders(db, tenantId, ['AD'], { municipioId, visible: visibleMunicipalities(session) });
  });

  route(app, users.find, async ({ tenantId, params }) => repo.findUsers(db, tenantId, params.texto));

  route(app, users.byEmail, async ({ tenantId, params }) => found(await repo.findUserBy(db, tenantId, { email: params.email })));

  route(app, users.byCpf, async ({ tenantId, params }) => found(await repo.findUserBy(db, tenantId, { cpf: params.cpf })));

  route(app, users.get, async ({ tenantId, params }) => found(await repo.getUserDetail(db, tenantId, params.id)));

  // ------------------------------------------------------------ per-municipality roles

  route(app, users.permissions, async ({ tenantId, query }) => {
    const target = found(await repo.getUser(db, tenantId, query.usuarioId));
    return repo.listPermissions(db, tenantId, target.usuarioId);
  });

  route(app, users.addPermission, async ({ request, reply, session, tenantId, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.addPermission(tx, session, tenantId, body))),
  );

  route(app, users.removePermission, async ({ request, session, tenantId, params }) =>
    withCommand(request, (tx) => commands.removePermission(tx, session, tenantId, params.id)),
  );
};
