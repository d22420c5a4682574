import { createHash } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from '@jest/globals';
import { queryStores } from '../../src/graphql/query-stores.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// Integrator reads a CDN can absorb: GraphQL queries over GET and as automatic persisted queries,
// from the public read cache with ETag and Cache-Control; CORS for the listed origins on public
// reads only.

const PORTAL = 'https://portal.example';
const OTHER = 'https://evil.example';

const session = signedInApp({ corsOrigins: [PORTAL], publicApiCache: { maxAgeSeconds: 15, staleWhileRevalidateSeconds: 120 } });

const CDN_CACHE = 'public, max-age=15, stale-while-revalidate=120';
const QUERY = 'query Latest($limit: Int) { news(limit: $limit) { id title } }';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const getPath = (params: Record<string, unknown>) =>
  '/graphql?' +
  new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as [string, string]),
  ).toString();

describe('GraphQL reads over GET', () => {
  it('answers a query without a preflight header, from the cache, with ETag, 304 and a CDN Cache-Control', async () => {
    const path = getPath({ query: QUERY, variables: { limit: 2 } });
    const first = await request(session.app.baseUrl, 'GET', path);
    expect(first.status).toBe(200);
    expect(first.body.data.news).toEqual(expect.any(Array));
    expect(first.headers.get('cache-control')).toBe(CDN_CACHE);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"\d+-/);
    const again = await request(session.app.baseUrl, 'GET', path);
    expect(again.headers.get('x-render-cache')).toBe('hit');
    expect(again.body).toEqual(first.body);
    const notModified = await request(session.app.baseUrl, 'GET', path, { headers: { 'if-none-match': etag! } });
    expect(notModified.status).toBe(304);
    // The same query POSTed is the same entry.
    const posted = await request(session.app.baseUrl, 'POST', '/graphql', { json: { query: QUERY, variables: { limit: 2 } } });
    expect(posted.headers.get('etag')).toBe(etag);
  });

  it('never runs a mutation over GET, and never gives a session a public Cache-Control', async () => {
    const mutation = await request(session.app.baseUrl, 'GET', getPath({ query: 'mutation { logout }' }));
    expect(mutation.status).toBe(405);
    expect(mutation.headers.get('cache-control')).not.toMatch(/public/);
    const signedIn = await request(session.app.baseUrl, 'GET', getPath({ query: '{ me { username } }' }), {
      cookie: session.cookie,
      headers: { 'apollo-require-preflight': '1' },
    });
    expect(signedIn.body.data.me.username).toBe('admin');
    expect(signedIn.headers.get('cache-control') ?? '').not.toMatch(/public/);
    const rest = await request(session.app.baseUrl, 'GET', '/api/news', { cookie: session.cookie });
    expect(rest.headers.get('cache-control')).toBe('private, no-cache');
    expect((await request(session.app.baseUrl, 'GET', '/api/news')).headers.get('cache-control')).toBe(CDN_CACHE);
  });

  it('answers errors (a bad query) through Apollo, uncached', async () => {
    const bad = await request(session.app.baseUrl, 'GET', getPath({ query: '{ nothingHere }' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(bad.headers.get('x-render-cache')).toBeNull();
    expect(bad.headers.get('cache-control') ?? '').not.toMatch(/public/);
  });
});

describe('automatic persisted queries', () => {
  const query = '{ news(limit: 1) { id } }';
  const hash = sha256(query);
  const persisted = { persistedQuery: { version: 1, sha256Hash: hash } };

  it('asks for the query when the hash is unknown, then answers the hash alone over GET and POST from the cache', async () => {
    const unknown = await request(session.app.baseUrl, 'GET', getPath({ extensions: persisted }));
    expect(unknown.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const registered = await request(session.app.baseUrl, 'POST', '/graphql', { json: { query, extensions: persisted } });
    expect(registered.body.data.news).toEqual(expect.any(Array));
    const byGet = await request(session.app.baseUrl, 'GET', getPath({ extensions: persisted }));
    expect(byGet.status).toBe(200);
    expect(byGet.body).toEqual(registered.body);
    expect(byGet.headers.get('etag')).toBe(registered.headers.get('etag'));
    expect(byGet.headers.get('cache-control')).toBe(CDN_CACHE);
    expect(byGet.headers.get('x-render-cache')).toBe('hit');
    const byPost = await request(session.app.baseUrl, 'POST', '/graphql', { json: { extensions: persisted } });
    expect(byPost.body).toEqual(registered.body);
  });

  it('refuses a query that does not match its hash', async () => {
    const wrong = await request(session.app.baseUrl, 'POST', '/graphql', {
      json: { query: '{ countries { id } }', extensions: { persistedQuery: { version: 1, sha256Hash: hash } } },
    });
    // Apollo Server's own answer (the fast path does not take a mismatched pair).
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toBeUndefined();
    expect(wrong.headers.get('x-render-cache')).toBeNull();
  });
});

describe('automatic persisted queries under a flood of distinct ones', () => {
  /** A full garbage collection (the flag is set at run time: jest's node has no --expose-gc). */
  const collectGarbage = (): void => {
    v8.setFlagsFromString('--expose-gc');
    (vm.runInNewContext('gc') as () => void)();
  };
  const heapAfterGc = () => {
    collectGarbage();
    collectGarbage();
    return process.memoryUsage().heapUsed;
  };

  it('keep the queries and their parsed documents within a byte bound, anonymous or signed in', async () => {
    const { persistedQueries, documents } = queryStores;
    const before = heapAfterGc();
    // 800 distinct queries of 80 KB each (a long comment): 64 MB of query text in all.
    for (let i = 0; i < 800; i += 1) {
      const query = `# ${i} ${'x'.repeat(80_000)}\n{ news(limit: 1) { id } }`;
      const extensions = { persistedQuery: { version: 1, sha256Hash: sha256(query) } };
      const reply = await request(session.app.baseUrl, 'POST', '/graphql', { json: { query, extensions }, cookie: i % 2 ? session.cookie : undefined });
      expect(reply.status).toBe(200);
      expect(reply.body.data.news).toEqual(expect.any(Array));
    }
    // What the process keeps is bounded (before the bounds, 40 MB and more stayed)...
    const grown = heapAfterGc() - before;
    expect(grown).toBeLessThan(24 * 1024 * 1024);
    // ...and so are the stores' own byte counts.
    expect(persistedQueries.bytes).toBeGreaterThan(0);
    expect(persistedQueries.bytes).toBeLessThanOrEqual(persistedQueries.maxBytes);
    expect(documents.bytes).toBeGreaterThan(0);
    expect(documents.bytes).toBeLessThanOrEqual(documents.maxBytes);
    // The most recent ones are still known by hash alone, to Apollo and to the public read path.
    const last = `# 799 ${'x'.repeat(80_000)}\n{ news(limit: 1) { id } }`;
    const byHash = { extensions: { persistedQuery: { version: 1, sha256Hash: sha256(last) } } };
    expect((await request(session.app.baseUrl, 'POST', '/graphql', { json: byHash })).body.data.news).toEqual(expect.any(Array));
    expect((await request(session.app.baseUrl, 'POST', '/graphql', { json: byHash, cookie: session.cookie })).body.data.news).toEqual(expect.any(Array));
  }, 120_000);
});

describe('CORS for public reads', () => {
  it('lets a listed origin read public REST and GraphQL (hits included), without credentials', async () => {
    for (let i = 0; i < 2; i += 1) {
      const rest = await request(session.app.baseUrl, 'GET', '/api/news?limit=1', { headers: { origin: PORTAL } });
      expect(rest.status).toBe(200);
      expect(rest.headers.get('access-control-allow-origin')).toBe(PORTAL);
      expect(rest.headers.get('access-control-allow-credentials')).toBeNull();
      expect(rest.headers.get('vary')).toMatch(/Origin/);
    }
    expect((await request(session.app.baseUrl, 'GET', '/api/news?limit=1', { headers: { origin: PORTAL } })).headers.get('x-render-cache')).toBe('hit');
    const post = await request(session.app.baseUrl, 'POST', '/graphql', { json: { query: '{ statistics { id } }' }, headers: { origin: PORTAL } });
    expect(post.headers.get('access-control-allow-origin')).toBe(PORTAL);
    const preflight = await request(session.app.baseUrl, 'OPTIONS', '/graphql', {
      headers: { origin: PORTAL, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Content-Type');
  });

  it('gives another origin no CORS headers', async () => {
    const rest = await request(session.app.baseUrl, 'GET', '/api/news', { headers: { origin: OTHER } });
    expect(rest.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await request(session.app.baseUrl, 'OPTIONS', '/graphql', { headers: { origin: OTHER, 'access-control-request-method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('never answers admin routes, auth or mutations cross-origin', async () => {
    for (const [method, path] of [
      ['OPTIONS', '/api/admin/news'],
      ['OPTIONS', '/api/login'],
      ['OPTIONS', '/api/upload'],
    ] as const) {
      const reply = await request(session.app.baseUrl, method, path, { headers: { origin: PORTAL, 'access-control-request-method': 'POST' } });
      expect(reply.headers.get('access-control-allow-origin')).toBeNull();
    }
    const admin = await request(session.app.baseUrl, 'GET', '/api/admin/news', { headers: { origin: PORTAL }, cookie: session.cookie });
    expect(admin.headers.get('access-control-allow-origin')).toBeNull();
    const mutation = await request(session.app.baseUrl, 'POST', '/graphql', {
      json: { query: 'mutation { deleteNews(id: 1) }' },
      headers: { origin: PORTAL },
      cookie: session.cookie,
    });
    expect(mutation.headers.get('access-control-allow-origin')).toBeNull();
    expect(mutation.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const anonymous = await request(session.app.baseUrl, 'POST', '/graphql', { json: { query: 'mutation { logout }' }, headers: { origin: PORTAL } });
    expect(anonymous.headers.get('access-control-allow-origin')).toBeNull();
  });
});
