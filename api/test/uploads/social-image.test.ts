import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { SOCIAL_IMAGE, socialImageOf } from '@consulting/model';
import sharp from 'sharp';
import { imageWorker } from '../../src/uploads/image-jobs.js';
import { S3Storage } from '../../src/uploads/s3-storage.js';
import { LocalDiskStorage, type ImageStorage, type StoredBody } from '../../src/uploads/storage.js';
import { saveImage } from '../../src/uploads/upload.service.js';
import {
  allVariantNames,
  isOriginalBase,
  makeMissingVariants,
  OriginalLookup,
  parseOriginalName,
  parseSocialName,
  parseVariantName,
  socialVariantName,
} from '../../src/uploads/variants.js';
import { decodeImage } from '../helpers/fixtures/images.js';
import { request } from '../helpers/http.js';
import { startTestS3, type TestS3 } from '../helpers/s3-server.js';
import { signedInApp, storedUploads } from '../helpers/signed-in-app.js';

// The link-preview variant of an uploaded picture (issue 24, item 4: OpenGraph tags name the
// item's picture in a 1200x630 variant, the model's socialImageOf): `/uploads/<base>.<ext>` has
// `/uploads/<base>-1200x630.jpg`, exactly 1200x630, a JPEG without metadata, written by the upload
// before the original and by `npm run variants` for originals stored without it; a request
// never writes one, and a missing one is answered with its original.

const session = signedInApp();
const storage = () => session.app.deps.storage;
const storedFiles = () => storedUploads(session.app);

function upload(bytes: Uint8Array, filename = 'picture', type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), filename);
  return request(session.app.baseUrl, 'POST', '/api/upload-image', { body: form, cookie: session.cookie });
}

async function served(url: string, init: RequestInit = {}) {
  const response = await fetch(`${session.app.baseUrl}${url}`, init);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const flat = (width: number, height: number, background: string | { r: number; g: number; b: number; alpha: number } = '#2a6fb0', channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background } });

async function readStored(store: ImageStorage, name: string): Promise<Buffer> {
  const file = await store.open(name);
  if (!file) throw new Error(`${name} is not stored`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function names(store: ImageStorage): Promise<string[]> {
  const all: string[] = [];
  for await (const name of store.list()) all.push(name);
  return all.sort();
}

/** What a link preview reads: format, exact size, progressive scan, metadata and channels. */
async function previewOf(bytes: Buffer) {
  const metadata = await sharp(bytes).metadata();
  return {
    format: metadata.format,
    width: metadata.width,
    height: metadata.height,
    progressive: metadata.isProgressive,
    exif: metadata.exif,
    alpha: metadata.hasAlpha,
  };
}

const PREVIEW = { format: 'jpeg', width: SOCIAL_IMAGE.width, height: SOCIAL_IMAGE.height, progressive: true, exif: undefined, alpha: false };

describe('names', () => {
  it('names the variant as the model does, and never takes it for an original or another variant', () => {
    expect(socialVariantName('abc-w480')).toBe('abc-w480-1200x630.jpg');
    expect(`/uploads/${socialVariantName('abc-w480')}`).toBe(socialImageOf('/uploads/abc-w480.png'));
    expect(parseSocialName('abc-w480-1200x630.jpg')).toEqual({ base: 'abc-w480' });

    // `<x>-1200x630.<ext>` is never an original's name (so never given variants of its own).
    expect(parseOriginalName('abc-w480-1200x630.jpg')).toBeNull();
    expect(parseOriginalName('abc-1200x630.png')).toBeNull();
    expect(isOriginalBase('abc-1200x630')).toBe(false);
    expect(parseOriginalName('abc-w480.jpg')).toEqual({ base: 'abc-w480', ext: 'jpg' });
    // Nor a width variant's.
    expect(parseVariantName('abc-w480-1200x630.jpg')).toBeNull();

    // Names that only look like one.
    for (const name of [
      'evil-1200x630.jpg.png',
      '../x-1200x630.jpg',
      'dir/x-1200x630.jpg',
      '.x-1200x630.jpg',
      '-1200x630.jpg',
      'x-1200x630.jpeg',
      'x-1200x630.JPG',
      'x-1200x630.png',
      'x-1200x630.webp',
      'x-630x1200.jpg',
      'x-1200x631.jpg',
      'x-1200X630.jpg',
      'x1200x630.jpg',
      'x-1200x630.jpg ',
      'x-1200x630.jpg\u0000.png',
    ]) {
      expect([name, parseSocialName(name)]).toEqual([name, null]);
    }
    for (const name of ['evil-1200x630.jpg.png', '../x-1200x630.jpg', '../x.png', 'x-1200x630.jpg\u0000.png']) {
      expect([name, parseOriginalName(name)]).toEqual([name, null]);
    }
    for (const name of ['../x-320.webp', 'x-320.webp.png', 'dir/x-640.avif']) expect([name, parseVariantName(name)]).toEqual([name, null]);
  });

  it('finds the original of a social variant, and none for the variants of a variant', async () => {
    const store = storage();
    await store.save('lookup-w50.png', await flat(50, 40).png().toBuffer());
    const lookup = new OriginalLookup(store);
    expect(await lookup.originalOf('lookup-w50-1200x630.jpg')).toBe('lookup-w50.png');
    for (const name of [
      'lookup-w50-1200x630-1200x630.jpg',
      'lookup-w50-1200x630-320.webp',
      'lookup-w50-320-1200x630.jpg',
      'lookup-w50-1200x630.png',
      'evil-1200x630.jpg.png',
      '../lookup-w50-1200x630.jpg',
    ]) {
      expect([name, await lookup.originalOf(name)]).toEqual([name, null]);
    }
  });
});

describe('an upload', () => {
  it('stores its 1200x630 JPEG, without metadata, before the original, and serves it as a stored file', async () => {
    const camera = await flat(1000, 500, '#c04020')
      .jpeg()
      .withMetadata({ orientation: 1 })
      .withExifMerge({ IFD0: { Artist: 'Secret Artist Name' } })
      .toBuffer();
    const writes: string[] = [];
    const store = storage();
    const save = store.save.bind(store);
    store.save = async (name: string, body: StoredBody) => {
      writes.push(name);
      return save(name, body);
    };
    let reply: Awaited<ReturnType<typeof upload>>;
    try {
      reply = await upload(camera, 'camera.jpg', 'image/jpeg');
    } finally {
      store.save = save;
    }
    expect(reply.status).toBe(201);
    const url: string = reply.body.url;
    const social = socialImageOf(url);
    const name = social.replace(/^\/uploads\//, '');
    expect(name).toMatch(/^[\w-]+-w1000-1200x630\.jpg$/);
    expect(storedFiles()).toContain(name);
    // The original last: a stored original always has its link-preview picture.
    expect(writes.indexOf(name)).toBeGreaterThanOrEqual(0);
    expect(writes.indexOf(name)).toBeLessThan(writes.indexOf(url.replace(/^\/uploads\//, '')));
    expect(writes.at(-1)).toBe(url.replace(/^\/uploads\//, ''));

    const file = await served(social);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await previewOf(file.bytes)).toEqual(PREVIEW);
    expect(file.bytes.includes('Secret Artist Name')).toBe(false);
    // The picture's colour, not a placeholder.
    const [red, green, blue] = (await decodeImage(file.bytes)).pixels;
    expect([Math.abs(red! - 0xc0) < 8, Math.abs(green! - 0x40) < 8, Math.abs(blue! - 0x20) < 8]).toEqual([true, true, true]);
  });

  it('makes exactly 1200x630 from any shape and size: a small picture is enlarged, a transparent one gets a white ground', async () => {
    const cases: [string, Buffer, string][] = [
      ['tiny', await flat(16, 16).png().toBuffer(), 'image/png'],
      ['small landscape', await flat(480, 270).png().toBuffer(), 'image/png'],
      ['tall portrait', await flat(400, 1600).webp().toBuffer(), 'image/webp'],
      ['very wide banner', await flat(3000, 300).jpeg().toBuffer(), 'image/jpeg'],
      ['transparent', await flat(300, 200, { r: 0, g: 0, b: 0, alpha: 0 }, 4).png().toBuffer(), 'image/png'],
      ['gif', await flat(40, 30).gif().toBuffer(), 'image/gif'],
    ];
    for (const [label, bytes, type] of cases) {
      const reply = await upload(bytes, label, type);
      expect([label, reply.status]).toEqual([label, 201]);
      const file = await served(socialImageOf(reply.body.url));
      expect([label, file.status, await previewOf(file.bytes)]).toEqual([label, 200, PREVIEW]);
      if (label === 'transparent') {
        const [red, green, blue] = (await decodeImage(file.bytes)).pixels;
        expect([red, green, blue].every((channel) => channel! > 245)).toBe(true);
      }
    }
  });

  it('crops to what draws the eye (sharp attention), not the middle', async () => {
    // A grey banner with a red mark near its right end: a centred crop would cut the mark away.
    const mark = await flat(160, 160, '#e01010').png().toBuffer();
    const banner = await flat(2000, 500, '#808080')
      .composite([{ input: mark, left: 1760, top: 170 }])
      .png()
      .toBuffer();
    const reply = await upload(banner, 'banner.png', 'image/png');
    expect(reply.status).toBe(201);
    const { pixels, width, height } = await decodeImage((await served(socialImageOf(reply.body.url))).bytes);
    expect([width, height]).toEqual([1200, 630]);
    let red = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! > 180 && pixels[i + 1]! < 80) red += 1;
    // The whole mark (160 px scaled by 630/500: about 200x200) is in the picture.
    expect(red).toBeGreaterThan(180 * 180);
  });

  it('stores nothing when the original cannot be written', async () => {
    const before = storedFiles();
    const failing: ImageStorage = Object.create(storage(), {
      save: { value: (name: string, body: StoredBody) => (name.endsWith('.png') ? Promise.reject(new Error('the disk is full')) : storage().save(name, body)) },
    });
    await expect(saveImage(await flat(700, 350).png().toBuffer(), failing, 'doomed')).rejects.toThrow('the disk is full');
    expect(storedFiles()).toEqual(before);
  });
});

describe('GET /uploads/<base>-1200x630.jpg', () => {
  // Every job the image worker is given goes through its queue.
  let jobs: jest.SpiedFunction<(...args: unknown[]) => unknown>;
  beforeEach(() => {
    jobs = jest.spyOn(imageWorker as unknown as { enqueue: (...args: unknown[]) => unknown }, 'enqueue');
  });
  afterEach(() => {
    jobs.mockRestore();
  });

  it('answers a missing one with its stored original, writing nothing and starting no image job', async () => {
    const bytes = await flat(400, 300).png().toBuffer();
    await storage().save('legacy-share.png', bytes);
    await storage().save('legacy-share-w400.png', bytes);
    const before = storedFiles();
    jobs.mockClear();

    for (const original of ['legacy-share.png', 'legacy-share-w400.png']) {
      const social = socialImageOf(`/uploads/${original}`);
      const redirect = await served(social, { redirect: 'manual' });
      expect([social, redirect.status, redirect.headers.get('location')]).toEqual([social, 302, `/uploads/${original}`]);
      expect(redirect.headers.get('cache-control')).not.toContain('immutable');
      const followed = await served(social);
      expect([followed.status, followed.headers.get('content-type'), followed.bytes.equals(bytes)]).toEqual([200, 'image/png', true]);
      expect((await served(social, { method: 'HEAD', redirect: 'manual' })).status).toBe(302);
    }
    expect(jobs).not.toHaveBeenCalled();
    expect(storedFiles()).toEqual(before);
  });

  it('answers 404 to names that only look like one, writing nothing and starting no image job', async () => {
    const reply = await upload(await flat(700, 400).png().toBuffer(), 'real.png', 'image/png');
    const base = reply.body.url.replace(/^\/uploads\//, '').replace(/\.png$/, '');
    await storage().save('evil.png', await flat(20, 20).png().toBuffer());
    const before = storedFiles();
    jobs.mockClear();

    for (const name of [
      'evil-1200x630.jpg.png',
      'evil-1200x630.jpg%2Fx.png',
      '..%2Fevil-1200x630.jpg',
      '%2E%2E%2Fevil-1200x630.jpg',
      'evil-1200x630.jpeg',
      'evil-1200x630.png',
      'evil-630x1200.jpg',
      'nothing-here-1200x630.jpg',
      `${base}-1200x630-1200x630.jpg`,
      `${base}-1200x630-320.webp`,
      `${base}-1200x630-640.avif`,
      `${base}-320-1200x630.jpg`,
      `${base}-1200x630.png`,
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const answer = await served(`/uploads/${name}`, { method, redirect: 'manual' });
        expect([method, name, answer.status]).toEqual([method, name, 404]);
      }
    }
    expect(jobs).not.toHaveBeenCalled();
    expect(storedFiles()).toEqual(before);
    expect((await served(`/uploads/${base}-1200x630.jpg`)).status).toBe(200);
  });
});

// `npm run variants` (makeMissingVariants) on both storages.
let s3: TestS3;
const diskDirs: string[] = [];
beforeAll(async () => {
  s3 = await startTestS3('social-images');
});
afterAll(async () => {
  await s3?.close();
  for (const dir of diskDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const backends: [string, () => ImageStorage][] = [
  [
    'local disk',
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-social-'));
      diskDirs.push(dir);
      return new LocalDiskStorage(path.join(dir, 'uploads'));
    },
  ],
  ['S3 (s3rver, AWS SDK v3)', () => new S3Storage(s3.settings)],
];

describe.each(backends)('npm run variants on %s', (_label, make) => {
  let store: ImageStorage;
  beforeAll(() => {
    store = make();
  });
  afterAll(async () => {
    await store.close?.();
  });

  it('fills in the link-preview picture of originals stored without it, once, touching nothing else', async () => {
    // An upload of the previous version (its width variants, no link-preview picture); an original
    // stored before variants existed; one that is no image; strays a request might name.
    const { url } = await saveImage(await flat(900, 600).png().toBuffer(), store);
    const upgraded = url.replace(/^\/uploads\//, '').replace(/\.png$/, '');
    await store.remove(socialVariantName(upgraded));
    await store.save('share-legacy.jpg', await flat(640, 480, '#10a040').jpeg().toBuffer());
    await store.save('share-broken.png', Buffer.from('not an image at all'));
    await store.save('share-orphan-1200x630.jpg', Buffer.from('no original'));
    await store.save(`${upgraded}-320-1200x630.jpg`, Buffer.from('the preview of a variant'));
    const before = await names(store);
    expect(before).not.toContain(socialVariantName(upgraded));

    const report = await makeMissingVariants(store);
    const after = await names(store);
    const made = after.filter((name) => !before.includes(name));
    expect(made).toEqual(
      [socialVariantName(upgraded), socialVariantName('share-legacy'), ...allVariantNames('share-legacy').filter((name) => !/-1280\./.test(name))].sort(),
    );
    expect(before.filter((name) => !after.includes(name))).toEqual([]);
    expect(report.refused).toEqual(['share-broken.png']);
    expect(report.strays).toEqual([`${upgraded}-320-1200x630.jpg`]);
    expect(report.socialMade).toBe(2);
    // The upgraded upload had all its width variants: only its preview was made.
    expect(made.filter((name) => name.startsWith(upgraded))).toEqual([socialVariantName(upgraded)]);

    for (const base of [upgraded, 'share-legacy']) {
      expect([base, await previewOf(await readStored(store, socialVariantName(base)))]).toEqual([base, PREVIEW]);
    }
    const [red, green] = (await decodeImage(await readStored(store, 'share-legacy-1200x630.jpg'))).pixels;
    expect([red! < 40, green! > 140]).toEqual([true, true]);
    expect((await readStored(store, 'share-orphan-1200x630.jpg')).toString()).toBe('no original');

    // Again: nothing left to make.
    const again = await makeMissingVariants(store);
    expect([again.made, again.socialMade]).toEqual([0, 0]);
    expect(await names(store)).toEqual(after);
    // --remove-strays takes the preview of a variant, nothing else.
    expect((await makeMissingVariants(store, { removeStrays: true })).removed).toBe(1);
    expect(await names(store)).toEqual(after.filter((name) => name !== `${upgraded}-320-1200x630.jpg`));
  }, 60_000);
});
