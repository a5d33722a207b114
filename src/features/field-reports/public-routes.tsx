import type { RouteObject } from 'react-router-dom';
import { REPORT_PATHS } from './paths.ts';

/** Public, no login and outside the signed-in frame: what a shared link shows. Apart from routes.tsx, which loads after login. */
export const publicReportRoutes: RouteObject[] = [
  { path: REPORT_PATHS.publicReport, lazy: { Component: async () => (await import('./screens/public-report.tsx')).PublicReportScreen } },
];
