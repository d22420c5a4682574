import { beforeAll, describe, expect, it } from '@jest/globals';
import { DISPLAY_ORDER_RANGE } from '@consulting/model';
import { DENSE_ORDER_LIMIT, ORDER_GAP } from '../../src/content/ordering.js';
import { fillCollection } from '../helpers/fill-content.js';
import { validInput } from '../helpers/fixtures/content.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// Moves in a long list (50,000 news): each lands where the editor put it, and changes a bounded
// number of rows (counted by their versions: every row a move changes gets version + 1), not the
// whole table. A list numbered 1..n without gaps (here: filled by SQL) has them opened by its
// first move, once; records added through the service to a long list come with gaps.

const session = signedInApp();
const base = () => session.app.baseUrl;
const sql = <T = Record<string, unknown>>(query: string) => session.app.orm.em.fork().getConnection().execute<T[]>(query);
const SIZE = 50_000;

/** The ids in public order. */
const order = async () => (await sql<{ id: number }>('select id from news order by display_order, id')).map((r) => r.id);
/** Sum of the versions: how many row changes there have been. */
const changes = async () => Number((await sql<{ s: string }>('select sum(version) as s from news'))[0].s);

/** One move through REST (one request); returns how many rows it changed. */
async function move(id: number, toIndex: number, expected: number[]): Promise<number> {
  const before = await changes();
  const reply = await request(base(), 'POST', `/api/admin/news/${id}/move?return=record`, { json: { toIndex }, cookie: session.cookie });
  expect(reply.status).toBe(200);
  expect(reply.body).toMatchObject({ id });
  expected.splice(expected.indexOf(id), 1);
  expected.splice(Math.min(toIndex, expected.length), 0, id);
  return (await changes()) - before;
}

/** A small deterministic pseudo-random sequence (the same moves every run). */
function* positions(seed: number): Generator<number> {
  let x = seed;
  for (;;) {
    x = (x * 48_271) % 2_147_483_647;
    yield x % SIZE;
  }
}

describe(`moves in a list of ${SIZE.toLocaleString('en')}`, () => {
  let expected: number[];
  beforeAll(async () => {
    await sql('delete from news');
    await fillCollection(session.app.orm, 'news', { count: SIZE });
    expected = await order();
  });

  it('land at the place asked for, through REST and GraphQL, each in one request', async () => {
    // The first move opens gaps in a list numbered 1..n (once).
    await move(expected[SIZE - 1], 25_000, expected);
    expect(await order()).toEqual(expected);
    await move(expected[100], 0, expected);
    await move(expected[7], SIZE + 10, expected);
    const reply = await request(base(), 'POST', '/graphql', {
      cookie: session.cookie,
      json: { query: 'mutation($id:Int!,$to:Int!){ placeNews(id:$id, toIndex:$to){ id displayOrder } }', variables: { id: expected[40_000], to: 3 } },
    });
    expect(reply.body.data.placeNews.id).toBe(expected[40_000]);
    expected.splice(3, 0, ...expected.splice(40_000, 1));
    expect(await order()).toEqual(expected);
  });

  it('change a bounded number of rows, wherever they go and however often to the same place', async () => {
    const changed: number[] = [];
    const random = positions(7);
    for (let i = 0; i < 60; i += 1) changed.push(await move(expected[random.next().value!], random.next().value!, expected));
    // The same place again and again (its gap runs out and is widened around it).
    for (let i = 0; i < 40; i += 1) changed.push(await move(expected[random.next().value!], 20_000, expected));
    // The top and the bottom.
    for (let i = 0; i < 20; i += 1) changed.push(await move(expected[SIZE - 1 - i], 0, expected));
    for (let i = 0; i < 20; i += 1) changed.push(await move(expected[i], SIZE, expected));
    expect(await order()).toEqual(expected);
    // Most moves change the moved row only; a spot out of room widens a window of some dozens.
    expect(changed.filter((n) => n === 1).length).toBeGreaterThan(changed.length / 2);
    expect(Math.max(...changed)).toBeLessThanOrEqual(128);
    expect(changed.reduce((a, b) => a + b, 0) / changed.length).toBeLessThanOrEqual(10);
    const [{ min, max }] = await sql<{ min: number; max: number }>('select min(display_order) as min, max(display_order) as max from news');
    expect(min).toBeGreaterThanOrEqual(DISPLAY_ORDER_RANGE.min);
    expect(max).toBeLessThanOrEqual(DISPLAY_ORDER_RANGE.max);
  });

  it('a record added to a long list goes last with a gap before it, so moves find room there too', async () => {
    const [{ last }] = await sql<{ last: number }>('select max(display_order) as last from news');
    const { displayOrder: _omitted, ...input } = validInput.news;
    const created = await request(base(), 'POST', '/api/admin/news', { json: input, cookie: session.cookie });
    expect(created.body.displayOrder).toBe(last + ORDER_GAP);
    expected.push(created.body.id);
    expect(await move(created.body.id, SIZE - 3, expected)).toBe(1);
    expect(await order()).toEqual(expected);
  });

  it('are kept in the history like any move, and a record can still be saved as read', async () => {
    const id = expected[12_345];
    await move(id, 6, expected);
    const history = await request(base(), 'GET', `/api/admin/news/${id}/history?limit=1`, { cookie: session.cookie });
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ action: 'move', changed: ['displayOrder'] });
    const { body: record } = await request(base(), 'GET', `/api/news/${id}`);
    const { id: _id, version, createdAt: _c, ...fields } = record;
    const saved = await request(base(), 'PUT', `/api/admin/news/${id}`, { json: fields, cookie: session.cookie, headers: { 'if-match': String(version) } });
    expect(saved.status).toBe(200);
    expect(await order()).toEqual(expected);
  });

  it(`renumbers a list of up to ${DENSE_ORDER_LIMIT} 1..n, as before`, async () => {
    await sql('delete from news');
    await fillCollection(session.app.orm, 'news', { count: DENSE_ORDER_LIMIT, displayOrder: 'i * 16' });
    expected = await order();
    await move(expected[150], 2, expected);
    expect(await order()).toEqual(expected);
    const orders = (await sql<{ display_order: number }>('select display_order from news order by display_order, id')).map((r) => r.display_order);
    expect(orders).toEqual(expected.map((_, i) => i + 1));
  });
});

describe('records added at the same time', () => {
  it('each go last in turn: distinct display orders, in the order they were stored', async () => {
    await sql('delete from countries');
    const { displayOrder: _ignored, ...input } = validInput.countries;
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        request(base(), 'POST', '/api/admin/countries', { json: { ...input, name: `Country ${i}` }, cookie: session.cookie }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(201));
    const rows = await sql<{ id: number; display_order: number }>('select id, display_order from countries order by id');
    expect(rows.map((r) => r.display_order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
