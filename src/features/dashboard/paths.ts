/** The spec's URLs (§2 Reports and dashboards). */
export const DASHBOARD_PATHS = {
  root: '/dashboard-administrativo2',
  charts: '/dashboard-administrativo2/graficos',
} as const;
