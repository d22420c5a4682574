import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { itemLists, itemPagesOf, NO_ITEM_PAGES, type ItemPages } from '../../src/site/item-pages.js';
import { earlyPageTarget, pageTarget } from '../../src/site/page-paths.js';
import { fakeRenders, startPagesApp } from '../helpers/fixtures/web-dist.js';
import { request } from '../helpers/http.js';
import { capturingQueries } from '../helpers/query-capture.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// The items' own pages: /news/<slug> and /clients/<slug> (the content types declared with `page`)
// are pages while a published record has the slug; a former slug answers a 301 to the record's
// page now (one hop); anything else is the one not-found page. Which slugs exist is loaded once per
// content revision and then known before any route runs.

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const at = new Date('2026-11-20T10:00:00Z');

describe('item page paths (pageTarget)', () => {
  const items: ItemPages = itemPagesOf([
    {
      list: '/news',
      items: [
        { id: 1, slug: 'big-win', updatedAt: at },
        { id: 2, slug: '2', updatedAt: at },
      ],
      moved: [
        { oldSlug: 'old-win', slug: 'big-win' },
        { oldSlug: 'older-win', slug: 'big-win' },
        // A redirect whose slug a record holds now: the record's page wins.
        { oldSlug: '2', slug: 'big-win' },
      ],
    },
    { list: '/clients', items: [{ id: 7, slug: 'harbour', updatedAt: at }], moved: [] },
  ]);
  const counts = { '/news': 3, '/clients': 1 };

  it('an item with the slug is a page; a former slug redirects to its page now, marked moved; any other slug is not found', () => {
    expect(pageTarget('/news/big-win', counts, items)).toEqual({ kind: 'page', path: '/news/big-win' });
    expect(pageTarget('/news/2', counts, items)).toEqual({ kind: 'page', path: '/news/2' });
    expect(pageTarget('/clients/harbour', counts, items)).toEqual({ kind: 'page', path: '/clients/harbour' });
    expect(pageTarget('/news/old-win', counts, items)).toEqual({ kind: 'redirect', location: '/news/big-win', moved: true });
    expect(pageTarget('/news/older-win', counts, items)).toEqual({ kind: 'redirect', location: '/news/big-win', moved: true });
    for (const path of ['/news/no-such', '/clients/big-win', '/news/harbour', '/team/big-win', '/news/big-win/x', '/news/page', '/news/feed', '/news/-x', '/news/a--b', `/news/${'a'.repeat(101)}`]) {
      expect({ path, target: pageTarget(path, counts, items) }).toEqual({ path, target: { kind: 'not-found' } });
    }
  });

  it('other spellings of an item page redirect to it; of a former slug, straight to the page now', () => {
    for (const [path, location] of [
      ['/NEWS/Big-Win/', '/news/big-win'],
      ['/news//big-win', '/news/big-win'],
      ['//news/big-win', '/news/big-win'],
      ['/news/big-win/', '/news/big-win'],
      ['/news/%62ig-win', '/news/big-win'],
      ['/news/x/../big-win', '/news/big-win'],
    ]) {
      expect({ path, target: pageTarget(path, counts, items) }).toEqual({ path, target: { kind: 'redirect', location } });
    }
    expect(pageTarget('/News/Old-Win', counts, items)).toEqual({ kind: 'redirect', location: '/news/big-win', moved: true });
  });

  it('the later pages of the lists are unaffected by the slugs', () => {
    expect(pageTarget('/news/page/2', counts, items)).toEqual({ kind: 'page', path: '/news/page/2' });
    expect(pageTarget('/news/page/4', counts, items)).toEqual({ kind: 'not-found' });
    expect(pageTarget('/news/page/1', counts, items)).toEqual({ kind: 'redirect', location: '/news' });
    expect(pageTarget('/news', counts, items)).toEqual({ kind: 'page', path: '/news' });
  });

  it('a path that could be an item page is undecided (null) until the slugs are known; one that cannot be is decided without them', () => {
    expect(pageTarget('/news/big-win', counts, null)).toBeNull();
    expect(pageTarget('/NEWS/anything/', counts, null)).toBeNull();
    expect(pageTarget('/news/page', counts, null)).toEqual({ kind: 'not-found' });
    expect(pageTarget('/news/a.b', counts, null)).toEqual({ kind: 'not-found' });
    expect(pageTarget('/team/x', counts, null)).toEqual({ kind: 'not-found' });
    expect(earlyPageTarget('/news/big-win', new Set(), counts, null)).toBeNull();
    expect(earlyPageTarget('/news/unknown', new Set(), counts, NO_ITEM_PAGES)).toEqual({ kind: 'not-found' });
    // The feed is a route of its own among the pages: never a page's answer before routing.
    expect(earlyPageTarget('/news/feed.xml', new Set(), counts, items)).toBeNull();
  });
});

/** A GET sent with the path exactly as given (fetch would normalise it). */
function getRaw(baseUrl: string, rawPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: rawPath, agent: false }, (res) => {
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

describe('served item pages (a fake web build over a real database)', () => {
  let app: TestApp;
  let pages: Awaited<ReturnType<typeof startPagesApp>>;
  const sql = <T extends object = Record<string, unknown>>(query: string, params: unknown[] = []) => app.orm.em.fork().getConnection().execute<T[]>(query, params);
  const get = (path: string) => getRaw(pages.baseUrl, path);
  /** Hits answered before Express carry no X-Powered-By (the fixture leaves Express's mark on). */
  const beforeExpress = (answer: { headers: http.IncomingHttpHeaders }) => answer.headers['x-powered-by'] === undefined;
  /** The statements that load the item pages' index (one on slug_redirects per item list) while `run` runs. */
  const indexQueries = async (run: () => Promise<unknown>) => (await capturingQueries(app.orm, ['slug_redirects'], run)).queries.length;
  let articleId: number;

  /** Waits until `path` answers `status` (a write's revision reaching the pages). */
  const answers = (path: string, status: number) => eventually(async () => (await get(path)).status === status, `${path} answers ${status}`);

  beforeAll(async () => {
    app = await startTestApp({ publicUrl: 'https://www.meridian.example' });
    pages = await startPagesApp(app.deps);
    await sql('delete from news');
    await sql('delete from clients');
    const [row] = await sql<{ id: number }>(
      `insert into news (title, slug, picture_url, brief, display_order) values ('Alpha report', 'alpha', '/uploads/a.png', 'Brief', 1) returning id`,
    );
    articleId = row.id;
    await sql(`insert into news (title, picture_url, brief, display_order) select 'Filler ' || g, '/uploads/n.png', 'Brief ' || g, 10 + g from generate_series(1, 13) g`);
    await sql(`insert into clients (title, slug, picture_url, display_order) values ('Harbour works', 'harbour-works', '/uploads/h.png', 1)`);
    await answers('/news/alpha', 200);
  }, 60_000);
  afterAll(async () => {
    await pages?.close();
    await app?.close();
  });

  it('serves an item page rendered at its own URL, then from the cache before Express, like /news', async () => {
    const from = fakeRenders().length;
    const first = await get('/clients/harbour-works');
    expect({ status: first.status, body: first.text.includes('<main>clients item harbour-works</main>') }).toEqual({ status: 200, body: true });
    expect(fakeRenders().slice(from)).toEqual(['/clients/harbour-works']);
    for (const path of ['/news/alpha', '/clients/harbour-works', '/news']) {
      await get(path);
      const hit = await get(path);
      expect({ path, cache: hit.headers['x-render-cache'], beforeExpress: beforeExpress(hit) }).toEqual({ path, cache: 'hit', beforeExpress: true });
    }
  });

  it('answers unknown slugs with the one not-found page under its one key: no render, no query, no entry of their own', async () => {
    await get('/news/no-such-thing');
    const from = fakeRenders().length;
    let notFound = 0;
    const queries = await indexQueries(async () => {
      for (const path of ['/news/no-such-thing', '/news/another-one', '/clients/nope', '/news/alpha-2', '/news/page', '/news/feed', '/NEWS/Unknown/']) {
        const reply = await get(path);
        expect({ path, status: reply.status }).toEqual({ path, status: 404 });
        if (reply.headers['x-render-cache'] === 'hit' && beforeExpress(reply)) notFound += 1;
      }
    });
    expect(fakeRenders().slice(from)).toEqual([]);
    expect(queries).toBe(0);
    expect(notFound).toBe(7);
  });

  it('other spellings of an item page get a 301 to its canonical path (query string kept)', async () => {
    for (const [path, location] of [
      ['/NEWS/Alpha/', '/news/alpha'],
      ['/news//alpha', '/news/alpha'],
      ['/news/alpha/', '/news/alpha'],
      ['/news/%61lpha?utm_source=x', '/news/alpha?utm_source=x'],
      ['/Clients/Harbour-Works', '/clients/harbour-works'],
    ]) {
      const reply = await get(path);
      expect({ path, status: reply.status, location: reply.headers.location }).toEqual({ path, status: 301, location });
    }
  });

  it('after two renames (alpha -> beta -> gamma) both former slugs answer a 301 straight to the page now; renamed back, the first is the page again', async () => {
    await sql(`update news set slug = 'beta' where id = ?`, [articleId]);
    await answers('/news/beta', 200);
    await sql(`update news set slug = 'gamma' where id = ?`, [articleId]);
    await answers('/news/gamma', 200);
    for (const [path, location] of [
      ['/news/alpha', '/news/gamma'],
      ['/news/beta', '/news/gamma'],
      ['/News/Alpha/', '/news/gamma'],
      ['/news/beta?ref=feed', '/news/gamma?ref=feed'],
    ]) {
      const reply = await get(path);
      expect({ path, status: reply.status, location: reply.headers.location, cache: reply.headers['cache-control'] }).toEqual({
        path,
        status: 301,
        location,
        // Content decides it: no cache keeps it without asking again.
        cache: 'no-cache',
      });
    }
    expect((await get('/news/gamma')).status).toBe(200);

    // Renamed back to its first slug: that is its page again, and the two others lead there.
    await sql(`update news set slug = 'alpha' where id = ?`, [articleId]);
    await answers('/news/alpha', 200);
    for (const path of ['/news/beta', '/news/gamma']) {
      const reply = await get(path);
      expect({ path, status: reply.status, location: reply.headers.location }).toEqual({ path, status: 301, location: '/news/alpha' });
    }
  });

  it('a deleted (unpublished) record: its page and its former slugs are the not-found page', async () => {
    const [row] = await sql<{ id: number }>(`insert into news (title, slug, picture_url, brief, display_order) values ('Short lived', 'short-lived', '/uploads/s.png', 'Brief', 2) returning id`);
    await answers('/news/short-lived', 200);
    await sql(`update news set slug = 'short-lived-2' where id = ?`, [row.id]);
    await answers('/news/short-lived-2', 200);
    expect((await get('/news/short-lived')).status).toBe(301);
    await sql('delete from news where id = ?', [row.id]);
    await answers('/news/short-lived-2', 404);
    expect((await get('/news/short-lived')).status).toBe(404);
    expect((await get('/news/short-lived')).headers.location).toBeUndefined();
  });

  it('an article taken off the site (unpublished) is not found, with its former slugs; published again, its page is back', async () => {
    const cookie = await app.login();
    const [row] = await sql<{ id: number }>(`insert into news (title, slug, picture_url, brief, display_order) values ('Off and on', 'off-and-on', '/uploads/o.png', 'Brief', 3) returning id`);
    await sql(`update news set slug = 'on-and-off' where id = ?`, [row.id]);
    await answers('/news/on-and-off', 200);
    const off = await request(app.baseUrl, 'POST', `/api/admin/news/${row.id}/unpublish`, { cookie });
    expect(off.status).toBe(200);
    await answers('/news/on-and-off', 404);
    expect((await get('/news/off-and-on')).status).toBe(404);
    const on = await request(app.baseUrl, 'POST', `/api/admin/news/${row.id}/publish`, { cookie });
    expect(on.status).toBe(200);
    await answers('/news/on-and-off', 200);
  });

  it('keeps the later pages of the list working (/news/page/2)', async () => {
    const reply = await get('/news/page/2');
    expect({ status: reply.status, body: reply.text.includes('news page 2') }).toEqual({ status: 200, body: true });
    expect((await get('/news/page/3')).status).toBe(404);
  });

  it('loads the slugs once per revision, whoever asks at once', async () => {
    await sql(`update news set brief = brief where id = ?`, [articleId]);
    // The first requests after the write, all at once: one load (a query per item list), shared.
    const queries = await indexQueries(async () => {
      await eventually(async () => (await get('/news')).headers['x-render-cache'] === 'miss', 'the revision moved');
      const replies = await Promise.all(['/news/alpha', '/news/beta', '/news/nothing', '/clients/harbour-works', '/news/alpha', '/clients/x'].map(get));
      expect(replies.map((reply) => reply.status)).toEqual([200, 301, 404, 200, 200, 404]);
    });
    // One per item list: news, clients and the simple pages.
    expect(itemLists().map((list) => list.path)).toEqual(['/news', '/clients', '']);
    expect(queries).toBe(3);
  });

  it('fuzz: random paths under /news/ never get a 5xx, redirect only to a real page, and load the slugs at most once per revision', async () => {
    // Warm: the pages and the not-found page at this revision.
    for (const path of ['/news', '/news/alpha', '/news/no-such']) await get(path);
    const from = fakeRenders().length;
    const slugLike = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    const segment = fc.oneof(
      slugLike,
      fc.constantFrom('alpha', 'beta', 'gamma', 'ALPHA', 'Beta', 'page', 'feed', 'feed.xml', '', '.', '..', '%61lpha', '%2e', '%00', '%ZZ', 'a%2Fb', '-', 'a--b', '%C3%A9'),
      fc.string({ maxLength: 8 }).map(encodeURIComponent),
    );
    const path = fc
      .record({
        list: fc.constantFrom('news', 'NEWS', 'News', 'clients', '%6Eews'),
        segments: fc.array(segment, { minLength: 1, maxLength: 3 }),
        slash: fc.constantFrom('', '/', '//'),
        query: fc.constantFrom('', '?x=1', '?x=%ZZ'),
      })
      .map(({ list, segments, slash, query }) => `/${list}/${segments.join('/')}${slash}${query}`);
    const queries = await indexQueries(() =>
      fc.assert(
        fc.asyncProperty(path, async (raw) => {
          const reply = await get(raw);
          expect({ raw, fine: [200, 301, 400, 404].includes(reply.status) }).toEqual({ raw, fine: true });
          expect(reply.text).not.toMatch(/\bat .+\.(?:ts|js):\d+/);
          if (reply.status === 301) {
            const location = String(reply.headers.location).split('?')[0];
            const target = await get(location);
            expect({ raw, location, status: target.status }).toEqual({ raw, location, status: 200 });
          }
        }),
        { seed: SEED, numRuns: RUNS },
      ),
    );
    // No write meanwhile: the slugs known already, never loaded again; and nothing rendered but real pages.
    expect(queries).toBe(0);
    expect(fakeRenders().slice(from).filter((url) => !['/', '/news/alpha', '/clients/harbour-works', '/news', '/clients', '/news/page/2', '/404'].includes(url))).toEqual([]);
  }, 120_000);
});
