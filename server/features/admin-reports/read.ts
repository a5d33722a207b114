import { type AdminReportListItem } from '../../../src/domain/admin-reports.ts';
import { isRestrictedBy, type PermissionContext } from '../../../src/domain/permissions.ts';
import { canAnalyseReports, shownTo } from '../../../src/domain/report-common.ts';
import type { Db } from '../../db/client.ts';
import * as repo from './repository.ts';

// What other features may read of administrative reports (the offline bundle): the one module of
// this feature they import (eslint.config.js, server zones).

/**
 * The municipality's administrative reports the user may see, as its list shows them (analysts:
 * all; others: their own). Read by GET get-by-municipio and by the offline bundle; the caller
 * checks the municipality first. A group that hides administrative reports (spec §6) has none:
 * the routes answer it 403, the bundle carries an empty list.
 */
export async function listMunicipalityAdminReports(
  db: Db,
  tenantId: string,
  ctx: PermissionContext,
  municipioId: number,
): Promise<AdminReportListItem[]> {
  if (isRestrictedBy(ctx, 'ocultarRelatorioAdministrativos')) return [];
  const rows = await repo.listAdminReports(db, tenantId, {
    municipioIds: [municipioId],
    usuarioIds: canAnalyseReports(ctx) ? undefined : [ctx.usuario.usuarioId],
  });
  return rows.map((row) => shownTo(ctx, row));
}
