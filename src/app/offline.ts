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
import { registerEngineRoutes } from './engine-routes.ts';
import { startOfflineRuntime } from '../offline/runtime.ts';
import { installPtBrErrors } from '../domain/zod-pt-br.ts';

/**
 * Registers every device table and every feature's offline writes, then binds the store and the outbox to the session.
 * Kinds come first: the engine reconciles queued entries by kind as soon as it starts.
 */
export function startOffline(): void {
  // Queued entries are validated again when sent; their messages read in pt-BR as on screen.
  installPtBrErrors();
  // Tables first: the store's Dexie versions are built from them when it opens.
  registerDeviceTables();
  // The paths the engine calls itself (uploads, the offline bundle): it names no route.
  registerEngineRoutes();
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
  startOfflineRuntime();
}
