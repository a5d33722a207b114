import { pathOf, requestOf } from '../contract/endpoint.ts';
import { uploadRoutes } from '../contract/upload-routes.ts';
import type { UploadPaths } from '../offline/routes.ts';

/**
 * The resumable upload's steps as the engine calls them, from their routes. A module of its own so
 * the service worker takes these without the offline bundle's schemas, and from the paths-only
 * declaration (src/contract/upload-routes.ts) so it takes no zod schema either.
 */
export const uploadPaths: UploadPaths = {
  start: pathOf(uploadRoutes.start),
  chunk: (uploadId, offset) => requestOf(uploadRoutes.chunk, { params: { uploadId }, query: { offset } }).path,
  conclude: (uploadId) => pathOf(uploadRoutes.conclude, { uploadId }),
};
