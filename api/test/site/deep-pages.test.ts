import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PUBLIC_LIST_PAGE_SIZE } from '@consulting/model';
import { countingThrough, type CountMemo } from '../../src/content/count-memo.js';
import { collections } from '../../src/content/registry.js';
import type { ContentRevisionFeed } from '../../src/site/content-revision-feed.js';
import { RevisionCountMemo } from '../../src/site/list-page-counts.js';
import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import { fillCollection } from '../helpers/fill-content.js';
import { fakeListPageQueries, startPagesApp } from '../helpers/fixtures/web-dist.js';
import { capturingQueries, planOf, rowsScanned } from '../helpers/query-capture.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// The public order's deep pages at a large size: a page nearer the end than the start is read
// backwards from the end (the total known from the count) and turned back, so the last page of
// 30,000 reads about a page of index entries, not all of them before it (OFFSET). The rows are
// exactly those of `order by display_order, id limit .. offset ..`, ties of the display order included.
// And the public reads of one content revision count each list once (count-memo.ts).

const SIZE = 30_000;
const PAGE = PUBLIC_LIST_PAGE_SIZE;
const news = collections.find((c) => c.path === 'news')!;

let app: TestApp;
const em = () => app.orm.em.fork();

beforeAll(async () => {
  app = await startTestApp();
  await em().getConnection().execute('delete from news');
  // Three records per display order (ties broken by id), and a few featured.
  await fillCollection(app.orm, 'news', { count: SIZE, displayOrder: 'i / 3', flag: 'i % 7 = 0' });
  await em().getConnection().execute('vacuum analyze news');
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** The ids of a page as OFFSET reads them (the reference order: display order, then id). */
async function idsByOffset(offset: number, limit: number, where = ''): Promise<number[]> {
  const rows = await em()
    .getConnection()
    .execute<{ id: number }[]>(`select id from news ${where} order by display_order asc, id asc limit ${limit} offset ${offset}`);
  return rows.map((row) => row.id);
}

const idsOf = (records: unknown[]) => (records as { id: number }[]).map((record) => record.id);

/** The statements of a list read and the rows each plan's scans produced (EXPLAIN ANALYZE). */
async function scannedBy(run: () => Promise<unknown>): Promise<{ sql: string; rows: number }[]> {
  const { queries } = await capturingQueries(app.orm, ['news'], run);
  return Promise.all(queries.map(async (sql) => ({ sql, rows: rowsScanned(await planOf(app.orm, sql, true)) })));
}

describe('a deep page of the public order', () => {
  const last = Math.floor((SIZE - 1) / PAGE) * PAGE;

  it.each([
    ['the last page', last],
    ['a full page just before the end', SIZE - PAGE],
    ['a page ending one row before the end', SIZE - PAGE - 1],
    ['a page nearer the end than the start', SIZE - 5_000],
    ['a deep page nearer the start (read forwards)', 5_000],
  ])('%s: exactly the rows of OFFSET, ties included', async (_name, offset) => {
    const { items, total } = await news.service.listWithTotal(em(), { limit: PAGE, offset });
    expect(total).toBe(SIZE);
    expect(idsOf(items)).toEqual(await idsByOffset(offset, PAGE));
    expect(idsOf(await news.service.list(em(), { limit: PAGE, offset }))).toEqual(await idsByOffset(offset, PAGE));
  });

  it('past the end: no rows; filtered: the filtered rows', async () => {
    expect(await news.service.list(em(), { limit: PAGE, offset: SIZE })).toEqual([]);
    const featured = Math.floor(SIZE / 7);
    for (const offset of [featured - 3, featured - PAGE, featured - 2_000]) {
      const { items } = await news.service.listWithTotal(em(), { where: { featured: true }, limit: PAGE, offset });
      expect(idsOf(items)).toEqual(await idsByOffset(offset, PAGE, 'where featured'));
    }
  });

  it('the last page reads about a page of index entries, not the rows before it', async () => {
    const reads = await scannedBy(() => news.service.listWithTotal(em(), { limit: PAGE, offset: last }));
    const listing = reads.filter((read) => !/count\(/i.test(read.sql));
    expect(listing).toHaveLength(1);
    expect(listing[0].rows).toBeLessThanOrEqual(2 * PAGE);
    // The list alone (it counts for itself) too.
    const alone = (await scannedBy(() => news.service.list(em(), { limit: PAGE, offset: last }))).filter((read) => !/count\(/i.test(read.sql));
    expect(alone).toHaveLength(1);
    expect(alone[0].rows).toBeLessThanOrEqual(2 * PAGE);
  });
});

describe('counts through a memo', () => {
  /** A memo remembering every count (as the public read path's does within one revision). */
  const memo = (): CountMemo & { asked: number } => {
    const known = new Map<string, Promise<number>>();
    return {
      asked: 0,
      count(key, counting) {
        this.asked += 1;
        if (!known.has(key)) known.set(key, counting());
        return known.get(key)!;
      },
    };
  };

  it('a page and its total ask one count: the page read uses it', async () => {
    const counts = memo();
    const shared = countingThrough(em(), counts);
    const { queries } = await capturingQueries(app.orm, ['news'], () =>
      Promise.all([news.service.count(shared), news.service.list(shared, { limit: PAGE, offset: SIZE - PAGE }), news.service.count(shared)]),
    );
    expect(queries.filter((sql) => /count\(/i.test(sql))).toHaveLength(1);
    expect(counts.asked).toBe(3);
    // Another filter is another count; a search is never remembered.
    expect(await news.service.count(shared, { where: { featured: true } })).toBe(Math.floor(SIZE / 7));
    await news.service.count(shared, { search: 'title 4' });
    expect(counts.asked).toBe(4);
  });

  it('inside a transaction the memo is not used (its own writes count)', async () => {
    const counts = memo();
    await em().transactional(async (tx) => {
      countingThrough(tx, counts);
      await news.service.count(tx);
    });
    expect(counts.asked).toBe(0);
  });
});

describe('the public read path\'s memo: one count per revision', () => {
  it('counts once per key and revision, again after the revision moves, never without one, and forgets a failure', async () => {
    const feed = { current: '7' as string | null };
    const memo = new RevisionCountMemo(feed as unknown as ContentRevisionFeed);
    let counted = 0;
    const counting = async () => ++counted;
    expect(await Promise.all([memo.count('news', counting), memo.count('news', counting)])).toEqual([1, 1]);
    expect(await memo.count('clients', counting)).toBe(2);
    feed.current = '8';
    expect(await memo.count('news', counting)).toBe(3);
    expect(await memo.count('news', counting)).toBe(3);
    feed.current = null;
    expect(await memo.count('news', counting)).toBe(4);
    expect(await memo.count('news', counting)).toBe(5);
    feed.current = '9';
    await expect(memo.count('news', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await memo.count('news', counting)).toBe(6);
  });
});

describe('a deep page served after a write (the real page query, a fake web build)', () => {
  const web = (file: string) => readFileSync(new URL(`../../../web/src/public/${file}`, import.meta.url), 'utf8');
  let pages: Awaited<ReturnType<typeof startPagesApp>>;
  beforeAll(async () => {
    fakeListPageQueries({ news: parse(web('news/news-page.graphql') + web('news/news-card.graphql')) }, PAGE);
    pages = await startPagesApp(app.deps);
  });
  afterAll(async () => {
    fakeListPageQueries(null);
    await pages?.close();
  });

  it('counts the news once (its routing, its total and its list share the count) and reads the last page backwards', async () => {
    const lastPage = Math.ceil(SIZE / PAGE);
    const path = `/news/page/${lastPage}`;
    expect((await fetch(`${pages.baseUrl}${path}`)).status).toBe(200);
    // A write: the revision moves (seen once /team renders again), so the page renders anew and its counts are forgotten.
    await em().getConnection().execute('update news set brief = brief where id = (select min(id) from news)');
    const deadline = Date.now() + 10_000;
    while ((await fetch(`${pages.baseUrl}/team`)).headers.get('x-render-cache') !== 'miss') {
      if (Date.now() > deadline) throw new Error('the revision did not move within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { result, queries } = await capturingQueries(app.orm, ['news'], async () => {
      const reply = await fetch(`${pages.baseUrl}${path}`);
      return { status: reply.status, cache: reply.headers.get('x-render-cache'), text: await reply.text() };
    });
    expect({ status: result.status, cache: result.cache }).toEqual({ status: 200, cache: 'miss' });
    expect(queries.filter((sql) => /count\(/i.test(sql))).toHaveLength(1);
    expect(queries.filter((sql) => /order by .*desc/i.test(sql))).toHaveLength(1);
    const shown = [...result.text.matchAll(/&quot;id&quot;:(\d+)/g)].map((match) => Number(match[1]));
    expect(shown).toEqual(await idsByOffset((lastPage - 1) * PAGE, PAGE));
    expect(result.text).toContain(`&quot;newsCount&quot;:${SIZE}`);
  });
});
