import { beforeEach, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { SEARCH_COUNT_LIMIT } from '@consulting/model';
import { collections } from '../../src/content/registry.js';
import { adminListClient, titles, type Json } from '../helpers/admin-lists.js';
import { fillCollection } from '../helpers/fill-content.js';
import { validInput } from '../helpers/fixtures/content.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// Admin lists: search through REST and GraphQL (one parser, list-options.ts), at any size, fuzzed.

const session = signedInApp();
const { sql, gql, get, post, newsOf } = adminListClient(session);

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
    await fillCollection(session.app.orm, 'news', { count: 1_050, flag: 'i % 2 = 0' });
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
