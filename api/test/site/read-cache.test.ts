import { request as httpRequest } from 'node:http';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { PUBLIC_PAGE_PATHS } from '../../src/seo/seo-files.js';
import { earlyPageTarget } from '../../src/site/page-paths.js';
import { NOT_PAGE_SEGMENTS } from '../../src/site/mount.js';
import { request } from '../helpers/http.js';
import { appRoutes } from '../helpers/routes.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// The public read cache on REST and GraphQL against the real app and database: hits need no
// database work (no EntityManager), keys ignore the Host header and unread query strings, writes
// show on the very next request, and anything private or a write is never cached.

const session = signedInApp();

const cacheState = (headers: Headers) => headers.get('x-render-cache');

/** GET with any Host header (fetch does not let one set it). */
function getWithHost(path: string, host: string): Promise<{ status: number; cache: string | undefined; body: string }> {
  const url = new URL(session.app.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, cache: res.headers['x-render-cache'] as string | undefined, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Counts EntityManager forks (one per request that reaches the app or produces an answer). */
function countForks(): { count(): number; restore(): void } {
  const em = session.app.orm.em;
  const original = em.fork.bind(em);
  let forks = 0;
  em.fork = ((...args: Parameters<typeof em.fork>) => {
    forks += 1;
    return original(...args);
  }) as typeof em.fork;
  return { count: () => forks, restore: () => void (em.fork = original) };
}

const graphql = (query: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  request(session.app.baseUrl, 'POST', '/graphql', { json: { query, ...extra }, headers });

describe('public REST reads', () => {
  it('are produced once, then served from the cache without touching the database', async () => {
    const first = await request(session.app.baseUrl, 'GET', '/api/statistics');
    expect(first.status).toBe(200);
    const forks = countForks();
    try {
      for (let i = 0; i < 5; i += 1) {
        const again = await request(session.app.baseUrl, 'GET', '/api/statistics');
        expect(again.status).toBe(200);
        expect(cacheState(again.headers)).toBe('hit');
        expect(again.body).toEqual(first.body);
        expect(again.headers.get('content-type')).toBe('application/json; charset=utf-8');
      }
      expect(forks.count()).toBe(0);
    } finally {
      forks.restore();
    }
  });

  it('answer a hit (before Express runs) with the very headers of the miss that produced it', async () => {
    const headersOf = (headers: Headers) =>
      Object.fromEntries([...headers].filter(([name]) => !['date', 'x-render-cache', 'connection', 'keep-alive'].includes(name)));
    for (const [path, withCookie] of [['/api/brands', false], ['/api/clients?limit=2', false], ['/api/contact-info', true]] as const) {
      const options = withCookie ? { cookie: session.cookie } : {};
      const miss = await request(session.app.baseUrl, 'GET', path, options);
      const hit = await request(session.app.baseUrl, 'GET', path, options);
      expect([cacheState(miss.headers), cacheState(hit.headers)]).toEqual(['miss', 'hit']);
      expect(headersOf(hit.headers)).toEqual(headersOf(miss.headers));
      // The security headers are there (app.ts sets them before anything else).
      expect(hit.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(hit.headers.get('x-content-type-options')).toBe('nosniff');
      expect(hit.headers.get('cache-control')).toBe(withCookie ? 'private, no-cache' : miss.headers.get('cache-control'));
      const head = await fetch(`${session.app.baseUrl}${path}`, { method: 'HEAD', headers: withCookie ? { cookie: session.cookie } : {} });
      expect(cacheState(head.headers)).toBe('hit');
      expect(await head.text()).toBe('');
      expect(head.headers.get('content-length')).toBe(hit.headers.get('content-length'));
    }
  });

  it('are still hits with a random Host header per request, and with any query string', async () => {
    await request(session.app.baseUrl, 'GET', '/api/countries');
    for (let i = 0; i < 10; i += 1) {
      const host = `h${Math.random().toString(36).slice(2)}.example:${1000 + i}`;
      const reply = await getWithHost(`/api/countries?utm=${i}`, host);
      expect(reply.status).toBe(200);
      expect(reply.cache).toBe('hit');
    }
  });

  it('answer a revalidation with 304 and send gzip or brotli as accepted', async () => {
    const plain = await fetch(`${session.app.baseUrl}/api/countries`, { headers: { 'accept-encoding': 'identity' } });
    const text = await plain.text();
    const etag = plain.headers.get('etag')!;
    expect(etag).toMatch(/^"\d+-/);
    const revalidated = await fetch(`${session.app.baseUrl}/api/countries`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    // Big enough to be compressed (small answers are sent as they are).
    for (let i = 0; i < 8; i += 1) {
      const created = await request(session.app.baseUrl, 'POST', '/api/admin/countries', { cookie: session.cookie, json: { name: `Country ${'x'.repeat(80)} ${i}`, code: 'XX', flagImageUrl: '/uploads/x.png' } });
      expect(created.status).toBe(201);
    }
    const decoded = async (encoding: string) => {
      const bytes = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
        const url = new URL(session.app.baseUrl);
        httpRequest({ host: url.hostname, port: url.port, path: '/api/countries', headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
      return bytes;
    };
    const identity = await (await fetch(`${session.app.baseUrl}/api/countries`, { headers: { 'accept-encoding': 'identity' } })).text();
    expect(identity).not.toBe(text);
    const br = await decoded('br, gzip');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(identity);
    const gz = await decoded('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(identity);
  });

  it('show a write on the very next request', async () => {
    const before = await request(session.app.baseUrl, 'GET', '/api/landing-content');
    await request(session.app.baseUrl, 'GET', '/api/landing-content');
    const { id, ...fields } = before.body;
    const tagline = `Edited ${Date.now()}`;
    const put = await request(session.app.baseUrl, 'PUT', `/api/admin/landing-content/${id}`, { cookie: session.cookie, json: { ...fields, heroTagline: tagline } });
    expect(put.status).toBe(200);
    const after = await request(session.app.baseUrl, 'GET', '/api/landing-content');
    expect(cacheState(after.headers)).toBe('miss');
    expect(after.body.heroTagline).toBe(tagline);
  });

  it('show a write made straight in the database by another connection within a second', async () => {
    await request(session.app.baseUrl, 'GET', '/api/statistics');
    expect(cacheState((await request(session.app.baseUrl, 'GET', '/api/statistics')).headers)).toBe('hit');
    const other = session.app.orm.em.fork();
    await other.getConnection().execute(`update statistics set expert_count = 4242`);
    const deadline = Date.now() + 1000;
    let seen = 0;
    while (Date.now() < deadline) {
      seen = (await request(session.app.baseUrl, 'GET', '/api/statistics')).body.expertCount;
      if (seen === 4242) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toBe(4242);
  });

  it('leave unknown ids and admin routes to the router, uncached', async () => {
    const missing = await request(session.app.baseUrl, 'GET', '/api/countries/999999');
    expect(missing.status).toBe(404);
    expect(cacheState(missing.headers)).toBeNull();
    const admin = await request(session.app.baseUrl, 'GET', '/api/auth/check');
    expect(cacheState(admin.headers)).toBeNull();
  });
});

describe('anonymous GraphQL reads', () => {
  const query = '{ countries { id name } statistics { expertCount } }';

  it('are cached by normalised document, operation name and variables', async () => {
    const first = await graphql(query);
    expect(first.status).toBe(200);
    const forks = countForks();
    try {
      // Same document, other whitespace and a comment: the same read.
      const spaced = await graphql(`# a comment\n{\n  countries { id, name }\n  statistics { expertCount }\n}`);
      expect(cacheState(spaced.headers)).toBe('hit');
      expect(spaced.body).toEqual(first.body);
      expect(forks.count()).toBe(0);
    } finally {
      forks.restore();
    }
    const withVariables = 'query Stats($n: Boolean!) { statistics { expertCount @include(if: $n) } }';
    expect(cacheState((await graphql(withVariables, { variables: { n: true } })).headers)).toBe('miss');
    expect(cacheState((await graphql(withVariables, { variables: { n: true } })).headers)).toBe('hit');
    const other = await graphql(withVariables, { variables: { n: false } });
    expect(cacheState(other.headers)).toBe('miss');
    expect(other.body.data.statistics).toEqual({});
  });

  it('give the same bytes as Apollo Server answers uncached', async () => {
    await graphql(query);
    const cached = await fetch(`${session.app.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    const uncached = await fetch(`${session.app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session.cookie },
      body: JSON.stringify({ query }),
    });
    expect(cached.headers.get('x-render-cache')).toBe('hit');
    expect(uncached.headers.get('x-render-cache')).toBeNull();
    expect(await cached.text()).toBe(await uncached.text());
    expect(cached.headers.get('content-type')).toBe(uncached.headers.get('content-type'));
  });

  it('are never cached with a session cookie, for a mutation, or with errors', async () => {
    const me = '{ me { username } }';
    for (let i = 0; i < 2; i += 1) {
      const signedIn = await graphql(me, {}, { cookie: session.cookie });
      expect(signedIn.body.data.me.username).toBe('admin');
      expect(cacheState(signedIn.headers)).toBeNull();
    }
    expect((await graphql(me)).body.data.me).toBeNull();
    for (let i = 0; i < 2; i += 1) {
      const mutation = await graphql('mutation { logout }');
      expect(cacheState(mutation.headers)).toBeNull();
      const invalid = await graphql('{ countries { nope } }');
      expect(invalid.status).toBe(400);
      expect(cacheState(invalid.headers)).toBeNull();
    }
    const malformed = await request(session.app.baseUrl, 'POST', '/graphql', { body: '{bad', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].message).toBe('Malformed JSON in the request body');
  });

  it('follow writes: a created record is in the next answer', async () => {
    await graphql(query);
    const created = await request(session.app.baseUrl, 'POST', '/api/admin/countries', { cookie: session.cookie, json: { name: 'Freshland', code: 'FR', flagImageUrl: '/uploads/f.png' } });
    expect(created.status).toBe(201);
    const next = await graphql(query);
    expect(cacheState(next.headers)).toBe('miss');
    expect(next.body.data.countries.map((c: { name: string }) => c.name)).toContain('Freshland');
  });
});

describe('page paths before routing', () => {
  it('leave every path another route of the app owns to the app (never "not found" before routing)', () => {
    const reserved = new Set(NOT_PAGE_SEGMENTS);
    const owned = appRoutes(session.app.app)
      .map((route) => route.path)
      .filter((path) => !path.startsWith('/{*'));
    expect(owned.length).toBeGreaterThan(20);
    for (const path of [...owned, '/graphql', '/uploads/x.png', '/assets/app.js']) {
      const first = path.split('/')[1].replace(/[:{].*$/, '');
      if (PUBLIC_PAGE_PATHS.some((page) => page !== '/' && page.split('/')[1] === first.toLowerCase())) {
        // A file among the pages (/news/feed.xml) owns its own path only, in any spelling; the
        // segment stays the pages' (the item pages under /news are known before routing).
        for (const candidate of [path, path.toUpperCase(), `${path}/`, `/${path}`]) {
          expect({ path, candidate, early: earlyPageTarget(candidate, reserved) }).toEqual({ path, candidate, early: null });
        }
        continue;
      }
      // The route's own path, and a plain path under its first segment, in any letter case.
      for (const candidate of [`/${first}`, `/${first}/x-1`, `/${first.toUpperCase()}/x`]) {
        expect({ path, candidate, early: earlyPageTarget(candidate, reserved) }).toEqual({ path, candidate, early: null });
      }
    }
  });
});
