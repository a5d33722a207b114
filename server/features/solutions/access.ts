import { canWriteCityGroups, type PermissionContext } from '../../../src/domain/permissions.ts';
import type { Db } from '../../db/client.ts';
import { requireCityTab, requireMunicipality } from '../../lib/access.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { municipalityExists } from '../municipalities/read.ts';

/**
 * Access to a municipality's solutions, groups and tasks (spec §6): the municipality visible to the
 * user (404 otherwise, its existence not leaked), the city tab the call belongs to (the Grupos tab,
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
  requireMunicipality(ctx, municipioId);
  if (!(await municipalityExists(db, tenantId, municipioId))) throw notFound('Município não encontrado.');
  requireCityTab(ctx, municipioId, tab);
  if (write && !canWriteCityGroups(ctx, municipioId)) throw forbidden();
}
