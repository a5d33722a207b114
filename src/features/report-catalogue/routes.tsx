import type { RouteObject } from 'react-router-dom';
import { REPORT_CATALOGUE_PATHS } from './paths.ts';

/** The administrative report catalogue (issue 34): one report, and the export screen with the list of reports. */
export const reportCatalogueRoutes: RouteObject[] = [
  { path: REPORT_CATALOGUE_PATHS.report, lazy: { Component: async () => (await import('./screens/report.tsx')).ReportScreen } },
  { path: REPORT_CATALOGUE_PATHS.export, lazy: { Component: async () => (await import('./screens/export.tsx')).ExportScreen } },
];
