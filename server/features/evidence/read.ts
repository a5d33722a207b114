import { canOpenCityTab } from '../../../src/domain/city-tabs.ts';
import { canAnalyse, canViewEvidenceTab, evidenceTabOf, type EvidenceQuestion } from '../../../src/domain/evidence.ts';
import type { MunicipalityDetail } from '../../../src/domain/municipality.ts';
import { canSeePointsAndMedals, visibleAxisIds, type PermissionContext } from '../../../src/domain/permissions.ts';
import { SNIFFED_MIME } from '../../../src/domain/uploads.ts';
import type { Db } from '../../db/client.ts';
import { listTabQuestions } from './repository.ts';

/**
 * Read model: a municipality's evidence questions as the user sees them, each as the
 * get-perguntas-municipios-* calls answer (the offline bundle): none without the Evidência tab, only
 * the tabs the user may view (or analyse), on the axes they see, points per visualizarPontosMedalha.
 * The one module of this feature other features import (eslint.config.js, server zones).
 */
export async function listEvidenceQuestionsFor(
  db: Db,
  tenantId: string,
  ctx: PermissionContext,
  municipality: Pick<MunicipalityDetail, 'municipioId' | 'uf' | 'vigente'>,
): Promise<EvidenceQuestion[]> {
  const { municipioId } = municipality;
  if (!canOpenCityTab('evidencia', { ...ctx, municipioId }, municipality.uf)) return [];
  const all = await listTabQuestions(db, tenantId, municipioId, 'all', {
    axes: visibleAxisIds(ctx, municipioId),
    showPoints: canSeePointsAndMedals(ctx, municipality.vigente),
    mime: (t) => SNIFFED_MIME[t],
  });
  return all.filter((q) => {
    const tab = evidenceTabOf(q);
    return canViewEvidenceTab(ctx, tab) || canAnalyse(ctx, tab);
  });
}
