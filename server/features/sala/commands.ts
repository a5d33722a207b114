import type { PermissionContext } from '../../../src/domain/permissions.ts';
import { SALA_MESSAGES, worksOnPillar, type ReadingInput, type ReadingRow, type Room, type RoomInput } from '../../../src/domain/sala.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/** The Sala's writes of more than one step, each run by withCommand (one transaction, the idempotent answer). */

export type Actor = { tenantId: string; ctx: PermissionContext };

async function requireRoom(tx: Db, tenantId: string, municipioId: number): Promise<Room> {
  const room = await repo.findRoom(tx, tenantId, municipioId);
  if (!room) throw notFound(SALA_MESSAGES.roomNotFound);
  return room;
}

export async function createRoom(tx: Db, { tenantId }: Actor, input: RoomInput): Promise<Room> {
  if (!(await repo.createRoom(tx, tenantId, input))) throw conflict(SALA_MESSAGES.roomExists);
  return requireRoom(tx, tenantId, input.municipioId);
}

export async function updateRoom(tx: Db, { tenantId }: Actor, input: RoomInput): Promise<Room> {
  if (!(await repo.updateRoom(tx, tenantId, input))) throw notFound(SALA_MESSAGES.roomNotFound);
  return requireRoom(tx, tenantId, input.municipioId);
}

/**
 * Records a reading in a room: the indicator must be the tenant's (else 400) and of a pillar the
 * user works on (else 403, spec §6); the target is the indicator's unless the room gives its own.
 */
export async function saveReading(tx: Db, { tenantId, ctx }: Actor, input: ReadingInput): Promise<ReadingRow> {
  await requireRoom(tx, tenantId, input.municipioId);
  const indicator = await repo.indicatorBasics(tx, tenantId, input.indicadorId);
  if (!indicator) throw badRequest(SALA_MESSAGES.indicatorNotFound);
  if (!worksOnPillar(ctx, indicator.eixoId)) throw forbidden(SALA_MESSAGES.pillarRefused);
  return repo.saveReading(tx, tenantId, { ...input, meta: input.meta ?? indicator.meta });
}
