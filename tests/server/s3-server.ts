import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../server/lib/object-storage.ts';

/**
 * A real S3 protocol server for tests (s3rver: HTTP, SigV4, ranged GET, copy, multipart), on
 * loopback at a free port with its files in a temporary folder. Production uses MinIO, Ceph RGW or a
 * cloud bucket: see the README's deployment section.
 */
export async function startS3Server(bucket = 'cidade-empreendedora-test'): Promise<{ config: S3StorageConfig; close: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'ce-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  return {
    config: {
      kind: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      // s3rver's fixed test account.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
