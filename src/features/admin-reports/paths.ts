/**
 * Route patterns of the administrative reports (spec §2). Absolute, because the app collects every
 * `path` of the route tree as it is to decide which menu entries and city tabs exist.
 */
export const ADMIN_REPORT_PATHS = {
  list: '/cidade/:id/relatorio-administrativo',
  create: '/cidade/:id/relatorio-administrativo/inserir',
  detail: '/cidade/:id/relatorio-administrativo/obter/:relatorio',
  /** Menu "Analisar Relatórios Admin". */
  analyse: '/analisar-relatorios-administrativos',
  /** Menu "Meus Relatórios Admin" (a path of this app: the spec names none). */
  mine: '/meus-relatorios-administrativos',
  /** Public, no login: what a shared link shows. */
  publicReport: '/relatorioAdmin/obter_publico/:codigo',
} as const;

export const adminReportHref = {
  list: (municipioId: number) => `/cidade/${municipioId}/relatorio-administrativo`,
  create: (municipioId: number) => `/cidade/${municipioId}/relatorio-administrativo/inserir`,
  detail: (municipioId: number, id: number) => `/cidade/${municipioId}/relatorio-administrativo/obter/${id}`,
  publicReport: (codigo: string) => `/relatorioAdmin/obter_publico/${encodeURIComponent(codigo)}`,
};
