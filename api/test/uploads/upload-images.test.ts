import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { ImageWorker } from '../../src/uploads/image-jobs.js';
import { VARIANT_FORMATS, VARIANT_WIDTHS } from '../../src/uploads/image-processing.js';
import { makeMissingVariants } from '../../src/uploads/variants.js';
import { decodeImage, pixelDistance } from '../helpers/fixtures/images.js';
import { declaredSizePng } from '../helpers/fixtures/hostile-images.js';
import { request } from '../helpers/http.js';
import { signedInApp, storedUploads } from '../helpers/signed-in-app.js';

// Every upload is decoded and re-encoded by
// sharp, refused over the pixel limit, and stored with its resized variants.

const session = signedInApp();

function upload(bytes: Uint8Array, filename = 'picture', type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), filename);
  return request(session.app.baseUrl, 'POST', '/api/upload-image', { body: form, cookie: session.cookie });
}

async function served(url: string) {
  const response = await fetch(`${session.app.baseUrl}${url}`);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const storedFiles = () => storedUploads(session.app);

function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' = 'png') {
  const stripes = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) stripes.set((i % width) < width / 2 ? [200, 40, 40] : [30, 90, 200], i * 3);
  return sharp(stripes, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}

describe('re-encoding', () => {
  it('drops an HTML/script trailer after a PNG (polyglot) and keeps the picture', async () => {
    const png = await picture(16, 16);
    const polyglot = Buffer.concat([png, Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
    const reply = await upload(polyglot, 'innocent.png', 'image/png');
    expect(reply.status).toBe(201);
    const file = await served(reply.body.url);
    expect(file.bytes.includes('<script')).toBe(false);
    expect(file.bytes.includes('<html')).toBe(false);
    expect(await pixelDistance(file.bytes, png)).toBe(0);
  });

  it('removes EXIF metadata and applies the orientation it asked for', async () => {
    const landscape = await sharp(await picture(16, 8, 'png'))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Artist: 'Secret Artist Name', Copyright: 'GPS 52.37N 4.89E' } })
      .toBuffer();
    const sent = await decodeImage(landscape);
    expect([sent.metadata.orientation, sent.metadata.exif?.includes('Secret Artist Name')]).toEqual([6, true]);

    const reply = await upload(landscape, 'camera.jpg', 'image/jpeg');
    expect(reply.status).toBe(201);
    const file = await served(reply.body.url);
    const stored = await decodeImage(file.bytes);
    expect(stored.metadata.exif).toBeUndefined();
    expect(stored.metadata.orientation).toBeUndefined();
    expect(file.bytes.includes('Secret Artist Name')).toBe(false);
    // Orientation 6 (rotate 90° clockwise): the 16x8 landscape is stored as an 8x16 portrait.
    expect([stored.width, stored.height]).toEqual([8, 16]);
  });

  it('refuses a 370-byte PNG that declares 50000x50000 pixels, storing nothing', async () => {
    const bomb = declaredSizePng(50_000, 50_000, 370);
    expect(bomb.length).toBe(370);
    const before = storedFiles();
    const reply = await upload(bomb, 'tiny.png', 'image/png');
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Image dimensions are too large');
    expect(storedFiles()).toEqual(before);
  });

  it('draws the pixel limit at 40 megapixels', async () => {
    // 6325 x 6325 = 40,005,625 pixels: over. 6324 x 6324 = 39,992,976: under, and then refused
    // only because its data is missing (not a whole image).
    expect((await upload(declaredSizePng(6325, 6325))).body.error).toBe('Image dimensions are too large');
    expect((await upload(declaredSizePng(6324, 6324))).body.error).toBe('Please select an image file');
  });

  it('refuses the pixel flood on GraphQL too', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: 'mutation($file: Upload!) { uploadImage(file: $file) { url } }', variables: { file: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new Blob([declaredSizePng(50_000, 50_000, 370)], { type: 'image/png' }), 'tiny.png');
    const reply = await request(session.app.baseUrl, 'POST', '/graphql', { body: form, cookie: session.cookie, headers: { 'apollo-require-preflight': 'true' } });
    expect(reply.body.errors[0]).toMatchObject({ message: 'Image dimensions are too large', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('refuses a PNG whose pixel data is broken, storing nothing', async () => {
    const png = await picture(64, 64);
    const broken = Buffer.from(png);
    broken.fill(0x41, 60, png.length - 20); // the compressed data overwritten, chunk CRCs now wrong
    const before = storedFiles();
    const reply = await upload(broken, 'broken.png', 'image/png');
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Please select an image file');
    expect(storedFiles()).toEqual(before);
  });

  it('keeps the first frame of an animated GIF only', async () => {
    const frame = (colour: string) => sharp({ create: { width: 12, height: 10, channels: 4, background: colour } }).png().toBuffer();
    const animated = await sharp([await frame('#ff0000'), await frame('#00ff00'), await frame('#0000ff')], { join: { animated: true } })
      .gif({ delay: 100, loop: 0 })
      .toBuffer();
    expect((await sharp(animated, { animated: true }).metadata()).pages).toBe(3);
    const reply = await upload(animated, 'spinner.gif', 'image/gif');
    expect(reply.status).toBe(201);
    expect(reply.body.url).toMatch(/\.gif$/);
    const stored = await sharp((await served(reply.body.url)).bytes, { animated: true }).metadata();
    expect([stored.pages ?? 1, stored.width, stored.height]).toEqual([1, 12, 10]);
    const [red] = (await decodeImage((await served(reply.body.url)).bytes)).pixels;
    expect(red).toBeGreaterThan(200);
  });
});

describe('variants', () => {
  it('stores the six variants at upload: WebP and AVIF, 320/640/1280 wide, never upscaled', async () => {
    const reply = await upload(await picture(1000, 500, 'jpeg'), 'wide.jpg', 'image/jpeg');
    expect(reply.status).toBe(201);
    const base = reply.body.url.replace(/^\/uploads\//, '').replace(/\.jpg$/, '');
    const names = storedFiles().filter((name) => name.startsWith(base));
    // And its link-preview picture (exactly 1200x630: social-image.test.ts).
    expect(names).toEqual(
      [`${base}.jpg`, `${base}-1200x630.jpg`, ...VARIANT_WIDTHS.flatMap((w) => VARIANT_FORMATS.map((f) => `${base}-${w}.${f}`))].sort(),
    );

    for (const width of VARIANT_WIDTHS) {
      for (const format of VARIANT_FORMATS) {
        const file = await served(`/uploads/${base}-${width}.${format}`);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe(`image/${format}`);
        expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(file.headers.get('x-content-type-options')).toBe('nosniff');
        const image = await decodeImage(file.bytes);
        expect(image.format).toBe(format === 'avif' ? 'heif' : 'webp');
        const expectedWidth = Math.min(width, 1000);
        expect([image.width, image.height]).toEqual([expectedWidth, expectedWidth / 2]);
      }
    }
  });

  it('answers a missing variant of an existing original with the original, and npm run variants makes it (once) for good', async () => {
    // A legacy upload: the original alone in storage, as before variants existed.
    const legacy = 'legacy-portrait.png';
    await session.app.deps.storage.save(legacy, await picture(400, 600));
    const variant = 'legacy-portrait-320.avif';
    let saves = 0;
    const storage = session.app.deps.storage;
    const originalSave = storage.save.bind(storage);
    storage.save = async (name, body) => {
      if (name === variant) saves += 1;
      return originalSave(name, body);
    };
    try {
      // Requests only read: the original stands in for it.
      const replies = await Promise.all(Array.from({ length: 6 }, () => served(`/uploads/${variant}`)));
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(replies[0]!.headers.get('content-type')).toBe('image/png');
      expect(saves).toBe(0);
      expect(storedFiles()).not.toContain(variant);

      // The migration makes it, once.
      await makeMissingVariants(storage);
      await makeMissingVariants(storage);
      expect(saves).toBe(1);
      expect(storedFiles()).toContain(variant);
      const made = await served(`/uploads/${variant}`);
      expect(made.status).toBe(200);
      expect(made.headers.get('content-type')).toBe('image/avif');
      expect(made.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const image = await decodeImage(made.bytes);
      expect([image.format, image.width, image.height]).toEqual(['heif', 320, 480]);
      // A narrow legacy original is not upscaled by its wide variant.
      const wide = await decodeImage((await served('/uploads/legacy-portrait-1280.webp')).bytes);
      expect([wide.width, wide.height]).toEqual([400, 600]);
    } finally {
      storage.save = originalSave;
    }
  });

  it('answers 404 for a variant of nothing (looking the original up once a minute), and for a variant name outside the contract', async () => {
    const storage = session.app.deps.storage;
    const originalHas = storage.has.bind(storage);
    let lookups = 0;
    storage.has = async (name) => {
      if (name.startsWith('no-such-image.')) lookups += 1;
      return originalHas(name);
    };
    try {
      for (let i = 0; i < 5; i++) expect((await served('/uploads/no-such-image-320.webp')).status).toBe(404);
      expect((await served('/uploads/no-such-image-640.avif')).status).toBe(404);
      expect(lookups).toBe(5); // one per accepted extension, once
    } finally {
      storage.has = originalHas;
    }
    await session.app.deps.storage.save('legacy-logo.png', await picture(50, 50));
    expect((await served('/uploads/legacy-logo-300.webp')).status).toBe(404);
    expect((await served('/uploads/legacy-logo-320.png')).status).toBe(404);
    expect((await served('/uploads/legacy-logo-320.webp')).status).toBe(200);
  });

  it('stores nothing for a legacy original sharp refuses: its variant requests get the original, the migration reports it', async () => {
    await session.app.deps.storage.save('legacy-bomb.png', declaredSizePng(50_000, 50_000, 370));
    expect((await fetch(`${session.app.baseUrl}/uploads/legacy-bomb-640.webp`, { redirect: 'manual' })).headers.get('location')).toBe('/uploads/legacy-bomb.png');
    const report = await makeMissingVariants(session.app.deps.storage);
    expect(report.refused).toEqual(['legacy-bomb.png']);
    expect(storedFiles().filter((name) => name.startsWith('legacy-bomb-'))).toEqual([]);
  });
});

describe('the image worker (a child process)', () => {
  it('does the work outside the server process, respawns after a crash, and exits when idle', async () => {
    const worker = new ImageWorker({ idleMs: 200 });
    try {
      const png = await picture(900, 600);
      const job = worker.prepare(png, 'png');
      await new Promise((resolve) => setImmediate(resolve));
      const pid = worker.pid;
      expect(pid).toEqual(expect.any(Number));
      expect(pid).not.toBe(process.pid);
      const prepared = await job;
      expect(Object.keys(prepared.variants).sort()).toEqual(['1280.avif', '1280.webp', '320.avif', '320.webp', '640.avif', '640.webp']);
      expect((await decodeImage(prepared.variants['1280.webp']!)).width).toBe(900);

      // A decoder crash (here: the process killed mid-job) refuses that file, nothing more.
      const doomed = worker.prepare(await picture(3000, 3000), 'png');
      await new Promise((resolve) => setTimeout(resolve, 50));
      process.kill(worker.pid!, 'SIGKILL');
      await expect(doomed).rejects.toThrow('Please select an image file');
      expect((await worker.variants(png, 'png'))['320.webp']!.length).toBeGreaterThan(0);

      const last = worker.pid!;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(worker.pid).toBeUndefined();
      expect(() => process.kill(last, 0)).toThrow();
    } finally {
      worker.stop();
    }
  });
});
