import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import { variantSources } from '../../../web/src/components/responsive-image.js';
import { imageWorker } from '../../src/uploads/image-jobs.js';
import { VARIANT_FORMATS, VARIANT_WIDTHS } from '../../src/uploads/image-processing.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// An anonymous GET of /uploads/<name> only ever reads. A name that is not
// stored is a 404 (a variant of a variant, chained names, a variant of nothing), and a missing
// variant of a stored original (stored before variants existed) points at that original: no
// file written, no image job started.

const session = signedInApp();
const storage = () => session.app.deps.storage;

async function storedNames(): Promise<string[]> {
  const names: string[] = [];
  for await (const name of storage().list()) names.push(name);
  return names.sort();
}

// Every job the image worker is given (uploads, variants) goes through its queue.
let jobs: jest.SpiedFunction<(...args: unknown[]) => unknown>;
beforeEach(() => {
  jobs = jest.spyOn(imageWorker as unknown as { enqueue: (...args: unknown[]) => unknown }, 'enqueue');
});
afterEach(() => {
  jobs.mockRestore();
});

function picture(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2255aa' } }).png().toBuffer();
}

async function uploadedBase(): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([await picture(900, 600)], { type: 'image/png' }), 'photo.png');
  const reply = await request(session.app.baseUrl, 'POST', '/api/upload-image', { body: form, cookie: session.cookie });
  expect(reply.status).toBe(201);
  return reply.body.url.replace(/^\/uploads\//, '').replace(/\.png$/, '');
}

const variantsOf = (base: string) => VARIANT_WIDTHS.flatMap((w) => VARIANT_FORMATS.map((f) => `${base}-${w}.${f}`));

describe('GET /uploads/<name> never writes', () => {
  it('answers 404 to variants of variants and chained names, writing no file and starting no image job', async () => {
    const base = await uploadedBase();
    const names = [
      // A variant of each stored variant: <base>-<w>-<w2>.<fmt>, every width and format.
      ...VARIANT_WIDTHS.flatMap((w) => variantsOf(`${base}-${w}`)),
      // Deeper chains, as the audit sent them.
      `${base}-320-640-1280.webp`,
      `${base}-640-320-640-1280.avif`,
      `${base}-1280-1280-1280-1280-320.webp`,
      // Variants of nothing, a width outside the contract, an unknown original.
      'no-such-image-640.webp',
      `${base}-300.webp`,
      `${randomUUID()}.png`,
    ];
    const before = await storedNames();
    jobs.mockClear();

    for (const name of names) {
      for (const method of ['GET', 'HEAD']) {
        const reply = await fetch(`${session.app.baseUrl}/uploads/${name}`, { method, redirect: 'manual' });
        expect([method, name, reply.status]).toEqual([method, name, 404]);
      }
    }
    // The audit's flood: a few hundred chained names, many at once.
    const flood = Array.from({ length: 300 }, (_, i) => {
      const chain = Array.from({ length: 1 + (i % 5) }, (_, j) => VARIANT_WIDTHS[(i + j) % 3]).join('-');
      return `/uploads/${base}-${chain}-${VARIANT_WIDTHS[i % 3]}.${VARIANT_FORMATS[i % 2]}`;
    });
    for (let i = 0; i < flood.length; i += 30) {
      const statuses = await Promise.all(flood.slice(i, i + 30).map(async (path) => (await fetch(`${session.app.baseUrl}${path}`)).status));
      expect(new Set(statuses)).toEqual(new Set([404]));
    }

    expect(jobs).not.toHaveBeenCalled();
    expect(await storedNames()).toEqual(before);
    // The real variants are still served.
    expect((await fetch(`${session.app.baseUrl}/uploads/${base}-640.webp`)).status).toBe(200);
  });

  it('points a missing variant of a stored original at the original, writing nothing and starting no image job', async () => {
    // Stored before variants existed: the original alone.
    const legacy = `${randomUUID()}.png`;
    const bytes = await picture(400, 300);
    await storage().save(legacy, bytes);
    const before = await storedNames();
    jobs.mockClear();

    const variant = legacy.replace(/\.png$/, '-640.webp');
    const redirect = await fetch(`${session.app.baseUrl}/uploads/${variant}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`/uploads/${legacy}`);
    // Not the immutable policy of stored files: the variant may be made later (npm run variants).
    expect(redirect.headers.get('cache-control')).not.toContain('immutable');

    const followed = await fetch(`${session.app.baseUrl}/uploads/${variant}`);
    expect([followed.status, followed.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await followed.arrayBuffer()).equals(bytes)).toBe(true);

    expect(jobs).not.toHaveBeenCalled();
    expect(await storedNames()).toEqual(before);
  });

  it('gives every srcset URL a page names for a stored original an image, variants or not', async () => {
    const legacy = `${randomUUID()}.png`;
    await storage().save(legacy, await picture(200, 100));
    const uploaded = `${await uploadedBase()}.png`;
    const before = await storedNames();
    jobs.mockClear();

    // A name without its width (stored before widths were named): no srcset, the page shows the
    // original as it is, so it names no variant that might be wider than the picture.
    expect(variantSources(`/uploads/${legacy}`)).toBeNull();
    for (const name of [uploaded]) {
      const sources = variantSources(`/uploads/${name}`)!;
      const urls = Object.values(sources).flatMap((srcset) => srcset.split(', ').map((candidate) => candidate.split(' ')[0]!));
      // A 900 px upload: 320, 640 and 1280 (900 px wide), in two formats.
      expect(urls).toHaveLength(6);
      for (const url of urls) {
        const served = await fetch(`${session.app.baseUrl}${url}`);
        expect([url, served.status, served.headers.get('content-type')?.startsWith('image/')]).toEqual([url, 200, true]);
        await served.arrayBuffer();
      }
    }
    expect(jobs).not.toHaveBeenCalled();
    expect(await storedNames()).toEqual(before);
  });
});
