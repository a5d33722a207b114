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
