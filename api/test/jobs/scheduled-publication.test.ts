import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { User } from '../../src/auth/user.entity.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { publication } from '../../src/content/publication/publication.service.js';
import { openOrm } from '../../src/db/orm.js';
import { schedule } from '../../src/jobs/jobs.service.js';
import { Scheduler } from '../../src/jobs/scheduler.js';
import { validInput } from '../helpers/fixtures/content.js';
import { graphqlClient, type Json } from '../helpers/graphql.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// Scheduled publishing end to end: the app's own scheduler and a second instance's (another ORM
// on the same database) publish what was scheduled exactly once, with the publication's real
// effects (the record on the public API, its 'publish' history entry, its webhook event).

const session = signedInApp({ schedulerPollMs: 100, timeZone: 'Europe/Berlin' });
const { gql } = graphqlClient(session);
const call = (method: string, path: string, json?: unknown, cookie = session.cookie) => request(session.app.baseUrl, method, path, { json, cookie });
const { news } = { news: validInput.news };
const { displayOrder: _ignored, ...newsDraft } = news as Json;

let secondOrm: MikroORM;
let second: Scheduler;
let contributor: string;
let editor: string;
beforeAll(async () => {
  secondOrm = await openOrm(session.app.deps.config.databaseUrl!, pino({ level: 'silent' }));
  second = new Scheduler(secondOrm, { pollMs: 100, config: session.app.deps.config }, pino({ level: 'silent' }));
  second.start();
  contributor = await accountWithRole('carla', 'contributor');
  editor = await accountWithRole('eddie', 'editor');
});
afterAll(async () => {
  await second?.stop();
  await secondOrm?.close(true);
});

async function accountWithRole(username: string, role: 'editor' | 'contributor'): Promise<string> {
  const em = session.app.orm.em.fork();
  const password = 'a long enough password';
  em.create(User, { username, passwordHash: await hashPassword(password), role } as never);
  await em.flush();
  return session.app.login(username, password);
}

async function sql<T = Json[]>(query: string, params: unknown[] = []): Promise<T> {
  return (await session.app.orm.em.fork().getConnection().execute(query, params)) as unknown as T;
}

const adminCaller = async () => ({ userId: (await session.app.orm.em.fork().findOneOrFail(User, { username: 'admin' })).id });

async function newsDraftId(title: string, values: Json = newsDraft): Promise<number> {
  const created = await call('POST', '/api/admin/news/drafts', { ...values, title });
  expect(created.status).toBe(201);
  return created.body.recordId as number;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(25);
  }
}

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

describe('scheduled publishing with two instances', () => {
  it('publishes 100 records due at once exactly once: 100 on the site, 100 publish history entries, 100 webhook events', async () => {
    await sql(`insert into webhook_endpoints (url, secret, collections, active) values ('http://127.0.0.1:9/hook', 'secret', '["news"]', true)`);
    const em = session.app.orm.em.fork();
    const caller = await adminCaller();
    const ids: number[] = [];
    for (let i = 0; i < 100; i++) ids.push((await publication.createDraft(em, 'news', { ...newsDraft, title: `Launch ${i}` }, caller)).recordId);
    // Scheduled one by one, then all made due at the same moment.
    const at = new Date(Date.now() + 60 * 60 * 1000);
    for (const id of ids) await schedule(em, caller, { collection: 'news', id, action: 'publish', at });
    const idList = `{${ids.join(',')}}`;
    await sql(`update scheduled_jobs set run_at = now() where kind = 'publish' and collection = 'news' and record_id = any(?::int[]) and state = 'pending'`, [idList]);
    const done = await waitFor(
      () => sql<{ n: number }[]>(`select count(*)::int as n from scheduled_jobs where kind = 'publish' and record_id = any(?::int[]) and state = 'done'`, [idList]),
      ([row]) => row.n === 100,
    );
    expect(done[0].n).toBe(100);
    const live = await sql<{ n: number }[]>(`select count(*)::int as n from news where id = any(?::int[])`, [idList]);
    expect(live[0].n).toBe(100);
    const history = await sql<{ record_id: number; n: number; username: string }[]>(
      `select record_id, count(*)::int as n, min(username) as username from content_history where collection = 'news' and action = 'publish' and record_id = any(?::int[]) group by record_id`,
      [idList],
    );
    expect(history).toHaveLength(100);
    expect(history.every((row) => row.n === 1 && row.username === 'scheduler')).toBe(true);
    const events = await sql<{ record_id: number; n: number }[]>(
      `select record_id, count(*)::int as n from webhook_deliveries where collection = 'news' and record_id = any(?::int[]) group by record_id`,
      [idList],
    );
    expect(events).toHaveLength(100);
    expect(events.every((row) => row.n === 1)).toBe(true);
    const page = await call('GET', `/api/news?limit=200`, undefined, '');
    expect((page.body as Json[]).filter((row) => ids.includes(row.id as number))).toHaveLength(100);
  });

  it('a scheduled publication is on the public API within 2 s of its time, without anyone acting', async () => {
    const id = await newsDraftId('Launch day');
    expect((await call('GET', `/api/news/${id}`, undefined, '')).status).toBe(404);
    const at = inSeconds(2);
    const scheduled = await call('POST', `/api/admin/news/${id}/schedule`, { action: 'publish', at });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body).toMatchObject({ kind: 'publish', collection: 'news', recordId: id, label: 'Launch day', state: 'pending', createdBy: 'admin', runAt: at });
    // The public list is in the read cache before; the publication must drop it (as any publication does).
    const listed = (reply: { body: unknown }) => (reply.body as Json[]).some((row) => row.id === id);
    expect(listed(await call('GET', '/api/news?limit=200', undefined, ''))).toBe(false);
    const cached = await call('GET', '/api/news?limit=200', undefined, '');
    expect(listed(cached)).toBe(false);
    const seen = await waitFor(() => call('GET', '/api/news?limit=200', undefined, ''), listed, 10_000);
    const seenAt = Date.now();
    expect(listed(seen)).toBe(true);
    expect(seenAt - new Date(at).getTime()).toBeLessThan(2000);
    expect((await call('GET', `/api/news/${id}`, undefined, '')).status).toBe(200);
    const [job] = await sql<{ state: string; late_ms: number | null }[]>(`select state, late_ms from scheduled_jobs where id = ?`, [scheduled.body.id]);
    expect(job).toEqual({ state: 'done', late_ms: null });
  });

  it('unpublishes at a time: the record goes off the site, its values kept as its draft', async () => {
    const record = (await call('POST', '/api/admin/news', news)).body as Json;
    const scheduled = await gql(
      `mutation($id: Int!, $at: DateTimeISO!) { schedulePublication(collection: "news", id: $id, action: "unpublish", at: $at) { id kind state } }`,
      { id: record.id, at: inSeconds(1) },
      session.cookie,
    );
    expect(scheduled.data?.schedulePublication).toMatchObject({ kind: 'unpublish', state: 'pending' });
    const gone = await waitFor(() => call('GET', `/api/news/${record.id}`, undefined, ''), (reply) => reply.status === 404, 10_000);
    expect(gone.status).toBe(404);
    expect((await call('GET', `/api/admin/news/${record.id}/draft`)).body).toMatchObject({ state: 'UNPUBLISHED', hasDraft: true });
  });

  it('a publication that cannot be made (an incomplete draft) is marked failed with the reason, listed, and not retried', async () => {
    const id = await newsDraftId('Half written', { title: 'Half written' });
    const scheduled = await call('POST', `/api/admin/news/${id}/schedule`, { action: 'publish', at: inSeconds(1) });
    const job = await waitFor(
      () => sql<{ state: string; error: string | null }[]>(`select state, error from scheduled_jobs where id = ?`, [scheduled.body.id]),
      ([row]) => row.state !== 'pending',
      10_000,
    );
    expect(job[0].state).toBe('failed');
    expect(job[0].error).toBeTruthy();
    expect((await call('GET', `/api/news/${id}`, undefined, '')).status).toBe(404);
    const listed = await call('GET', '/api/admin/scheduled');
    expect(listed.status).toBe(200);
    expect((listed.body as Json[]).find((row) => row.id === scheduled.body.id)).toMatchObject({ state: 'failed', error: job[0].error, label: 'Half written' });
    const history = await sql<{ n: number }[]>(`select count(*)::int as n from content_history where collection = 'news' and record_id = ? and action = 'publish'`, [id]);
    expect(history[0].n).toBe(0);
  });
});

describe('the schedule: change, cancel, refusals', () => {
  it('a second schedule of the same record and action moves the first; reschedule moves it again; both are in the activity log', async () => {
    const id = await newsDraftId('Moving target');
    const first = await call('POST', `/api/admin/news/${id}/schedule`, { action: 'publish', at: inSeconds(3600) });
    const again = await call('POST', `/api/admin/news/${id}/schedule`, { action: 'publish', at: inSeconds(7200) });
    expect(again.body.id).toBe(first.body.id);
    const later = inSeconds(9000);
    const moved = await gql(`mutation($id: ID!, $at: DateTimeISO!) { rescheduleJob(id: $id, at: $at) { id runAt state } }`, { id: first.body.id, at: later }, session.cookie);
    expect(moved.data?.rescheduleJob).toEqual({ id: first.body.id, runAt: later, state: 'pending' });
    const put = await call('PUT', `/api/admin/scheduled/${first.body.id}`, { at: inSeconds(10_000) });
    expect(put.status).toBe(200);
    const pending = await sql<{ n: number }[]>(`select count(*)::int as n from scheduled_jobs where record_id = ? and state = 'pending'`, [id]);
    expect(pending[0].n).toBe(1);
    const entries = await sql<{ kind: string; username: string; summary: string }[]>(`select kind, username, summary from activity_log where collection = 'news' and record_id = ? and kind like 'content.%schedule' order by id`, [id]);
    expect(entries.map((e) => e.kind)).toEqual(['content.schedule', 'content.schedule', 'content.schedule', 'content.schedule']);
    expect(entries[0].summary).toContain('“Moving target”');
    // In the firm's time zone (TIME_ZONE=Europe/Berlin here), named.
    expect(entries[0].summary).toMatch(/^Scheduled publication of News article “Moving target” for \d{1,2} \w{3} \d{4}, \d\d:\d\d Europe\/Berlin$/);
    expect(entries.every((e) => e.username === 'admin')).toBe(true);

    // Publication.scheduled lists it on the record, and scheduledJobs on the dashboard.
    const state = await gql(`{ publication(collection: "news", id: ${id}) { scheduled { id kind label } } }`, {}, session.cookie);
    expect(state.data?.publication).toEqual({ scheduled: [{ id: first.body.id, kind: 'publish', label: 'Moving target' }] });
    const board = await gql(`{ scheduledJobs(limit: 200) { id label state } }`, {}, contributor);
    expect(board.data?.scheduledJobs).toEqual(expect.arrayContaining([{ id: first.body.id, label: 'Moving target', state: 'pending' }]));
  });

  it('a cancelled job never runs; it cannot be changed or cancelled again', async () => {
    const id = await newsDraftId('Never mind');
    const job = (await call('POST', `/api/admin/news/${id}/schedule`, { action: 'publish', at: inSeconds(1) })).body as Json;
    const cancelled = await gql(`mutation($id: ID!) { cancelScheduledJob(id: $id) }`, { id: job.id }, editor);
    expect(cancelled.data?.cancelScheduledJob).toBe(true);
    await sleep(1500);
    expect((await call('GET', `/api/news/${id}`, undefined, '')).status).toBe(404);
    const [row] = await sql<{ state: string }[]>(`select state from scheduled_jobs where id = ?`, [job.id]);
    expect(row.state).toBe('cancelled');
    expect((await call('DELETE', `/api/admin/scheduled/${job.id}`)).status).toBe(404);
    expect((await call('PUT', `/api/admin/scheduled/${job.id}`, { at: inSeconds(60) })).status).toBe(404);
    const entries = await sql<{ username: string }[]>(`select username from activity_log where kind = 'content.unschedule' and record_id = ?`, [id]);
    expect(entries).toEqual([{ username: 'eddie' }]);

    // DELETE over REST cancels too.
    const other = (await call('POST', `/api/admin/news/${id}/schedule`, { action: 'publish', at: inSeconds(600) })).body as Json;
    expect((await call('DELETE', `/api/admin/scheduled/${other.id}`)).status).toBe(204);
  });

  it('refuses a time in the past, a malformed time, an unknown action, record or collection, and unpublishing a singleton', async () => {
    const id = await newsDraftId('Refusals');
    const past = await call('POST', `/api/admin/news/${id}/schedule`, { action: 'publish', at: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([{ field: 'at', message: 'Choose a time in the future' }]);
    const malformed = await call('POST', `/api/admin/news/${id}/schedule`, { action: 'publish', at: 'tomorrow at nine' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].field).toBe('at');
    const action = await call('POST', `/api/admin/news/${id}/schedule`, { action: 'delete', at: inSeconds(60) });
    expect(action.status).toBe(400);
    expect(action.body.errors).toEqual([{ field: 'action', message: 'Choose publish or unpublish' }]);
    expect((await call('POST', `/api/admin/news/999999/schedule`, { action: 'publish', at: inSeconds(60) })).status).toBe(404);
    const singleton = await call('POST', `/api/admin/landing-content/1/schedule`, { action: 'unpublish', at: inSeconds(60) });
    expect(singleton.status).toBe(400);

    const gqlPast = await gql(`mutation { schedulePublication(collection: "news", id: ${id}, action: "publish", at: "2020-01-01T00:00:00Z") { id } }`, {}, session.cookie);
    expect(gqlPast.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const gqlUnknown = await gql(`mutation { schedulePublication(collection: "no-such-thing", id: 1, action: "publish", at: "${inSeconds(60)}") { id } }`, {}, session.cookie);
    expect(gqlUnknown.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await call('PUT', `/api/admin/scheduled/not-a-job`, { at: inSeconds(60) })).status).toBe(404);
    expect((await call('DELETE', `/api/admin/scheduled/99999999`)).status).toBe(404);
    const none = await sql<{ n: number }[]>(`select count(*)::int as n from scheduled_jobs where record_id = ?`, [id]);
    expect(none[0].n).toBe(0);
  });

  it('refuses contributors (403) and anonymous callers (401) everything but reading; the firm\'s time zone is for signed-in staff', async () => {
    const id = await newsDraftId('Not yours');
    expect((await call('POST', `/api/admin/news/${id}/schedule`, { action: 'publish', at: inSeconds(60) }, contributor)).status).toBe(403);
    expect((await call('POST', `/api/admin/news/${id}/schedule`, { action: 'publish', at: inSeconds(60) }, '')).status).toBe(401);
    const job = (await call('POST', `/api/admin/news/${id}/schedule`, { action: 'publish', at: inSeconds(600) }, editor)).body as Json;
    expect(job.createdBy).toBe('eddie');
    expect((await call('PUT', `/api/admin/scheduled/${job.id}`, { at: inSeconds(60) }, contributor)).status).toBe(403);
    expect((await call('DELETE', `/api/admin/scheduled/${job.id}`, undefined, contributor)).status).toBe(403);
    expect((await call('GET', `/api/admin/scheduled`, undefined, contributor)).status).toBe(200);
    expect((await call('GET', `/api/admin/scheduled`, undefined, '')).status).toBe(401);
    const forbidden = await gql(`mutation($id: ID!) { cancelScheduledJob(id: $id) }`, { id: job.id }, contributor);
    expect(forbidden.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await sql<{ state: string }[]>(`select state from scheduled_jobs where id = ?`, [job.id]))[0].state).toBe('pending');

    expect((await gql(`{ siteTimeZone }`, {}, contributor)).data).toEqual({ siteTimeZone: 'Europe/Berlin' });
    expect((await gql(`{ siteTimeZone }`)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
