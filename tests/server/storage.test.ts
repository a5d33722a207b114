import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../server/lib/object-storage.ts';
import { createLocalStorage, SizeLimitError, type Storage } from '../../server/lib/storage.ts';
import { startS3Server } from './s3-server.ts';

/*
 * The Storage contract (server/lib/storage.ts), once per implementation: the local folder and an
 * S3-compatible bucket on a real S3 protocol server (issue 33, items 1 and 2).
 */

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const from = (...pieces: Buffer[]) => Readable.from(pieces);
const collect = async (stream: Readable) => {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
};

type Kind = { name: string; open: () => Promise<{ storage: Storage; close: () => Promise<void> }> };

const kinds: Kind[] = [
  {
    name: 'pasta local',
    open: async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'ce-storage-'));
      return { storage: createLocalStorage(root), close: () => rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 'bucket S3',
    open: async () => {
      const server = await startS3Server();
      return { storage: createS3Storage(server.config), close: server.close };
    },
  },
];

describe.each(kinds)('Storage: $name', ({ open }) => {
  let storage: Storage;
  let close: () => Promise<void>;
  let n = 0;
  const key = () => `contract/file-${++n}`;

  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(async () => close());

  it('appends in order, and every reader sees the bytes of all appends as one file', async () => {
    const k = key();
    const parts = [randomBytes(1000), randomBytes(3000), randomBytes(5)];
    for (const part of parts) expect(await storage.append(k, from(part), { maxBytes: 10_000 })).toBe(part.length);
    const whole = Buffer.concat(parts);
    expect(await storage.size(k)).toBe(whole.length);
    expect(await storage.sha256(k)).toBe(sha256(whole));
    expect(await collect(storage.readStream(k))).toEqual(whole);
    // Across the boundaries between appends.
    expect(await storage.read(k, 990, 20)).toEqual(whole.subarray(990, 1010));
    expect(await storage.read(k, 3990, 100)).toEqual(whole.subarray(3990));
    expect(await collect(storage.readStream(k, { start: 500, end: 4001 }))).toEqual(whole.subarray(500, 4002));
  });

  it('streams a file larger than one upload part without losing a byte', async () => {
    const k = key();
    const big = randomBytes(12 * MiB + 7);
    const pieces = Array.from({ length: Math.ceil(big.length / (64 * 1024)) }, (_, i) => big.subarray(i * 64 * 1024, (i + 1) * 64 * 1024));
    expect(await storage.append(k, Readable.from(pieces), { maxBytes: 13 * MiB })).toBe(big.length);
    expect(await storage.size(k)).toBe(big.length);
    expect(await storage.sha256(k)).toBe(sha256(big));
  });

  it('past the cap the append is refused while streaming, keeps nothing, and leaves the source paused', async () => {
    const k = key();
    await storage.append(k, from(Buffer.from('antes')), { maxBytes: 100 });
    const source = new PassThrough();
    const appended = storage.append(k, source, { maxBytes: 10 });
    source.write(Buffer.alloc(6));
    source.write(Buffer.alloc(6));
    await expect(appended).rejects.toBeInstanceOf(SizeLimitError);
    expect(source.isPaused()).toBe(true);
    expect(await storage.size(k)).toBe(5);
    expect((await storage.read(k, 0, 100)).toString()).toBe('antes');
  });

  it('a source that fails midway leaves the file as it was', async () => {
    const k = key();
    await storage.append(k, from(Buffer.from('antes')), { maxBytes: 100 });
    // Fails on its second read, once the append is reading it (as a request body cut by the client).
    let reads = 0;
    const source = new Readable({
      read() {
        if (reads++ === 0) this.push(Buffer.from('metade'));
        else this.destroy(new Error('conexão perdida'));
      },
    });
    await expect(storage.append(k, source, { maxBytes: 100 })).rejects.toThrow('conexão perdida');
    expect(await storage.size(k)).toBe(5);
    expect(await storage.sha256(k)).toBe(sha256(Buffer.from('antes')));
  });

  it('truncates inside an append, at its boundary, to zero, and extends with zeros', async () => {
    const k = key();
    const a = randomBytes(100);
    const b = randomBytes(100);
    await storage.append(k, from(a), { maxBytes: 100 });
    await storage.append(k, from(b), { maxBytes: 100 });
    await storage.truncate(k, 150);
    expect(await collect(storage.readStream(k))).toEqual(Buffer.concat([a, b.subarray(0, 50)]));
    await storage.truncate(k, 100);
    expect(await storage.size(k)).toBe(100);
    // The next append lands right after the cut, as a resumed upload's next chunk does.
    await storage.append(k, from(b), { maxBytes: 100 });
    expect(await storage.sha256(k)).toBe(sha256(Buffer.concat([a, b])));
    await storage.truncate(k, 202);
    expect(await storage.read(k, 198, 10)).toEqual(Buffer.concat([b.subarray(98), Buffer.alloc(2)]));
    await storage.truncate(k, 0);
    expect(await storage.size(k)).toBe(0);
    const gone = key();
    await storage.truncate(gone, 0);
    expect(await storage.size(gone)).toBe(0);
  });

  it('moves a file over another, and removes it', async () => {
    const [a, b] = [key(), key()];
    await storage.append(a, from(Buffer.from('novo ')), { maxBytes: 100 });
    await storage.append(a, from(Buffer.from('arquivo')), { maxBytes: 100 });
    await storage.append(b, from(Buffer.from('um arquivo antigo e mais longo')), { maxBytes: 100 });
    await storage.move(a, b);
    expect(await storage.size(a)).toBe(0);
    expect((await storage.read(b, 0, 100)).toString()).toBe('novo arquivo');
    await storage.remove(b);
    expect(await storage.size(b)).toBe(0);
    await storage.remove(b);
    await expect(storage.sha256(b)).rejects.toThrow();
    await expect(collect(storage.readStream(b))).rejects.toThrow();
  });

  it('lists the files directly in a folder last written before a date', async () => {
    const folder = `listing-${++n}`;
    await storage.append(`${folder}/a`, from(Buffer.from('a')), { maxBytes: 10 });
    await storage.append(`${folder}/a`, from(Buffer.from('b')), { maxBytes: 10 });
    await storage.append(`${folder}/sub/c`, from(Buffer.from('c')), { maxBytes: 10 });
    expect(await storage.listOlderThan(folder, new Date(Date.now() + 60_000))).toEqual([`${folder}/a`]);
    expect(await storage.listOlderThan(folder, new Date(Date.now() - 60_000))).toEqual([]);
    expect(await storage.listOlderThan(`missing-${n}`, new Date())).toEqual([]);
  });

  it('probes that it can be written', async () => {
    expect(await storage.probe()).toBeNull();
  });
});

describe('Storage: bucket S3 unreachable', () => {
  it('answers the probe with why, and a write with 503 in Portuguese', async () => {
    const server = await startS3Server();
    await server.close();
    const storage = createS3Storage(server.config);
    expect(await storage.probe()).toMatch(/^s3:\/\/cidade-empreendedora-test: /);
    await expect(storage.append('uploads/x', from(Buffer.from('x')), { maxBytes: 10 })).rejects.toMatchObject({ statusCode: 503 });
  });
});
