import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { territories } from '../../../src/contract/territories.ts';
import { canSeeMunicipality, isFullAdmin, seesAllMunicipalities } from '../../../src/domain/permissions.ts';
import { seesTerritory } from '../../../src/domain/territories.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { registerTerritoryRecords } from './access.ts';
import * as commands from './commands.ts';
import * as repo from './repository.ts';

/**
 * Territories and the territorial agents' visits (src/contract/territories.ts, issue 31). Spec §6:
 * a territory lists only the municipalities the user sees and is listed when it has one; visits
 * are listed only for the municipalities the user sees.
 */
export const territoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerTerritoryRecords();

  route(app, territories.list, async ({ session, tenantId }) => {
    const all = isFullAdmin(session.usuario) || seesAllMunicipalities(session);
    return (await repo.listTerritories(db, tenantId))
      .filter((t) =>
        seesTerritory(
          session,
          t.municipios.map((m) => m.municipioId),
        ),
      )
      .map((t) => (all ? t : { ...t, municipios: t.municipios.filter((m) => canSeeMunicipality(session, m.municipioId)) }));
  });

  route(app, territories.options, async ({ session, tenantId }) => {
    const options = await repo.territoryOptions(db, tenantId);
    return { ...options, municipios: options.municipios.filter((m) => canSeeMunicipality(session, m.municipioId)) };
  });

  route(app, territories.get, async ({ session, tenantId, params }) => {
    const territory = await commands.requireTerritory(db, { tenantId, ctx: session }, params.id);
    if (isFullAdmin(session.usuario) || seesAllMunicipalities(session)) return territory;
    return { ...territory, municipios: territory.municipios.filter((m) => canSeeMunicipality(session, m.municipioId)) };
  });

  route(app, territories.create, async ({ request, reply, session, tenantId, body }) => {
    const territory = await withCommand(request, (tx) => commands.createTerritory(tx, { tenantId, ctx: session }, body));
    return reply.status(201).send(territory);
  });

  route(app, territories.update, async ({ request, session, tenantId, body }) => {
    const { territorioId, ...values } = body;
    return withCommand(request, (tx) => commands.updateTerritory(tx, { tenantId, ctx: session }, territorioId, values));
  });

  route(app, territories.remove, async ({ request, reply, session, tenantId, params }) => {
    await withCommand(request, (tx) => commands.removeTerritory(tx, { tenantId, ctx: session }, params.id));
    return reply.status(204).send(null);
  });

  route(app, territories.visits, async ({ session, tenantId, query }) => {
    const all = isFullAdmin(session.usuario) || seesAllMunicipalities(session);
    const ids = all
      ? 'all'
      : (await repo.territoryOptions(db, tenantId)).municipios
          .filter((m) => canSeeMunicipality(session, m.municipioId))
          .map((m) => m.municipioId);
    return repo.listVisits(db, tenantId, query, ids);
  });

  route(app, territories.municipalityVisits, async ({ tenantId, municipality }) =>
    repo.listMunicipalityVisits(db, tenantId, municipality.municipioId),
  );

  route(app, territories.visitOptions, async ({ tenantId, municipality }) => repo.visitOptions(db, tenantId, municipality.municipioId));

  route(app, territories.visit, async ({ record }) => record);

  route(app, territories.createVisit, async ({ request, reply, session, tenantId, body }) => {
    const visit = await withCommand(request, (tx) => commands.createVisit(tx, { tenantId, ctx: session }, body));
    return reply.status(201).send(visit);
  });

  route(app, territories.updateVisit, async ({ request, session, tenantId, body, record }) =>
    withCommand(request, (tx) => commands.updateVisit(tx, { tenantId, ctx: session }, record, body)),
  );

  route(app, territories.removeVisit, async ({ reply, tenantId, params }) => {
    await repo.removeVisit(db, tenantId, params.id);
    return reply.status(204).send(null);
  });
};
