import { readFileSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { PUBLIC_LIST_PAGE_SIZE } from '@consulting/model';
import { PUBLIC_PAGE_PATHS, sitemapPaths, SITEMAP_MAX_URLS } from '../../src/seo/seo-files.js';
import { pageTarget } from '../../src/site/page-paths.js';
import { delayFakeRenders, fakeRenders, startPagesApp } from '../helpers/fixtures/web-dist.js';
import { request } from '../helpers/http.js';
import { capturingQueries } from '../helpers/query-capture.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// The paged public lists: /news and /clients show PUBLIC_LIST_PAGE_SIZE cards a page, later pages
// at /news/page/2, ... The page paths (which exist, which redirect, which are not found), that no
// invented path costs more than the one not-found render, and the sitemap listing every page.

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

describe('page paths of the paged lists (pageTarget)', () => {
  const counts = { '/news': 4, '/clients': 2 };

  it('a later page up to the last is a page; page 1 redirects to the list; past the last is not found', () => {
    expect(pageTarget('/news/page/2', counts)).toEqual({ kind: 'page', path: '/news/page/2' });
    expect(pageTarget('/news/page/4', counts)).toEqual({ kind: 'page', path: '/news/page/4' });
    expect(pageTarget('/clients/page/2', counts)).toEqual({ kind: 'page', path: '/clients/page/2' });
    expect(pageTarget('/news/page/1', counts)).toEqual({ kind: 'redirect', location: '/news' });
    expect(pageTarget('/news/page/5', counts)).toEqual({ kind: 'not-found' });
    expect(pageTarget('/clients/page/3', counts)).toEqual({ kind: 'not-found' });
    expect(pageTarget('/news/page/999999999', counts)).toEqual({ kind: 'not-found' });
  });

  it('page 0, leading zeros, signs, fractions, words, empty and extra segments are not found', () => {
    for (const path of [
      '/news/page/0',
      '/news/page/02',
      '/news/page/-2',
      '/news/page/+2',
      '/news/page/2.0',
      '/news/page/2e0',
      '/news/page/two',
      '/news/page/',
      '/news/page',
      '/news/page/2/3',
      '/news/2',
      '/team/page/2',
      '/page/2',
      '/news/page/1234567890',
    ]) {
      expect({ path, target: pageTarget(path, counts) }).toEqual({ path, target: { kind: 'not-found' } });
    }
  });

  it('other spellings of an existing later page redirect to its canonical path', () => {
    for (const [path, location] of [
      ['/NEWS/Page/2/', '/news/page/2'],
      ['/news/page/2/', '/news/page/2'],
      ['//news/page/2', '/news/page/2'],
      ['/news//page/2', '/news/page/2'],
      ['/news/page/%32', '/news/page/2'],
      ['/%6Eews/page/3', '/news/page/3'],
      ['/news/x/../page/3', '/news/page/3'],
    ]) {
      expect({ path, target: pageTarget(path, counts) }).toEqual({ path, target: { kind: 'redirect', location } });
    }
    expect(pageTarget('/NEWS/PAGE/1', counts)).toEqual({ kind: 'redirect', location: '/news' });
    expect(pageTarget('/News/Page/9/', counts)).toEqual({ kind: 'not-found' });
  });

  it('a later page is undecided (null) until the counts are known; everything else is decided without them', () => {
    expect(pageTarget('/news/page/2')).toBeNull();
    expect(pageTarget('/NEWS/page/7/')).toBeNull();
    expect(pageTarget('/news/page/1')).toEqual({ kind: 'redirect', location: '/news' });
    expect(pageTarget('/news/page/02')).toEqual({ kind: 'not-found' });
    expect(pageTarget('/news')).toEqual({ kind: 'page', path: '/news' });
  });
});

describe('sitemap paths', () => {
  it('list each paged list followed by its later pages, and nothing more for a list of one page', () => {
    expect(sitemapPaths()).toEqual(['/', '/team', '/news', '/clients']);
    expect(sitemapPaths({ '/news': 3, '/clients': 2 })).toEqual(['/', '/team', '/news', '/news/page/2', '/news/page/3', '/clients', '/clients/page/2']);
  });

  it('hold at most 50,000 URLs (one sitemap file)', () => {
    const paths = sitemapPaths({ '/news': 60_000, '/clients': 10 });
    expect(paths).toHaveLength(SITEMAP_MAX_URLS);
    expect(paths.at(-1)).toBe(`/news/page/${SITEMAP_MAX_URLS - 2}`);
  });
});

/** A GET sent with the path exactly as given (fetch would normalise it). */
function getRaw(baseUrl: string, rawPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: rawPath }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      })
      .on('error', reject);
  });
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('served pages (a fake web build over a real database)', () => {
  let app: TestApp;
  let pages: Awaited<ReturnType<typeof startPagesApp>>;
  const sql = (query: string) => app.orm.em.fork().getConnection().execute(query);
  /** Makes the news list exactly `total` long. */
  async function newsOf(total: number): Promise<void> {
    await sql('delete from news');
    await sql(
      `insert into news (title, picture_url, brief, display_order) select 'Paged ' || g, '/uploads/n.png', 'Brief ' || g, g from generate_series(1, ${total}) g`,
    );
  }

  beforeAll(async () => {
    app = await startTestApp({ publicUrl: 'https://www.meridian.example' });
    pages = await startPagesApp(app.deps);
    // Three full pages and one card more: four pages.
    await newsOf(3 * PUBLIC_LIST_PAGE_SIZE + 1);
    await eventually(async () => (await getRaw(pages.baseUrl, '/news/page/4')).status === 200, '/news/page/4 exists');
  }, 60_000);
  afterAll(async () => {
    await pages?.close();
    await app?.close();
  });

  it('serves every page up to the last, each rendered at its own URL and then a cache hit', async () => {
    for (const page of [2, 3, 4]) {
      const path = `/news/page/${page}`;
      const first = await getRaw(pages.baseUrl, path);
      expect({ path, status: first.status, body: first.text.includes(`news page ${page}`) }).toEqual({ path, status: 200, body: true });
      const again = await getRaw(pages.baseUrl, path);
      expect({ path, cache: again.headers['x-render-cache'] }).toEqual({ path, cache: 'hit' });
    }
  });

  it('answers /news/page/1 with a 301 to /news, another spelling with a 301 to its canonical path', async () => {
    for (const [path, location] of [
      ['/news/page/1', '/news'],
      ['/NEWS/Page/2/', '/news/page/2'],
      ['/news/page/%33', '/news/page/3'],
      ['/news/page/1?x=1', '/news?x=1'],
    ]) {
      const reply = await getRaw(pages.baseUrl, path);
      expect({ path, status: reply.status, location: reply.headers.location }).toEqual({ path, status: 301, location });
    }
  });

  it('answers a page past the last, page 0, a leading zero or a word with the one not-found page, rendered once', async () => {
    const from = fakeRenders().length;
    for (const path of ['/news/page/5', '/news/page/6', '/news/page/99999', '/news/page/0', '/news/page/04', '/news/page/two', '/clients/page/2', '/News/Page/77/']) {
      const reply = await getRaw(pages.baseUrl, path);
      expect({ path, status: reply.status }).toEqual({ path, status: 404 });
    }
    // All of them are the not-found page under its one key: at most one render for all of them.
    expect(fakeRenders().slice(from).filter((url) => url !== '/404')).toEqual([]);
    expect(fakeRenders().slice(from).length).toBeLessThanOrEqual(1);
  });

  it('fuzz: random page paths never get a 5xx, redirect only to a real page, and render no page beyond the real ones', async () => {
    // Warm: every real page and the not-found page rendered at this revision.
    for (const path of ['/news', '/news/page/2', '/news/page/3', '/news/page/4', '/clients', '/no-such-page']) await getRaw(pages.baseUrl, path);
    const from = fakeRenders().length;
    const number = fc.oneof(
      fc.integer({ min: -5, max: 12 }).map(String),
      fc.nat({ max: 2_000_000_000 }).map(String),
      fc.stringMatching(/^[0-9]{1,12}$/),
      fc.constantFrom('', '0', '00', '01', '1.5', '2e1', 'NaN', 'Infinity', '%32', '%2e', '..', '%00', '4/', '4//', '%204', '4%20', '%D9%A3', '%EF%BC%93'),
    );
    const pagePath = fc
      .record({
        list: fc.constantFrom('news', 'NEWS', 'News', 'clients', 'team', 'x', '%6Eews', ''),
        segment: fc.constantFrom('page', 'PAGE', 'Page', 'pages', 'p', '.', ''),
        number,
        slash: fc.constantFrom('', '/', '//'),
        query: fc.constantFrom('', '?page=3', '?x=%ZZ'),
      })
      .map(({ list, segment, number: n, slash, query }) => `/${list}/${segment}/${n}${slash}${query}`);
    await fc.assert(
      fc.asyncProperty(pagePath, async (path) => {
        const reply = await getRaw(pages.baseUrl, path);
        expect({ path, fine: [200, 301, 404].includes(reply.status) }).toEqual({ path, fine: true });
        expect(reply.text).not.toMatch(/\bat .+\.(?:ts|js):\d+/);
        if (reply.status === 301) {
          const location = String(reply.headers.location).split('?')[0];
          expect({ path, location: [...PUBLIC_PAGE_PATHS, '/news/page/2', '/news/page/3', '/news/page/4'].includes(location) }).toEqual({ path, location: true });
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // Every answer came from the pages and the not-found entry already cached: no render at all.
    expect(fakeRenders().slice(from)).toEqual([]);
  }, 120_000);

  it('after the list shrinks, its former last page is not found; after it grows, a new page exists', async () => {
    await newsOf(2 * PUBLIC_LIST_PAGE_SIZE);
    await eventually(async () => (await getRaw(pages.baseUrl, '/news/page/3')).status === 404, '/news/page/3 gone');
    expect((await getRaw(pages.baseUrl, '/news/page/2')).status).toBe(200);
    await newsOf(5 * PUBLIC_LIST_PAGE_SIZE);
    await eventually(async () => (await getRaw(pages.baseUrl, '/news/page/5')).status === 200, '/news/page/5 exists');
    expect((await getRaw(pages.baseUrl, '/news/page/6')).status).toBe(404);
  });

  it('after a write, visitors arriving while a later page re-renders get its previous rendering at once (stale), like the fixed pages', async () => {
    for (const path of ['/news', '/news/page/2']) await getRaw(pages.baseUrl, path);
    expect((await getRaw(pages.baseUrl, '/news')).headers['x-render-cache']).toBe('hit');
    // A write that changes nothing a page shows: the revision moves, every page renders again.
    await sql(`update news set brief = brief where id = (select min(id) from news)`);
    await eventually(async () => (await getRaw(pages.baseUrl, '/news')).headers['x-render-cache'] === 'miss', 'the revision moved');
    delayFakeRenders(1_000);
    try {
      const first = getRaw(pages.baseUrl, '/news/page/2');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      const meanwhile = await getRaw(pages.baseUrl, '/news/page/2');
      expect({ status: meanwhile.status, cache: meanwhile.headers['x-render-cache'], waited: Date.now() - started < 500 }).toEqual({ status: 200, cache: 'stale', waited: true });
      expect((await first).headers['x-render-cache']).toBe('miss');
    } finally {
      delayFakeRenders(0);
    }
  });

  it('sitemap.xml lists every page of the paged lists, made once per revision and kept (an ETag; a hit)', async () => {
    await newsOf(3 * PUBLIC_LIST_PAGE_SIZE + 1);
    const origin = 'https://www.meridian.example';
    const locations = async () => {
      const reply = await getRaw(app.baseUrl, '/sitemap.xml');
      return [...reply.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1].replace(origin, ''));
    };
    await eventually(async () => (await locations()).includes('/news/page/4'), 'the sitemap lists /news/page/4');
    // The items' own pages (/news/<slug>, seo/sitemap-and-feed.test.ts) follow their list's pages.
    const listed = await locations();
    const isItem = (path: string) => /^\/(news|clients)\/(?!page\/)/.test(path);
    expect(listed.filter((path) => !isItem(path))).toEqual(['/', '/team', '/news', '/news/page/2', '/news/page/3', '/news/page/4', '/clients']);
    expect(listed.findIndex(isItem)).toBe(listed.indexOf('/news/page/4') + 1);
    const reply = await fetch(`${app.baseUrl}/sitemap.xml`);
    expect(reply.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(reply.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(reply.headers.get('x-render-cache')).toBe('hit');
    expect(reply.headers.get('etag')).toBeTruthy();
  });

  it("the list pages' own queries (web/src/public/*/*.graphql) read their page with a limit and a count; /team reads every member in one query", async () => {
    const web = (file: string) => readFileSync(new URL(`../../../web/src/public/${file}`, import.meta.url), 'utf8');
    const cookie = await app.login();
    /** The statements on `table` while the page's query runs (signed in: answered by Apollo, not from the read cache). */
    const queriesOf = async (table: string, query: string, variables: Record<string, unknown> = {}) => {
      const { result, queries } = await capturingQueries(app.orm, [table], () =>
        request(app.baseUrl, 'POST', '/graphql', { cookie, json: { query, variables }, headers: { 'apollo-require-preflight': '1' } }),
      );
      expect(result.body.errors).toBeUndefined();
      return { data: result.body.data, queries: queries.map((sql) => sql.toLowerCase()) };
    };
    const page2 = { limit: PUBLIC_LIST_PAGE_SIZE, offset: PUBLIC_LIST_PAGE_SIZE };
    const news = await queriesOf('news', web('news/news-page.graphql') + web('news/news-card.graphql'), page2);
    expect(news.data.news).toHaveLength(PUBLIC_LIST_PAGE_SIZE);
    expect(news.queries).toHaveLength(2);
    expect(news.queries.filter((sql) => sql.includes(`limit ${PUBLIC_LIST_PAGE_SIZE} offset ${PUBLIC_LIST_PAGE_SIZE}`))).toHaveLength(1);
    expect(news.queries.filter((sql) => sql.includes('count('))).toHaveLength(1);

    await sql(`insert into clients (title, picture_url, display_order) select 'Project ' || g, '/uploads/p.png', g from generate_series(1, 30) g`);
    const projects = await queriesOf('clients', web('clients/projects-page.graphql') + web('clients/project-card.graphql'), page2);
    expect(projects.data.clients.length).toBeLessThanOrEqual(PUBLIC_LIST_PAGE_SIZE);
    expect(projects.queries).toHaveLength(2);
    expect(projects.queries.filter((sql) => sql.includes(`limit ${PUBLIC_LIST_PAGE_SIZE} offset ${PUBLIC_LIST_PAGE_SIZE}`))).toHaveLength(1);

    await sql(`insert into team_members (name, position, picture_url, display_order) select 'Member ' || g, 'Adviser', '/uploads/t.png', g from generate_series(1, 200) g`);
    const team = await queriesOf('team_members', web('team/team-page.graphql'));
    expect(team.data.teamMembers.length).toBeGreaterThanOrEqual(200);
    expect(team.queries).toHaveLength(1);
  });
});
