import { api } from '../api/client.ts';
import {
  type BundleSummary,
  downloadBundle,
  fetchBundleSummary,
  removeOfflineMunicipality,
  type DownloadProgress,
  type OfflineMunicipality,
} from './bundle.ts';
import { getOfflineDb } from './runtime.ts';
import { ensureRoomFor } from './storage.ts';

/** "Disponível offline" for the signed-in user, over the app's one HTTP client (bundle.ts takes the client as a parameter for tests). */

export const NO_STORE_MESSAGE = 'Os dados offline não estão disponíveis neste navegador.';

function requireDb() {
  const db = getOfflineDb();
  if (!db) throw new Error(NO_STORE_MESSAGE);
  return db;
}

/** What the download will cost, shown before it starts. */
export function fetchOfflineSummary(municipioId: number, signal?: AbortSignal): Promise<BundleSummary> {
  return fetchBundleSummary(api, municipioId, signal);
}

/** Refuses (UPLOAD_MESSAGES.semEspaco) before downloading when the device lacks the room. */
export async function downloadOffline(
  summary: Pick<BundleSummary, 'municipioId' | 'bytes'>,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<OfflineMunicipality> {
  const db = requireDb();
  await ensureRoomFor(summary.bytes);
  return downloadBundle(api, db, summary.municipioId, { onProgress, expectedBytes: summary.bytes, signal });
}

export async function removeOffline(municipioId: number): Promise<void> {
  await removeOfflineMunicipality(requireDb(), municipioId);
}
