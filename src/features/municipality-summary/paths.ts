/** Route patterns of the municipality summary (spec §2). */
export const SUMMARY_PATHS = {
  list: '/cidade/:id/resumo-municipio',
  add: '/cidade/:id/resumo-municipio/add',
  edit: '/cidade/:id/resumo-municipio/add/:resumoId',
} as const;

export const summaryHref = {
  list: (municipioId: number) => `/cidade/${municipioId}/resumo-municipio`,
  add: (municipioId: number) => `/cidade/${municipioId}/resumo-municipio/add`,
  edit: (municipioId: number, resumoId: number) => `/cidade/${municipioId}/resumo-municipio/add/${resumoId}`,
};
