import { randomUUID } from 'node:crypto';
import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type _Object,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError } from './errors.ts';
import { assertStorageKey, listenToSource, SizeLimitError, STORAGE_UNAVAILABLE_MESSAGE, type Storage } from './storage.ts';

/** STORAGE=s3: an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, ...). */
export type S3StorageConfig = {
  kind: 's3';
  /** Unset for AWS itself; the address of MinIO, Ceph or any other S3-compatible service. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Unset: the SDK's own chain (environment, instance role, ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** bucket in the path (http://host/bucket/key), as a loopback or MinIO endpoint needs. */
  forcePathStyle: boolean;
};

/*
 * S3 has no append, and resumable uploads append one chunk at a time under a write lease held in
 * PostgreSQL. A file is therefore kept as a chain of objects: its first bytes at the key itself,
 * and each later append as its own object named `<key>~<offset of its first byte, 15 digits>`
 * (`~` never appears in a key, see KEY_PATTERN, and the zero padding lists the chain in order).
 * The chain is read from one LIST request: the key, then each segment that starts exactly where
 * the previous one ended. Anything else under the key (a segment left by a crash after a cut, or
 * one already covered) is not part of the file and is deleted before the next write.
 *
 * Why not compose the chunks into one object at concluir: S3 copies parts server side
 * (UploadPartCopy) only when every part but the last has at least 5 MiB, and the client sends
 * 1 MiB chunks, so composing means reading and writing every byte once more through the instance,
 * right after concluir has already read them all for the SHA-256. A file of at most 25 MiB is
 * then at most a few dozen objects, read in order with ranged GETs, never more than one
 * network read buffer in memory.
 *
 * Writers of one key are ordered by the caller (the upload's write lease), as with the local
 * folder. Deletions go from the last segment back to the key, so a crash midway leaves a shorter
 * but whole file, never a gap.
 */

const SEGMENT_MARK = '~';
const OFFSET_DIGITS = 15;

/** Part size of a streamed append: the least S3 takes, so an append holds at most two parts in memory. */
const PART_BYTES = 5 * 1024 * 1024;

type Segment = { name: string; start: number; size: number; modified: Date };

const segmentName = (key: string, start: number) => (start === 0 ? key : `${key}${SEGMENT_MARK}${String(start).padStart(OFFSET_DIGITS, '0')}`);

function missing(key: string): Error {
  return Object.assign(new Error(`no such stored file: ${key}`), { code: 'ENOENT' });
}

/** The bucket refused or could not be reached: the request was fine, the server cannot store it. */
function unavailable(error: unknown): unknown {
  if (error instanceof AppError || error instanceof SizeLimitError) return error;
  return Object.assign(new AppError(503, STORAGE_UNAVAILABLE_MESSAGE), { cause: error });
}

export function createS3Storage(config: S3StorageConfig): Storage {
  const { bucket } = config;
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where the API requires them: the streaming trailers the SDK adds by default
    // are not understood by every S3-compatible service (older MinIO and Ceph releases).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  async function listUnder(prefix: string, delimiter?: string): Promise<_Object[]> {
    const objects: _Object[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, Delimiter: delimiter, ContinuationToken: token }),
      );
      objects.push(...(page.Contents ?? []));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  /** The file's chain of segments and the objects under its key that are not part of it. */
  async function layout(key: string): Promise<{ chain: Segment[]; size: number; strays: string[] }> {
    assertStorageKey(key);
    const objects = (await listUnder(key)).flatMap((o): Segment[] => {
      const name = o.Key!;
      const modified = o.LastModified ?? new Date(0);
      if (name === key) return [{ name, start: 0, size: o.Size ?? 0, modified }];
      const suffix = name.slice(key.length + SEGMENT_MARK.length);
      if (!name.startsWith(key + SEGMENT_MARK) || !/^\d+$/.test(suffix)) return [];
      return [{ name, start: Number(suffix), size: o.Size ?? 0, modified }];
    });
    objects.sort((a, b) => a.start - b.start);
    const chain: Segment[] = [];
    const strays: string[] = [];
    let end = 0;
    for (const segment of objects) {
      const continues = segment.start === 0 ? chain.length === 0 : chain.length > 0 && segment.start === end && segment.size > 0;
      if (continues) {
        chain.push(segment);
        end += segment.size;
      } else strays.push(segment.name);
    }
    return { chain, size: end, strays };
  }

  const remove = (name: string) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: name }));

  /** Deletes the named objects, last first (see the ordering note above). */
  async function removeAll(names: string[]): Promise<void> {
    for (const name of [...names].reverse()) await remove(name);
  }

  /**
   * Streams `source` into a new object, at most `maxBytes`, as local append does: the source is
   * read with backpressure and, on a rejection, left paused; nothing is stored unless it all fits.
   */
  function streamToObject(name: string, source: Readable, maxBytes: number): Promise<number> {
    const body = new PassThrough({ highWaterMark: 1024 * 1024 });
    const upload = new Upload({ client, params: { Bucket: bucket, Key: name, Body: body }, partSize: PART_BYTES, queueSize: 1 });
    let written = 0;
    let failure: { error: unknown } | null = null;
    const stop = (error: unknown) => {
      if (failure) return;
      failure = { error };
      detach();
      body.off('drain', onDrain);
      // Aborts the upload: a single PUT is never sent, a multipart one is aborted by lib-storage.
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    };
    const onDrain = () => {
      if (!failure) source.resume();
    };
    body.on('drain', onDrain);
    const detach = listenToSource(source, {
      data(bytes) {
        if (written + bytes.length > maxBytes) return stop(new SizeLimitError());
        written += bytes.length;
        if (!body.write(bytes)) source.pause();
      },
      end() {
        body.off('drain', onDrain);
        body.end();
      },
      fail: stop,
    });
    return upload.done().then(
      () => written,
      (error: unknown) => {
        throw failure ? failure.error : unavailable(error);
      },
    );
  }

  /** The bytes [start, end] (inclusive) of the chain, one ranged GET per segment touched. */
  async function* bytesOf(chain: Segment[], start: number, end: number): AsyncGenerator<Buffer> {
    for (const segment of chain) {
      const from = Math.max(start, segment.start);
      const to = Math.min(end, segment.start + segment.size - 1);
      if (from > to) continue;
      const answer = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: segment.name, Range: `bytes=${from - segment.start}-${to - segment.start}` }),
      );
      for await (const piece of answer.Body as Readable) yield piece as Buffer;
    }
  }

  async function existing(key: string): Promise<{ chain: Segment[]; size: number; strays: string[] }> {
    const found = await layout(key);
    if (found.chain.length === 0) throw missing(key);
    return found;
  }

  async function append(key: string, source: Readable, maxBytes: number): Promise<number> {
    let size: number;
    try {
      const found = await layout(key);
      await removeAll(found.strays);
      size = found.size;
    } catch (error) {
      throw unavailable(error);
    }
    const name = segmentName(key, size);
    const written = await streamToObject(name, source, maxBytes);
    // An empty segment would end the chain's walk early: an empty append adds nothing.
    if (written === 0 && size > 0) await remove(name);
    return written;
  }

  return {
    append: (key, source, { maxBytes }) => append(key, source, maxBytes),

    async truncate(key, newSize) {
      try {
        const { chain, size, strays } = await layout(key);
        if (newSize > size) {
          const zeros = Readable.from(
            (function* () {
              for (let left = newSize - size; left > 0; left -= PART_BYTES) yield Buffer.alloc(Math.min(left, PART_BYTES));
            })(),
          );
          await append(key, zeros, newSize - size);
          return;
        }
        const beyond = chain.filter((s) => s.start >= newSize).map((s) => s.name);
        await removeAll([...beyond, ...strays]);
        const cut = chain.find((s) => s.start < newSize && newSize < s.start + s.size);
        // The object stays readable until the shorter one replaces it (S3 writes are atomic).
        if (cut) await streamToObject(cut.name, Readable.from(bytesOf([cut], cut.start, newSize - 1)), newSize - cut.start);
      } catch (error) {
        throw unavailable(error);
      }
    },

    async size(key) {
      try {
        return (await layout(key)).size;
      } catch (error) {
        throw unavailable(error);
      }
    },

    async sha256(key) {
      const { chain, size } = await existing(key);
      const hash = createHash('sha256');
      await pipeline(Readable.from(bytesOf(chain, 0, size - 1)), hash);
      return hash.digest('hex');
    },

    async read(key, start, length) {
      const { chain } = await existing(key);
      const pieces: Buffer[] = [];
      for await (const piece of bytesOf(chain, start, start + length - 1)) pieces.push(piece);
      return Buffer.concat(pieces);
    },

    readStream(key, range) {
      return Readable.from(
        (async function* () {
          const { chain, size } = await existing(key);
          yield* bytesOf(chain, range?.start ?? 0, Math.min(range?.end ?? Infinity, size - 1));
        })(),
      );
    },

    async remove(key) {
      const { chain, strays } = await layout(key);
      await removeAll([...chain.map((s) => s.name), ...strays]);
    },

    async move(from, to) {
      try {
        const source = await existing(from);
        const target = await layout(to);
        await removeAll([...target.chain.map((s) => s.name), ...target.strays]);
        // Server-side copies, first segment first: a crash midway leaves a shorter whole file at `to`.
        for (const segment of source.chain) {
          await client.send(
            new CopyObjectCommand({
              Bucket: bucket,
              Key: segmentName(to, segment.start),
              CopySource: `${bucket}/${segment.name.split('/').map(encodeURIComponent).join('/')}`,
            }),
          );
        }
        await removeAll([...source.chain.map((s) => s.name), ...source.strays]);
      } catch (error) {
        throw unavailable(error);
      }
    },

    async listOlderThan(folder, before) {
      assertStorageKey(folder);
      // A file was last written when its newest segment was.
      const newest = new Map<string, Date>();
      for (const object of await listUnder(`${folder}/`, '/')) {
        const key = object.Key!.split(SEGMENT_MARK)[0]!;
        const modified = object.LastModified ?? new Date(0);
        const seen = newest.get(key);
        if (!seen || seen < modified) newest.set(key, modified);
      }
      return [...newest].filter(([, modified]) => modified < before).map(([key]) => key);
    },

    async probe() {
      const name = `.probe-${randomUUID()}`;
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: name, Body: 'ok' }));
        await remove(name);
        return null;
      } catch (error) {
        const { name: errorName, message } = error as Error;
        return `s3://${bucket}: ${errorName === 'Error' ? message : errorName}`;
      }
    },
  };
}
