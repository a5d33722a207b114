import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sala } from '../../../src/contract/sala.ts';
import { canSeeMunicipality } from '../../../src/domain/permissions.ts';
import { SALA_MESSAGES, salaPillars } from '../../../src/domain/sala.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import { registerPlugin } from '../../lib/register.ts';
import { registerSalaRecords } from './access.ts';
import * as commands from './commands.ts';
import {
  calculationRegister,
  frequencyRegister,
  indicatorRegister,
  levelRegister,
  sourceRegister,
  unitRegister,
} from './registers.ts';
import { roomHome } from './read.ts';
import * as repo from './repository.ts';

/**
 * The Sala do Empreendedor's indicator room (src/contract/sala.ts): the rooms with their seal, the
 * room's home, the readings of the indicator map, and the six indicator registers. The `{id}` of a
 * room's paths is its municipality's (one room per municipality).
 */
export const salaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerSalaRecords();
  await app.register(registerPlugin(levelRegister, calculationRegister, sourceRegister, frequencyRegister, unitRegister, indicatorRegister));

  route(app, sala.rooms, async ({ session, tenantId }) =>
    (await repo.listRooms(db, tenantId)).filter((room) => canSeeMunicipality(session, room.municipioId)),
  );

  route(app, sala.home, async ({ session, tenantId, municipality }) => {
    const home = await roomHome(db, tenantId, session, municipality.municipioId);
    if (!home) throw notFound(SALA_MESSAGES.roomNotFound);
    return home;
  });

  route(app, sala.create, async ({ request, reply, session, tenantId, body }) => {
    const room = await withCommand(request, (tx) => commands.createRoom(tx, { tenantId, ctx: session }, body));
    return reply.status(201).send(room);
  });

  route(app, sala.update, async ({ request, session, tenantId, body }) =>
    withCommand(request, (tx) => commands.updateRoom(tx, { tenantId, ctx: session }, body)),
  );

  route(app, sala.remove, async ({ reply, tenantId, municipality }) => {
    if (!(await repo.removeRoom(db, tenantId, municipality.municipioId))) throw notFound(SALA_MESSAGES.roomNotFound);
    return reply.status(204).send(null);
  });

  route(app, sala.readings, async ({ session, tenantId, municipality }) =>
    repo.listReadings(db, tenantId, municipality.municipioId, salaPillars(session)),
  );

  route(app, sala.reading, async ({ record }) => {
    const { eixoId: _pillar, ...reading } = record;
    return reading;
  });

  route(app, sala.saveReading, async ({ request, session, tenantId, body }) =>
    withCommand(request, (tx) => commands.saveReading(tx, { tenantId, ctx: session }, body)),
  );

  route(app, sala.updateReading, async ({ tenantId, body }) => {
    const row = await repo.updateReading(db, tenantId, body);
    if (!row) throw notFound(SALA_MESSAGES.readingNotFound);
    return row;
  });

  route(app, sala.removeReading, async ({ reply, tenantId, params }) => {
    if (!(await repo.removeReading(db, tenantId, params.id))) throw notFound(SALA_MESSAGES.readingNotFound);
    return reply.status(204).send(null);
  });
};
