import { api } from '../../api/client.ts';
import { downloadFile, type DownloadProgress } from '../../api/download.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { solutions } from '../../contract/solutions.ts';
import {
  CATALOGUE_EXPORT_FILENAME,
  CATALOGUE_TEMPLATE_FILENAME,
  catalogueImportResultSchema,
  type CatalogueImportResult,
} from '../../domain/catalogue-transfer.ts';

/** The catalogue's xlsx (full admin): the template, the project's export, and the import (previewed, then confirmed). */

const ignoreProgress = (_progress: DownloadProgress) => {};

export function downloadCatalogueTemplate(): Promise<void> {
  return downloadFile(pathOf(solutions.importTemplate), CATALOGUE_TEMPLATE_FILENAME, ignoreProgress, { method: 'get' });
}

export function exportCatalogue(projetoId: number): Promise<void> {
  return downloadFile(pathOf(solutions.exportCatalogue, { id: projetoId }), CATALOGUE_EXPORT_FILENAME, ignoreProgress, { method: 'get' });
}

/**
 * Sends the sheet: `confirm` false answers the preview (nothing written), true imports it all in
 * one transaction. A sheet with row errors answers them in the preview; confirmed, it is refused (400).
 */
export async function importCatalogue(
  projetoId: number,
  file: File,
  confirm: boolean,
  signal?: AbortSignal,
): Promise<CatalogueImportResult> {
  const form = new FormData();
  form.append('arquivo', file);
  const answer = await api
    .post(pathOf(solutions.importCatalogue, { id: projetoId }), {
      searchParams: { confirmar: String(confirm) },
      body: form,
      timeout: 120_000,
      signal,
    })
    .json();
  return catalogueImportResultSchema.parse(answer);
}
