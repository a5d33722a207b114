import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../domain/uploads.ts';
import { ensureRoomFor, estimateStorage, requestPersistentStorage, STORAGE_MARGIN_BYTES, StorageFullError } from './storage.ts';

const MB = 1024 * 1024;

function storage(usage: number, quota: number, persist?: () => Promise<boolean>) {
  return { estimate: async () => ({ usage, quota }), persist };
}

describe('storage quota', () => {
  it('refuses a file that does not fit, with the pt-BR message, before anything is stored', async () => {
    const device = storage(90 * MB, 100 * MB);
    await expect(ensureRoomFor(6 * MB, device)).rejects.toThrow(StorageFullError);
    await expect(ensureRoomFor(6 * MB, device)).rejects.toThrow(UPLOAD_MESSAGES.semEspaco);
  });

  it('accepts a file that fits with the margin left free, and refuses one that would eat the margin', async () => {
    const device = storage(50 * MB, 100 * MB);
    await expect(ensureRoomFor(50 * MB - STORAGE_MARGIN_BYTES, device)).resolves.toBeUndefined();
    await expect(ensureRoomFor(50 * MB - STORAGE_MARGIN_BYTES + 1, device)).rejects.toThrow(UPLOAD_MESSAGES.semEspaco);
  });

  it('accepts files where the browser gives no estimate', async () => {
    await expect(ensureRoomFor(500 * MB, null)).resolves.toBeUndefined();
    await expect(ensureRoomFor(500 * MB, storage(0, 0))).resolves.toBeUndefined();
  });

  it('warns from 80% of the quota used', async () => {
    expect(await estimateStorage(storage(79 * MB, 100 * MB))).toMatchObject({ warning: false, ratio: 0.79 });
    expect(await estimateStorage(storage(80 * MB, 100 * MB))).toMatchObject({ warning: true, ratio: 0.8, usage: 80 * MB, quota: 100 * MB });
    expect(await estimateStorage(null)).toBeNull();
  });

  it('reports the persistence answer, null where the API is missing and false when it throws', async () => {
    expect(await requestPersistentStorage(storage(0, 1, async () => true))).toBe(true);
    expect(await requestPersistentStorage(storage(0, 1, async () => false))).toBe(false);
    expect(await requestPersistentStorage(storage(0, 1))).toBeNull();
    expect(
      await requestPersistentStorage(
        storage(0, 1, async () => {
          throw new Error('not allowed');
        }),
      ),
    ).toBe(false);
  });
});
