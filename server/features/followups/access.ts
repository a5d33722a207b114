import type { FastifyRequest } from 'fastify';
import { canSeeFollowupPoints } from '../../../src/domain/followups.ts';
import type { MunicipalityDetail } from '../../../src/domain/municipality.ts';
import { visibleAxisIds, type PermissionContext } from '../../../src/domain/permissions.ts';
import type { Db } from '../../db/client.ts';
import { openMunicipality as openCityMunicipality } from '../../lib/access.ts';
import type { FollowupView, QuestionScope } from './repository.ts';

/**
 * The access rules every follow-up and diagnostic route shares (spec §6), the one municipality gate
 * (server/lib/access.ts): a municipality the user does not see, or of another tenant, is not found
 * (404); without the Acompanhamento tab, 403.
 */
export async function openMunicipality(db: Db, request: FastifyRequest, municipioId: number): Promise<MunicipalityDetail> {
  return openCityMunicipality(db, request.session, request.tenant.id, municipioId, 'acompanhamento');
}

/** What the user sees of the municipality's follow-ups: points per verPontosAcoesAcompanhamento, the axes per verTodosEixos. */
export function viewOf(ctx: PermissionContext, municipioId: number): FollowupView {
  return { showPoints: canSeeFollowupPoints(ctx), axes: visibleAxisIds(ctx, municipioId) };
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
