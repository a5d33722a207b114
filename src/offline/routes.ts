/**
 * The API paths the engine itself calls (relative to /api), handed in where it is wired, like its
 * kinds and tables: src/offline names no route. The app builds them from the declarations in
 * src/contract (src/app/engine-routes.ts); the service worker registers the upload steps only, the
 * one thing its drain calls besides the queued requests.
 */

/** The resumable upload's three steps (src/contract/uploads.ts). */
export type UploadPaths = {
  /** POST: open an upload, or answer the one open under the same chave. */
  start: string;
  /** PUT: one chunk at the offset the server confirmed, the query string included. */
  chunk(uploadId: string, offset: number): string;
  /** POST: the server checks size, hash and type. */
  conclude(uploadId: string): string;
};

/** "Disponível offline": one municipality's bundle and what it will cost (src/contract/sync.ts). */
export type BundlePaths = {
  summary(municipioId: number): string;
  bundle(municipioId: number): string;
};

let uploadPaths: UploadPaths | null = null;
let bundlePaths: BundlePaths | null = null;

/** Registering again replaces them (module reload during development). */
export function registerUploadPaths(paths: UploadPaths): void {
  uploadPaths = paths;
}

export function registerBundlePaths(paths: BundlePaths): void {
  bundlePaths = paths;
}

export function getUploadPaths(): UploadPaths {
  if (!uploadPaths) throw new Error('Os caminhos de envio de arquivos não foram registrados.');
  return uploadPaths;
}

export function getBundlePaths(): BundlePaths {
  if (!bundlePaths) throw new Error('Os caminhos do pacote offline não foram registrados.');
  return bundlePaths;
}
