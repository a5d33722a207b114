/**
 * Route patterns of the access area (spec §2). Absolute, because the app collects every `path` of
 * the route tree to decide which menu links exist.
 */
export const ACCESS_PATHS = {
  groups: '/groups',
  groupAdd: '/groups/add',
  groupEdit: '/groups/edit/:id',
  settings: '/configuracoes',
} as const;

export const groupEditHref = (grupoId: number) => `/groups/edit/${grupoId}`;

/** A positive integer id from a route parameter, or null for anything else ("abc", "0", "1.5"). */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
