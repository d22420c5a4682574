import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { S3Storage } from '../../src/uploads/s3-storage.js';
import { LocalDiskStorage, type ImageStorage } from '../../src/uploads/storage.js';
import { saveImage } from '../../src/uploads/upload.service.js';
import { allVariantNames, makeMissingVariants } from '../../src/uploads/variants.js';
import { decodeImage } from '../helpers/fixtures/images.js';
import { request } from '../helpers/http.js';
import { startTestS3, type TestS3 } from '../helpers/s3-server.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

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

  it('makes exactly the missing variants of stored originals (npm run variants), touching nothing else', async () => {
    const picture = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#225588' } }).png().toBuffer();
    // A complete upload; an original stored before variants existed; a JPEG original with one of
    // its variants already there; a variant whose original is not stored; a variant of a variant
    // (as requests wrote them before); an original that is no image.
    const { url } = await saveImage(await picture(700, 350), storage);
    const complete = url.replace(/^\/uploads\//, '').replace(/\.png$/, '');
    await storage.save('mig-legacy.png', await picture(500, 250));
    await storage.save('mig-partial.jpg', await sharp(await picture(900, 300)).jpeg().toBuffer());
    await storage.save('mig-partial-320.webp', Buffer.from('kept as it is'));
    await storage.save('mig-orphan-640.webp', Buffer.from('no original'));
    await storage.save(`${complete}-640-320.webp`, Buffer.from('a variant of a variant'));
    await storage.save('mig-broken.png', Buffer.from('not an image at all'));
    const before = await names(storage);

    const report = await makeMissingVariants(storage);
    const after = await names(storage);
    // Never a variant wider than its source: the 500 px legacy original gets 320 and 640 (the 640
    // one 500 px wide), no 1280; the 900 px one 320, 640 and 1280 (900 px wide).
    const upTo = (base: string, largest: number) => allVariantNames(base).filter((name) => Number(/-(\d+)\.\w+$/.exec(name)![1]) <= largest);
    const expected = [...upTo('mig-legacy', 640), ...upTo('mig-partial', 1280).filter((name) => name !== 'mig-partial-320.webp')];
    // And the two originals' link-preview pictures (the upload has its own already).
    expected.push('mig-legacy-1200x630.jpg', 'mig-partial-1200x630.jpg');
    expect(after.filter((name) => !before.includes(name))).toEqual(expected.sort());
    expect(before.filter((name) => !after.includes(name))).toEqual([]);
    expect(report).toMatchObject({ made: 9, completed: 2, socialMade: 2, strays: [`${complete}-640-320.webp`], removed: 0 });
    expect(report.refused).toContain('mig-broken.png');
    expect(report.refused).not.toContain('mig-legacy.png');
    expect((await bytesOf(storage, 'mig-partial-320.webp'))!.toString()).toBe('kept as it is');
    // The upload's own variants: never upscaled, the format named.
    const legacy640 = await decodeImage((await bytesOf(storage, 'mig-legacy-640.avif'))!);
    expect([legacy640.format, legacy640.width, legacy640.height]).toEqual(['heif', 500, 250]);
    expect((await decodeImage((await bytesOf(storage, 'mig-partial-640.webp'))!)).width).toBe(640);

    // Again: nothing left to make.
    expect((await makeMissingVariants(storage)).made).toBe(0);
    expect(await names(storage)).toEqual(after);
    // --remove-strays: the variant of a variant goes, nothing else.
    expect((await makeMissingVariants(storage, { removeStrays: true })).removed).toBe(1);
    expect(await names(storage)).toEqual(after.filter((name) => name !== `${complete}-640-320.webp`));
  });
});

const API_DIR = fileURLToPath(new URL('../../', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/tsx/dist/cli.mjs', import.meta.url));

/** `npm run variants -- <args>` with these settings (as the server reads them). */
function variantsCli(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TSX, 'src/uploads/variants-cli.ts', ...args],
      { cwd: API_DIR, env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run variants', () => {
  const legacy = () => sharp({ create: { width: 800, height: 400, channels: 3, background: '#884422' } }).jpeg().toBuffer();

  it('makes the missing variants of the originals on disk (DATA_DIR), and then has nothing left to do', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-variants-'));
    diskDirs.push(dataDir);
    const storage = new LocalDiskStorage(path.join(dataDir, 'uploads'));
    await storage.save('cli-legacy.jpg', await legacy());
    await storage.save('cli-legacy-640-320.webp', Buffer.from('a variant of a variant'));

    const first = await variantsCli({ DATA_DIR: dataDir });
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toContain('Checked 1 images: made 6 variants for 1 of them.');
    expect(first.stdout).toContain('Made 1 link-preview pictures (1200x630 JPEG).');
    expect(first.stdout).toContain('1 stored files are variants of variants');
    expect(await names(storage)).toEqual(['cli-legacy-640-320.webp', 'cli-legacy.jpg', 'cli-legacy-1200x630.jpg', ...allVariantNames('cli-legacy')].sort());
    expect((await decodeImage((await bytesOf(storage, 'cli-legacy-320.avif'))!)).width).toBe(320);

    const second = await variantsCli({ DATA_DIR: dataDir }, '--remove-strays');
    expect(second.stdout).toContain('Checked 1 images: made 0 variants for 0 of them.');
    expect(second.stdout).toContain('Made 0 link-preview pictures (1200x630 JPEG).');
    expect(second.stdout).toContain('Removed 1 stored variants of variants.');
    expect(await names(storage)).toEqual(['cli-legacy.jpg', 'cli-legacy-1200x630.jpg', ...allVariantNames('cli-legacy')].sort());
  }, 60_000);

  it('does the same in an S3 bucket (STORAGE=s3)', async () => {
    const storage = new S3Storage(s3.settings);
    try {
      await storage.save('cli-s3-legacy.jpg', await legacy());
      const result = await variantsCli({
        STORAGE: 's3',
        S3_BUCKET: s3.settings.bucket,
        S3_ENDPOINT: s3.settings.endpoint!,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      });
      expect(result.code).toBe(0);
      for (const variant of allVariantNames('cli-s3-legacy')) expect([variant, await storage.has(variant)]).toEqual([variant, true]);
      expect((await decodeImage((await bytesOf(storage, 'cli-s3-legacy-1280.webp'))!)).width).toBe(800);
      const social = await decodeImage((await bytesOf(storage, 'cli-s3-legacy-1200x630.jpg'))!);
      expect([social.format, social.width, social.height]).toEqual(['jpeg', 1200, 630]);
    } finally {
      await storage.close();
    }
  }, 60_000);
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
      [reply.body.url.replace(/\.png$/, '-1200x630.jpg'), 'image/jpeg'],
    ] as const) {
      const served = await fetch(`${app.baseUrl}${path}`);
      expect([path, served.status, served.headers.get('content-type')]).toEqual([path, 200, type]);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Number(served.headers.get('content-length'))).toBe((await served.arrayBuffer()).byteLength);
    }
    expect((await fetch(`${app.baseUrl}/uploads/missing-in-bucket.png`)).status).toBe(404);
  });

  it('answers a legacy original’s missing variant with the original, writing nothing, until the migration stores it in the bucket', async () => {
    await app.deps.storage.save('s3-legacy.png', await png());
    const before = await names(app.deps.storage);
    const standIn = await fetch(`${app.baseUrl}/uploads/s3-legacy-320.webp`);
    expect([standIn.status, standIn.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(await names(app.deps.storage)).toEqual(before);

    await makeMissingVariants(app.deps.storage);
    const served = await fetch(`${app.baseUrl}/uploads/s3-legacy-320.webp`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
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

    // Its link-preview picture, made with it: in the bucket, 1200x630 whatever the upload's size.
    const social = name.replace(/\.png$/, '-1200x630.jpg');
    const toSocial = await fetch(`${app.baseUrl}/uploads/${social}`, { redirect: 'manual' });
    expect([toSocial.status, toSocial.headers.get('location')]).toEqual([302, `${s3.bucketUrl}/${social}`]);
    const preview = await fetch(`${app.baseUrl}/uploads/${social}`);
    expect([preview.status, preview.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const image = await decodeImage(Buffer.from(await preview.arrayBuffer()));
    expect([image.format, image.width, image.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('redirects a missing variant to its original (writing nothing) until the migration makes it, and answers 404 for what is not stored', async () => {
    // 50 px wide: its one variant width is 320 (never one wider than the picture past that).
    await app.deps.storage.save('cdn-legacy.png', await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } }).png().toBuffer());
    const standIn = await fetch(`${app.baseUrl}/uploads/cdn-legacy-320.avif`, { redirect: 'manual' });
    expect([standIn.status, standIn.headers.get('location')]).toEqual([302, `${s3.bucketUrl}/cdn-legacy.png`]);
    expect(await app.deps.storage.has('cdn-legacy-320.avif')).toBe(false);

    const socialStandIn = await fetch(`${app.baseUrl}/uploads/cdn-legacy-1200x630.jpg`, { redirect: 'manual' });
    expect([socialStandIn.status, socialStandIn.headers.get('location')]).toEqual([302, `${s3.bucketUrl}/cdn-legacy.png`]);
    expect(await app.deps.storage.has('cdn-legacy-1200x630.jpg')).toBe(false);

    await makeMissingVariants(app.deps.storage);
    const redirect = await fetch(`${app.baseUrl}/uploads/cdn-legacy-320.avif`, { redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([302, `${s3.bucketUrl}/cdn-legacy-320.avif`]);
    expect(await app.deps.storage.has('cdn-legacy-320.avif')).toBe(true);
    const socialRedirect = await fetch(`${app.baseUrl}/uploads/cdn-legacy-1200x630.jpg`, { redirect: 'manual' });
    expect([socialRedirect.status, socialRedirect.headers.get('location')]).toEqual([302, `${s3.bucketUrl}/cdn-legacy-1200x630.jpg`]);
    expect((await fetch(`${app.baseUrl}/uploads/nothing-here.png`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/uploads/cdn-legacy-640-320.webp`, { redirect: 'manual' })).status).toBe(404);
  });
});
