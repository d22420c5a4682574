import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adminCredentials, baseUrl } from './harness/browser.js';
import { withDatabase } from './harness/database.js';

// The cache of server-rendered public pages against the real built server: a page is rendered once
// per content revision, and any committed content write (through the API, or straight into the
// database by another process) shows on the very next request.

interface Landing {
  id: number;
  heroTagline: string;
  heroSubtitle: string;
  companyDescription: string;
  mainWebsiteUrl: string;
}

let cookie: string;
let original: Landing;

beforeAll(async () => {
  const response = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(adminCredentials()),
  });
  expect(response.status).toBe(200);
  cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0];
  original = (await (await fetch(`${baseUrl()}/api/landing-content`)).json()) as Landing;
});

afterAll(async () => {
  if (original) await putLanding(original);
});

async function putLanding(landing: Landing): Promise<void> {
  const { id, ...fields } = landing;
  const response = await fetch(`${baseUrl()}/api/admin/landing-content/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(fields),
  });
  expect(response.status).toBe(200);
}

async function get(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl()}${pathname}`, { headers });
  return { response, html: await response.text(), cache: response.headers.get('x-render-cache') };
}


describe('cached public pages', () => {
  it('serve an unchanged page from the cache the second time', async () => {
    await get('/news');
    const second = await get('/news');
    expect(second.response.status).toBe(200);
    expect(second.cache).toBe('hit');
    expect(second.response.headers.get('cache-control')).toBe('no-cache');
    expect(second.html).toContain('<script type="application/json" id="page-data">');
  });

  it('share one cached page among query-string variants, so they cannot force renders', async () => {
    await get('/team');
    for (const variant of ['/team?utm_source=newsletter', '/team?x=1', '/team?x=2']) {
      const { response, cache } = await get(variant);
      expect(response.status).toBe(200);
      expect(cache).toBe('hit');
    }
  });

  it('send a cached page brotli- or gzip-compressed as accepted, the same page once decoded', async () => {
    const plain = await get('/clients', { 'accept-encoding': 'identity' });
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip']) {
      const { response, html, cache } = await get('/clients', { 'accept-encoding': encoding });
      expect(cache).toBe('hit');
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(html).toBe(plain.html);
    }
  });

  it('show an admin edit on the very next request', async () => {
    await get('/');
    expect((await get('/')).cache).toBe('hit');

    const tagline = `Cached pages follow edits ${Date.now()}`;
    await putLanding({ ...original, heroTagline: tagline });
    const next = await get('/');
    expect(next.response.status).toBe(200);
    expect(next.cache).toBe('miss');
    expect(next.html).toContain(tagline);
    const again = await get('/');
    expect(again.cache).toBe('hit');
    expect(again.html).toContain(tagline);
  });

  // Adapted: the revision now arrives by NOTIFY instead of being read per request, so a write by
  // another process shows within a second (the bound) rather than on the very next request.
  it('show a write made straight in the database by another process within a second', async () => {
    await get('/');
    expect((await get('/')).cache).toBe('hit');
    const tagline = `Written by psql ${Date.now()}`;
    await withDatabase((db) => db.query('update landing_content set hero_tagline = $1', [tagline]));
    const deadline = Date.now() + 1000;
    let next = await get('/');
    while (!next.html.includes(tagline) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      next = await get('/');
    }
    expect(next.html).toContain(tagline);
  });

  it('answer a revalidation of an unchanged page with 304, and of a changed one with the new page', async () => {
    const first = await get('/');
    const etag = first.response.headers.get('etag');
    expect(etag).toBeTruthy();
    // What a browser sends revalidating a no-cache page (fetch would add `cache-control: no-cache`).
    const revalidate = { 'if-none-match': etag!, 'cache-control': 'max-age=0' };
    const revalidated = await get('/', revalidate);
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.html).toBe('');

    await putLanding({ ...original, heroTagline: `Changed again ${Date.now()}` });
    const changed = await get('/', revalidate);
    expect(changed.response.status).toBe(200);
    expect(changed.response.headers.get('etag')).not.toBe(etag);
  });

  it('keep one 404 page for every unknown path, and send other spellings of a page to it', async () => {
    const first = await get('/no-such-page');
    expect(first.response.status).toBe(404);
    // Whatever the path, the same cached page (rendered once per content revision): random paths cost no render.
    for (const path of ['/no-such-page', `/missing-${Date.now()}`, '/a/b/c.html']) {
      const again = await get(path);
      expect([path, again.response.status, again.cache]).toEqual([path, 404, 'hit']);
      expect(again.html).toBe(first.html);
    }
    for (const variant of ['/news/', '//news', '/NEWS', '/%6Eews']) {
      const response = await fetch(`${baseUrl()}${variant}?page=2`, { redirect: 'manual' });
      expect([variant, response.status, response.headers.get('location')]).toEqual([variant, 301, '/news?page=2']);
    }
  });
});
