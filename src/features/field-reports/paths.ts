import { choiceSearch } from '../../domain/variants.ts';

/**
 * Route patterns of the field reports (spec §2). Absolute, because the app collects every `path`
 * of the route tree as it is to decide which menu entries and city tabs exist.
 */
export const REPORT_PATHS = {
  list: '/cidade/:id/relatorio',
  create: '/cidade/:id/relatorio/inserir',
  detail: '/cidade/:id/relatorio/obter/:relatorio',
  analyse: '/analisar-relatorios',
  mine: '/meus-relatorios',
  /** Public, no login: what a shared link shows. */
  publicReport: '/obter_publico/:codigo',
} as const;

export const reportHref = {
  list: (municipioId: number) => `/cidade/${municipioId}/relatorio`,
  create: (municipioId: number) => `/cidade/${municipioId}/relatorio/inserir`,
  detail: (municipioId: number, relatorioId: number) => `/cidade/${municipioId}/relatorio/obter/${relatorioId}`,
  publicReport: (codigo: string) => `/obter_publico/${encodeURIComponent(codigo)}`,
};

/**
 * The address of a report's public page. It names the variant and state it belongs to (`?variante=`,
 * `?uf=`), so the page asks the same tenant wherever it is opened, even on a device that remembers another.
 */
export function publicReportUrl(origin: string, codigo: string, choice: { variant: string | null; uf: string | null }): string {
  return `${origin}${reportHref.publicReport(codigo)}${choiceSearch(choice)}`;
}
