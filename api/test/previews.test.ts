import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { selectNewsPreview, selectProjectsPreview } from '../src/content/previews.service.js';
import { request } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

// The landing previews: the rules (moved here from the web app, assertions unchanged) and the
// GraphQL fields that serve them from the real database.

const item = (id: number, featured = false) => ({ id, featured });

describe('landing news preview', () => {
  it('shows the featured items when any are featured', () => {
    expect(selectNewsPreview([item(1), item(2, true), item(3), item(4, true)]).map((n) => n.id)).toEqual([2, 4]);
  });

  it('shows at most 3 featured items', () => {
    const news = [1, 2, 3, 4, 5].map((id) => item(id, true));
    expect(selectNewsPreview(news).map((n) => n.id)).toEqual([1, 2, 3]);
  });

  it('falls back to the first 3 when none is featured', () => {
    expect(selectNewsPreview([1, 2, 3, 4, 5].map((id) => item(id))).map((n) => n.id)).toEqual([1, 2, 3]);
  });

  it('is empty without news', () => {
    expect(selectNewsPreview([])).toEqual([]);
  });
});

describe('landing projects preview', () => {
  it('shows every featured project, even more than 6', () => {
    const clients = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => item(id, id !== 2));
    expect(selectProjectsPreview(clients).map((c) => c.id)).toEqual([1, 3, 4, 5, 6, 7, 8]);
  });

  it('falls back to the first 6 when none is featured', () => {
    const clients = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => item(id));
    expect(selectProjectsPreview(clients).map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('previews over GraphQL', () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp();
    cookie = await app.login();
  });
  afterAll(async () => {
    await app?.close();
  });

  const create = async (collection: string, fields: Record<string, unknown>) => {
    const reply = await request(app.baseUrl, 'POST', `/api/admin/${collection}`, { cookie, json: fields });
    expect(reply.status).toBe(201);
    return reply.body.id as number;
  };
  const previews = async () => {
    const reply = await request(app.baseUrl, 'POST', '/graphql', {
      json: { query: '{ newsPreview { id title featured } projectsPreview { id title featured } }' },
    });
    expect(reply.status).toBe(200);
    return reply.body.data as { newsPreview: { id: number }[]; projectsPreview: { id: number }[] };
  };

  it('serve the first items in display order, then only the featured ones once some are', async () => {
    const news = [];
    for (let i = 1; i <= 5; i += 1) {
      news.push(await create('news', { title: `N${i}`, brief: 'b', pictureUrl: '/uploads/n.png', displayOrder: i }));
    }
    const projects = [];
    for (let i = 1; i <= 8; i += 1) {
      projects.push(await create('clients', { title: `P${i}`, pictureUrl: '/uploads/p.png', displayOrder: i }));
    }
    let data = await previews();
    expect(data.newsPreview.map((n) => n.id)).toEqual(news.slice(0, 3));
    expect(data.projectsPreview.map((p) => p.id)).toEqual(projects.slice(0, 6));

    const feature = async (collection: string, id: number) => {
      const { body } = await request(app.baseUrl, 'GET', `/api/${collection}/${id}`);
      const reply = await request(app.baseUrl, 'PUT', `/api/admin/${collection}/${id}`, { cookie, json: { ...body, featured: true } });
      expect(reply.status).toBe(200);
    };
    await feature('news', news[4]);
    await feature('clients', projects[7]);
    data = await previews();
    expect(data.newsPreview.map((n) => n.id)).toEqual([news[4]]);
    expect(data.projectsPreview.map((p) => p.id)).toEqual([projects[7]]);
  });
});
