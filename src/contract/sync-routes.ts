/**
 * The offline bundle's routes as plain data (method and path), without their schemas: the page's
 * engine takes its paths from these (src/app/engine-routes.ts) and so does not load the bundle's
 * schemas, which hold nearly every domain's, before the first screen (issue 32). sync.ts declares
 * each endpoint on them, so every path is still written once.
 */
export const syncRoutes = {
  summary: { method: 'GET', path: '/offline/municipio/:id/resumo' },
  bundle: { method: 'GET', path: '/offline/municipio/:id' },
} as const;
