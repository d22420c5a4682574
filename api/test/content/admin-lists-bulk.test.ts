import { describe, expect, it } from '@jest/globals';
import { recordUnlistedChanges } from '../../src/content/history/history.service.js';
import { news } from '@consulting/model';
import { entityOf } from '../../src/content/registry.js';
import { adminListClient, titles, type Json } from '../helpers/admin-lists.js';
import { fillCollection } from '../helpers/fill-content.js';
import { validInput } from '../helpers/fixtures/content.js';
import { request } from '../helpers/http.js';
import { capturingQueries } from '../helpers/query-capture.js';
import { signedInApp } from '../helpers/signed-in-app.js';
import { startReceiver } from '../helpers/webhooks/receiver.js';

// Admin lists: the bulk actions (delete, flags, undo of deletes) with their history and side
// effects (webhooks), and the seeds' recordUnlistedChanges at size.

const News = entityOf(news);
const session = signedInApp({ webhookAllowPrivateTargets: true, webhookPollMs: 100 });
const { sql, gql, get, post, newsOf } = adminListClient(session);

const revision = async () => Number((await sql<{ revision: string }>('select revision from content_revision where id = 1'))[0].revision);
const historyOf = async (path: string, id: number) =>
  (await request(session.app.baseUrl, 'GET', `/api/admin/${path}/${id}/history`, { cookie: session.cookie })).body.map((e: Json) => e.action);

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
    const [entry] = (await request(session.app.baseUrl, 'GET', `/api/admin/news/${ids[1]}/history`, { cookie: session.cookie })).body;
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
    await fillCollection(session.app.orm, 'news', { count: 2_345 });
    const [{ id: firstId }] = await sql<{ id: number }>('select min(id) as id from news');
    // One record already listed with its current state, one with an older state.
    const em = session.app.orm.em.fork();
    const snapshot = async (id: number) => JSON.parse(JSON.stringify(await session.app.orm.em.fork().findOneOrFail(News, id)));
    await sql(`insert into content_history (collection, record_id, action, after) values ('news', ?, 'create', ?)`, [firstId, JSON.stringify(await snapshot(firstId))]);
    await sql(`insert into content_history (collection, record_id, action, after) values ('news', ?, 'create', ?)`, [
      firstId + 1,
      JSON.stringify({ ...(await snapshot(firstId + 1)), title: 'older' }),
    ]);

    const { queries } = await capturingQueries(session.app.orm, ['news'], () => em.transactional((tx) => recordUnlistedChanges(tx)));
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
    await session.app.orm.em.fork().transactional((tx) => recordUnlistedChanges(tx));
    const [{ n }] = await sql<{ n: string }>(`select count(*)::text as n from content_history where collection = 'news'`);
    expect(Number(n)).toBe(2_345 + 1);
  });
});
