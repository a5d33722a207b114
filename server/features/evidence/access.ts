import { canAnalyse, canViewEvidenceTab, EVIDENCE_MESSAGES, evidenceTabOf, type EvidenceTab } from '../../../src/domain/evidence.ts';
import { canSeeAxis, type PermissionContext } from '../../../src/domain/permissions.ts';
import { registerRecord } from '../../lib/access.ts';
import * as repo from './repository.ts';

/** A file with the question it belongs to: access gates it by the question's municipality, axis and tab. */
export type FileOfQuestion = repo.StoredEvidence & { municipioId: number; question: repo.QuestionRow };

declare module '../../lib/access.ts' {
  interface Records {
    evidenceQuestion: repo.QuestionRow;
    evidenceFile: FileOfQuestion;
  }
}

/** May the user read a question (and its files) in the tab it is in? */
export function mayRead(ctx: PermissionContext, tab: EvidenceTab): boolean {
  return canViewEvidenceTab(ctx, tab) || canAnalyse(ctx, tab);
}

/**
 * The records evidence endpoints name (src/contract/evidence.ts): a question is gated by its
 * municipality and its axis (one of an axis the user does not see is not found); a file also by
 * whether the user may read the tab its question is in (not found otherwise). Registered once.
 */
export function registerEvidenceRecords(): void {
  registerRecord('evidenceQuestion', {
    find: (db, tenantId, id) => repo.findQuestion(db, tenantId, id),
    notFound: EVIDENCE_MESSAGES.notFound,
    visible: (ctx, q) => canSeeAxis(ctx, q.eixoId, q.municipioId),
  });
  registerRecord('evidenceFile', {
    find: async (db, tenantId, id) => {
      const file = await repo.findFile(db, tenantId, id);
      const question = file && (await repo.findQuestion(db, tenantId, file.perguntaMunicipioId));
      return file && question ? { ...file, municipioId: question.municipioId, question } : null;
    },
    notFound: EVIDENCE_MESSAGES.evidenceNotFound,
    visible: (ctx, f) => canSeeAxis(ctx, f.question.eixoId, f.question.municipioId) && mayRead(ctx, evidenceTabOf(f.question)),
  });
}
