import type { RouteObject } from 'react-router-dom';
import { ADMIN_REPORT_PATHS } from './paths.ts';

/**
 * Administrative reports. The city-area screens render inside the city layout (the app passes
 * them to cityRoutes); the analysis and "mine" lists are signed-in screens of their own; the
 * public page needs no login and lives outside the signed-in frame.
 */
export const adminReportCityRoutes: RouteObject[] = [
  {
    path: ADMIN_REPORT_PATHS.list,
    lazy: { Component: async () => (await import('./screens/admin-report-list.tsx')).AdminReportListScreen },
  },
  {
    path: ADMIN_REPORT_PATHS.create,
    lazy: { Component: async () => (await import('./screens/admin-report-new.tsx')).NewAdminReportScreen },
  },
  {
    path: ADMIN_REPORT_PATHS.detail,
    lazy: { Component: async () => (await import('./screens/admin-report-detail.tsx')).AdminReportDetailScreen },
  },
];

export const adminReportRoutes: RouteObject[] = [
  {
    path: ADMIN_REPORT_PATHS.analyse,
    lazy: { Component: async () => (await import('./screens/admin-report-analysis.tsx')).AdminReportAnalysisScreen },
  },
  {
    path: ADMIN_REPORT_PATHS.mine,
    lazy: { Component: async () => (await import('./screens/my-admin-reports.tsx')).MyAdminReportsScreen },
  },
];
