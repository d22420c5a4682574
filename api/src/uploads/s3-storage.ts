import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../config.js';
import { ServiceUnavailable } from '../shared/errors.js';
import { contentTypeOf, STORED_CACHE_CONTROL } from './image-types.js';
import { isStoredName, type ImageStorage, type StoredBody } from './storage.js';

type S3Settings = Extract<StorageConfig, { kind: 's3' }>;

/** lib-storage's smallest part: bodies up to this go in one PUT, larger ones as a multipart upload. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * Images in an S3-compatible bucket (AWS S3, MinIO, R2), one object per stored name at the
 * bucket's root. Writes stream through lib-storage (at most two parts in memory); an object
 * appears only once complete, and a failed multipart upload is aborted.
 */
export class S3Storage implements ImageStorage {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: Pick<S3Settings, 'bucket' | 'region' | 'endpoint' | 'credentials' | 'forcePathStyle'>) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials ?? undefined,
      // Checksums only where S3 requires them: several S3-compatible servers reject the
      // SDK's default streaming checksum trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async save(name: string, body: StoredBody): Promise<void> {
    checkName(name);
    const upload = new Upload({
      client: this.client,
      // The bucket (or a CDN reading it) then sends the headers /uploads sends.
      params: { Bucket: this.bucket, Key: name, Body: body, ContentType: contentTypeOf(name), CacheControl: STORED_CACHE_CONTROL },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // The body stream failed or the bucket refused: stop the reader, then say which.
      if (!(body instanceof Uint8Array)) (body as Readable).destroy?.();
      throw unavailableUnlessClientError(error);
    }
  }

  async open(name: string): Promise<{ stream: NodeJS.ReadableStream; size: number } | null> {
    checkName(name);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }));
      return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailableUnlessClientError(error);
    }
  }

  async has(name: string): Promise<boolean> {
    checkName(name);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: name }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw unavailableUnlessClientError(error);
    }
  }

  async remove(name: string): Promise<void> {
    checkName(name);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
    } catch (error) {
      if (!isNotFound(error)) throw unavailableUnlessClientError(error);
    }
  }

  async *list(): AsyncIterable<string> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) if (object.Key && isStoredName(object.Key)) yield object.Key;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function checkName(name: string): void {
  if (!isStoredName(name)) throw new Error(`Not a stored file name: ${name}`);
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');
}

/** The bucket unreachable or failing (network, 5xx, credentials): 503 for the client, the cause kept. */
function unavailableUnlessClientError(error: unknown): Error {
  if (!(error instanceof S3ServiceException) && error instanceof Error && !('$metadata' in error) && !isNetworkError(error)) {
    // Not the bucket's doing (the body stream failed): the caller knows what that means.
    return error;
  }
  return Object.assign(new ServiceUnavailable(), { cause: error });
}

function isNetworkError(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|EPIPE)$/.test(code);
}
