import { uploads } from '../contract/uploads.ts';
import { sha256Hex, UPLOAD_CHUNK_BYTES, uploadStatusSchema } from '../domain/uploads.ts';
import { call, callRaw, urlOf } from './call.ts';
import { api } from './client.ts';

/**
 * The resumable upload protocol (api/upload) in one go, for saves that are online only (an
 * edit; a browser without IndexedDB). Queued saves go through the outbox's uploader instead.
 * Resolves with the uploadId to list in the record's arquivosUploadIds.
 */
export async function uploadNow(file: File, onProgress?: (sentBytes: number) => void): Promise<string> {
  const started = await call(uploads.start, {
    body: {
      chave: crypto.randomUUID(),
      nome: file.name.slice(0, 255),
      tamanho: file.size,
      sha256: await sha256Hex(file),
      finalidade: 'anexo',
    },
  });
  let offset = started.recebido;
  onProgress?.(offset);
  while (offset < file.size) {
    const chunk = file.slice(offset, offset + UPLOAD_CHUNK_BYTES);
    // The chunk is bytes, not JSON (call sends JSON): ky sends it to the declared URL as is.
    const status = uploadStatusSchema.parse(
      await api
        .put(urlOf(uploads.chunk, { params: { uploadId: started.uploadId }, query: { offset } }), {
          body: chunk,
          headers: { 'content-type': 'application/octet-stream' },
          timeout: 120_000,
        })
        .json(),
    );
    offset = status.recebido;
    onProgress?.(offset);
  }
  await callRaw(uploads.conclude, { params: { uploadId: started.uploadId } });
  return started.uploadId;
}

/** Uploads `files` one after the other, reporting the bytes sent of all of them. */
export async function uploadAllNow(
  files: readonly File[],
  onProgress?: (sentBytes: number, totalBytes: number) => void,
): Promise<string[]> {
  const totalBytes = files.reduce((sum, f) => sum + f.size, 0);
  const ids: string[] = [];
  let before = 0;
  for (const file of files) {
    ids.push(await uploadNow(file, (sent) => onProgress?.(before + sent, totalBytes)));
    before += file.size;
  }
  return ids;
}
