import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { SEARCH_COUNT_LIMIT } from '@consulting/model';
import { recordUnlistedChanges } from '../../src/content/history/history.service.js';
import { News } from '../../src/content/news/news.entity.js';
import { collections } from '../../src/content/registry.js';
import { fillCollection } from '../helpers/fill-content.js';
import { validInput } from '../helpers/fixtures/content.js';
import { request } from '../helpers/http.js';
import { capturingQueries } from '../helpers/query-capture.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { startReceiver } from '../helpers/webhooks/receiver.js';

// Admin lists: search and sort through REST and GraphQL (one parser, list-options.ts),
// and the bulk actions (delete, flags, undo of deletes) with their history and side effects.

type Json = Record<string, any>;

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp({ webhookAllowPrivateTargets: true, webhookPollMs: 100 });
  cookie = await app.login();
});
afterAll(async () => {
  await app?.close();
});

const sql = <T = Json>(text: string, params: unknown[] = []) => app.orm.em.fork().getConnection().execute<T[]>(text, params);

async function gql(query: string, variables: Json = {}, withCookie: string | undefined = cookie): Promise<{ data?: Json; errors?: Json[] }> {
  const response = await fetch(`${app.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(withCookie ? { cookie: withCookie } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: Json; errors?: Json[] };
}

const get = (path: string) => request(app.baseUrl, 'GET', path);
const post = (path: string, json: unknown, withCookie: string | undefined = cookie) => request(app.baseUrl, 'POST', path, { json, cookie: withCookie });

/** Replaces the news with these (title, brief, featured) rows, in this display order; returns their ids. */
async function newsOf(rows: [title: string, brief: string, featured?: boolean][]): Promise<number[]> {
  await sql('delete from news');
  const ids: number[] = [];
  for (const [i, [title, brief, featured = false]] of rows.entries()) {
    const [row] = await sql<{ id: number }>(
      `insert into news (title, picture_url, brief, featured, display_order) values (?, '/uploads/n.png', ?, ?, ?) returning id`,
      [title, brief, featured, i],
    );
    ids.push(row.id);
  }
  return ids;
}

const titles = (records: Json[]) => records.map((r) => r.title as string);

describe('search', () => {
  beforeEach(async () => {
    await newsOf([
      ['Annual Report', 'Our year in numbers', true],
      ['Office opening', 'A new office in Kuwait City', false],
      ['100% growth', 'Revenue doubled (not 100_000)', true],
      ['Back\\slash news', 'A path C:\\reports', false],
      ['Café Ünïcødé', 'مرحبا بالعالم — Arabic greeting', false],
      ['Report card', 'Staff REPORTS on the quarter', false],
      ['Plain', 'Nothing to see', true],
    ]);
  });

  it('finds a case-insensitive substring of the title or the brief, in display order, with the total', async () => {
    const reply = await get('/api/news?search=rEpOrT&limit=50');
    expect(reply.status).toBe(200);
    expect(titles(reply.body)).toEqual(['Annual Report', 'Back\\slash news', 'Report card']);
    expect(reply.headers.get('x-total-count')).toBe('3');
    // In the brief only, and around the search term: white space trimmed.
    expect(titles((await get('/api/news?search=%20%20kuwait%20&limit=50')).body)).toEqual(['Office opening']);
  });

  it('takes % _ and \\ literally', async () => {
    expect(titles((await get(`/api/news?search=${encodeURIComponent('100%')}&limit=50`)).body)).toEqual(['100% growth']);
    expect(titles((await get(`/api/news?search=${encodeURIComponent('%')}&limit=50`)).body)).toEqual(['100% growth']);
    expect(titles((await get(`/api/news?search=${encodeURIComponent('_')}&limit=50`)).body)).toEqual(['100% growth']);
    expect(titles((await get(`/api/news?search=${encodeURIComponent('0_0')}&limit=50`)).body)).toEqual(['100% growth']);
    expect(titles((await get(`/api/news?search=${encodeURIComponent('\\')}&limit=50`)).body)).toEqual(['Back\\slash news']);
    expect(titles((await get(`/api/news?search=${encodeURIComponent('c:\\r')}&limit=50`)).body)).toEqual(['Back\\slash news']);
    // A pattern that would match everything if the wildcards were live matches nothing here.
    expect((await get(`/api/news?search=${encodeURIComponent('%_%')}&limit=50`)).body).toEqual([]);
  });

  it('matches text beyond ASCII, and terms of one and two characters', async () => {
    expect(titles((await get(`/api/news?search=${encodeURIComponent('Ünïcødé')}&limit=50`)).body)).toEqual(['Café Ünïcødé']);
    expect(titles((await get(`/api/news?search=${encodeURIComponent('café')}&limit=50`)).body)).toEqual(['Café Ünïcødé']);
    expect(titles((await get(`/api/news?search=${encodeURIComponent('بالعالم')}&limit=50`)).body)).toEqual(['Café Ünïcødé']);
    expect(titles((await get(`/api/news?search=${encodeURIComponent('é')}&limit=50`)).body)).toEqual(['Café Ünïcødé']);
    const short = await get('/api/news?search=pl&limit=50');
    expect(titles(short.body)).toEqual(['Plain']);
    expect(short.headers.get('x-total-count')).toBe('1');
    // 'year', 'City': one page of one, the total still both.
    const one = await get('/api/news?search=Y&limit=1');
    expect(titles(one.body)).toEqual(['Annual Report']);
    expect(one.headers.get('x-total-count')).toBe('2');
  });

  it('combines with the featured filter and with paging; counts agree with the lists', async () => {
    const all = await get('/api/news?search=re&limit=50');
    const featured = await get('/api/news?search=re&featured=true&limit=50');
    expect(titles(featured.body)).toEqual(titles(all.body.filter((r: Json) => r.featured)));
    expect(featured.headers.get('x-total-count')).toBe(String(featured.body.length));
    const pages = [0, 2, 4].map((offset) => get(`/api/news?search=re&limit=2&offset=${offset}`));
    const paged = (await Promise.all(pages)).flatMap((p) => titles(p.body));
    expect(paged).toEqual(titles(all.body));

    const counted = await gql('{ newsCount(search: "re") featured: newsCount(search: "re", featured: true) }');
    expect(counted.errors).toBeUndefined();
    expect(counted.data).toEqual({ newsCount: all.body.length, featured: featured.body.length });
    const listed = await gql('{ news(search: "RE", featured: true, limit: 50) { title } }');
    expect(listed.data?.news.map((n: Json) => n.title)).toEqual(titles(featured.body));
  });

  it('is refused without a limit, over 100 characters, or as anything but text (400 / BAD_USER_INPUT with field messages)', async () => {
    const noLimit = await get('/api/news?search=report');
    expect(noLimit.status).toBe(400);
    expect(noLimit.body.errors).toEqual([{ field: 'limit', message: 'limit is required with search or sort' }]);
    const long = await get(`/api/news?search=${'a'.repeat(101)}&limit=5`);
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: 'search', message: 'search must be at most 100 characters' }]);
    expect((await get(`/api/news?search=${'é'.repeat(100)}&limit=5`)).status).toBe(200);
    expect((await get('/api/news?search=a&search=b&limit=5')).status).toBe(400);
    expect((await get(`/api/news?search=${encodeURIComponent('a\u0000b')}&limit=5`)).status).toBe(400);

    const refused = await gql('{ news(search: "report") { id } }');
    expect(refused.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0].extensions.errors).toEqual([{ field: 'limit', message: 'limit is required with search or sort' }]);
  });

  it('leaves a list without the new arguments as it was (whole list, no limit needed)', async () => {
    const whole = await get('/api/news');
    expect(whole.status).toBe(200);
    expect(whole.body).toHaveLength(7);
    // White space alone is no search.
    expect((await get('/api/news?search=%20')).body).toHaveLength(7);
  });

  it('searches every collection over its declared fields', async () => {
    for (const { path, listing } of collections) {
      expect(listing.searchable).toBe(true);
      const input = { ...validInput[path], displayOrder: 0 };
      const created = await post(`/api/admin/${path}`, input);
      expect(created.status).toBe(201);
      const text = String(Object.values(input as Record<string, unknown>).find((v) => typeof v === 'string' && v.length >= 5 && !v.startsWith('http') && !v.startsWith('/')));
      const term = text.slice(1, 5).toUpperCase();
      const found = await get(`/api/${path}?search=${encodeURIComponent(term)}&limit=500`);
      expect({ path, status: found.status }).toEqual({ path, status: 200 });
      expect(found.body.map((r: Json) => r.id)).toContain(created.body.id);
    }
  });
});

describe('sort', () => {
  let ids: number[];
  beforeEach(async () => {
    ids = await newsOf([
      ['banana', 'b'],
      ['Apple', 'a'],
      ['cherry', 'c'],
      ['apple', 'a2'],
      ['banana', 'b2'],
    ]);
    // createdAt: the reverse of insertion for the first three, ties for the rest.
    await sql(`update news set created_at = timestamp '2026-01-01' - (display_order * interval '1 day') where display_order < 3`);
    await sql(`update news set created_at = timestamp '2025-01-01' where display_order >= 3`);
  });

  it('by each sortable field, both directions, ties by id', async () => {
    const asc = (await get('/api/news?sort=title&limit=50')).body;
    const sorted = [...asc].sort((a: Json, b: Json) => (a.title === b.title ? a.id - b.id : 0));
    expect(asc.map((r: Json) => r.id)).toEqual(sorted.map((r: Json) => r.id));
    // The database's collation decides where capitals go; ties (banana, banana) are in id order.
    const bananas = asc.filter((r: Json) => r.title === 'banana').map((r: Json) => r.id);
    expect(bananas).toEqual([ids[0], ids[4]]);
    const desc = (await get('/api/news?sort=-title&limit=50')).body;
    expect(desc.map((r: Json) => r.id)).toEqual(asc.map((r: Json) => r.id).reverse());

    const byDate = (await get('/api/news?sort=createdAt&limit=50')).body.map((r: Json) => r.id);
    expect(byDate).toEqual([ids[3], ids[4], ids[2], ids[1], ids[0]]);
    expect((await get('/api/news?sort=-createdAt&limit=50')).body.map((r: Json) => r.id)).toEqual([...byDate].reverse());

    await sql('update news set display_order = 7');
    expect((await get('/api/news?sort=displayOrder&limit=50')).body.map((r: Json) => r.id)).toEqual(ids);
    expect((await get('/api/news?sort=-displayOrder&limit=50')).body.map((r: Json) => r.id)).toEqual([...ids].reverse());
  });

  it('pages a sorted list without gaps or repeats, through GraphQL too', async () => {
    const whole = (await get('/api/news?sort=-title&limit=50')).body.map((r: Json) => r.id);
    const pages: number[] = [];
    for (let offset = 0; offset < 5; offset += 2) {
      const page = await gql('query($o:Int){ news(sort: "-title", limit: 2, offset: $o) { id } }', { o: offset });
      expect(page.errors).toBeUndefined();
      pages.push(...page.data!.news.map((r: Json) => r.id));
    }
    expect(pages).toEqual(whole);
  });

  it('gives deep pages (read from the far end) exactly the rows of the sorted list, ties included, with search and filter too', async () => {
    await sql('delete from news');
    await fillCollection(app.orm, 'news', { count: 1_234, flag: 'i % 3 = 0' });
    await sql(`update news set title = 'same title' where id % 7 = 0`);
    for (const [query, where, order] of [
      ['sort=title', 'true', 'title, id'],
      ['sort=-title', 'true', 'title desc, id desc'],
      ['sort=-createdAt&featured=false', 'not featured', 'created_at desc, id desc'],
      ['sort=title&search=AME', `title ilike '%ame%' or brief ilike '%ame%'`, 'title, id'],
    ]) {
      const expected = (await sql<{ id: number }>(`select id from news where ${where} order by ${order}`)).map((r) => r.id);
      for (const [offset, limit] of [[0, 50], [1_000, 50], [expected.length - 50, 50], [expected.length - 7, 50], [expected.length - 1, 1], [expected.length, 5], [5_000, 5]]) {
        const page = await get(`/api/news?${query}&limit=${limit}&offset=${offset}`);
        expect({ query, offset, ids: page.body.map((r: Json) => r.id) }).toEqual({ query, offset, ids: expected.slice(offset, offset + limit) });
        // A search's count stops after SEARCH_COUNT_LIMIT matches (1,001: "more than 1,000").
        const total = query.includes('search=') ? Math.min(expected.length, SEARCH_COUNT_LIMIT + 1) : expected.length;
        expect(page.headers.get('x-total-count')).toBe(String(total));
      }
      const viaGraphQL = await gql(`{ news(${query.replace(/&?(\w+)=([^&]+)/g, (_, k, v) => (k === 'featured' ? `${k}: ${v} ` : `${k}: "${v}" `))} limit: 10, offset: ${expected.length - 10}) { id } }`);
      expect(viaGraphQL.data?.news.map((r: Json) => r.id)).toEqual(expected.slice(-10));
    }
  });

  it('refuses an unknown field naming the allowed ones, and a sort without limit', async () => {
    const bad = await get('/api/news?sort=brief&limit=5');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'sort', message: 'sort must be one of: title, -title, createdAt, -createdAt, displayOrder, -displayOrder' },
    ]);
    for (const sort of ['--title', 'title,id', '', 'TITLE', 'featured']) {
      expect({ sort, status: (await get(`/api/news?sort=${encodeURIComponent(sort)}&limit=5`)).status }).toEqual({ sort, status: 400 });
    }
    expect((await get('/api/countries?sort=createdAt&limit=5')).status).toBe(400);
    const noLimit = await get('/api/news?sort=title');
    expect(noLimit.status).toBe(400);
    expect(noLimit.body.errors).toEqual([{ field: 'limit', message: 'limit is required with search or sort' }]);
    const refused = await gql('{ clients(sort: "country", limit: 5) { id } }');
    expect(refused.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0].extensions.errors).toEqual([{ field: 'sort', message: 'sort must be one of: title, -title, displayOrder, -displayOrder' }]);
  });
});

describe('search at any size: terms without trigrams, counts that stop', () => {
  it('finds terms of one and two characters anywhere in a word (not only at its start), as substrings', async () => {
    await newsOf([
      ['Kuwait City', 'ports and quays'],
      ['Typical day', 'nothing else'],
      ['Other', 'a quiet Q&A'],
    ]);
    expect(titles((await get('/api/news?search=ty&limit=50')).body)).toEqual(['Kuwait City', 'Typical day']);
    expect(titles((await get('/api/news?search=TY&limit=50')).body)).toEqual(['Kuwait City', 'Typical day']);
    expect(titles((await get('/api/news?search=ua&limit=50')).body)).toEqual(['Kuwait City']);
    expect(titles((await get('/api/news?search=UI&limit=50')).body)).toEqual(['Other']);
    expect(titles((await get('/api/news?search=q&limit=50')).body)).toEqual(['Kuwait City', 'Other']);
    // Two characters that sit in two words apart, not together: no match.
    expect((await get('/api/news?search=yd&limit=50')).body).toEqual([]);
    // Across the space joining title and brief: the searchable text is one string.
    expect(titles((await get(`/api/news?search=${encodeURIComponent('r a')}&limit=50`)).body)).toEqual(['Other']);
    const counted = await gql('{ a: newsCount(search: "ty") b: newsCount(search: "zq") c: newsCount(search: "i") }');
    expect(counted).toEqual({ data: { a: 2, b: 0, c: 3 } });
  });

  it('takes query-syntax characters literally: & | ! ( ) : * \' \\ and spaces, alone, in pairs and in longer terms without letters', async () => {
    const texts = ["A&B", 'x|y', 'Wow!', '(paren)', 'key: value', 'star*', "it's", 'back\\slash', 'one two', '...dots', 'a.b', 'nothing'];
    await newsOf(texts.map((text): [string, string] => [text, 'plain brief']));
    for (const term of ['&', '|', '!', '(', ')', ':', '*', "'", '\\', 'a&', ': ', ':*', "'s", '(p', '...', 'a.b', '!)', '&|!():*', "'", '"']) {
      const reply = await get(`/api/news?search=${encodeURIComponent(term)}&limit=50`);
      const wanted = texts.filter((t) => `${t} plain brief`.toLowerCase().includes(term.trim().toLowerCase()));
      expect({ term, status: reply.status, found: titles(reply.body ?? []) }).toEqual({ term, status: 200, found: wanted });
      expect({ term, total: reply.headers.get('x-total-count') }).toEqual({ term, total: String(wanted.length) });
    }
  });

  it(`counts a search up to ${SEARCH_COUNT_LIMIT + 1} (more than ${SEARCH_COUNT_LIMIT}), exactly below; counts without a search stay exact`, async () => {
    await sql('delete from news');
    // 1,050 records whose text has 'lorem ipsum'; then 50 of them lose 'ipsum': 1,000 left.
    await fillCollection(app.orm, 'news', { count: 1_050, flag: 'i % 2 = 0' });
    await sql(`update news set brief = 'lorem only', title = 'short ' || id where id in (select id from news order by id limit 50)`);
    const capped = SEARCH_COUNT_LIMIT + 1;
    const counts = await gql(`{
      broad: newsCount(search: "lorem") short: newsCount(search: "m") noTrigram: newsCount(search: "M I") exact: newsCount(search: "ipsum")
      featured: newsCount(search: "lorem", featured: true) all: newsCount featuredAll: newsCount(featured: true) }`);
    expect(counts.errors).toBeUndefined();
    expect(counts.data).toEqual({ broad: capped, short: capped, noTrigram: 1_000, exact: 1_000, featured: 525, all: 1_050, featuredAll: 525 });

    const page = await get('/api/news?search=lorem&limit=10');
    expect(page.status).toBe(200);
    expect(page.headers.get('x-total-count')).toBe(String(capped));
    expect((await get('/api/news?search=ipsum&limit=10')).headers.get('x-total-count')).toBe('1000');
    expect((await get('/api/news?limit=10')).headers.get('x-total-count')).toBe('1050');
    // Pages past the counted matches are still exactly the list's rows, in every order.
    for (const [query, order] of [['', 'display_order, id'], ['&sort=-title', 'title desc, id desc'], ['&sort=title', 'title, id']]) {
      const expected = (await sql<{ id: number }>(`select id from news where title ilike '%lorem%' or brief ilike '%lorem%' order by ${order}`)).map((r) => r.id);
      expect(expected).toHaveLength(1_050);
      for (const offset of [990, 1_001, 1_040, 1_049, 1_050]) {
        const reply = await get(`/api/news?search=lorem${query}&limit=20&offset=${offset}`);
        expect({ query, offset, ids: reply.body.map((r: Json) => r.id) }).toEqual({ query, offset, ids: expected.slice(offset, offset + 20) });
        expect(reply.headers.get('x-total-count')).toBe(String(capped));
      }
    }
  });

  it('says so in the GraphQL schema and in OpenAPI', async () => {
    const schema = await gql('{ __type(name: "Query") { fields { name description } } }');
    const newsCount = schema.data?.__type.fields.find((f: Json) => f.name === 'newsCount');
    expect(newsCount.description).toContain(`at most ${SEARCH_COUNT_LIMIT + 1}`);
    const openapi = await get('/api/openapi.json');
    expect(JSON.stringify(openapi.body)).toContain(`at most ${SEARCH_COUNT_LIMIT + 1}`);
  });
});

const revision = async () => Number((await sql<{ revision: string }>('select revision from content_revision where id = 1'))[0].revision);
const historyOf = async (path: string, id: number) =>
  (await request(app.baseUrl, 'GET', `/api/admin/${path}/${id}/history`, { cookie })).body.map((e: Json) => e.action);

describe('bulk delete and its undo', () => {
  it('deletes several records in one statement, one history entry each; restore-many brings back ids and places', async () => {
    const ids = await newsOf([['a', 'x'], ['b', 'x'], ['c', 'x'], ['d', 'x'], ['e', 'x']]);
    const before = (await get('/api/news')).body;
    const startRevision = await revision();
    const deleted = await post('/api/admin/news/delete-many', { ids: [ids[1], ids[3], ids[1]] });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: 2 });
    expect(await revision()).toBe(startRevision + 1); // one statement: one revision, the caches follow once
    expect(titles((await get('/api/news')).body)).toEqual(['a', 'c', 'e']);
    expect(await historyOf('news', ids[1])).toEqual(['delete']);
    expect(await historyOf('news', ids[3])).toEqual(['delete']);

    const restored = await post('/api/admin/news/restore-many', { ids: [ids[3], ids[1]] });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ restored: 2 });
    expect((await get('/api/news')).body).toEqual(before);
    expect(await historyOf('news', ids[1])).toEqual(['restore', 'delete']);
    // Nothing left to undo: refused, nothing changes.
    const again = await post('/api/admin/news/restore-many', { ids: [ids[1]] });
    expect(again.status).toBe(404);
  });

  it('through GraphQL: deleteNewsMany and undoDeleteMany; a single undoDelete still works per record', async () => {
    const ids = await newsOf([['a', 'x'], ['b', 'x'], ['c', 'x']]);
    const before = (await get('/api/news')).body;
    const deleted = await gql('mutation($ids:[Int!]!){ deleteNewsMany(ids: $ids) }', { ids });
    expect(deleted).toEqual({ data: { deleteNewsMany: 3 } });
    expect((await get('/api/news')).body).toEqual([]);
    const one = await gql('mutation($id:Int!){ undoDelete(collection: "news", id: $id) { action } }', { id: ids[0] });
    expect(one.errors).toBeUndefined();
    const rest = await gql('mutation($ids:[Int!]!){ undoDeleteMany(collection: "news", ids: $ids) }', { ids: ids.slice(1) });
    expect(rest).toEqual({ data: { undoDeleteMany: 2 } });
    expect((await get('/api/news')).body).toEqual(before);
  });

  it('an unknown id: 404 / NOT_FOUND and nothing is deleted or restored', async () => {
    const ids = await newsOf([['a', 'x'], ['b', 'x']]);
    const startRevision = await revision();
    const reply = await post('/api/admin/news/delete-many', { ids: [ids[0], 999_999] });
    expect(reply.status).toBe(404);
    expect(reply.body.message).toMatch(/999999/);
    const viaGraphQL = await gql('mutation($ids:[Int!]!){ deleteNewsMany(ids: $ids) }', { ids: [ids[1], 999_999] });
    expect(viaGraphQL.errors?.[0].extensions.code).toBe('NOT_FOUND');
    expect(titles((await get('/api/news')).body)).toEqual(['a', 'b']);
    expect(await revision()).toBe(startRevision);
    expect(await historyOf('news', ids[0])).toEqual([]);

    await post('/api/admin/news/delete-many', { ids: [ids[0]] });
    // One of the two is not deleted: neither comes back.
    expect((await post('/api/admin/news/restore-many', { ids: [ids[0], ids[1]] })).status).toBe(404);
    const undo = await gql('mutation($ids:[Int!]!){ undoDeleteMany(collection: "news", ids: $ids) }', { ids: [ids[0], 424_242] });
    expect(undo.errors?.[0].extensions.code).toBe('NOT_FOUND');
    expect(titles((await get('/api/news')).body)).toEqual(['b']);
  });

  it('refuses anonymous callers (401 / UNAUTHENTICATED) and bad id lists (400 / BAD_USER_INPUT)', async () => {
    const ids = await newsOf([['a', 'x']]);
    for (const route of ['delete-many', 'update-many', 'restore-many']) {
      expect((await post(`/api/admin/news/${route}`, { ids, featured: true }, '')).status).toBe(401);
    }
    const anonymous = await gql('mutation($ids:[Int!]!){ deleteNewsMany(ids: $ids) }', { ids }, '');
    expect(anonymous.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    const anonymousUndo = await gql('mutation($ids:[Int!]!){ undoDeleteMany(collection: "news", ids: $ids) }', { ids }, '');
    expect(anonymousUndo.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');

    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1);
    for (const body of [{ ids: tooMany }, { ids: [] }, { ids: 'all' }, {}, { ids: [1.5] }, { ids: [0] }, { ids: ['1'] }, []]) {
      const reply = await post('/api/admin/news/delete-many', body);
      expect({ body, status: reply.status }).toEqual({ body, status: 400 });
      expect(reply.body.errors).toEqual([{ field: 'ids', message: expect.any(String) }]);
    }
    expect((await post('/api/admin/news/delete-many', { ids: tooMany })).body.errors[0].message).toBe('ids must name at most 500 records');
    const graphTooMany = await gql('mutation($ids:[Int!]!){ deleteNewsMany(ids: $ids) }', { ids: tooMany });
    expect(graphTooMany.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect((await post('/api/admin/news/restore-many', { ids: tooMany })).status).toBe(400);
    expect((await get('/api/news')).body).toHaveLength(1);
    // 500 is allowed (unknown ids then: 404).
    expect((await post('/api/admin/news/delete-many', { ids: tooMany.slice(0, 500) })).status).toBe(404);
    expect((await post('/api/admin/no-such/delete-many', { ids })).status).toBe(404);
    expect((await gql('mutation{ undoDeleteMany(collection: "no-such", ids: [1]) }')).errors?.[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('bulk side effects', () => {
  it('webhooks: one event per record for a bulk delete, its undo and a bulk flag update', async () => {
    const ids = await newsOf([['a', 'x'], ['b', 'x'], ['c', 'x']]);
    const receiver = await startReceiver();
    try {
      const hook = await gql('mutation($i: WebhookEndpointInput!){ createWebhook(input: $i) { id } }', { i: { url: receiver.url, collections: ['news'] } });
      expect(hook.errors).toBeUndefined();
      const eventsOf = (received: { body: Json }[]) => received.map((r) => `${r.body.collection} ${r.body.id} ${r.body.action}`).sort();
      const expected = (action: string, of: number[]) => of.map((id) => `news ${id} ${action}`).sort();

      expect((await post('/api/admin/news/delete-many', { ids })).status).toBe(200);
      const deletes = await receiver.waitFor(3, 5_000);
      expect(eventsOf(deletes)).toEqual(expected('deleted', ids));
      // One statement: the three events carry the same revision.
      expect(new Set(deletes.map((d) => d.body.revision)).size).toBe(1);

      expect((await post('/api/admin/news/restore-many', { ids })).status).toBe(200);
      expect(eventsOf((await receiver.waitFor(6, 5_000)).slice(3))).toEqual(expected('created', ids));

      expect((await post('/api/admin/news/update-many', { ids: ids.slice(0, 2), featured: true })).status).toBe(200);
      expect(eventsOf((await receiver.waitFor(8, 5_000)).slice(6))).toEqual(expected('updated', ids.slice(0, 2)));
    } finally {
      await receiver.close();
      await sql('delete from webhook_endpoints');
    }
  });
});

describe('bulk flags', () => {
  it('features and unfeatures several records, one history entry per changed record, version bumped', async () => {
    const ids = await newsOf([['a', 'x', false], ['b', 'x', true], ['c', 'x', false]]);
    const startRevision = await revision();
    const reply = await post('/api/admin/news/update-many', { ids: [ids[2], ids[0], ids[1]], featured: true });
    expect(reply.status).toBe(200);
    expect(reply.body.map((r: Json) => [r.id, r.featured, r.version])).toEqual([
      [ids[2], true, 2],
      [ids[0], true, 2],
      [ids[1], true, 1],
    ]);
    expect(await revision()).toBeGreaterThan(startRevision);
    expect(await historyOf('news', ids[0])).toEqual(['update']);
    expect(await historyOf('news', ids[1])).toEqual([]); // already featured: no change, no entry
    expect((await get('/api/news?featured=true')).body).toHaveLength(3);

    const unfeatured = await gql('mutation($ids:[Int!]!){ updateNewsFlags(ids: $ids, featured: false) { id featured } }', { ids: ids.slice(0, 2) });
    expect(unfeatured).toEqual({ data: { updateNewsFlags: [{ id: ids[0], featured: false }, { id: ids[1], featured: false }] } });
    expect(titles((await get('/api/news?featured=true')).body)).toEqual(['c']);
    // Undo of one record's change: its history entry, as for a single update.
    const [entry] = (await request(app.baseUrl, 'GET', `/api/admin/news/${ids[1]}/history`, { cookie })).body;
    expect(entry).toMatchObject({ action: 'update', changed: ['featured'] });
  });

  it('clients too; unknown ids change nothing; bad values are refused; types without flags have none', async () => {
    const client = await post('/api/admin/clients', { ...validInput.clients, featured: false });
    const reply = await gql('mutation($ids:[Int!]!){ updateClientFlags(ids: $ids, featured: true) { featured } }', { ids: [client.body.id] });
    expect(reply).toEqual({ data: { updateClientFlags: [{ featured: true }] } });

    const ids = await newsOf([['a', 'x', false]]);
    expect((await post('/api/admin/news/update-many', { ids: [ids[0], 999_999], featured: true })).status).toBe(404);
    expect((await get('/api/news?featured=true')).body).toEqual([]);
    const bad = await post('/api/admin/news/update-many', { ids, featured: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'featured', message: 'featured must be true or false' }]);
    expect((await post('/api/admin/news/update-many', { ids })).status).toBe(400);
    expect((await post('/api/admin/countries/update-many', { ids, featured: true })).status).toBe(404);
    const noFlags = await gql('mutation{ updateCountryFlags(ids: [1], featured: true) { id } }');
    expect(noFlags.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('recordUnlistedChanges (seeds) at size', () => {
  it('reads the records a bounded batch at a time and lists each once, keeping nothing in the identity map', async () => {
    await sql('delete from news');
    await sql(`delete from content_history where collection = 'news'`);
    await fillCollection(app.orm, 'news', { count: 2_345 });
    const [{ id: firstId }] = await sql<{ id: number }>('select min(id) as id from news');
    // One record already listed with its current state, one with an older state.
    const em = app.orm.em.fork();
    const snapshot = async (id: number) => JSON.parse(JSON.stringify(await app.orm.em.fork().findOneOrFail(News, id)));
    await sql(`insert into content_history (collection, record_id, action, after) values ('news', ?, 'create', ?)`, [firstId, JSON.stringify(await snapshot(firstId))]);
    await sql(`insert into content_history (collection, record_id, action, after) values ('news', ?, 'create', ?)`, [
      firstId + 1,
      JSON.stringify({ ...(await snapshot(firstId + 1)), title: 'older' }),
    ]);

    const { queries } = await capturingQueries(app.orm, ['news'], () => em.transactional((tx) => recordUnlistedChanges(tx)));
    const reads = queries.filter((q) => /^select\b.*\bfrom "news"/i.test(q));
    expect(reads.length).toBeGreaterThanOrEqual(5);
    for (const read of reads) expect(read).toMatch(/\blimit 500\b/);
    expect(em.getUnitOfWork().getIdentityMap().values().filter((e) => e instanceof News)).toHaveLength(0);

    const counts = await sql<{ action: string; n: string }>(`select action, count(*)::text as n from content_history where collection = 'news' group by action order by action`);
    expect(counts).toEqual([
      { action: 'create', n: '2345' }, // the two inserted above, and one for each of the others
      { action: 'update', n: '1' }, // the second: its stored state differs from its entry
    ]);
    // Run again: nothing new.
    await app.orm.em.fork().transactional((tx) => recordUnlistedChanges(tx));
    const [{ n }] = await sql<{ n: string }>(`select count(*)::text as n from content_history where collection = 'news'`);
    expect(Number(n)).toBe(2_345 + 1);
  });
});

describe('search fuzzing (fast-check, seeded)', () => {
  const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
  const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
  const pieces = ['%', '_', '\\', '%_', 'Report', 'rEp', 'ü', 'Ü', 'مرحبا', '日本', ' ', '  ', '\t', "'", '"', ';--', '*', '.', '[a]', '(', '$1', 'é', 'e\u0301', '🙂'];

  it('never answers 5xx; 400 exactly for a bad term; a good one lists what a plain substring test finds, and the total is the length', async () => {
    await newsOf([
      ...pieces.map((piece, i): [string, string, boolean] => [`Item ${i} ${piece} Report`, `brief ${piece.toUpperCase()} ${i % 2 ? 'odd' : 'even'}`, i % 3 === 0]),
      ['100% growth', 'Revenue_doubled C:\\x', true],
    ]);
    const all: Json[] = (await get('/api/news')).body;
    const term = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 8 }),
      fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')),
      fc.constantFrom('a'.repeat(100), 'a'.repeat(101), ` ${'b'.repeat(100)} `, '\u0000', '\u202e', 'x\u0007'),
    );
    await fc.assert(
      fc.asyncProperty(term, fc.boolean(), async (raw, featuredOnly) => {
        const reply = await get(`/api/news?search=${encodeURIComponent(raw)}&limit=500${featuredOnly ? '&featured=true' : ''}`);
        expect(reply.status).toBeLessThan(500);
        const trimmed = raw.trim();
        const bad = [...trimmed].length > 100 || /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/.test(trimmed);
        expect({ raw, status: reply.status }).toEqual({ raw, status: bad ? 400 : 200 });
        if (bad) return;
        expect(reply.headers.get('x-total-count')).toBe(String(reply.body.length));
        // Plain ASCII terms: exactly the records whose text contains the term, ignoring case.
        if (/^[\x20-\x7e]*$/.test(trimmed)) {
          const wanted = all
            .filter((r) => !featuredOnly || r.featured)
            .filter((r) => `${r.title} ${r.brief}`.toLowerCase().includes(trimmed.toLowerCase()))
            .map((r) => r.id);
          expect({ raw, ids: reply.body.map((r: Json) => r.id) }).toEqual({ raw, ids: wanted });
        }
        const count = await gql('query($s:String, $f:Boolean){ newsCount(search: $s, featured: $f) }', { s: raw, f: featuredOnly || null });
        expect({ raw, count: count.data?.newsCount }).toEqual({ raw, count: reply.body.length });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);
});
