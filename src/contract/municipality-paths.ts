/**
 * The paths of the two municipality lists, apart from their declarations (municipalities.ts, which
 * uses them): the city list and the header's municipality switcher, on the first screen after
 * login, read these with zod/mini schemas applied by the caller (`pathOf(municipalityPaths.names)`),
 * so classic zod, which the declarations' schemas are built with, stays out of that screen.
 */
export const municipalityPaths = {
  list: { path: '/municipio' },
  names: { path: '/municipio/get-nomes' },
} as const;
