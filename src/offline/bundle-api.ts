import { api } from '../api/client.ts';
import {
  type BundleSummary,
  downloadBundle,
  fetchBundleSummary,
  removeOfflineMunicipality,
  type DownloadProgress,
  type OfflineMunicipality,
} from './bundle.ts';
import { openStore } from './store.ts';
import { ensureRoomFor } from './storage.ts';

/** "Disponível offline" for the signed-in user, over the app's one HTTP client (bundle.ts takes the client as a parameter for tests). */

export const NO_STORE_MESSAGE = 'Os dados offline não estão disponíveis neste navegador.';

/** The store, opened now if the screen was usable before it (store.ts); refused by this browser: the message. */
async function requireDb() {
  const db = await openStore();
  if (!db) throw new Error(NO_STORE_MESSAGE);
  return db;
}

/** What the download will cost, shown before it starts. */
export async function fetchOfflineSummary(municipioId: number, signal?: AbortSignal): Promise<BundleSummary> {
  // The bundle's paths are registered when the store starts (app/offline.ts), which the download needs anyway.
  await openStore();
  return fetchBundleSummary(api, municipioId, signal);
}

/** Refuses (UPLOAD_MESSAGES.semEspaco) before downloading when the device lacks the room. */
export async function downloadOffline(
  summary: Pick<BundleSummary, 'municipioId' | 'bytes'>,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<OfflineMunicipality> {
  const db = await requireDb();
  await ensureRoomFor(summary.bytes);
  return downloadBundle(api, db, summary.municipioId, { onProgress, expectedBytes: summary.bytes, signal });
}

export async function removeOffline(municipioId: number): Promise<void> {
  await removeOfflineMunicipality(await requireDb(), municipioId);
}
