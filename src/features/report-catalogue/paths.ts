/** The catalogue's screens (spec §2 "Reports and dashboards"). */
export const REPORT_CATALOGUE_PATHS = {
  report: '/dashboard-administrativo2/relatorio/:relatorioRoute',
  export: '/exportar-relatorio',
} as const;
