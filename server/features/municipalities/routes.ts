import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { municipalities } from '../../../src/contract/municipalities.ts';
import { isAdmin, permittedMunicipalityIds, seesAllMunicipalities, type PermissionContext } from '../../../src/domain/permissions.ts';
import { openMunicipality } from '../../lib/access.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { loadSession } from '../../lib/session-repository.ts';
import { registerMunicipalityRecords } from './access.ts';
import * as commands from './commands.ts';
import * as repo from './repository.ts';

const MUNICIPALITY_NOT_FOUND = 'Município não encontrado.';

/** undefined = every municipality of the tenant. */
function visibleIds(ctx: PermissionContext): number[] | undefined {
  return seesAllMunicipalities(ctx) ? undefined : [...permittedMunicipalityIds(ctx.usuario)];
}

/**
 * Municipalities (spec §7 api/municipio) and their working groups (api/municipio/grupo), declared
 * in src/contract/municipalities.ts: access (the municipality or the group, through
 * registerMunicipalityRecords) is decided before the body is validated; the writes are commands.
 */
export const municipalityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerMunicipalityRecords();

  route(app, municipalities.list, async ({ session, tenantId }) => repo.listMunicipalities(db, tenantId, visibleIds(session)));

  route(app, municipalities.names, async ({ session, tenantId }) => repo.listMunicipalityNames(db, tenantId, visibleIds(session)));

  route(app, municipalities.ofThemeAxis, async ({ session, tenantId, query }) => {
    const { temaId, usuarioId } = query;
    // Not in the declaration: only asking on behalf of another user needs an admin, which the query says.
    let ctx: PermissionContext = session;
    if (usuarioId !== undefined && usuarioId !== session.usuario.usuarioId) {
      if (!isAdmin(session.usuario)) throw forbidden('Você só pode consultar os seus próprios municípios.');
      const other = await loadSession(db, tenantId, usuarioId);
      if (!other) throw notFound('Usuário não encontrado.');
      ctx = other;
    }
    const rows = await repo.listMunicipalitiesOfThemeAxis(db, tenantId, temaId, visibleIds(ctx));
    if (!rows) throw notFound('Tema não encontrado.');
    return rows;
  });

  route(app, municipalities.miniDash, async ({ tenantId, municipality }) => {
    const dash = await repo.municipalityMiniDash(db, tenantId, municipality.municipioId);
    if (!dash) throw notFound(MUNICIPALITY_NOT_FOUND);
    return dash;
  });

  route(app, municipalities.get, async ({ municipality }) => municipality);

  route(app, municipalities.update, async ({ session, tenantId, municipality, body }) =>
    commands.update(db, session, tenantId, municipality.municipioId, body),
  );

  route(app, municipalities.remove, async ({ request, reply, session, tenantId, params }) => {
    // The place is not declared (the admin 403 comes first, src/contract/municipalities.ts): the same gate, here.
    const municipality = await openMunicipality(db, session, tenantId, params.id);
    await withCommand(request, (tx) => commands.remove(tx, tenantId, municipality.municipioId));
    return reply.status(204).send(null);
  });

  route(app, municipalities.groups, async ({ tenantId, municipality }) => repo.listGroups(db, tenantId, municipality.municipioId));

  route(app, municipalities.group, async ({ record }) => record);

  route(app, municipalities.createGroup, async ({ request, reply, session, tenantId, municipality, body }) => {
    const group = await withCommand(request, (tx) => commands.createGroup(tx, session, tenantId, municipality.municipioId, body.nome));
    return reply.status(201).send(group);
  });

  route(app, municipalities.renameGroup, async ({ request, session, tenantId, record, body }) =>
    withCommand(request, (tx) => commands.renameGroup(tx, session, tenantId, record, body.nome)),
  );

  route(app, municipalities.removeGroup, async ({ request, reply, session, tenantId, record }) => {
    await withCommand(request, (tx) => commands.removeGroup(tx, session, tenantId, record));
    return reply.status(204).send(null);
  });
};
