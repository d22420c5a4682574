import { describe, expect, it } from '@jest/globals';
import { hashAddress, logActivity, pruneActivity, PRUNE_BATCH } from '../../src/activity/activity.js';
import { collections } from '../../src/content/registry.js';
import { validInput } from '../helpers/fixtures/content.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';
import { sessionCookie, TEST_ADMIN } from '../helpers/test-app.js';

// The activity log's writers: sign-in, failed sign-in, sign-out, and every content change, each
// entry written in the transaction of what it records.

// Small limits so the throttle's refusal can be reached in a few requests.
const session = signedInApp({ loginLimits: { perUsername: 4, perIp: 1000, windowSeconds: 900, perIpPerDay: 10_000, codesPerAccount: 5 } });
const base = () => session.app.baseUrl;
const admin = (method: string, path: string, json?: unknown) => request(base(), method, `/api/admin/${path}`, { json, cookie: session.cookie });

interface Row {
  id: string;
  at: Date;
  user_id: string | null;
  username: string | null;
  kind: string;
  collection: string | null;
  record_id: number | null;
  summary: string;
  address_hash: string | null;
  details: Record<string, unknown> | null;
}

const sql = <T extends object = Record<string, unknown>[]>(query: string, params: unknown[] = []) => session.app.orm.em.fork().getConnection().execute<T>(query, params);
/** The entries after `afterId`, oldest first. */
const entriesAfter = (afterId: string) => sql<Row[]>('select * from activity_log where id > ? order by id', [afterId]);
const lastId = async () => (await sql<{ id: string | null }[]>('select max(id)::text as id from activity_log'))[0].id ?? '0';

const login = (username: string, password: string) =>
  fetch(`${base()}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });

describe('activity log: sessions', () => {
  it('records a sign-in and a sign-out with the account and a hash of the address', async () => {
    const mark = await lastId();
    const response = await login(TEST_ADMIN.username, TEST_ADMIN.password);
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response);
    expect((await request(base(), 'POST', '/api/logout', { cookie })).status).toBe(200);

    const entries = await entriesAfter(mark);
    expect(entries.map((e) => [e.kind, e.username, e.summary])).toEqual([
      ['sign-in', 'admin', 'Signed in'],
      ['sign-out', 'admin', 'Signed out'],
    ]);
    const [{ id: adminId }] = await sql<{ id: string }[]>('select id from users where username = ?', [TEST_ADMIN.username]);
    expect(entries.map((e) => e.user_id)).toEqual([adminId, adminId]);
    for (const entry of entries) {
      expect(entry.address_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(entry)).not.toContain('127.0.0.1');
    }
  });

  it('records a sign-out through GraphQL, and nothing for an anonymous one', async () => {
    const cookie = sessionCookie(await login(TEST_ADMIN.username, TEST_ADMIN.password));
    const mark = await lastId();
    const logout = (headers: Record<string, string>) =>
      fetch(`${base()}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query: 'mutation { logout }' }) });
    expect(await (await logout({ cookie })).json()).toEqual({ data: { logout: true } });
    expect(await (await logout({})).json()).toEqual({ data: { logout: true } });
    expect((await entriesAfter(mark)).map((e) => [e.kind, e.username])).toEqual([['sign-out', 'admin']]);
  });

  it('records a failed sign-in with the username tried and the address hashed, never the address', async () => {
    const mark = await lastId();
    expect((await login('nobody-here', 'wrong password')).status).toBe(401);
    expect((await login(TEST_ADMIN.username, 'wrong password')).status).toBe(401);
    const entries = await entriesAfter(mark);
    expect(entries.map((e) => [e.kind, e.username, e.user_id, e.summary])).toEqual([
      ['sign-in-failed', 'nobody-here', null, 'Failed sign-in as “nobody-here”'],
      ['sign-in-failed', 'admin', null, 'Failed sign-in as “admin”'],
    ]);
    expect(entries.map((e) => e.details)).toEqual([{ accountExists: false }, { accountExists: true }]);
    // The same address, the same keyed hash: the app's key, not a plain SHA-256 of the address.
    const hashes = new Set(entries.map((e) => e.address_hash));
    expect(hashes.size).toBe(1);
    const [hash] = hashes;
    expect([hashAddress('127.0.0.1'), hashAddress('::ffff:127.0.0.1')]).toContain(hash);
    const [{ plain }] = await sql<{ plain: string }[]>(`select encode(sha256(convert_to('127.0.0.1', 'UTF8')), 'hex') as plain`);
    expect(hash).not.toBe(plain);
    for (const entry of entries) expect(JSON.stringify(entry)).not.toContain('127.0.0.1');
  });

  it('records GraphQL sign-ins and failed sign-ins the same way', async () => {
    const mark = await lastId();
    const gqlLogin = (password: string) =>
      fetch(`${base()}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { username } }', variables: { u: TEST_ADMIN.username, p: password } }),
      }).then((r) => r.json() as Promise<{ data?: unknown; errors?: unknown[] }>);
    expect((await gqlLogin('not the password')).errors).toHaveLength(1);
    expect((await gqlLogin(TEST_ADMIN.password)).data).toEqual({ login: { username: 'admin' } });
    const entries = await entriesAfter(mark);
    expect(entries.map((e) => [e.kind, e.username])).toEqual([
      ['sign-in-failed', 'admin'],
      ['sign-in', 'admin'],
    ]);
    expect(entries[0].address_hash).toBe(entries[1].address_hash);
  });

  it('records no entry for a sign-in the throttle refused before checking a password, nor for a malformed one', async () => {
    const username = 'throttled-person';
    const mark = await lastId();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await login(username, `guess ${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    expect((await login('', '')).status).toBe(400);
    const entries = await entriesAfter(mark);
    expect(entries.map((e) => [e.kind, e.username])).toEqual(Array.from({ length: 4 }, () => ['sign-in-failed', username]));
  });
});

describe('activity log: content', () => {
  it('records create, update and delete with the model’s labels and the record’s title', async () => {
    const mark = await lastId();
    const created = await admin('POST', 'news', { ...validInput.news, title: 'Launch day' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await admin('PUT', `news/${id}`, { ...validInput.news, title: 'Launch day, again' })).status).toBe(200);
    // The same values again: no change, no history entry, no activity entry.
    expect((await admin('PUT', `news/${id}`, { ...validInput.news, title: 'Launch day, again' })).status).toBe(200);
    expect((await admin('DELETE', `news/${id}`)).status).toBe(204);

    const entries = await entriesAfter(mark);
    expect(entries.map((e) => [e.kind, e.username, e.collection, e.record_id, e.summary])).toEqual([
      ['content.create', 'admin', 'news', id, 'Created News article “Launch day”'],
      ['content.update', 'admin', 'news', id, 'Updated News article “Launch day, again”'],
      ['content.delete', 'admin', 'news', id, 'Deleted News article “Launch day, again”'],
    ]);
    expect(entries[1].details).toEqual({ changed: ['title'] });
    // Written with the history entry, in its transaction: the same moment (now() of the transaction).
    const moments = (table: string) => sql<{ at: string }[]>(`select at::text from ${table} where collection = 'news' and record_id = ? order by id`, [id]);
    expect(await moments('activity_log')).toEqual(await moments('content_history'));
  });

  it('records the editorial workflow: a draft saved, submitted, published and unpublished', async () => {
    const mark = await lastId();
    const draft = await admin('POST', 'news/drafts', { ...validInput.news, title: 'Draft story' });
    expect(draft.status).toBe(201);
    const id = draft.body.recordId as number;
    expect((await admin('POST', `news/${id}/submit`)).status).toBe(200);
    expect((await admin('POST', `news/${id}/publish`)).status).toBe(200);
    expect((await admin('POST', `news/${id}/unpublish`)).status).toBe(200);
    const entries = await entriesAfter(mark);
    expect(entries.map((e) => [e.kind, e.summary])).toEqual([
      ['content.draft', 'Saved a draft of News article “Draft story”'],
      ['content.submit', 'Submitted News article “Draft story” for review'],
      ['content.publish', 'Published News article “Draft story”'],
      ['content.unpublish', 'Unpublished News article “Draft story”'],
    ]);
    expect(new Set(entries.map((e) => e.record_id))).toEqual(new Set([id]));
  });

  it('names a singleton by its label', async () => {
    const { id, version: _version, ...statistics } = (await request(base(), 'GET', '/api/statistics')).body;
    const mark = await lastId();
    expect((await admin('PUT', `statistics/${id}`, { ...statistics, expertCount: statistics.expertCount + 1 })).status).toBe(200);
    expect((await entriesAfter(mark)).map((e) => [e.kind, e.summary])).toEqual([['content.update', 'Updated Statistics']]);
  });

  it('leaves no entry when the change rolls back', async () => {
    const mark = await lastId();
    const news = collections.find((c) => c.path === 'news')!;
    const [{ id: userId }] = await sql<{ id: string }[]>('select id from users where username = ?', [TEST_ADMIN.username]);
    const em = session.app.orm.em.fork();
    let createdId = 0;
    await expect(
      em.transactional(async (tx) => {
        const record = (await news.service.create(tx, { ...validInput.news, title: 'Never happened' }, { userId })) as { id: number };
        createdId = record.id;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(createdId).toBeGreaterThan(0);
    expect(await entriesAfter(mark)).toEqual([]);
    expect(await sql('select id from news where id = ?', [createdId])).toEqual([]);
  });
});

describe('activity log: logActivity and pruneActivity', () => {
  it('keeps the scheduler as the actor, and clips a very long summary', async () => {
    const mark = await lastId();
    const em = session.app.orm.em.fork();
    logActivity(em, { kind: 'job.late', actor: 'scheduler', summary: 'x'.repeat(5000), details: { lateMs: 1200 } });
    await em.flush();
    const [entry] = await entriesAfter(mark);
    expect(entry).toMatchObject({ kind: 'job.late', username: 'scheduler', user_id: null, address_hash: null, details: { lateMs: 1200 } });
    expect(entry.summary.length).toBe(500);
  });

  it('removes the entries older than the retention in batches, and returns how many', async () => {
    const total = PRUNE_BATCH + 7;
    await sql(
      `insert into activity_log (at, kind, summary) select now() - make_interval(days => 400), 'sign-in', 'old' from generate_series(1, ?)`,
      [total],
    );
    await sql(`insert into activity_log (at, kind, summary) values (now() - make_interval(days => 300), 'sign-in', 'kept')`);
    const em = session.app.orm.em.fork();
    expect(await pruneActivity(em, 365)).toBe(total);
    expect(await sql(`select id from activity_log where summary = 'old'`)).toEqual([]);
    expect(await sql(`select id from activity_log where summary = 'kept'`)).toHaveLength(1);
    expect(await pruneActivity(em, 365)).toBe(0);
    await expect(pruneActivity(em, 0)).rejects.toThrow(RangeError);
  });
});
