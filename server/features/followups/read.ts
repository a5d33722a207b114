import { canOpenCityTab } from '../../../src/domain/city-tabs.ts';
import { canSeeFollowupPoints, type Followup } from '../../../src/domain/followups.ts';
import { visibleAxisIds, type PermissionContext } from '../../../src/domain/permissions.ts';
import type { Db } from '../../db/client.ts';
import type { Conn } from '../../lib/command.ts';
import { getDiagnosticFollowup, listFollowups, themesOfQuestions } from './repository.ts';

/**
 * Read model: a municipality's follow-ups as a user sees them, each whole as GET
 * api/acompanhamento/{id} answers (the offline bundle): none without the Acompanhamento tab, only
 * those of the axes the user sees (the diagnostic one always), points per verPontosAcoesAcompanhamento.
 * The one module of this feature other features import (eslint.config.js, server zones).
 */
export async function listFollowupsFor(db: Db, tenantId: string, ctx: PermissionContext, municipioId: number): Promise<Followup[]> {
  if (!canOpenCityTab('acompanhamento', { ...ctx, municipioId }, '')) return [];
  return listFollowups(db, tenantId, municipioId, { showPoints: canSeeFollowupPoints(ctx), axes: visibleAxisIds(ctx, municipioId) });
}

/**
 * The diagnostic (server/features/diagnostic) reads its follow-up through here: the municipality's
 * diagnostic follow-up as the user sees it, or null before it is created and then
 * the themes of the municipality's questions on the axes they see (the diagnostic's themes until it exists).
 */
export async function diagnosticFollowupOf(db: Conn, tenantId: string, ctx: PermissionContext, municipioId: number) {
  const view = { showPoints: canSeeFollowupPoints(ctx), axes: visibleAxisIds(ctx, municipioId) };
  const followup = await getDiagnosticFollowup(db, tenantId, municipioId, view);
  return { followup, themes: followup ? null : await themesOfQuestions(db, tenantId, municipioId, view.axes) };
}
