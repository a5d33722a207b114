import { redirect, type RouteObject } from 'react-router-dom';
import { DASHBOARD_PATHS } from './paths.ts';

/**
 * /dashboard-administrativo2 redirects to its charts (spec §2). The charts screen is its own lazy
 * chunk: it alone loads @chakra-ui/charts and recharts.
 */
export const dashboardRoutes: RouteObject[] = [
  { path: DASHBOARD_PATHS.root, loader: () => redirect(DASHBOARD_PATHS.charts), element: null },
  { path: DASHBOARD_PATHS.charts, lazy: { Component: async () => (await import('./screens/dashboard-charts.tsx')).DashboardChartsScreen } },
];
