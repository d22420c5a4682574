import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Canvas } from '../../src/db/seeds/png.js';
import { startPagesApp } from '../helpers/fixtures/web-dist.js';
import { request, type Reply } from '../helpers/http.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// Security headers on every kind of response: API JSON, errors, 404s, GraphQL, uploads, pages,
// the admin shell, static files. The pages are served from a small fake build (the API tests
// run without building the web app) through the same mountWeb and header module as app.ts.

let app: TestApp;
let production: TestApp;
let pages: Awaited<ReturnType<typeof startPagesApp>>;
beforeAll(async () => {
  app = await startTestApp();
  production = await startTestApp({ env: 'production', trustProxy: 'loopback' });
  pages = await startPagesApp(app.deps);
});
afterAll(async () => {
  await pages?.close();
  await app?.close();
  await production?.close();
});

function directives(reply: Reply): Map<string, string> {
  const csp = reply.headers.get('content-security-policy');
  expect(csp).toBeTruthy();
  return new Map(
    csp!
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0], d.split(/\s+/).slice(1).join(' ')]),
  );
}

function expectCommonHeaders(reply: Reply): void {
  expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  expect(reply.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(reply.headers.get('strict-transport-security')).toBeNull(); // plain HTTP
  expect(reply.headers.get('x-powered-by')).toBeNull();
}

function expectStrictPolicy(reply: Reply, frameAncestors: "'none'" | "'self'"): void {
  expectCommonHeaders(reply);
  const csp = directives(reply);
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('script-src')).toBe("'self'");
  expect(reply.headers.get('content-security-policy')).not.toContain('unsafe-eval');
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'none'");
  expect(csp.get('frame-ancestors')).toBe(frameAncestors);
  expect(reply.headers.get('x-frame-options')).toBe(frameAncestors === "'none'" ? 'DENY' : 'SAMEORIGIN');
}

const PNG = new Canvas(4, 4, [1, 2, 3]).toPng();

describe('API responses', () => {
  it.each([
    ['a public list', 'GET', '/api/countries', 200],
    ['an unknown id', 'GET', '/api/countries/999999', 404],
    ['an unknown API path', 'GET', '/api/nothing-here', 404],
    ['an anonymous admin read', 'GET', '/api/auth/user', 401],
    ['a health check', 'GET', '/healthz', 200],
    ['a POST to a page path', 'POST', '/team', 404],
    ['a page path (a 404 page, or a 404 without a web build)', 'GET', '/definitely-not-a-page/x', 404],
  ])('%s (%s %s) carries the locked-down headers', async (_label, method, path, status) => {
    const reply = await request(app.baseUrl, method, path);
    expect(reply.status).toBe(status);
    if (path.startsWith('/api') || path === '/healthz') expectStrictPolicy(reply, "'none'");
    else expectCommonHeaders(reply);
  });

  it('malformed JSON (400) and an oversized body (413) carry them too', async () => {
    const malformed = await request(app.baseUrl, 'POST', '/api/login', { body: '{nope', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expectStrictPolicy(malformed, "'none'");
    const huge = await request(app.baseUrl, 'POST', '/api/login', {
      body: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expectStrictPolicy(huge, "'none'");
  });

  it('GraphQL answers carry them', async () => {
    const reply = await request(app.baseUrl, 'POST', '/graphql', { json: { query: '{ statistics { expertCount } }' } });
    expect(reply.status).toBe(200);
    expectStrictPolicy(reply, "'none'");
  });
});

describe('uploaded files', () => {
  it('are served as a sandboxed document that runs nothing, framable by no one', async () => {
    const cookie = await app.login();
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'a.png');
    const uploaded = await request(app.baseUrl, 'POST', '/api/upload-image', { cookie, body: form });
    expect(uploaded.status).toBe(201);
    expectStrictPolicy(uploaded, "'none'");

    const spelledOtherwise = String(uploaded.body.url).replace('/uploads/', '/UPLOADS/');
    for (const path of [uploaded.body.url, spelledOtherwise, '/uploads/00000000-0000-0000-0000-000000000000.png']) {
      const reply = await request(app.baseUrl, 'GET', path);
      expectCommonHeaders(reply);
      const csp = directives(reply);
      expect(csp.has('sandbox')).toBe(true);
      expect(csp.get('default-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
    }
  });
});

describe('pages and static files', () => {
  it.each([
    ['a server-rendered page', '/', 200, "'self'"],
    ['a page that does not exist', '/no-such-page', 404, "'self'"],
    ['the admin shell', '/admin', 200, "'none'"],
    ['an admin route', '/admin/news', 200, "'none'"],
    // Express routes case-insensitively: another spelling of the admin shell is still the admin.
    ['the admin shell in capitals', '/ADMIN', 200, "'none'"],
    ['an admin route in mixed case', '/Admin/News', 200, "'none'"],
    ['a static asset', '/assets/app.js', 200, "'self'"],
    ['a missing asset', '/assets/missing.js', 404, "'self'"],
    ['the favicon', '/favicon.svg', 200, "'self'"],
  ] as const)('%s (%s) carries the headers', async (_label, path, status, frameAncestors) => {
    const reply = await request(pages.baseUrl, 'GET', path);
    expect(reply.status).toBe(status);
    expectStrictPolicy(reply, frameAncestors);
  });

  it('ship the Apollo state as JSON data, not as an executable inline script', async () => {
    const reply = await request(pages.baseUrl, 'GET', '/');
    const scripts = [...String(reply.body).matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    for (const attributes of scripts) {
      // Every script is either external ('self') or a data block the CSP does not run.
      expect(attributes.includes('src="/assets/') || attributes.includes('type="application/json"')).toBe(true);
    }
    expect(reply.body).toContain('<script type="application/json" id="page-data">');
    expect(reply.body).not.toContain('</script><script>alert(1)');
  });
});

describe('HTTPS', () => {
  it('adds HSTS of at least a year on HTTPS requests (behind a trusted proxy), never on HTTP', async () => {
    const secure = await request(production.baseUrl, 'GET', '/api/countries', { headers: { 'x-forwarded-proto': 'https' } });
    const maxAge = Number(/max-age=(\d+)/.exec(secure.headers.get('strict-transport-security') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
    const plain = await request(production.baseUrl, 'GET', '/api/countries');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('the Apollo Sandbox landing page', () => {
  it('gets a policy that lets Apollo’s page load (development), still unframable', async () => {
    const reply = await request(app.baseUrl, 'GET', '/graphql', { headers: { accept: 'text/html' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('embeddable-sandbox.cdn.apollographql.com');
    const csp = directives(reply);
    expect(csp.get('script-src')).toContain('https://embeddable-sandbox.cdn.apollographql.com');
    expect(csp.get('frame-src')).toContain('https://sandbox.embed.apollographql.com');
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(reply.headers.get('content-security-policy')).not.toContain('unsafe-eval');
  });

  it('is not served in production (introspection off): the strict policy applies', async () => {
    const reply = await request(production.baseUrl, 'GET', '/graphql', { headers: { accept: 'text/html' } });
    expect(String(reply.body)).not.toContain('apollographql.com');
    expectStrictPolicy(reply, "'none'");
  });
});
