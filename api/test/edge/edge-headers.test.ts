import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../src/config.js';
import { edgeHeadersOf } from '../../src/edge/edge-headers.js';
import { ReadTags } from '../../src/edge/edge-tags.js';
import { fillCollection } from '../helpers/fill-content.js';
import { request } from '../helpers/http.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { delayEdgeRenders, edgeWebDist } from './edge-web-dist.js';

// Every public page and read names what it was built from in its tag headers (Surrogate-Key,
// space-separated; Cache-Tag, comma-separated): `all`, the types whose set or order it depends on
// (`t:news`: a list, a count, a neighbour), and the records it shows (`r:news:2`), as its reads
// noted them. With EDGE_CACHE on, public responses may be kept by shared caches (s-maxage, stale-*)
// while browsers revalidate; anything private says `private, no-store`.

const EDGE = 'public, max-age=0, must-revalidate, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400';

let app: TestApp;
let dist: ReturnType<typeof edgeWebDist>;
let ids: number[];
let settingsId: number;
const sql = <T extends object = Record<string, unknown>>(query: string, params: unknown[] = []) => app.orm.em.fork().getConnection().execute<T[]>(query, params);

/** The tags of a response, from both headers (which must agree). */
function tagsOf(reply: { headers: Headers }): string[] {
  const surrogate = reply.headers.get('surrogate-key');
  const cacheTag = reply.headers.get('cache-tag');
  expect(surrogate).not.toBeNull();
  expect(cacheTag?.split(',')).toEqual(surrogate!.split(' '));
  return surrogate!.split(' ');
}

beforeAll(async () => {
  dist = edgeWebDist();
  app = await startTestApp({ edge: loadConfig({ EDGE_CACHE: 'true' }).edge }, { webDist: dist.dir });
  await sql('delete from news');
  await fillCollection(app.orm, 'news', { count: 3 });
  ids = (await sql<{ id: number }>('select id from news order by display_order, id')).map((row) => row.id);
  settingsId = (await sql<{ id: number }>('select id from site_settings'))[0].id;
}, 60_000);
afterAll(async () => {
  await app?.close();
  dist?.remove();
});

describe('cache tags', () => {
  it('a record page names its record, its neighbours, the layout\'s reads and the types it depends on; the cached hit says the same', async () => {
    const [first, second, third] = ids;
    const miss = await request(app.baseUrl, 'GET', '/news/item-2');
    expect({ status: miss.status, error: (globalThis as { __edgeFakeDocuments?: { lastError?: string } }).__edgeFakeDocuments?.lastError }).toEqual({ status: 200, error: undefined });
    const tags = tagsOf(miss);
    expect(tags[0]).toBe('all');
    // The article and its neighbours; t:news because a neighbour depends on the list's order;
    // the layout reads the site settings and the footer's list of pages.
    expect(new Set(tags)).toEqual(new Set(['all', 't:news', 't:pages', `r:news:${first}`, `r:news:${second}`, `r:news:${third}`, `r:site-settings:${settingsId}`]));
    expect(miss.headers.get('cache-control')).toBe(EDGE);
    const hit = await request(app.baseUrl, 'GET', '/news/item-2');
    expect(hit.headers.get('x-render-cache')).toBe('hit');
    expect(tagsOf(hit)).toEqual(tags);
    expect(hit.headers.get('cache-control')).toBe(EDGE);
  });

  it('a list page names its type and its records; the not-found page every type (a new slug or a longer list may make it a page)', async () => {
    const list = tagsOf(await request(app.baseUrl, 'GET', '/news'));
    expect(list).toEqual(expect.arrayContaining(['all', 't:news', ...ids.map((id) => `r:news:${id}`)]));
    const missing = await request(app.baseUrl, 'GET', '/news/no-such-article');
    expect(missing.status).toBe(404);
    expect(tagsOf(missing)).toEqual(expect.arrayContaining(['all', 't:news', 't:clients', 't:pages', 't:team-members', 't:landing-content', 't:site-settings']));
  });

  it('REST reads: a record names only itself, a list its type and records, a singleton its record', async () => {
    const [first] = ids;
    const one = await request(app.baseUrl, 'GET', `/api/news/${first}`);
    expect(one.status).toBe(200);
    expect(tagsOf(one)).toEqual(['all', `r:news:${first}`]);
    expect(one.headers.get('cache-control')).toBe(EDGE);
    // Answered before Express the second time: the same headers.
    const again = await request(app.baseUrl, 'GET', `/api/news/${first}`);
    expect(again.headers.get('x-render-cache')).toBe('hit');
    expect(tagsOf(again)).toEqual(['all', `r:news:${first}`]);
    expect(again.headers.get('cache-control')).toBe(EDGE);
    expect(tagsOf(await request(app.baseUrl, 'GET', '/api/news'))).toEqual(['all', 't:news', ...ids.map((id) => `r:news:${id}`)]);
    expect(tagsOf(await request(app.baseUrl, 'GET', '/api/site-settings'))).toEqual(['all', `r:site-settings:${settingsId}`]);
  });

  it('anonymous GraphQL reads: by id only the record, a list with its count the type', async () => {
    const [first] = ids;
    const byId = await request(app.baseUrl, 'GET', `/graphql?query=${encodeURIComponent(`{ newsItem(id: ${first}) { id title } }`)}`);
    expect(byId.status).toBe(200);
    expect(tagsOf(byId)).toEqual(['all', `r:news:${first}`]);
    expect(byId.headers.get('cache-control')).toBe(EDGE);
    const count = await request(app.baseUrl, 'POST', '/graphql', { json: { query: '{ newsCount }' } });
    expect(tagsOf(count)).toEqual(['all', 't:news']);
    const unknown = await request(app.baseUrl, 'GET', `/graphql?query=${encodeURIComponent('{ newsItem(id: 999999) { id } }')}`);
    // None found: whether one will depends on the type.
    expect(tagsOf(unknown)).toEqual(['all', 't:news']);
  });
});

describe('an earlier rendering', () => {
  it('served while the page is rendered anew is kept by no shared cache (no-cache), the new one is', async () => {
    await request(app.baseUrl, 'GET', '/news');
    const before = app.deps.orm.em.fork();
    const revision = async () => (await before.getConnection().execute<{ revision: string }[]>('select revision from content_revision'))[0].revision;
    const was = await revision();
    await sql(`update news set title = 'Renamed' where id = ?`, [ids[0]]);
    expect(await revision()).not.toBe(was);
    // The instance hears of the new revision (NOTIFY) within a moment.
    await new Promise((resolve) => setTimeout(resolve, 300));
    delayEdgeRenders(1500);
    try {
      const rendering = request(app.baseUrl, 'GET', '/news');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const meanwhile = await request(app.baseUrl, 'GET', '/news');
      expect({ state: meanwhile.headers.get('x-render-cache'), cache: meanwhile.headers.get('cache-control') }).toEqual({ state: 'stale', cache: 'no-cache' });
      const fresh = await rendering;
      expect({ state: fresh.headers.get('x-render-cache'), cache: fresh.headers.get('cache-control') }).toEqual({ state: 'miss', cache: EDGE });
    } finally {
      delayEdgeRenders(0);
    }
  });
});

describe('private responses', () => {
  it('a session, the admin and the API\'s writes say private, no-store; a public read asked with a session keeps no-cache and is private', async () => {
    const cookie = await app.login();
    const withSession = await request(app.baseUrl, 'GET', '/api/news', { cookie });
    expect(withSession.headers.get('cache-control')).toBe('private, no-cache');
    for (const path of ['/api/admin/admins', '/api/admin/webhooks', `/api/admin/news/${ids[0]}`, '/admin', '/admin/news']) {
      const reply = await request(app.baseUrl, 'GET', path, { cookie });
      expect({ path, cache: reply.headers.get('cache-control') }).toEqual({ path, cache: 'private, no-store' });
      expect(reply.headers.get('surrogate-key')).toBeNull();
    }
    const login = await fetch(`${app.baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'wrong password here' }) });
    expect(login.headers.get('cache-control')).toBe('private, no-store');
    const me = await request(app.baseUrl, 'POST', '/graphql', { cookie, json: { query: '{ me { username } }' } });
    expect(me.headers.get('cache-control') ?? '').not.toMatch(/public/);
    expect(me.headers.get('surrogate-key')).toBeNull();
  });
});

describe('edge headers', () => {
  it('without EDGE_CACHE pages stay no-cache and API reads keep their own max-age; tags are named all the same', () => {
    const off = edgeHeadersOf(loadConfig({}).edge);
    expect(off.pageCacheControl).toBe('no-cache');
    expect(off.readCacheControl('public, max-age=10')).toBe('public, max-age=10');
    const on = edgeHeadersOf(loadConfig({ EDGE_CACHE: 'true', EDGE_S_MAXAGE: '600', EDGE_SWR: '30', EDGE_SIE: '3600' }).edge);
    expect(on.pageCacheControl).toBe('public, max-age=0, must-revalidate, s-maxage=600, stale-while-revalidate=30, stale-if-error=3600');
    const tags = new ReadTags();
    tags.type('news');
    tags.record('news', { id: 2 });
    expect(off.tagHeaders(tags)).toEqual({ 'Surrogate-Key': 'all t:news r:news:2', 'Cache-Tag': 'all,t:news,r:news:2' });
    expect(edgeHeadersOf(loadConfig({ EDGE_TAG_HEADERS: 'xkey, Edge-Cache-Tag' }).edge).tagHeaders(tags)).toEqual({ xkey: 'all t:news r:news:2', 'Edge-Cache-Tag': 'all,t:news,r:news:2' });
    expect(edgeHeadersOf(loadConfig({ EDGE_TAG_HEADERS: '' }).edge).tagHeaders(tags)).toEqual({});
  });

  it('a response showing more records than a header holds names their type instead (a purge of more, never of less)', () => {
    const tags = new ReadTags();
    for (let id = 1; id <= 1000; id += 1) tags.record('team-members', { id });
    tags.record('news', { id: 1 });
    tags.type('news');
    expect(tags.list()).toEqual(['all', 't:news', 't:team-members']);
    const few = new ReadTags();
    few.type('news');
    for (let id = 1; id <= 400; id += 1) few.record('news', { id });
    few.record('site-settings', { id: 1 });
    expect(few.list()).toEqual(['all', 't:news', 'r:site-settings:1']);
  });

  it('EDGE_CACHE is on by default exactly when a purger is set; a purger missing its settings is refused', () => {
    expect(loadConfig({}).edge.cache).toBe(false);
    expect(loadConfig({ EDGE_PURGER: 'varnish', EDGE_PURGE_URL: 'http://127.0.0.1:6081/' }).edge.cache).toBe(true);
    expect(loadConfig({ EDGE_PURGER: 'varnish', EDGE_PURGE_URL: 'http://127.0.0.1:6081/', EDGE_CACHE: 'false' }).edge.cache).toBe(false);
    expect(loadConfig({ EDGE_PURGER: 'varnish', EDGE_PURGE_URL: 'http://10.0.0.2:6081/, http://10.0.0.3:6081/' }).edge.purger).toEqual({ kind: 'varnish', urls: ['http://10.0.0.2:6081/', 'http://10.0.0.3:6081/'] });
    expect(() => loadConfig({ EDGE_PURGER: 'varnish' })).toThrow('EDGE_PURGER=varnish needs EDGE_PURGE_URL');
    expect(() => loadConfig({ EDGE_PURGER: 'fastly', FASTLY_SERVICE_ID: 'abc' })).toThrow('needs FASTLY_API_TOKEN');
    expect(() => loadConfig({ EDGE_PURGER: 'cloudflare', CF_API_TOKEN: 'x' })).toThrow('needs CF_ZONE_ID');
    expect(() => loadConfig({ EDGE_PURGER: 'http', EDGE_PURGE_URL: 'http://127.0.0.1:1/' })).toThrow('needs EDGE_PURGE_SECRET');
    expect(() => loadConfig({ EDGE_PURGER: 'akamai' })).toThrow('EDGE_PURGER must be');
    expect(() => loadConfig({ EDGE_TAG_HEADERS: 'Surrogate Key' })).toThrow('EDGE_TAG_HEADERS');
    expect(() => loadConfig({ EDGE_PURGER: 'fastly', FASTLY_SERVICE_ID: '../x', FASTLY_API_TOKEN: 't' })).toThrow('FASTLY_SERVICE_ID');
  });
});
