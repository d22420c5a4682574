import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { corsMethods } from '../../src/http/cors.js';
import { cachedReadOf, headerPolicyOf, notPageSegments, routeOf, routes, servedBeforePages } from '../../src/http/route-table.js';
import { publicRestRead } from '../../src/site/public-rest.js';
import { request } from '../helpers/http.js';
import { appRoutes, type Route } from '../helpers/routes.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// The route table (src/http/route-table.ts) is the one description of the HTTP surface: Express
// serves exactly its rows, OpenAPI documents exactly its REST rows, and CORS, the header policy
// and the read cache's classification are read from it. No other source file spells a path.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const key = (r: Route) => `${r.method} ${r.path}`;

describe('the route table', () => {
  it('is what Express serves: every row with a handler is mounted at its path, and every route Express has is a row', () => {
    const served = appRoutes(app.app);
    const withHandlers = routes().filter((r) => typeof r.serve === 'function');
    // The pages' routes are there when the web app is built (site/mount.ts), at their rows' paths.
    const sitePaths = routes()
      .filter((r) => r.serve === 'site')
      .map(key);
    expect(served.map(key).filter((k) => !sitePaths.includes(k)).sort()).toEqual(withHandlers.map(key).sort());
    expect(served.map(key).every((k) => routes().some((r) => key(r) === k))).toBe(true);
    // The other rows are served by their modules at the same paths.
    const graphql = routes().filter((r) => r.serve === 'graphql');
    expect(graphql.map(key).sort()).toEqual(['GET /graphql', 'POST /graphql']);
  });

  it('documents exactly its REST rows in the OpenAPI document', async () => {
    const { body } = await request(app.baseUrl, 'GET', '/api/openapi.json');
    const documented = Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.sort()).toEqual(
      routes()
        .filter((r) => r.doc)
        .map(key)
        .sort(),
    );
    // Every row under /api is documented; nothing outside it is.
    for (const route of routes()) expect([route.path, Boolean(route.doc)]).toEqual([route.path, route.path.startsWith('/api/')]);
  });

  it('gives every row a distinct method and path, and the staff rows (signed-in or a permission) the session requirement in OpenAPI', async () => {
    const keys = routes().map(key);
    expect(new Set(keys).size).toBe(keys.length);
    const { body } = await request(app.baseUrl, 'GET', '/api/openapi.json');
    for (const route of routes().filter((r) => r.doc)) {
      const operation = body.paths[route.path.replace(/:(\w+)/g, '{$1}')][route.method.toLowerCase()];
      expect([key(route), operation.security ?? null]).toEqual([key(route), route.access !== 'public' ? [{ session: [] }] : null]);
    }
  });

  it('finds the route of a request as Express does: any case, an optional trailing slash, HEAD as GET', () => {
    expect(routeOf('GET', '/api/news/7')?.params).toEqual({ id: '7' });
    expect(routeOf('HEAD', '/API/News/')?.route.path).toBe('/api/news');
    expect(routeOf('DELETE', '/api/news')).toBeNull();
    expect(routeOf('GET', '/api/news/%E0%A4%A')).toBeNull();
  });

  it('derives the header policy of every area, served or not, from its rows', () => {
    expect(headerPolicyOf('/api/news')).toBe('locked');
    expect(headerPolicyOf('/api/no-such-route')).toBe('locked');
    expect(headerPolicyOf('/ADMIN/news')).toBe('locked');
    expect(headerPolicyOf('/graphql')).toBe('locked');
    expect(headerPolicyOf('/healthz')).toBe('locked');
    expect(headerPolicyOf('/uploads/x.webp')).toBe('upload');
    expect(headerPolicyOf('/')).toBe('public');
    expect(headerPolicyOf('/news/page/2')).toBe('public');
    expect(headerPolicyOf('/apis')).toBe('public');
    expect(headerPolicyOf('/assets/app.js')).toBe('public');
  });

  it('derives CORS from the rows marked readable cross-origin', () => {
    expect(corsMethods('/graphql')).toBe('GET, POST');
    expect(corsMethods('/api/news')).toBe('GET');
    expect(corsMethods('/api/news/12')).toBe('GET');
    expect(corsMethods('/api/contact-info')).toBe('GET');
    expect(corsMethods('/api/openapi.json')).toBe('GET');
    expect(corsMethods('/api/admin/news')).toBeNull();
    expect(corsMethods('/api/login')).toBeNull();
    expect(corsMethods('/api/upload-image')).toBeNull();
    expect(corsMethods('/uploads/x.webp')).toBeNull();
  });

  it("derives the read cache's classification from the rows' cached reads and their declared parameters", () => {
    expect(cachedReadOf('/api/news', 'featured=true&limit=5')?.key).toBe('rest /api/news?limit=5&featured=true');
    expect(cachedReadOf('/api/news', 'limit=5&featured=true')?.key).toBe(cachedReadOf('/api/news', 'featured=true&limit=5')?.key);
    // search and sort are declared but not part of the key: an admin's list, answered by the route.
    expect(cachedReadOf('/api/news', 'limit=5&search=x')).toBeNull();
    expect(cachedReadOf('/api/clients', 'limit=5&sort=-name')).toBeNull();
    // Wrong parameters: the route answers 400.
    expect(cachedReadOf('/api/news', 'limit=0')).toBeNull();
    expect(cachedReadOf('/api/news/12', '')?.key).toBe('rest /api/news/12');
    expect(cachedReadOf('/api/news/abc', '')).toBeNull();
    expect(cachedReadOf('/api/contact-info', '')?.key).toBe('rest /api/contact-info');
    expect(cachedReadOf('/api/admin/news', '')).toBeNull();
    expect(publicRestRead('/api/countries')?.key).toBe('rest /api/countries');
  });

  it('tells the pages which first segments belong to other routes', () => {
    expect(notPageSegments()).toEqual(expect.arrayContaining(['api', 'graphql', 'uploads', 'healthz', 'readyz', 'admin', 'assets', 'robots.txt', 'sitemap.xml']));
    expect(notPageSegments()).not.toContain('news');
    expect(servedBeforePages('/api/nothing')).toBe(true);
    expect(servedBeforePages('/Uploads')).toBe(true);
    expect(servedBeforePages('/admin/news')).toBe(false);
    expect(servedBeforePages('/news')).toBe(false);
  });
});

describe('paths in the source', () => {
  it('are spelt only in src/shared/url-paths.ts: every other module builds them from its roots', () => {
    const src = path.resolve(import.meta.dirname, '../../src');
    const files = fs.readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.includes('migrations'));
    const literal = /['"`]\/(api|graphql|uploads|healthz|readyz|admin|assets)\b/;
    const found: string[] = [];
    for (const file of files) {
      if (file === path.join('shared', 'url-paths.ts')) continue;
      const lines = fs.readFileSync(path.join(src, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        const code = line.trim();
        if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
        if (literal.test(code)) found.push(`${file}:${i + 1}: ${code}`);
      });
    }
    expect(found).toEqual([]);
  });
});
