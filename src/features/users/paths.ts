/** Route patterns of user administration, absolute because the app collects every `path` of the tree as it is. */
export const USER_PATHS = {
  list: '/usuario',
  create: '/usuario/novo',
  edit: '/usuario/editar/:id',
} as const;

export const userHref = {
  edit: (usuarioId: number) => `/usuario/editar/${usuarioId}`,
};
