/**
 * Route patterns of the city area. The router and the city header tabs read the same list, so a
 * tab never links to a screen this feature does not serve. Child patterns are absolute because the
 * app collects every `path` of the route tree as it is to decide which links exist.
 */
export const CITY_PATHS = {
  list: '/cidade',
  detail: '/cidade/:id',
  summary: '/cidade/:id/geral',
  groups: '/cidade/:id/grupo',
  groupMembers: '/cidade/:id/grupo/:grupo',
} as const;

export const cityHref = {
  summary: (municipioId: number) => `/cidade/${municipioId}/geral`,
  groups: (municipioId: number) => `/cidade/${municipioId}/grupo`,
  groupMembers: (municipioId: number, grupoId: number) => `/cidade/${municipioId}/grupo/${grupoId}`,
  /** The municipality's solutions and tasks, served by the municipality-solutions feature under the Grupos tab. */
  solutions: (municipioId: number) => `/cidade/${municipioId}/grupo/solucoes`,
};
