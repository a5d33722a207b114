import { createHash, randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../../server/lib/storage.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // A storage folder that cannot be written, even by root (tests run as root, so chmod would not
  // stop them): its path is a regular file, so nothing can be created under it.
  const root = path.join(t.config.dataDir, 'files');
  await rm(root, { recursive: true, force: true });
  await writeFile(root, 'não é uma pasta');
});

afterAll(async () => {
  await t.close();
});

describe('file storage that cannot be written (issue 25, item 7)', () => {
  it('/api/health answers 503 naming the storage, in Portuguese', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'erro',
      database: 'ok',
      storage: 'indisponivel',
      message: 'Armazenamento de arquivos indisponível: o servidor não consegue gravar arquivos.',
    });
  });

  it('a file sent for storage is answered 503 with a Portuguese message, not a generic 500', async () => {
    const headers = authHeaders(await login(t, 'admin@demo.local'));
    const file = Buffer.from('%PDF-1.4\nlista de presença\n');
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers,
      payload: {
        chave: randomUUID(),
        nome: 'lista.pdf',
        tamanho: file.length,
        sha256: createHash('sha256').update(file).digest('hex'),
        finalidade: 'anexo',
      },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const { uploadId } = opened.json() as { uploadId: string };
    const chunk = await t.app.inject({
      method: 'PUT',
      url: `/api/upload/${uploadId}?offset=0`,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: file,
    });
    expect(chunk.statusCode).toBe(503);
    expect(chunk.json().message).toBe(STORAGE_UNAVAILABLE_MESSAGE);
  });
});
