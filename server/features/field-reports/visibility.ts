import {
  canSeeMunicipality,
  permittedMunicipalityIds,
  seesAllMunicipalities,
  type PermissionContext,
} from '../../../src/domain/permissions.ts';
import {
  canAnalyseReports,
  isReportAuthor,
  REPORT_MESSAGES,
  shownTo,
  type ReportFilter,
} from '../../../src/domain/report-common.ts';
import { reportListItemOf, type ReportListItem } from '../../../src/domain/field-reports.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

// Who sees which field report (spec §6), in one place: the routes and the offline bundle's read
// model (read.ts) apply the same rules.

/** A report is visible to its author, and to analysts in a municipality they can see. */
export function canSee(ctx: PermissionContext, ref: repo.ReportRef): boolean {
  return isReportAuthor(ctx, ref) || (canAnalyseReports(ctx) && canSeeMunicipality(ctx, ref.municipioId));
}

/** A report the user may not see answers like a missing one, so ids of other people's reports cannot be probed. */
export function requireVisible(ctx: PermissionContext, ref: repo.ReportRef | null): repo.ReportRef {
  if (!ref || !canSee(ctx, ref)) throw notFound(REPORT_MESSAGES.naoEncontrado);
  return ref;
}

/**
 * The filter narrowed to what the caller may see: analysts every report of the municipalities they
 * see, everyone else only their own reports.
 */
export function queryFor(ctx: PermissionContext, filter: ReportFilter): repo.ReportQuery {
  const analyst = canAnalyseReports(ctx);
  let municipioIds = filter.municipioIds.length > 0 ? filter.municipioIds : undefined;
  if (analyst && !seesAllMunicipalities(ctx)) {
    const permitted = permittedMunicipalityIds(ctx.usuario);
    municipioIds = (municipioIds ?? [...permitted]).filter((id) => permitted.has(id));
  }
  return {
    municipioIds,
    usuarioIds: filter.usuarioIds.length > 0 ? filter.usuarioIds : undefined,
    statusRelatorioIds: filter.statusRelatorioIds.length > 0 ? filter.statusRelatorioIds : undefined,
    autorId: analyst ? undefined : ctx.usuario.usuarioId,
    inicio: filter.inicio,
    fim: filter.fim,
  };
}

export const EMPTY_FILTER: ReportFilter = { municipioIds: [], usuarioIds: [], statusRelatorioIds: [], inicio: null, fim: null };

/**
 * The municipality's reports the user may see, as its list shows them (analysts: all; others:
 * their own; the reason only where spec §6 allows), each with its meeting. Read by the list route
 * and by the offline bundle; the caller checks the municipality first.
 */
export async function listMunicipalityReports(
  db: Db,
  tenantId: string,
  ctx: PermissionContext,
  municipioId: number,
): Promise<ReportListItem[]> {
  const rows = await repo.listReports(db, tenantId, queryFor(ctx, { ...EMPTY_FILTER, municipioIds: [municipioId] }));
  return rows.map((r) => shownTo(ctx, reportListItemOf(r)));
}
