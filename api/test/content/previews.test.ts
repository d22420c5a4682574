import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  newsPreview,
  PROJECTS_FEATURED_LIMIT,
  projectsPreview,
  selectNewsPreview,
  selectProjectsPreview,
} from '../../src/content/previews.service.js';
import { fillCollection } from '../helpers/fill-content.js';
import { request } from '../helpers/http.js';
import { capturingQueries, planOf, rowsScanned, seqScannedTables } from '../helpers/query-capture.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// The landing previews: the rules (moved here from the web app, assertions unchanged), the
// GraphQL fields that serve them from the real database, and the same rules at 20,000 records,
// where each preview is a query or two with a limit over an index.

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

describe('previews at 20,000 news and 20,000 projects', () => {
  let app: TestApp;
  const sql = <T = Record<string, unknown>>(query: string) => app.orm.em.fork().getConnection().execute<T[]>(query);
  const ids = async (query: string) => (await sql<{ id: number }>(query)).map((row) => row.id);
  const graphqlPreviews = async () => {
    const reply = await request(app.baseUrl, 'POST', '/graphql', { json: { query: '{ newsPreview { id featured } projectsPreview { id featured } }' } });
    expect(reply.status).toBe(200);
    return reply.body.data as { newsPreview: { id: number }[]; projectsPreview: { id: number }[] };
  };
  /** The previews the services give, each with the plans (analysed: rows really read) of the queries it sent. */
  const previewsWithPlans = async () => {
    const news = await capturingQueries(app.orm, ['news'], () => newsPreview(app.orm.em.fork()));
    const projects = await capturingQueries(app.orm, ['clients'], () => projectsPreview(app.orm.em.fork()));
    const plans = await Promise.all([...news.queries, ...projects.queries].map((query) => planOf(app.orm, query, true)));
    return { news: news.result.map((n) => n.id), projects: projects.result.map((p) => p.id), plans };
  };

  beforeAll(async () => {
    app = await startTestApp();
    // Display orders that do not follow the ids (a multiplicative permutation of 1..20,000).
    await fillCollection(app.orm, 'news', { count: 20_000, displayOrder: '(i * 7919) % 20011' });
    await fillCollection(app.orm, 'clients', { count: 20_000, displayOrder: '(i * 7919) % 20011' });
    await sql('vacuum analyze news');
    await sql('vacuum analyze clients');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('with nothing featured: the first 3 news and the first 6 projects in display order, reading only those rows', async () => {
    const { news, projects, plans } = await previewsWithPlans();
    expect(news).toEqual(await ids('select id from news order by display_order, id limit 3'));
    expect(projects).toEqual(await ids('select id from clients order by display_order, id limit 6'));
    const data = await graphqlPreviews();
    expect(data.newsPreview.map((n) => n.id)).toEqual(news);
    expect(data.projectsPreview.map((p) => p.id)).toEqual(projects);
    // The same answers as the rules applied to the whole list.
    const all = (table: string) => sql<{ id: number; featured: boolean }>(`select id, featured from ${table} order by display_order, id`);
    expect(selectNewsPreview(await all('news')).map((n) => n.id)).toEqual(news);
    expect(selectProjectsPreview(await all('clients')).map((p) => p.id)).toEqual(projects);
    // Two indexed queries with a limit (featured ones, none; then the first ones), no table read whole.
    expect(plans).toHaveLength(4);
    for (const plan of plans) {
      expect(plan['Node Type']).toBe('Limit');
      expect(seqScannedTables(plan)).toEqual([]);
      expect(rowsScanned(plan)).toBeLessThanOrEqual(PROJECTS_FEATURED_LIMIT);
    }
  });

  it('with some featured: only the featured ones, at most 3 news and every featured project up to 12, in display order', async () => {
    // 20 featured news and 10 featured projects (every 1,000th, 2,000th), not in id order.
    await sql('update news set featured = true where id % 1000 = 0');
    await sql('update clients set featured = true where id % 2000 = 0');
    const { news, projects, plans } = await previewsWithPlans();
    expect(news).toEqual(await ids('select id from news where featured order by display_order, id limit 3'));
    const featuredProjects = await ids('select id from clients where featured order by display_order, id');
    expect(featuredProjects).toHaveLength(10);
    expect(projects).toEqual(featuredProjects);
    expect(projects).not.toEqual([...projects].sort((a, b) => a - b));
    const data = await graphqlPreviews();
    expect(data.newsPreview.map((n) => n.id)).toEqual(news);
    expect(data.projectsPreview.map((p) => p.id)).toEqual(projects);
    // One query each: the featured ones were found.
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(seqScannedTables(plan)).toEqual([]);
      expect(rowsScanned(plan)).toBeLessThanOrEqual(PROJECTS_FEATURED_LIMIT);
    }

    // More featured projects than the preview holds: the first PROJECTS_FEATURED_LIMIT of them.
    await sql('update clients set featured = true where id % 400 = 0');
    const more = await previewsWithPlans();
    expect(more.projects).toEqual(await ids(`select id from clients where featured order by display_order, id limit ${PROJECTS_FEATURED_LIMIT}`));
    expect(more.projects).toHaveLength(PROJECTS_FEATURED_LIMIT);
  });
});
