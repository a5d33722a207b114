/**
 * The resumable upload's routes as plain data (method and path), without their schemas: the
 * service worker sends queued files with these (src/app/upload-paths.ts) and so carries no zod.
 * uploads.ts declares each endpoint on them, so every path is still written once.
 */
export const uploadRoutes = {
  start: { method: 'POST', path: '/upload' },
  status: { method: 'GET', path: '/upload/:uploadId' },
  chunk: { method: 'PUT', path: '/upload/:uploadId' },
  conclude: { method: 'POST', path: '/upload/:uploadId/concluir' },
} as const;
