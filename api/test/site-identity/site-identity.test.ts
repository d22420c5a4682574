import http from 'node:http';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import sharp from 'sharp';
import { PLACEHOLDER_LEGAL_PAGES } from '../../src/content/pages/legal-pages.js';
import { BRAND_DARK } from '../../src/site-identity/brand.js';
import { siteImagesOf } from '../../src/site/identity-images.js';
import { CARD_CACHE_ENTRIES } from '../../src/site-identity/site-images.js';
import { validInput } from '../helpers/fixtures/content.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// The firm's generated images, served by the API (issue 25): the favicon and app icons and the web
// manifest from the site settings, and each page's 1200x630 share card. Only a page that exists now
// has a card; other paths are a 404 and keep nothing; a card is drawn once per inputs and kept.

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);

const session = signedInApp();
const base = () => session.app.baseUrl;

async function get(path: string, init: RequestInit = {}) {
  const response = await fetch(`${base()}${path}`, { redirect: 'manual', ...init });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A request with the path sent exactly as written (fetch would resolve `..`). */
function raw(path: string, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(base());
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const pngSize = async (bytes: Buffer) => {
  const meta = await sharp(bytes).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
};

/** The colour of one pixel, as #rrggbb. */
async function pixel(bytes: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return `#${[data[at], data[at + 1], data[at + 2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Changes the site settings through the admin REST API (a whole PUT, as the Site screen sends). */
async function updateSettings(changes: Record<string, unknown>): Promise<void> {
  const current = await request(base(), 'GET', '/api/site-settings');
  expect(current.status).toBe(200);
  const { id, createdAt: _created, updatedAt: _updated, ...fields } = current.body;
  const put = await request(base(), 'PUT', `/api/admin/site-settings/${id}`, { cookie: session.cookie, json: { ...fields, ...changes } });
  expect({ status: put.status, body: put.status === 200 ? 'ok' : put.body }).toEqual({ status: 200, body: 'ok' });
}

/** Adds a published record through the admin REST API (which answers once the revision moved: its page exists on the next request). */
async function create(path: 'news' | 'clients', fields: Record<string, unknown>): Promise<void> {
  const reply = await request(base(), 'POST', `/api/admin/${path}`, { cookie: session.cookie, json: { ...validInput[path], ...fields } });
  expect({ status: reply.status, body: reply.status === 201 ? 'ok' : reply.body }).toEqual({ status: 201, body: 'ok' });
}

const ICONS = [
  ['/icons/favicon-32.png', 32],
  ['/icons/apple-touch-icon.png', 180],
  ['/icons/icon-192.png', 192],
  ['/icons/icon-512.png', 512],
] as const;

describe('icons and manifest', () => {
  it('serves each icon as a PNG of its size: the generated mark on the brand colour while no icon is uploaded', async () => {
    for (const [path, size] of ICONS) {
      const reply = await get(path);
      expect({ path, status: reply.status, type: reply.headers.get('content-type'), cache: reply.headers.get('cache-control') }).toEqual({
        path,
        status: 200,
        type: 'image/png',
        cache: 'public, max-age=300',
      });
      expect(await pngSize(reply.bytes)).toEqual({ format: 'png', width: size, height: size });
      expect(reply.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    }
    const favicon = (await get('/icons/favicon-32.png')).bytes;
    // The corner is the brand colour, the middle (the initial) is light.
    expect(await pixel(favicon, 0, 0)).toBe(BRAND_DARK);
    const icon = (await get('/icons/icon-512.png')).bytes;
    expect(await pixel(icon, 5, 5)).toBe(BRAND_DARK);
  });

  it('answers 304 to its ETag, and HEAD without a body', async () => {
    const first = await get('/icons/icon-192.png');
    const etag = first.headers.get('etag')!;
    const again = await get('/icons/icon-192.png', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    const head = await get('/icons/icon-192.png', { method: 'HEAD' });
    expect({ status: head.status, etag: head.headers.get('etag'), type: head.headers.get('content-type'), length: head.bytes.length }).toEqual({
      status: 200,
      etag,
      type: 'image/png',
      length: 0,
    });
  });

  it('with ?v= of the settings version, is kept for a year; another version only briefly', async () => {
    const { version } = (await request(base(), 'GET', '/api/site-settings')).body;
    expect((await get(`/icons/favicon-32.png?v=${version}`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get(`/site.webmanifest?v=${version}`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get(`/icons/favicon-32.png?v=${version + 1}`)).headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('the manifest names the firm from the settings, and follows an update through the admin REST API', async () => {
    const before = await get('/site.webmanifest');
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    const manifest = JSON.parse(before.bytes.toString('utf8'));
    expect(manifest).toMatchObject({ name: 'Your Firm', short_name: 'Your Firm', start_url: '/', display: 'standalone', theme_color: BRAND_DARK, background_color: '#ffffff' });
    expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
    ]);
    for (const icon of manifest.icons as { src: string }[]) expect((await get(icon.src)).status).toBe(200);

    await updateSettings({ firmName: 'Halvorsen & Berg Advisory', shortName: 'Halvorsen' });
    const after = JSON.parse((await get('/site.webmanifest')).bytes.toString('utf8'));
    expect({ name: after.name, short_name: after.short_name }).toEqual({ name: 'Halvorsen & Berg Advisory', short_name: 'Halvorsen' });
    const { version } = (await request(base(), 'GET', '/api/site-settings')).body;
    expect(after.icons[0].src).toBe(`/icons/icon-192.png?v=${version}`);

    await updateSettings({ shortName: null });
    expect(JSON.parse((await get('/site.webmanifest')).bytes.toString('utf8')).short_name).toBe('Halvorsen & Berg Advisory');
  });

  it('an uploaded square icon is used for every size (the favicon is its colour); removed, the mark is back', async () => {
    const markEtag = (await get('/icons/favicon-32.png')).headers.get('etag');
    const red = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c81e1e' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([red], { type: 'image/png' }), 'icon.png');
    const uploaded = await request(base(), 'POST', '/api/upload-image', { body: form, cookie: session.cookie });
    expect(uploaded.status).toBe(201);
    await updateSettings({ iconUrl: uploaded.body.url });

    const favicon = await get('/icons/favicon-32.png');
    expect(favicon.headers.get('etag')).not.toBe(markEtag);
    expect(await pngSize(favicon.bytes)).toEqual({ format: 'png', width: 32, height: 32 });
    expect(await pixel(favicon.bytes, 16, 16)).toBe('#c81e1e');
    expect(await pixel(favicon.bytes, 0, 0)).toBe('#c81e1e');
    for (const [path, size] of ICONS) {
      const reply = await get(path);
      expect(await pngSize(reply.bytes)).toEqual({ format: 'png', width: size, height: size });
      expect(await pixel(reply.bytes, Math.floor(size / 2), Math.floor(size / 2))).toBe('#c81e1e');
    }

    // An icon address that names no stored file: the mark, not an error.
    await updateSettings({ iconUrl: '/uploads/gone-0000.png' });
    const gone = await get('/icons/favicon-32.png');
    expect(gone.status).toBe(200);
    expect(await pixel(gone.bytes, 0, 0)).toBe(BRAND_DARK);
    await updateSettings({ iconUrl: null });
    expect(await pixel((await get('/icons/favicon-32.png')).bytes, 0, 0)).toBe(BRAND_DARK);
  });
});

describe('share cards', () => {
  it('the fixed pages have a 1200x630 PNG card', async () => {
    for (const path of ['/share/index.png', '/share/news.png', '/share/team.png', '/share/clients.png']) {
      const reply = await get(path);
      expect({ path, status: reply.status, type: reply.headers.get('content-type'), cache: reply.headers.get('cache-control') }).toEqual({
        path,
        status: 200,
        type: 'image/png',
        cache: 'public, max-age=300',
      });
      expect(await pngSize(reply.bytes)).toEqual({ format: 'png', width: 1200, height: 630 });
    }
  });

  it('a path that is no page is a 404 and draws nothing', async () => {
    const images = siteImagesOf(session.app.deps)!;
    await get('/share/news.png');
    const drawn = images.drawn;
    for (const path of ['/share/nope.png', '/share/news/no-such-slug.png', '/share/NEWS.png', '/share/news/.png', '/share/news.jpg', '/share/', '/share/news/page/1.png', '/share/admin.png']) {
      const reply = await get(path);
      expect({ path, status: reply.status }).toEqual({ path, status: 404 });
    }
    for (const path of ['/share/../x.png', '/share/news/../../etc/passwd.png', '/share/%2e%2e/x.png', '/share/news%2f..%2fteam.png']) {
      const reply = await raw(path);
      expect({ path, status: reply.status }).toEqual({ path, status: 404 });
      expect(reply.body).not.toMatch(/stack|at \w+ \(/);
    }
    expect(images.drawn).toBe(drawn);
  });

  it('an article has a card titled by its page title, else its title; a different title gives a different card', async () => {
    await create('news', { title: 'First headline', slug: 'first', pageTitle: null });
    await create('news', { title: 'Second headline', slug: 'second', pageTitle: 'Second, for sharing' });
    const first = await get('/share/news/first.png');
    const second = await get('/share/news/second.png');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await pngSize(first.bytes)).toEqual({ format: 'png', width: 1200, height: 630 });
    expect(first.bytes.equals(second.bytes)).toBe(false);
    expect(first.headers.get('etag')).not.toBe(second.headers.get('etag'));
    // A project has its card too; a former spelling of a page has none.
    await create('clients', { title: 'Harbour works', slug: 'harbour-works' });
    expect((await get('/share/clients/harbour-works.png')).status).toBe(200);
    expect((await get('/share/Clients/Harbour-Works.png')).status).toBe(404);
  });

  it('is drawn once: the same card again comes from memory with the same ETag, 304 to it, HEAD too', async () => {
    const images = siteImagesOf(session.app.deps)!;
    const first = await get('/share/team.png');
    const drawn = images.drawn;
    const again = await get('/share/team.png');
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(images.drawn).toBe(drawn);
    const etag = first.headers.get('etag')!;
    expect((await get('/share/team.png', { headers: { 'if-none-match': etag } })).status).toBe(304);
    const head = await get('/share/team.png', { method: 'HEAD' });
    expect({ status: head.status, etag: head.headers.get('etag'), length: head.bytes.length }).toEqual({ status: 200, etag, length: 0 });
    expect((await get('/share/nope.png', { method: 'HEAD' })).status).toBe(404);
  });

  it('concurrent requests for one card share one drawing', async () => {
    await create('news', { title: 'Third headline', slug: 'third' });
    const images = siteImagesOf(session.app.deps)!;
    await get('/share/news.png');
    const drawn = images.drawn;
    const replies = await Promise.all(Array.from({ length: 6 }, () => get('/share/news/third.png')));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(images.drawn).toBe(drawn + 1);
  });

  it('the card changes when the firm name changes', async () => {
    const before = await get('/share/news.png');
    await updateSettings({ firmName: 'Northwind Strategy' });
    const after = await get('/share/news.png');
    expect(after.status).toBe(200);
    expect(after.bytes.equals(before.bytes)).toBe(false);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('shows the uploaded logo (on a light plate: it is made for light backgrounds)', async () => {
    const before = await get('/share/news.png');
    const blue = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#1030c0' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([blue], { type: 'image/png' }), 'logo.png');
    const uploaded = await request(base(), 'POST', '/api/upload-image', { body: form, cookie: session.cookie });
    expect(uploaded.status).toBe(201);
    await updateSettings({ logoUrl: uploaded.body.url });
    const after = await get('/share/news.png');
    expect(await pngSize(after.bytes)).toEqual({ format: 'png', width: 1200, height: 630 });
    expect(after.bytes.equals(before.bytes)).toBe(false);
    // The logo is scaled into its box (300x100 -> 192x64) on a white plate at the top left.
    expect(await pixel(after.bytes, 192, 128)).toBe('#1030c0');
    expect(await pixel(after.bytes, 84, 84)).toBe('#ffffff');
    await updateSettings({ logoUrl: null });
    expect((await get('/share/news.png')).bytes.equals(before.bytes)).toBe(true);
  });

  it('a published simple page has its card; a draft (the placeholder legal pages) has none', async () => {
    const created = await request(base(), 'POST', '/api/admin/pages', {
      cookie: session.cookie,
      json: { ...validInput.pages, title: 'Terms of engagement', slug: 'terms-of-engagement' },
    });
    expect(created.status).toBe(201);
    const card = await get('/share/terms-of-engagement.png');
    expect(card.status).toBe(200);
    expect(await pngSize(card.bytes)).toEqual({ format: 'png', width: 1200, height: 630 });
    for (const { slug } of PLACEHOLDER_LEGAL_PAGES) {
      expect({ slug, status: (await get(`/share/${slug}.png`)).status }).toEqual({ slug, status: 404 });
    }
  });

  it('random paths under /share/ never answer 500 and never grow the cache past its bound', async () => {
    const images = siteImagesOf(session.app.deps)!;
    const kept = images.cardsKept;
    const segment = fc.oneof(
      fc.constantFrom('news', 'team', 'clients', 'index', 'page', '2', 'first', 'nope', '..', '.', '', '%2e%2e', 'NEWS', 'admin', 'api'),
      fc.stringMatching(/^[A-Za-z0-9._~%-]{0,12}$/),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.constantFrom('.png', '', '.PNG', '.png/', '.jpg'), async (segments, suffix) => {
        const path = `/share/${segments.join('/')}${suffix}`;
        const reply = await raw(path);
        expect({ path, ok: [200, 301, 304, 400, 404].includes(reply.status) }).toEqual({ path, ok: true });
        expect(reply.body).not.toMatch(/stack|Error:/);
        expect(images.cardsKept).toBeLessThanOrEqual(CARD_CACHE_ENTRIES);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // Only real pages could be drawn: at most the pages there are (a handful), never one per path.
    expect(images.cardsKept - kept).toBeLessThanOrEqual(8);
  });
});
