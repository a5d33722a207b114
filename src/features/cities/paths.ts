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
};

/** A positive integer id from a route parameter, or null for anything else ("abc", "0", "1.5"). */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
