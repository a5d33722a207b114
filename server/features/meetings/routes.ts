import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { meetings } from '../../../src/contract/meetings.ts';
import { MEETING_MESSAGES } from '../../../src/domain/meetings.ts';
import { permittedMunicipalityIds, seesAllMunicipalities, type PermissionContext } from '../../../src/domain/permissions.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import { listSolutions, listTasks } from '../municipality-solutions/read.ts';
import { registerMeetingRecords } from './access.ts';
import * as commands from './commands.ts';
import * as repo from './repository.ts';

/** Municipality ids whose meetings the user reads; undefined = the whole tenant. */
function visibleMunicipalityIds(ctx: PermissionContext): number[] | undefined {
  return seesAllMunicipalities(ctx) ? undefined : [...permittedMunicipalityIds(ctx.usuario)];
}

function actorOf(request: FastifyRequest): commands.Actor {
  return { ctx: request.session, tenantId: request.tenant.id, usuarioId: request.session.usuario.usuarioId };
}

/**
 * Meetings (api/calendario/encontro) and programme calendar events (api/calendario/evento),
 * declared with their access in src/contract/meetings.ts (the permission decisions are written
 * there); the writes are commands (commands.ts) run by withCommand.
 */
export const meetingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerMeetingRecords();

  route(app, meetings.create, async ({ request, reply, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.create(tx, actorOf(request), body))),
  );

  route(app, meetings.update, async ({ request, body }) => withCommand(request, (tx) => commands.update(tx, actorOf(request), body)));

  route(app, meetings.remove, async ({ request, reply, params }) =>
    reply.status(204).send(await withCommand(request, (tx) => commands.remove(tx, actorOf(request), params.id))),
  );

  route(app, meetings.get, async ({ tenantId, record }) => {
    const meeting = await repo.findMeeting(db, tenantId, record.encontroId);
    if (!meeting) throw notFound(MEETING_MESSAGES.naoEncontrado);
    return meeting;
  });

  route(app, meetings.name, async ({ tenantId, record }) => {
    const [name] = await repo.meetingNames(db, tenantId, [record.encontroId], undefined);
    if (!name) throw notFound(MEETING_MESSAGES.naoEncontrado);
    return name;
  });

  route(app, meetings.names, async ({ session, tenantId, body }) =>
    repo.meetingNames(db, tenantId, body.encontroIds, visibleMunicipalityIds(session)),
  );

  route(app, meetings.ofMunicipality, async ({ tenantId, params }) => repo.listMeetings(db, tenantId, { municipioIds: [params.id] }));

  route(app, meetings.withoutReport, async ({ tenantId, params }) =>
    repo.listMeetings(db, tenantId, { municipioIds: [params.id], semRelatorio: true }),
  );

  route(app, meetings.options, async ({ tenantId, params }) => {
    const [solucoes, tarefas] = await Promise.all([listSolutions(db, tenantId, params.id), listTasks(db, tenantId, params.id)]);
    return { solucoes, tarefas };
  });

  route(app, meetings.createBatch, async ({ request, reply, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.createBatch(tx, actorOf(request), body))),
  );

  route(app, meetings.filter, async ({ tenantId, body: f }) =>
    repo.listMeetings(db, tenantId, {
      municipioIds: [f.municipioId],
      grupoIds: f.grupoId ? [f.grupoId] : undefined,
      encontroType: f.encontroType,
      inicio: f.inicio,
      fim: f.fim,
    }),
  );

  route(app, meetings.search, async ({ session, tenantId, body: f }) => {
    const visible = visibleMunicipalityIds(session);
    const wanted = f.municipioIds.length > 0 ? f.municipioIds : undefined;
    const municipioIds = visible && wanted ? wanted.filter((id) => visible.includes(id)) : (wanted ?? visible);
    return repo.listMeetings(db, tenantId, {
      municipioIds,
      grupoIds: f.grupoIds.length > 0 ? f.grupoIds : undefined,
      usuarioIds: f.usuarioIds.length > 0 ? f.usuarioIds : undefined,
      encontroType: f.encontroType,
      inicio: f.inicio,
      fim: f.fim,
    });
  });

  // ---------------------------------------------------------------- api/calendario/evento (admins)

  route(app, meetings.events.create, async ({ request, reply, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.createEvent(tx, actorOf(request), body))),
  );

  route(app, meetings.events.update, async ({ request, body: { eventoId, ...input } }) =>
    withCommand(request, (tx) => commands.updateEvent(tx, actorOf(request), eventoId, input)),
  );

  route(app, meetings.events.remove, async ({ request, reply, params }) =>
    reply.status(204).send(await withCommand(request, (tx) => commands.removeEvent(tx, actorOf(request), params.id))),
  );

  route(app, meetings.events.list, async ({ tenantId }) => repo.listEvents(db, tenantId, {}));

  route(app, meetings.events.get, async ({ tenantId, params }) => {
    const event = await repo.findEvent(db, tenantId, params.id);
    if (!event) throw notFound(MEETING_MESSAGES.eventoNaoEncontrado);
    return event;
  });

  route(app, meetings.events.filter, async ({ tenantId, body }) => repo.listEvents(db, tenantId, body));
};
