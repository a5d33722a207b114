import { pathOf } from '../contract/endpoint.ts';
import { sync } from '../contract/sync.ts';
import type { BundlePaths } from '../offline/routes.ts';
import { registerBundlePaths, registerUploadPaths } from '../offline/routes.ts';
import { uploadPaths } from './upload-paths.ts';

/** The paths the page's offline engine calls, from their declarations (src/offline names no route). */

export const bundlePaths: BundlePaths = {
  summary: (municipioId) => pathOf(sync.summary, { id: municipioId }),
  bundle: (municipioId) => pathOf(sync.bundle, { id: municipioId }),
};

/** The page's engine: the upload steps and the offline bundle. */
export function registerEngineRoutes(): void {
  registerUploadPaths(uploadPaths);
  registerBundlePaths(bundlePaths);
}
