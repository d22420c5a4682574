import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { variantWidthsFor } from '../../src/uploads/image-processing.js';
import { allVariantNames, makeMissingVariants, widthOfBase } from '../../src/uploads/variants.js';
import { decodeImage } from '../helpers/fixtures/images.js';
import { request } from '../helpers/http.js';
import { signedInApp, storedUploads } from '../helpers/signed-in-app.js';

// An upload narrower than the widest variant gets no variant named wider than it holds: its name
// states its width, and only the variants below it and the one that holds it at its own width
// are made (issue 22, item 9: 480x270 pictures were stored with 640 and 1280 "variants").

const session = signedInApp();

function upload(bytes: Uint8Array, filename: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), filename);
  return request(session.app.baseUrl, 'POST', '/api/upload-image', { body: form, cookie: session.cookie });
}

function picture(width: number, height: number, format: 'png' | 'jpeg' = 'png') {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } }).toFormat(format).toBuffer();
}

const storedFiles = () => storedUploads(session.app);

describe('variant widths by the source width', () => {
  it('makes the widths below the source and one at its own width, none past it', () => {
    expect(variantWidthsFor(480)).toEqual([320, 640]);
    expect(variantWidthsFor(200)).toEqual([320]);
    expect(variantWidthsFor(640)).toEqual([320, 640]);
    expect(variantWidthsFor(1000)).toEqual([320, 640, 1280]);
    expect(variantWidthsFor(4000)).toEqual([320, 640, 1280]);
    expect(widthOfBase('abc-w480')).toBe(480);
    expect(widthOfBase('abc')).toBeNull();
    expect(allVariantNames('abc-w480')).toEqual(['abc-w480-320.webp', 'abc-w480-320.avif', 'abc-w480-640.webp', 'abc-w480-640.avif']);
  });

  it('stores a 480x270 upload under its width with its 320 and 640 variants only, none wider than 480', async () => {
    const reply = await upload(await picture(480, 270), 'scene.png', 'image/png');
    expect(reply.status).toBe(201);
    expect(reply.body.url).toMatch(/^\/uploads\/[\w-]+-w480\.png$/);
    const base = reply.body.url.replace(/^\/uploads\//, '').replace(/\.png$/, '');
    const names = storedFiles().filter((name) => name.startsWith(base));
    // The link-preview picture beside them is named by its exact size, 1200x630, and holds that
    // (issue 24: previews ask for that size; social-image.test.ts); every other file holds at most 480.
    const social = `${base}-1200x630.jpg`;
    expect(names).toEqual([social, `${base}-320.avif`, `${base}-320.webp`, `${base}-640.avif`, `${base}-640.webp`, `${base}.png`]);
    for (const name of names.filter((name) => name !== social)) {
      const image = await decodeImage(await readStored(name));
      expect({ name, wider: image.width > 480 }).toEqual({ name, wider: false });
    }
    const preview = await decodeImage(await readStored(social));
    expect([preview.width, preview.height]).toEqual([1200, 630]);
    const held = await decodeImage(await readStored(`${base}-640.avif`));
    expect([held.width, held.height]).toEqual([480, 270]);
  });

  it('npm run variants makes only the widths a width-named original calls for, once', async () => {
    await session.app.deps.storage.save('restored-w300.png', await picture(300, 200));
    const first = await makeMissingVariants(session.app.deps.storage);
    const second = await makeMissingVariants(session.app.deps.storage);
    expect(storedFiles().filter((name) => name.startsWith('restored-w300-'))).toEqual(['restored-w300-1200x630.jpg', 'restored-w300-320.avif', 'restored-w300-320.webp']);
    expect(first.made).toBeGreaterThanOrEqual(2);
    expect(second.made).toBe(0);
  });
});

async function readStored(name: string): Promise<Buffer> {
  const file = await session.app.deps.storage.open(name);
  if (!file) throw new Error(`${name} is not stored`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
