import { pathOf, requestOf } from '../contract/endpoint.ts';
import { uploads } from '../contract/uploads.ts';
import type { UploadPaths } from '../offline/routes.ts';

/**
 * The resumable upload's steps as the engine calls them, from their declarations. A module of its
 * own so the service worker takes these without the offline bundle's schemas.
 */
export const uploadPaths: UploadPaths = {
  start: pathOf(uploads.start),
  chunk: (uploadId, offset) => requestOf(uploads.chunk, { params: { uploadId }, query: { offset } }).path,
  conclude: (uploadId) => pathOf(uploads.conclude, { uploadId }),
};
