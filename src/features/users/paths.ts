/** Route patterns of user administration, absolute because the app collects every `path` of the tree as it is. */
export const USER_PATHS = {
  list: '/usuario',
  create: '/usuario/novo',
  edit: '/usuario/editar/:id',
} as const;

export const userHref = {
  edit: (usuarioId: number) => `/usuario/editar/${usuarioId}`,
};

/** A positive integer id from a route parameter, or null for anything else ("abc", "0", "1.5"). */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
