import { canSeeFollowupPoints, FOLLOWUP_MESSAGES } from '../../../src/domain/followups.ts';
import type { MunicipalityDetail } from '../../../src/domain/municipality.ts';
import { visibleAxisIds, type PermissionContext } from '../../../src/domain/permissions.ts';
import { registerRecord } from '../../lib/access.ts';
import { forbidden } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import type { FollowupView, QuestionScope } from './repository.ts';

declare module '../../lib/access.ts' {
  interface Records {
    followup: repo.FollowupRow;
  }
}

/**
 * The record follow-up endpoints name (src/contract/followups.ts): a follow-up is gated by its
 * municipality and its Acompanhamento tab; one of a municipality the user does not see is not found.
 * Registered once.
 */
export function registerFollowupRecord(): void {
  registerRecord('followup', {
    find: (db, tenantId, id) => repo.findFollowupRow(db, tenantId, id),
    notFound: FOLLOWUP_MESSAGES.notFound,
  });
}

/** What the user sees of the municipality's follow-ups: points per verPontosAcoesAcompanhamento, the axes per verTodosEixos. */
export function viewOf(ctx: PermissionContext, municipioId: number): FollowupView {
  return { showPoints: canSeeFollowupPoints(ctx), axes: visibleAxisIds(ctx, municipioId) };
}

/**
 * The view of a follow-up access found: one of an axis the user does not see is refused (403, it
 * exists in a municipality they see), the diagnostic one always stays visible (spec §6).
 */
export function viewOfFollowup(ctx: PermissionContext, row: repo.FollowupRow): FollowupView {
  const view = viewOf(ctx, row.municipioId);
  if (!repo.followupVisible(row, view.axes)) throw forbidden();
  return view;
}

/**
 * The municipality's questions a new follow-up holds: a non-vigente municipality answers only
 * national questions while the system's municipiosNaoVigentesRespondemPerguntasNacionais is on (a
 * rule of the municipality, so the configuration alone decides, whoever creates it).
 */
export function scopeOf(
  ctx: PermissionContext,
  municipality: Pick<MunicipalityDetail, 'municipioId' | 'vigente'>,
  temaId: number | null,
): QuestionScope {
  return {
    temaId,
    nationalOnly: !municipality.vigente && ctx.config.municipiosNaoVigentesRespondemPerguntasNacionais === true,
    axes: visibleAxisIds(ctx, municipality.municipioId),
  };
}
