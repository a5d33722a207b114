import type { DownloadProgress } from '../domain/uploads.ts';
import { httpStatusOf } from '../lib/api-errors.ts';
import type { PublicDownloadState } from '../lib/public-download.ts';
import { api } from './client.ts';

export type { DownloadProgress };

/**
 * POSTs `path` (with `json`, the filter of an export; a file download of the API; `method: 'get'` for the downloads the API serves by
 * GET, such as the diagnostic PDF), reports progress and saves the answer under `name`: one way for
 * every file download of the app.
 */
export async function downloadFile(
  path: string,
  name: string,
  onProgress: (p: DownloadProgress) => void,
  { method = 'post', json }: { method?: 'get' | 'post'; json?: unknown } = {},
): Promise<void> {
  const blob = await api(path, {
    method,
    // A POSTed filter (an export of what a screen shows); absent for the downloads named by their path.
    ...(json === undefined ? {} : { json }),
    timeout: 300_000,
    onDownloadProgress: (progress) => onProgress({ received: progress.transferredBytes, total: progress.totalBytes }),
  }).blob();
  saveBlob(blob, name);
}

/** Hands a downloaded blob to the browser under `name`: one anchor click for every file the app saves. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next task: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** The file name a Content-Disposition header gives (RFC 6266: filename* first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1]!.trim() : null;
}

/** Saves a file answer of the API under the server's name (Content-Disposition, accents kept) or `fallback`; resolves with the name. */
export async function saveResponse(response: Response, fallback: string): Promise<string> {
  const name = fileNameOf(response.headers.get('content-disposition')) ?? fallback;
  saveBlob(await response.blob(), name);
  return name;
}

/**
 * A public link's download (no session): saves what `request` answers, and says whether a failure
 * was the link's own (one of `badLinkStatuses`) or another, for the public page to word it.
 */
export async function publicDownload(
  request: () => Promise<Response>,
  fallback: string,
  badLinkStatuses: readonly number[],
): Promise<PublicDownloadState> {
  try {
    return { status: 'done', name: await saveResponse(await request(), fallback) };
  } catch (error) {
    return { status: 'error', badLink: badLinkStatuses.includes(httpStatusOf(error) ?? 0) };
  }
}
