import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Validator } from '@seriousme/openapi-schema-validator';
import { routes } from '../../src/http/route-table.js';
import { documentedRoutes } from '../../src/rest/openapi.js';
import { request } from '../helpers/http.js';
import { appRoutes, type Route } from '../helpers/routes.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// The generated OpenAPI document: valid OpenAPI 3.1 (a maintained validator), and the same routes
// as the live /api router stack, both ways. The reference page and its assets are served locally.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const key = (r: Route) => `${r.method} ${r.path}`;

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const reply = await request(app.baseUrl, 'GET', '/api/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toBe('3.1.0');
    const result = await new Validator().validate(reply.body);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('documents every /api route of the router stack, and only routes that exist', () => {
    const live = appRoutes(app.app)
      .filter((r) => r.path.startsWith('/api/'))
      .map(key)
      .sort();
    const documented = documentedRoutes(routes()).map(key).sort();
    expect(live.length).toBeGreaterThan(30);
    expect(documented).toEqual(live);
  });

  it('describes records from the content model (ContactIcon values, nullable optional fields, paging)', async () => {
    const { body } = await request(app.baseUrl, 'GET', '/api/openapi.json');
    expect(body.components.schemas.ContactInfo.properties.icon.enum).toEqual(['Mail', 'Phone', 'MapPin', 'Globe']);
    expect(body.components.schemas.News.properties.content.type).toEqual(['string', 'null']);
    const params = body.paths['/api/news'].get.parameters.map((p: { name: string }) => p.name);
    // Paging and the featured filter as before; then the admin list's search and sort.
    expect(params).toEqual(['limit', 'offset', 'featured', 'search', 'sort']);
    expect(body.paths['/api/news/{id}'].get.parameters[0].name).toBe('id');
  });

  it('documents search, sort and the bulk routes of every collection', async () => {
    const { body } = await request(app.baseUrl, 'GET', '/api/openapi.json');
    const sort = body.paths['/api/news'].get.parameters.find((p: { name: string }) => p.name === 'sort');
    expect(sort.schema.enum).toEqual(['title', '-title', 'createdAt', '-createdAt', 'displayOrder', '-displayOrder']);
    const search = body.paths['/api/clients'].get.parameters.find((p: { name: string }) => p.name === 'search');
    expect(search.schema).toEqual({ type: 'string', maxLength: 100 });
    const deleteMany = body.paths['/api/admin/news/delete-many'].post;
    expect(deleteMany.requestBody.content['application/json'].schema.properties.ids).toMatchObject({ minItems: 1, maxItems: 500 });
    expect(Object.keys(deleteMany.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(body.paths['/api/admin/news/update-many'].post.requestBody.content['application/json'].schema.properties.featured).toMatchObject({ type: 'boolean' });
    expect(body.paths['/api/admin/countries/update-many']).toBeUndefined();
    expect(body.paths['/api/admin/countries/restore-many'].post.operationId).toBe('restoreCountryMany');
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page with its scripts and styles from this server', async () => {
    const page = await request(app.baseUrl, 'GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const sources = [...String(page.body).matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBe(3);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/')).toBe(true);
      const asset = await request(app.baseUrl, 'GET', source);
      expect(asset.status).toBe(200);
    }
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
