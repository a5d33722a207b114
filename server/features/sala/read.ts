import type { PermissionContext } from '../../../src/domain/permissions.ts';
import { openActions } from '../../../src/domain/sala-5w2h.ts';
import { salaPillars, worksOnPillar, type ReadingRow, type RoomHome } from '../../../src/domain/sala.ts';
import type { Db } from '../../db/client.ts';
import { listPlans } from '../sala-5w2h/read.ts';
import * as repo from './repository.ts';

/**
 * What other features may read of the Sala: a room's home (the room, its seal, the indicators of the
 * user's pillars, the levels and the open 5W2H actions), which GET api/sala/{id} answers, and the offline bundle's part
 * (the home and the readings), so the room opens offline once the municipality is on the device.
 */
export async function roomHome(db: Db, tenantId: string, ctx: PermissionContext, municipioId: number): Promise<RoomHome | null> {
  const room = await repo.findRoom(db, tenantId, municipioId);
  if (!room) return null;
  const [indicators, levels, plans] = await Promise.all([
    repo.listIndicators(db, tenantId),
    repo.listLevels(db, tenantId),
    listPlans(db, tenantId, municipioId),
  ]);
  return {
    municipioId,
    sala: room,
    indicadores: indicators.filter((indicator) => worksOnPillar(ctx, indicator.eixoId)),
    niveis: levels,
    acoesAbertas: openActions(plans),
  };
}

export async function roomBundle(
  db: Db,
  tenantId: string,
  ctx: PermissionContext,
  municipioId: number,
): Promise<{ salas: RoomHome[]; salaLeituras: ReadingRow[] }> {
  const home = await roomHome(db, tenantId, ctx, municipioId);
  if (!home) return { salas: [], salaLeituras: [] };
  return { salas: [home], salaLeituras: await repo.listReadings(db, tenantId, municipioId, salaPillars(ctx)) };
}
