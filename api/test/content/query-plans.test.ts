import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SEARCH_COUNT_LIMIT } from '@consulting/model';
import { contentHistory } from '../../src/content/history/history.service.js';
import { newsPreview, projectsPreview } from '../../src/content/previews.service.js';
import { collections } from '../../src/content/registry.js';
import type { Caller } from '../../src/auth/caller.js';
import { fillCollection, fillHistory } from '../helpers/fill-content.js';
import { capturingQueries, planNodes, planOf, seqScannedTables } from '../helpers/query-capture.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// Every read the content services send, planned by PostgreSQL over large tables (50,000 news and
// projects, 20,000 of each other collection, 200,000 history entries; vacuumed and analysed):
// none may read a content table sequentially. The SQL is captured from the services as they send
// it (not written out here), so a changed query is checked as it now is.
//
// One read is allowed a sequential scan: the whole list without paging (the REST contract
// `GET /api/<collection>` with no limit), which returns every row by definition; PostgreSQL may
// read the table and sort it or walk the index, whichever it judges cheaper, and the public read
// cache answers it. A plain count(*) is held to the same rule as the rest, and more: with the
// table vacuumed, the (display_order, id) index answers it by an index-only scan. (With rows of
// one word each PostgreSQL may rather read the table, as cheap then; the fill gives text fields
// ordinary lengths.) A count still reads every index entry it counts: what it saves is listing.

const CONTENT_TABLES = new Set([...collections.map((c) => c.type.table), 'content_history']);
const LARGE = 50_000;
const OTHERS = 20_000;

let app: TestApp;
let caller: Caller;

beforeAll(async () => {
  app = await startTestApp();
  for (const { path, filters } of collections) {
    const large = path === 'news' || path === 'clients';
    // Featured: one in 50, its display orders spread (creates make them 1..n; moves leave gaps).
    await fillCollection(app.orm, path, { count: large ? LARGE : OTHERS, displayOrder: 'i * 16', ...(filters.length > 0 && { flag: 'i % 50 = 0' }) });
  }
  await fillHistory(app.orm, 200_000, 5_000);
  await app.orm.em.fork().getConnection().execute('vacuum analyze');
  const [user] = await app.orm.em.fork().getConnection().execute<{ id: string }[]>(`select id from users where username = 'admin'`);
  caller = { userId: user.id };
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** The statements a service call sends that read a content table (selects and updates; not locks, inserts or transaction control). */
async function readsOf(run: () => Promise<unknown>): Promise<string[]> {
  const { queries } = await capturingQueries(app.orm, [...CONTENT_TABLES], run);
  return queries.filter((q) => /^\s*(select|update|with)\b/i.test(q));
}

async function expectNoSeqScan(run: () => Promise<unknown>): Promise<number> {
  const reads = await readsOf(run);
  expect(reads.length).toBeGreaterThan(0);
  for (const sql of reads) {
    const scanned = seqScannedTables(await planOf(app.orm, sql)).filter((t) => CONTENT_TABLES.has(t));
    expect({ sql, scanned }).toEqual({ sql, scanned: [] });
  }
  return reads.length;
}

describe.each(collections.map((c) => [c.path, c] as const))('%s', (_path, { service, filters, listing, type }) => {
  const em = () => app.orm.em.fork();
  const size = () => (_path === 'news' || _path === 'clients' ? LARGE : OTHERS);

  it('a page, a deep page and the last page, with their total', async () => {
    await expectNoSeqScan(() => service.listWithTotal(em(), { limit: 50 }));
    await expectNoSeqScan(() => service.listWithTotal(em(), { limit: 50, offset: 1_000 }));
    await expectNoSeqScan(() => service.list(em(), { limit: 50, offset: size() - 50 }));
  });

  it('the count of the whole collection: an index-only scan', async () => {
    await expectNoSeqScan(() => service.count(em()));
    const [sql] = await readsOf(() => service.count(em()));
    expect(planNodes(await planOf(app.orm, sql)).map((node) => node['Node Type'])).toContain('Index Only Scan');
  });

  it('one record by id', async () => {
    await expectNoSeqScan(() => service.find(em(), 1234));
  });

  it('a move: its neighbours, its gap and its writes', async () => {
    const { id } = (await service.list(em(), { limit: 1, offset: 3_000 }))[0] as { id: number };
    await expectNoSeqScan(() => service.place(em(), id, 10, caller));
    await expectNoSeqScan(() => service.place(em(), id, 0, caller));
    await expectNoSeqScan(() => service.place(em(), id, size() + 5, caller));
  });


  if (listing.searchable) {
    // The fill's text is '<field> <i> lorem ipsum...': a number names a few rows, as a real search does.
    const term = `${type.listing!.search[0]} 4242`;
    it('a search (3 characters and more): a page, a deep page, its total and its count, through the trigram index', async () => {
      await expectNoSeqScan(() => service.listWithTotal(em(), { search: term, limit: 50 }));
      await expectNoSeqScan(() => service.listWithTotal(em(), { search: term.toUpperCase(), limit: 50, offset: 5 }));
      await expectNoSeqScan(() => service.count(em(), { search: term }));
      const [sql] = await readsOf(() => service.count(em(), { search: term }));
      expect(planNodes(await planOf(app.orm, sql)).map((node) => node['Index Name'])).toContain(`${type.table}_search_index`);
    });

    it.each(listing.sortable)('a search sorted by %s', async (field) => {
      await expectNoSeqScan(() => service.list(em(), { search: term, sort: { field, direction: 'desc' }, limit: 50 }));
    });

    // Terms pg_trgm has no trigram of: one or two characters, rare ('zq', none), common ('42', a
    // few thousand) or everywhere ('lo', 'm'), and a longer one without letters ('...').
    const untrigrammed = ['zq', 'q', '42', 'lo', 'm', '...', 'm l'];
    it.each(untrigrammed)('a search for %p: a page, a deep page, its total and its count, through the grams or the display-order index', async (short) => {
      await expectNoSeqScan(() => service.listWithTotal(em(), { search: short, limit: 50 }));
      await expectNoSeqScan(() => service.listWithTotal(em(), { search: short.toUpperCase(), limit: 50, offset: 500 }));
      await expectNoSeqScan(() => service.count(em(), { search: short }));
      await expectNoSeqScan(() => service.list(em(), { search: short, sort: { field: listing.sortable[0], direction: 'desc' }, limit: 50 }));
    });

    it('a rare term of two characters is looked up in the grams index', async () => {
      for (const read of await readsOf(() => service.listWithTotal(em(), { search: 'zq', limit: 50 }))) {
        expect(planNodes(await planOf(app.orm, read)).map((node) => node['Index Name'])).toContain(`${type.table}_search_grams_index`);
      }
    });

    it(`the count of a term found everywhere stops after ${SEARCH_COUNT_LIMIT} matches, reading no table sequentially`, async () => {
      for (const broad of ['lorem', 'lo', 'm']) {
        await expectNoSeqScan(() => service.count(em(), { search: broad }));
        expect({ broad, count: await service.count(em(), { search: broad }) }).toEqual({ broad, count: SEARCH_COUNT_LIMIT + 1 });
        // Reads one statement, and PostgreSQL stops reading at the 1,001st match (the limit's rows).
        const [sql] = await readsOf(() => service.count(em(), { search: broad }));
        const limit = planNodes(await planOf(app.orm, sql, true)).find((node) => node['Node Type'] === 'Limit');
        expect(limit?.['Actual Rows']).toBe(SEARCH_COUNT_LIMIT + 1);
      }
      if (filters.length > 0) await expectNoSeqScan(() => service.count(em(), { search: 'lorem', where: { [filters[0]]: false } }));
      // Without a search: exact.
      expect(await service.count(em())).toBe(size());
    });
  }

  it.each(listing.sortable.flatMap((field) => (['asc', 'desc'] as const).map((direction) => [field, direction] as const)))(
    'sorted by %s %s: a page, a deep page and the last page, with their total',
    async (field, direction) => {
      const sort = { field, direction };
      await expectNoSeqScan(() => service.listWithTotal(em(), { sort, limit: 50 }));
      await expectNoSeqScan(() => service.listWithTotal(em(), { sort, limit: 50, offset: 1_000 }));
      await expectNoSeqScan(() => service.list(em(), { sort, limit: 50, offset: size() - 50 }));
    },
  );

  if (filters.length > 0) {
    it.each(filters.flatMap((name) => [true, false].map((value) => [name, value] as const)))('filtered by %s = %s: a page, its total and the count', async (name, value) => {
      await expectNoSeqScan(() => service.listWithTotal(em(), { where: { [name]: value }, limit: 50, offset: 200 }));
      await expectNoSeqScan(() => service.count(em(), { [name]: value }));
    });
  }
});

describe('other reads', () => {
  it('the whole list (the REST contract without paging) is one ordered read, whatever its plan', async () => {
    const countries = collections.find((c) => c.path === 'countries')!;
    const reads = await readsOf(() => countries.service.list(app.orm.em.fork()));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/order by .*display_order.* asc, .*id.* asc/i);
  });

  it('the landing previews', async () => {
    expect(await expectNoSeqScan(() => newsPreview(app.orm.em.fork()))).toBeGreaterThanOrEqual(1);
    await expectNoSeqScan(() => projectsPreview(app.orm.em.fork()));
    // None featured: the fallback queries too.
    await app.orm.em.fork().getConnection().execute('update news set featured = false where featured');
    await app.orm.em.fork().getConnection().execute('analyze news');
    expect(await expectNoSeqScan(() => newsPreview(app.orm.em.fork()))).toBe(2);
  });

  it("a record's history, newest first, and a later page of it", async () => {
    await expectNoSeqScan(() => contentHistory(app.orm.em.fork(), 'news', 42, caller));
    await expectNoSeqScan(() => contentHistory(app.orm.em.fork(), 'clients', 4_000, caller, { limit: 20, offset: 20 }));
  });
});
