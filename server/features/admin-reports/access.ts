import { ADMIN_REPORT_MESSAGES } from '../../../src/domain/admin-reports.ts';
import { isRestrictedBy, type PermissionContext } from '../../../src/domain/permissions.ts';
import { canSeeReport } from '../../../src/domain/report-common.ts';
import { registerRecord } from '../../lib/access.ts';
import type { StoredAttachment } from '../../lib/attachments.ts';
import { forbidden } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/** An attachment with the report it belongs to: access gates it by the report's municipality and visibility. */
export type AttachmentOfReport = StoredAttachment & { municipioId: number; report: repo.StoredAdminReport };

declare module '../../lib/access.ts' {
  interface Records {
    adminReport: repo.StoredAdminReport;
    adminReportAttachment: AttachmentOfReport;
  }
}

export const ATTACHMENT_NOT_FOUND = 'Anexo não encontrado.';

/**
 * Spec §6: a group with ocultarRelatorioAdministrativos (and the global flag) has no administrative
 * reports at all, with its own 403 message. Not in the declarations: the vocabulary names flags that
 * allow, not one that takes a feature away; the routes' plugin runs it in onRequest, so it is decided
 * before the body is read and before the place (the same order as before: the 403 first).
 */
export function requireAdminReports(ctx: PermissionContext): void {
  if (isRestrictedBy(ctx, 'ocultarRelatorioAdministrativos')) throw forbidden(ADMIN_REPORT_MESSAGES.oculto);
}

/**
 * The records the administrative report endpoints name (src/contract/admin-reports.ts): a report is
 * gated by its municipality and, in it, by the reports' rule (analysts see all, others their own); a
 * file by its report. One the user may not see answers like a missing one. Registered once.
 */
export function registerAdminReportRecords(): void {
  registerRecord('adminReport', {
    find: (db, tenantId, id) => repo.findAdminReport(db, tenantId, id),
    notFound: ADMIN_REPORT_MESSAGES.naoEncontrado,
    visible: canSeeReport,
  });
  registerRecord('adminReportAttachment', {
    find: async (db, tenantId, id) => {
      const file = await repo.findAttachment(db, tenantId, id);
      const report = file && (await repo.findAdminReport(db, tenantId, file.ownerId));
      return file && report ? { ...file, municipioId: report.municipioId, report } : null;
    },
    notFound: ATTACHMENT_NOT_FOUND,
    visible: (ctx, file) => canSeeReport(ctx, file.report),
  });
}
