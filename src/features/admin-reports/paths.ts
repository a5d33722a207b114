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

/** A positive integer id from a route parameter, or null for anything else ("abc", "0", "1.5"). */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
