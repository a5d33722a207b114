import { pathOf } from '../contract/endpoint.ts';
import { syncRoutes } from '../contract/sync-routes.ts';
import type { BundlePaths } from '../offline/routes.ts';
import { registerBundlePaths, registerUploadPaths } from '../offline/routes.ts';
import { uploadPaths } from './upload-paths.ts';

/** The paths the page's offline engine calls, from their declarations (src/offline names no route). */

export const bundlePaths: BundlePaths = {
  summary: (municipioId) => pathOf(syncRoutes.summary, { id: municipioId }),
  bundle: (municipioId) => pathOf(syncRoutes.bundle, { id: municipioId }),
};

/** The page's engine: the upload steps and the offline bundle. */
export function registerEngineRoutes(): void {
  registerUploadPaths(uploadPaths);
  registerBundlePaths(bundlePaths);
}
