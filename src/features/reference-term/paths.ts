/**
 * Route patterns of the reference term (spec §2). The city tab opens `termo-referencia/0` (the
 * phases and activities); `termo-referencia/importar` is the sheet import with its preview.
 */
export const REFERENCE_TERM_PATHS = {
  city: '/cidade/:id/termo-referencia/:tab',
  all: '/termo-referencia',
} as const;

/** The tabs of /cidade/{id}/termo-referencia/{tab}: the spec's "0" is the term itself. */
export const TERM_TABS = { term: '0', import: 'importar' } as const;

export const referenceTermHref = {
  term: (municipioId: number) => `/cidade/${municipioId}/termo-referencia/${TERM_TABS.term}`,
  import: (municipioId: number) => `/cidade/${municipioId}/termo-referencia/${TERM_TABS.import}`,
};
