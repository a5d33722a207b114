import type { RouteObject } from 'react-router-dom';
import { REPORT_PATHS } from './paths.ts';

/** The city's report screens; the app passes them to cityRoutes, so they render inside the city layout. */
export const reportCityRoutes: RouteObject[] = [
  { path: REPORT_PATHS.list, lazy: { Component: async () => (await import('./screens/report-list.tsx')).ReportListScreen } },
  { path: REPORT_PATHS.create, lazy: { Component: async () => (await import('./screens/report-create.tsx')).ReportCreateScreen } },
  { path: REPORT_PATHS.detail, lazy: { Component: async () => (await import('./screens/report-detail.tsx')).ReportDetailScreen } },
];

/** Signed-in screens across municipalities (the Relatórios menu). */
export const reportRoutes: RouteObject[] = [
  { path: REPORT_PATHS.analyse, lazy: { Component: async () => (await import('./screens/report-search.tsx')).AnalyseReportsScreen } },
  { path: REPORT_PATHS.mine, lazy: { Component: async () => (await import('./screens/report-search.tsx')).MyReportsScreen } },
];
