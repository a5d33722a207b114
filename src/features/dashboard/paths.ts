/** The spec's URLs (§2 Reports and dashboards). */
export const DASHBOARD_PATHS = {
  root: '/dashboard-administrativo2',
  charts: '/dashboard-administrativo2/graficos',
  /** The report catalogue's screen (feature report-catalogue): linked from the charts. */
  reports: '/exportar-relatorio',
} as const;
