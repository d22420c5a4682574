import { describe, expect, it } from '@jest/globals';
import { Canvas } from '../../src/db/seeds/png.js';
import { MAX_IMAGE_BYTES } from '../../src/uploads/upload.service.js';
import { AVIF, decodeImage, GIF, JPG, pixelDistance, WEBP } from '../helpers/fixtures/images.js';
import { request } from '../helpers/http.js';
import { signedInApp, storedUploads } from '../helpers/signed-in-app.js';

const session = signedInApp();

const PNG = new Canvas(8, 8, [200, 30, 30]).toPng();
const lossless = new Set(['png', 'gif']);

function upload(bytes: Uint8Array, filename: string, type: string, options: { cookie?: string; field?: string } = {}) {
  const form = new FormData();
  form.append(options.field ?? 'file', new Blob([bytes], { type }), filename);
  return request(session.app.baseUrl, 'POST', '/api/upload-image', { body: form, cookie: options.cookie ?? session.cookie });
}

const storedFiles = () => storedUploads(session.app);

describe('POST /api/upload-image', () => {
  it.each([
    ['PNG', PNG, 'png', 'image/png'],
    ['JPEG', JPG, 'jpg', 'image/jpeg'],
    ['WebP', WEBP, 'webp', 'image/webp'],
    ['GIF', GIF, 'gif', 'image/gif'],
    ['AVIF', AVIF, 'avif', 'image/avif'],
  ])('stores a %s and serves it at the returned URL', async (_name, bytes, ext, contentType) => {
    const reply = await upload(bytes, `picture.${ext}`, contentType);
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ url: expect.stringMatching(new RegExp(`^/uploads/[\\w-]+\\.${ext}$`)) });

    const served = await fetch(`${session.app.baseUrl}${reply.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(contentType);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Re-encoded: the same picture, not the same bytes.
    const stored = Buffer.from(await served.arrayBuffer());
    expect((await decodeImage(stored)).format).toBe((await decodeImage(bytes)).format);
    expect(await pixelDistance(stored, bytes)).toBeLessThanOrEqual(lossless.has(ext) ? 0 : 40);
  });

  it('judges by the bytes, not the declared type or name', async () => {
    const reply = await upload(PNG, 'photo.jpg', 'image/jpeg');
    expect(reply.status).toBe(201);
    expect(reply.body.url).toMatch(/\.png$/);
  });

  it('refuses a text file renamed to .png with 400 and leaves no file', async () => {
    const before = storedFiles();
    const reply = await upload(Buffer.from('just some text, not an image\n'.repeat(20)), 'notes.png', 'image/png');
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Please select an image file');
    expect(storedFiles()).toEqual(before);
  });

  it('refuses SVG', async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const reply = await upload(svg, 'logo.svg', 'image/svg+xml');
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Please select an image file');
  });

  it('refuses 10 MB + 1 byte with 413 and leaves no partial file', async () => {
    const before = storedFiles();
    const tooLarge = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    tooLarge.set(PNG);
    const reply = await upload(tooLarge, 'huge.png', 'image/png');
    expect(reply.status).toBe(413);
    expect(reply.body.error).toBe('Maximum file size is 10MB');
    expect(storedFiles()).toEqual(before);
  });

  it('accepts exactly 10 MB', async () => {
    const limit = Buffer.alloc(MAX_IMAGE_BYTES);
    limit.set(PNG);
    expect((await upload(limit, 'big.png', 'image/png')).status).toBe(201);
  });

  it('answers 400 without a file', async () => {
    const form = new FormData();
    form.append('note', 'no file here');
    const reply = await request(session.app.baseUrl, 'POST', '/api/upload-image', { body: form, cookie: session.cookie });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Please select an image file');
  });

  it('answers 400 for a file in another field', async () => {
    expect((await upload(PNG, 'a.png', 'image/png', { field: 'image' })).status).toBe(400);
  });

  it('answers an anonymous caller 401 without storing anything', async () => {
    const before = storedFiles();
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'a.png');
    const reply = await request(session.app.baseUrl, 'POST', '/api/upload-image', { body: form });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ message: 'Unauthorized' });
    expect(storedFiles()).toEqual(before);
  });
});

describe('GET /uploads/:name', () => {
  it.each(['missing.png', '..%2Fsecrets.json', '.partial-x', 'x.svg'])('answers 404 for %s', async (name) => {
    expect((await fetch(`${session.app.baseUrl}/uploads/${name}`)).status).toBe(404);
  });
});
