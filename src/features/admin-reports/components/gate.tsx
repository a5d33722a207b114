import type { ReactNode } from 'react';
import { isRestrictedBy } from '../../../domain/permissions.ts';
import { ADMIN_REPORT_MESSAGES } from '../../../domain/admin-reports.ts';
import { NoPermission } from '../../../ui/access-gate.tsx';
import { usePermissionContext } from '../../../session/permission-context.ts';

/**
 * Spec §6: groups with ocultarRelatorioAdministrativos have no administrative reports (the city tab
 * and menu hide them too; a typed URL lands here). The server answers 403 to every call anyway.
 */
export function AdminReportsGate({ children }: { children: ReactNode }) {
  const ctx = usePermissionContext();
  if (ctx && isRestrictedBy(ctx, 'ocultarRelatorioAdministrativos')) return <NoPermission message={ADMIN_REPORT_MESSAGES.oculto} />;
  return children;
}
