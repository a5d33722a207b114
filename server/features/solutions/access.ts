import { canWriteCityGroups, type PermissionContext } from '../../../src/domain/permissions.ts';
import type { Db } from '../../db/client.ts';
import { openMunicipality } from '../../lib/access.ts';
import { forbidden } from '../../lib/errors.ts';

/**
 * Access to a municipality's solutions, groups and tasks (spec §6): the one municipality gate
 * (server/lib/access.ts: visible to the user, 404 otherwise, its existence not leaked), the city tab the call belongs to (the Grupos tab,
 * or Andamento for the progress), and for writes a role there (canWriteCityGroups).
 */
export async function municipalityAccess(
  db: Db,
  ctx: PermissionContext,
  tenantId: string,
  municipioId: number,
  write: boolean,
  tab: 'grupo' | 'andamento' = 'grupo',
): Promise<void> {
  await openMunicipality(db, ctx, tenantId, municipioId, tab);
  if (write && !canWriteCityGroups(ctx, municipioId)) throw forbidden();
}
