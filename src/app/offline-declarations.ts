import { adminReportCreateKind } from '../features/admin-reports/offline-kinds.ts';
import { reportCreateKind } from '../features/field-reports/offline-kinds.ts';
import { planUpdateKind } from '../features/sala-5w2h/offline-kinds.ts';
import { evidenceSendKind, evidenceUploadKind } from '../entities/evidence/kinds.ts';
import { followupAnswerKind, followupFinalizeKind } from '../entities/followups/kinds.ts';
import { memberCreateKind, memberPhotoKind } from '../entities/members/kinds.ts';
import { salaReadingKind } from '../entities/sala/kinds.ts';
import { visitCreateKind, visitUpdateKind } from '../entities/territories/kinds.ts';
import { registerMutationKind } from '../offline/kinds.ts';
import { registerDeviceTables } from './device-tables.ts';

/**
 * Every feature's offline declarations: its device tables whole (their row schemas, with which the
 * offline bundle's rows are validated, replace the stores the store was opened with) and its
 * queued writes by kind (what the engine needs to send, reconcile and undo an entry). Loaded apart
 * from the store (app/offline.ts, offline/declarations.ts): they import every feature's contract
 * and schemas, and the first screen does not wait for them.
 */
export function registerOfflineDeclarations(): void {
  registerDeviceTables();
  registerMutationKind(memberCreateKind);
  registerMutationKind(memberPhotoKind);
  registerMutationKind(adminReportCreateKind);
  registerMutationKind(reportCreateKind);
  registerMutationKind(followupAnswerKind);
  registerMutationKind(followupFinalizeKind);
  registerMutationKind(evidenceUploadKind);
  registerMutationKind(evidenceSendKind);
  registerMutationKind(salaReadingKind);
  registerMutationKind(visitCreateKind);
  registerMutationKind(visitUpdateKind);
  registerMutationKind(planUpdateKind);
}
