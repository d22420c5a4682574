import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SEARCH_COUNT_LIMIT } from '@consulting/model';
import type { Caller } from '../../src/auth/caller.js';
import { pruneEnquiries } from '../../src/enquiries/enquiry-retention.js';
import { enquiryCounts, enquiryExport, inboxPage } from '../../src/enquiries/inbox.service.js';
import { capturingQueries, planNodes, planOf, seqScannedTables } from '../helpers/query-capture.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// The inbox over 100,000 enquiries (vacuumed and analysed): every read it sends is planned by
// PostgreSQL without reading the table through. The SQL is captured from the service as it sends
// it, so a changed query is checked as it now is. Plans, not timings: a plan is the same on a
// slow machine.

const COUNT = 100_000;
let app: TestApp;
let caller: Caller;

beforeAll(async () => {
  app = await startTestApp();
  const connection = app.orm.em.fork().getConnection();
  // The search indexes are built once after the rows (as a restore would), not row by row: the
  // same indexes, in a fraction of the time.
  const search = await connection.execute<{ indexname: string; indexdef: string }[]>(`select indexname, indexdef from pg_indexes where tablename = 'enquiries' and indexname like 'enquiries_search%'`);
  expect(search).toHaveLength(2);
  for (const { indexname } of search) await connection.execute(`drop index "${indexname}"`);
  // Over the last 300 days; two in three handled, one in fifty deleted, an organisation on every third.
  await connection.execute(
    `insert into enquiries (created_at, name, email, organisation, service, message, consent_text, client_hash, handled_at, handled_by, deleted_at)
     select now() - make_interval(secs => (? - i) * 259.2), 'Name ' || i, 'person' || i || '@example.com',
            case when i % 3 = 0 then 'Organisation ' || i end, 'other',
            'Message ' || i || ': lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.',
            'We use your details only to answer your message.', md5(i::text),
            case when i % 3 <> 0 then now() end, case when i % 3 <> 0 then 'admin' end,
            case when i % 50 = 0 then now() end
     from generate_series(1, ?) as i`,
    [COUNT, COUNT],
  );
  for (const { indexdef } of search) await connection.execute(indexdef);
  await connection.execute('vacuum analyze enquiries');
  const [user] = await connection.execute<{ id: string }[]>(`select id from users where username = 'admin'`);
  caller = { userId: user.id };
}, 240_000);
afterAll(async () => {
  await app?.close();
});

const em = () => app.orm.em.fork();

/** The statements a call sends that read the enquiries table (selects, updates and deletes). */
async function readsOf(run: () => Promise<unknown>): Promise<string[]> {
  const { queries } = await capturingQueries(app.orm, ['enquiries'], run);
  return queries.filter((q) => /^\s*(select|update|delete|with)\b/i.test(q));
}

/** Checks that no statement `run` sends reads the enquiries table sequentially; returns the index names the plans use. */
async function expectIndexDriven(run: () => Promise<unknown>): Promise<string[]> {
  const reads = await readsOf(run);
  expect(reads.length).toBeGreaterThan(0);
  const indexes: string[] = [];
  for (const sql of reads) {
    const plan = await planOf(app.orm, sql);
    expect({ sql, scanned: seqScannedTables(plan) }).toEqual({ sql, scanned: [] });
    indexes.push(...planNodes(plan).flatMap((node) => (node['Index Name'] ? [node['Index Name']] : [])));
  }
  return indexes;
}

describe(`the inbox over ${COUNT.toLocaleString('en')} enquiries`, () => {
  it('holds them all, newest first', async () => {
    const first = await inboxPage(em(), caller, {});
    expect(first.total).toBe(COUNT - COUNT / 50);
    expect(first.items.map((item) => item.name)).toEqual(Array.from({ length: 26 }, (_, i) => `Name ${COUNT - i}`).filter((name) => name !== `Name ${COUNT}`));
  });

  it('a page, a later page, and the total: one range of the inbox index', async () => {
    const indexes = await expectIndexDriven(() => inboxPage(em(), caller, {}));
    expect(indexes).toContain('enquiries_inbox_index');
    await expectIndexDriven(() => inboxPage(em(), caller, { page: 40, perPage: 25 }));
    await expectIndexDriven(() => inboxPage(em(), caller, { perPage: 100 }));
  });

  it('the unread and the handled, their pages and counts: each its own partial index', async () => {
    expect(await expectIndexDriven(() => inboxPage(em(), caller, { status: 'UNREAD' }))).toContain('enquiries_unread_index');
    expect(await expectIndexDriven(() => inboxPage(em(), caller, { status: 'HANDLED', page: 3 }))).toContain('enquiries_handled_index');
    expect(await expectIndexDriven(() => enquiryCounts(em(), caller))).toEqual(expect.arrayContaining(['enquiries_unread_index', 'enquiries_inbox_index']));
    // The counts are index-only scans (the table vacuumed).
    for (const sql of await readsOf(() => enquiryCounts(em(), caller))) {
      expect(planNodes(await planOf(app.orm, sql)).map((node) => node['Node Type'])).toContain('Index Only Scan');
    }
    expect(await enquiryCounts(em(), caller)).toEqual({ unread: 33_333 - 666, total: COUNT - COUNT / 50 });
  });

  it('a search for a rare term: its page and its count through the trigram index', async () => {
    const result = await inboxPage(em(), caller, { search: 'person4242@' });
    expect(result.items.map((item) => item.name)).toEqual(['Name 4242']);
    const indexes = await expectIndexDriven(() => inboxPage(em(), caller, { search: 'person4242@' }));
    expect(indexes).toContain('enquiries_search_index');
    await expectIndexDriven(() => inboxPage(em(), caller, { search: 'Organisation 999', status: 'UNREAD' }));
    await expectIndexDriven(() => inboxPage(em(), caller, { search: 'organisation 999', status: 'HANDLED' }));
  });

  it('a search of one or two characters: through the grams or a walk of the inbox index', async () => {
    for (const term of ['zq', 'q', '42', '@']) await expectIndexDriven(() => inboxPage(em(), caller, { search: term }));
    expect(await expectIndexDriven(() => inboxPage(em(), caller, { search: 'zq' }))).toContain('enquiries_search_grams_index');
  });

  it(`a term found everywhere: its count stops after ${SEARCH_COUNT_LIMIT} matches, no table read through`, async () => {
    await expectIndexDriven(() => inboxPage(em(), caller, { search: 'lorem' }));
    expect((await inboxPage(em(), caller, { search: 'lorem' })).total).toBe(SEARCH_COUNT_LIMIT + 1);
    const [, count] = await readsOf(() => inboxPage(em(), caller, { search: 'lorem' }));
    const limit = planNodes(await planOf(app.orm, count, true)).find((node) => node['Node Type'] === 'Limit');
    expect(limit?.['Actual Rows']).toBe(SEARCH_COUNT_LIMIT + 1);
  });

  it('the CSV export: each batch a range of the inbox index (keyset, no offset)', async () => {
    const reads = await readsOf(async () => {
      const batches = await enquiryExport(em(), caller, {});
      let seen = 0;
      for await (const batch of batches) if ((seen += batch.length) >= 3_000) break;
    });
    expect(reads.length).toBeGreaterThanOrEqual(3);
    for (const sql of reads) expect({ sql, scanned: seqScannedTables(await planOf(app.orm, sql)) }).toEqual({ sql, scanned: [] });
  });

  it('retention: its deletes find their rows through the indexes', async () => {
    // Planned only (EXPLAIN without ANALYZE does not run them); the job's own test checks what it removes.
    const reads = await readsOf(() => em().transactional((tx) => pruneEnquiries(tx, 100)));
    expect(reads.filter((sql) => sql.startsWith('delete')).length).toBeGreaterThanOrEqual(2);
    for (const sql of reads) expect({ sql, scanned: seqScannedTables(await planOf(app.orm, sql)) }).toEqual({ sql, scanned: [] });
  });
});
