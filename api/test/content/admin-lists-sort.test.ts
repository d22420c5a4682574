import { beforeEach, describe, expect, it } from '@jest/globals';
import { SEARCH_COUNT_LIMIT } from '@consulting/model';
import { adminListClient, type Json } from '../helpers/admin-lists.js';
import { fillCollection } from '../helpers/fill-content.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// Admin lists: sort through REST and GraphQL (one parser, list-options.ts), paged and deep.

const session = signedInApp();
const { sql, gql, get, newsOf } = adminListClient(session);

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
    await fillCollection(session.app.orm, 'news', { count: 1_234, flag: 'i % 3 = 0' });
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
