import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { StorageConfig } from '../../src/config.js';
import { S3Storage } from '../../src/uploads/s3-storage.js';

// An S3-compatible server (s3rver, pure JS) on loopback for the storage tests, with one bucket;
// the tests talk to it through the real AWS SDK client.

export interface TestS3 {
  settings: Extract<StorageConfig, { kind: 's3' }>;
  /** The bucket's own URL (path style), as a PUBLIC_ASSET_URL would name it. */
  bucketUrl: string;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'site-images'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = {
    kind: 's3' as const,
    bucket,
    region: 'us-east-1',
    endpoint,
    // s3rver's fixed development credentials.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    publicAssetUrl: null,
  };
  const admin = new S3Storage(settings);
  await admin.client.send(new CreateBucketCommand({ Bucket: bucket }));
  await admin.close();
  return {
    settings,
    bucketUrl: `${endpoint}/${bucket}`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
