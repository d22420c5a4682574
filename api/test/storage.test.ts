import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { S3Storage } from '../src/uploads/s3-storage.js';
import { LocalDiskStorage, type ImageStorage } from '../src/uploads/storage.js';
import { saveImage } from '../src/uploads/upload.service.js';
import { allVariantNames } from '../src/uploads/variants.js';
import { decodeImage } from './fixtures/images.js';
import { request } from './http.js';
import { startTestS3, type TestS3 } from './s3-server.js';
import { startTestApp, type TestApp } from './test-app.js';

// One suite for every ImageStorage: local disk, and an S3-compatible server (s3rver) on loopback
// reached through the real AWS SDK client.

let s3: TestS3;
const diskDirs: string[] = [];
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
  for (const dir of diskDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const backends: [string, () => ImageStorage][] = [
  [
    'local disk',
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-storage-'));
      diskDirs.push(dir);
      return new LocalDiskStorage(path.join(dir, 'uploads'));
    },
  ],
  ['S3 (s3rver, AWS SDK v3)', () => new S3Storage(s3.settings)],
];

async function bytesOf(storage: ImageStorage, name: string): Promise<Buffer | null> {
  const file = await storage.open(name);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream as AsyncIterable<Buffer>) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  expect(bytes.length).toBe(file.size);
  return bytes;
}

async function names(storage: ImageStorage): Promise<string[]> {
  const all: string[] = [];
  for await (const name of storage.list()) all.push(name);
  return all.sort();
}

/** `megabytes` of deterministic bytes, produced 1 MB at a time (a stream of unknown length). */
function generated(megabytes: number, failAfter?: number): Readable {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < megabytes; i++) {
        if (failAfter !== undefined && i === failAfter) throw new Error('the source failed');
        yield Buffer.alloc(1024 * 1024, i + 1);
      }
    })(),
  );
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(backends)('%s', (_label, make) => {
  let storage: ImageStorage;
  beforeAll(() => {
    storage = make();
  });
  afterAll(async () => {
    await storage.close?.();
  });

  it('saves bytes, opens them with their size, knows and lists them', async () => {
    await storage.save('first.png', Buffer.from('first bytes'));
    expect((await bytesOf(storage, 'first.png'))?.toString()).toBe('first bytes');
    expect(await storage.has('first.png')).toBe(true);
    expect(await names(storage)).toContain('first.png');
  });

  it('answers null / false for a name it does not hold, and removes quietly', async () => {
    expect(await storage.open('absent.png')).toBeNull();
    expect(await storage.has('absent.png')).toBe(false);
    await storage.remove('absent.png');
  });

  it('replaces a file saved again under the same name', async () => {
    await storage.save('again.webp', Buffer.from('one'));
    await storage.save('again.webp', Buffer.from('two'));
    expect((await bytesOf(storage, 'again.webp'))?.toString()).toBe('two');
  });

  it('streams a 12 MB body of unknown length (multipart on S3) and reads back the same bytes', async () => {
    await storage.save('large.png', generated(12));
    const expected = Buffer.concat(Array.from({ length: 12 }, (_, i) => Buffer.alloc(1024 * 1024, i + 1)));
    const stored = await bytesOf(storage, 'large.png');
    expect(stored?.length).toBe(expected.length);
    expect(sha(stored!)).toBe(sha(expected));
  });

  it.each([
    ['early (one PUT)', 8, 0],
    ['after two parts (multipart)', 14, 11],
  ])('leaves nothing behind when the body fails %s', async (_when, megabytes, failAfter) => {
    const before = await names(storage);
    await expect(storage.save('broken.png', generated(megabytes, failAfter))).rejects.toThrow();
    expect(await storage.has('broken.png')).toBe(false);
    expect(await names(storage)).toEqual(before);
  });

  it('removes', async () => {
    await storage.save('gone.gif', Buffer.from('soon gone'));
    await storage.remove('gone.gif');
    expect(await storage.has('gone.gif')).toBe(false);
    expect(await storage.open('gone.gif')).toBeNull();
  });

  it('refuses names that are not stored-file names', async () => {
    for (const name of ['../escape.png', '.partial-1', 'dir/file.png', 'script.svg']) {
      await expect(storage.save(name, Buffer.from('x'))).rejects.toThrow('Not a stored file name');
      await expect(storage.open(name)).rejects.toThrow('Not a stored file name');
    }
  });

  it('stores an image with its variants through the upload service, and undoes it all when the original fails', async () => {
    const png = await sharp({ create: { width: 700, height: 350, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const { url } = await saveImage(png, storage);
    const base = url.replace(/^\/uploads\//, '').replace(/\.png$/, '');
    for (const variant of allVariantNames(base)) expect([variant, await storage.has(variant)]).toEqual([variant, true]);
    expect((await decodeImage((await bytesOf(storage, `${base}-640.webp`))!)).width).toBe(640);

    const before = await names(storage);
    const failing: ImageStorage = Object.create(storage, {
      save: {
        value: (name: string, body: Uint8Array | Readable) =>
          name.endsWith('.png') ? Promise.reject(new Error('the disk is full')) : storage.save(name, body),
      },
    });
    await expect(saveImage(png, failing, 'doomed')).rejects.toThrow('the disk is full');
    expect(await names(storage)).toEqual(before);
  });
});

describe('S3 objects', () => {
  it('carry the content type and cache policy that /uploads sends', async () => {
    const storage = new S3Storage(s3.settings);
    try {
      await storage.save('headers.avif', Buffer.from('not really an avif'));
      const head = await storage.client.send(new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: 'headers.avif' }));
      expect([head.ContentType, head.CacheControl]).toEqual(['image/avif', 'public, max-age=31536000, immutable']);
    } finally {
      await storage.close();
    }
  });

  it('an unreachable bucket is a 503 for the caller, not a crash', async () => {
    const storage = new S3Storage({ ...s3.settings, endpoint: 'http://127.0.0.1:9' });
    try {
      await expect(storage.has('any.png')).rejects.toMatchObject({ status: 503 });
    } finally {
      await storage.close();
    }
  });
});

describe('the app on S3', () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp({ storage: s3.settings });
    cookie = await app.login();
  });
  afterAll(async () => {
    await app?.close();
  });

  const png = () => sharp({ create: { width: 900, height: 300, channels: 3, background: '#aa3322' } }).png().toBuffer();

  it('uploads into the bucket and serves the original and its variants with the usual headers', async () => {
    const form = new FormData();
    form.append('file', new Blob([await png()], { type: 'image/png' }), 'banner.png');
    const reply = await request(app.baseUrl, 'POST', '/api/upload-image', { body: form, cookie });
    expect(reply.status).toBe(201);
    const name = reply.body.url.replace('/uploads/', '');
    expect(await app.deps.storage.has(name)).toBe(true);

    for (const [path, type] of [
      [reply.body.url, 'image/png'],
      [reply.body.url.replace(/\.png$/, '-640.avif'), 'image/avif'],
      [reply.body.url.replace(/\.png$/, '-1280.webp'), 'image/webp'],
    ] as const) {
      const served = await fetch(`${app.baseUrl}${path}`);
      expect([path, served.status, served.headers.get('content-type')]).toEqual([path, 200, type]);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Number(served.headers.get('content-length'))).toBe((await served.arrayBuffer()).byteLength);
    }
    expect((await fetch(`${app.baseUrl}/uploads/missing-in-bucket.png`)).status).toBe(404);
  });

  it('makes a legacy original’s missing variant on request and stores it in the bucket', async () => {
    await app.deps.storage.save('s3-legacy.png', await png());
    const served = await fetch(`${app.baseUrl}/uploads/s3-legacy-320.webp`);
    expect(served.status).toBe(200);
    expect((await decodeImage(Buffer.from(await served.arrayBuffer()))).width).toBe(320);
    expect(await app.deps.storage.has('s3-legacy-320.webp')).toBe(true);
  });
});

describe('the app on S3 with PUBLIC_ASSET_URL', () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp({ storage: { ...s3.settings, publicAssetUrl: s3.bucketUrl } });
    cookie = await app.login();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('redirects /uploads/<name> to the asset URL, where the bucket serves the bytes with their type', async () => {
    const form = new FormData();
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#22aa44' } }).png().toBuffer();
    form.append('file', new Blob([png], { type: 'image/png' }), 'small.png');
    const reply = await request(app.baseUrl, 'POST', '/api/upload-image', { body: form, cookie });
    expect(reply.status).toBe(201);
    const name = reply.body.url.replace('/uploads/', '');

    const redirect = await fetch(`${app.baseUrl}${reply.body.url}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`${s3.bucketUrl}/${name}`);

    const followed = await fetch(`${app.baseUrl}${reply.body.url}`);
    expect(followed.status).toBe(200);
    expect(followed.headers.get('content-type')).toBe('image/png');
    expect((await decodeImage(Buffer.from(await followed.arrayBuffer()))).width).toBe(40);
  });

  it('makes a missing variant before redirecting to it, and answers 404 for what is not stored', async () => {
    await app.deps.storage.save('cdn-legacy.png', await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } }).png().toBuffer());
    const redirect = await fetch(`${app.baseUrl}/uploads/cdn-legacy-640.avif`, { redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([302, `${s3.bucketUrl}/cdn-legacy-640.avif`]);
    expect(await app.deps.storage.has('cdn-legacy-640.avif')).toBe(true);
    expect((await fetch(`${app.baseUrl}/uploads/nothing-here.png`, { redirect: 'manual' })).status).toBe(404);
  });
});
