import { beforeAll, describe, expect, it } from '@jest/globals';
import { activityExport, EXPORT_BATCH } from '../../src/activity/activity.service.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// Reading the activity log: GraphQL `activity`, REST GET /api/admin/activity and its CSV export,
// with the same filters (person, kind or group, time range), paging and the `activity` permission.

const session = signedInApp();
const base = () => session.app.baseUrl;
const sql = <T extends object = Record<string, unknown>[]>(query: string, params: unknown[] = []) =>
  session.app.orm.em.fork().getConnection().execute<T>(query, params);

const EDITOR = { username: 'eddie-editor', password: 'editor password 1' };
let editorCookie = '';

// Entries of 2020 (far from those the tests' own sign-ins write), one an hour from 09:00 UTC on 1 March.
const SEEDED: { username: string | null; kind: string; summary: string; collection?: string; recordId?: number; details?: object }[] = [
  { username: 'alice', kind: 'sign-in', summary: 'Signed in' },
  { username: 'alice', kind: 'content.create', summary: 'Created News article “One”', collection: 'news', recordId: 1 },
  { username: 'bob', kind: 'content.update', summary: 'Updated News article “One”', collection: 'news', recordId: 1, details: { changed: ['title'] } },
  { username: 'bob', kind: 'content.publish', summary: 'Published News article “One”', collection: 'news', recordId: 1 },
  { username: '=cmd|/C calc!A0', kind: 'sign-in-failed', summary: 'Failed sign-in as “=cmd|/C calc!A0”' },
  { username: 'alice', kind: 'account.create', summary: '+Created account "carol"' },
  { username: 'scheduler', kind: 'content.unpublish', summary: '-Unpublished News article “One”', collection: 'news', recordId: 1 },
  { username: 'bob', kind: 'webhook.create', summary: '@Added a webhook' },
];
const hour = (i: number) => new Date(Date.UTC(2020, 2, 1, 9 + i)).toISOString();
const IN_2020 = { from: '2020-01-01T00:00:00Z', to: '2021-01-01T00:00:00Z' };

beforeAll(async () => {
  for (const [i, entry] of SEEDED.entries()) {
    await sql(`insert into activity_log (at, username, kind, summary, collection, record_id, details) values (?, ?, ?, ?, ?, ?, ?)`, [
      hour(i),
      entry.username,
      entry.kind,
      entry.summary,
      entry.collection ?? null,
      entry.recordId ?? null,
      entry.details ? JSON.stringify(entry.details) : null,
    ]);
  }
  await sql(`insert into users (username, password_hash, role) values (?, ?, 'editor')`, [EDITOR.username, await hashPassword(EDITOR.password)]);
  editorCookie = await session.app.login(EDITOR.username, EDITOR.password);
});

const list = (query: Record<string, string | number>, cookie: string | null = session.cookie) =>
  request(base(), 'GET', `/api/admin/activity?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`, { cookie: cookie ?? undefined });
const summaries = (body: { items: { summary: string }[] }) => body.items.map((e) => e.summary);
/** The seeded summaries at these indexes, newest first. */
const seeded = (...indexes: number[]) => indexes.sort((a, b) => b - a).map((i) => SEEDED[i].summary);

async function gql(query: string, variables: Record<string, unknown> = {}, cookie: string | null = session.cookie) {
  const response = await fetch(`${base()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

describe('GET /api/admin/activity', () => {
  it('lists the entries newest first with the total, every field', async () => {
    const reply = await list(IN_2020);
    expect(reply.status).toBe(200);
    expect(reply.body.total).toBe(SEEDED.length);
    expect(summaries(reply.body)).toEqual(seeded(0, 1, 2, 3, 4, 5, 6, 7));
    const update = reply.body.items.find((e: { kind: string }) => e.kind === 'content.update');
    expect(update).toEqual({
      id: expect.stringMatching(/^\d+$/),
      at: hour(2),
      username: 'bob',
      kind: 'content.update',
      collection: 'news',
      recordId: 1,
      summary: 'Updated News article “One”',
      details: { changed: ['title'] },
    });
  });

  it('filters by person, by kind, by a group of kinds, by several, and by time', async () => {
    expect(summaries((await list({ ...IN_2020, username: 'alice' })).body)).toEqual(seeded(0, 1, 5));
    expect(summaries((await list({ ...IN_2020, kind: 'content.update' })).body)).toEqual(seeded(2));
    expect(summaries((await list({ ...IN_2020, kind: 'content.' })).body)).toEqual(seeded(1, 2, 3, 6));
    expect(summaries((await list({ ...IN_2020, kind: 'sign-' })).body)).toEqual(seeded(0, 4));
    expect(summaries((await list({ ...IN_2020, kind: 'account.,webhook.' })).body)).toEqual(seeded(5, 7));
    expect(summaries((await list({ ...IN_2020, username: 'bob', kind: 'content.' })).body)).toEqual(seeded(2, 3));
    // from inclusive, to exclusive.
    const range = await list({ from: hour(2), to: hour(5) });
    expect(summaries(range.body)).toEqual(seeded(2, 3, 4));
    expect(range.body.total).toBe(3);
  });

  it('pages with limit and offset, the total unchanged', async () => {
    const first = await list({ ...IN_2020, limit: 3 });
    const second = await list({ ...IN_2020, limit: 3, offset: 3 });
    const last = await list({ ...IN_2020, limit: 3, offset: 6 });
    expect([first, second, last].map((r) => r.body.total)).toEqual([8, 8, 8]);
    expect([...summaries(first.body), ...summaries(second.body), ...summaries(last.body)]).toEqual(seeded(0, 1, 2, 3, 4, 5, 6, 7));
    expect(summaries(last.body)).toHaveLength(2);
  });

  it('orders entries of one moment (one transaction) by id, newest first, across pages', async () => {
    // Ids that cross a power of ten (99991 to 100015): compared as text, 100000 would sort before 99999.
    await sql(`insert into activity_log (id, at, username, kind, summary) select 99990 + i, timestamptz '2019-05-01T10:00:00Z', 'tie', 'content.update', 'tie ' || i from generate_series(1, 25) as i`);
    const pages = [await list({ username: 'tie', limit: 10 }), await list({ username: 'tie', limit: 10, offset: 10 }), await list({ username: 'tie', limit: 10, offset: 20 })];
    const ids = pages.flatMap((page) => page.body.items.map((e: { id: string }) => Number(e.id)));
    expect(ids).toHaveLength(25);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(pages[0].body.items[0].summary).toBe('tie 25');
  });

  it('refuses bad filters and pages with a message per field (400), never a 500', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ limit: 0 }, 'limit'],
      [{ limit: 201 }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ offset: -1 }, 'offset'],
      [{ kind: 'content' }, 'kind'],
      [{ kind: 'nonsense.' }, 'kind'],
      [{ kind: "sign-in' or 1=1 --" }, 'kind'],
      [{ from: 'yesterday' }, 'from'],
      [{ to: '2020-02-30T25:00:00Z' }, 'to'],
      [{ from: hour(3), to: hour(1) }, 'to'],
      [{ username: 'x'.repeat(201) }, 'username'],
    ];
    for (const [query, field] of cases) {
      const reply = await list(query);
      expect([query, reply.status]).toEqual([query, 400]);
      expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const twice = await request(base(), 'GET', '/api/admin/activity?username=a&username=b', { cookie: session.cookie });
    expect(twice.status).toBe(400);
  });

  it('is refused to an anonymous caller (401) and to a role without the activity permission (403)', async () => {
    expect((await list(IN_2020, null)).status).toBe(401);
    expect((await list(IN_2020, editorCookie)).status).toBe(403);
    expect((await request(base(), 'GET', '/api/admin/activity.csv')).status).toBe(401);
    const refused = await request(base(), 'GET', '/api/admin/activity.csv', { cookie: editorCookie });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-disposition')).toBeNull();
  });
});

describe('GraphQL activity', () => {
  const QUERY = `query($username: String, $kind: String, $from: DateTimeISO, $to: DateTimeISO, $limit: Int, $offset: Int) {
    activity(username: $username, kind: $kind, from: $from, to: $to, limit: $limit, offset: $offset) {
      total items { id at username kind collection recordId summary details }
    }
  }`;

  it('answers as REST does: filters, paging, details as JSON', async () => {
    const result = await gql(QUERY, { ...IN_2020, kind: 'content.', limit: 2, offset: 1 });
    expect(result.errors).toBeUndefined();
    expect(result.data.activity.total).toBe(4);
    expect(result.data.activity.items.map((e: { summary: string }) => e.summary)).toEqual(seeded(2, 3));
    expect(result.data.activity.items[1]).toMatchObject({ kind: 'content.update', at: hour(2), recordId: 1, details: { changed: ['title'] } });
    const rest = await list({ ...IN_2020, kind: 'content.', limit: 2, offset: 1 });
    expect(result.data.activity.items).toEqual(rest.body.items);
  });

  it('refuses bad arguments (BAD_USER_INPUT), an anonymous caller and an editor', async () => {
    const bad = await gql(QUERY, { limit: 500 });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect((await gql(QUERY, {}, null)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await gql(QUERY, {}, editorCookie)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('GET /api/admin/activity.csv', () => {
  const csv = (query: Record<string, string>) =>
    fetch(`${base()}/api/admin/activity.csv?${new URLSearchParams(query)}`, { headers: { cookie: session.cookie } });

  it('downloads the filtered entries as CSV, newest first, as an attachment named by the day', async () => {
    const response = await csv({ ...IN_2020, username: 'bob' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="activity-${day}.csv"`);
    expect(response.headers.get('x-total-count')).toBe('3');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A UTF-8 byte order mark first (spreadsheets then read the quotes and names right); decoding drops it.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).split('\r\n')).toEqual([
      '"at","username","kind","summary","collection","recordId","details"',
      `"${hour(7)}","bob","webhook.create","'@Added a webhook","","",""`,
      `"${hour(3)}","bob","content.publish","Published News article “One”","news","1",""`,
      `"${hour(2)}","bob","content.update","Updated News article “One”","news","1","{""changed"":[""title""]}"`,
      '',
    ]);
  });

  it('neutralises cells a spreadsheet would read as a formula (= + - @), and doubles quotes', async () => {
    const text = await (await csv(IN_2020)).text();
    const lines = text.split('\r\n');
    expect(lines).toContain(`"${hour(4)}","'=cmd|/C calc!A0","sign-in-failed","Failed sign-in as “=cmd|/C calc!A0”","","",""`);
    expect(lines).toContain(`"${hour(5)}","alice","account.create","'+Created account ""carol""","","",""`);
    expect(lines).toContain(`"${hour(6)}","scheduler","content.unpublish","'-Unpublished News article “One”","news","1",""`);
    // No cell starts with a formula character once the quote is opened.
    for (const line of lines.slice(1, -1)) expect(line).not.toMatch(/(^|,)"[=+\-@]/);
  });

  it('refuses a bad filter before the file begins (400 JSON)', async () => {
    const response = await csv({ kind: 'everything' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(((await response.json()) as { errors: { field: string }[] }).errors[0].field).toBe('kind');
  });

  it('exports more entries than one batch, each once, newest first; at most the cap', async () => {
    const count = EXPORT_BATCH * 2 + 500;
    // Many share a moment (ties broken by id): the batches' keyset must neither skip nor repeat them.
    await sql(
      `insert into activity_log (at, username, kind, summary)
       select timestamptz '2021-06-01T00:00:00Z' + make_interval(mins => i / 7), 'bulk', 'sign-in', 'entry ' || i from generate_series(1, ?) as i`,
      [count],
    );
    const query = { from: '2021-01-01T00:00:00Z', to: '2022-01-01T00:00:00Z' };
    const response = await csv(query);
    expect(response.headers.get('x-total-count')).toBe(String(count));
    const lines = (await response.text()).split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(count);
    const numbers = lines.map((line) => Number(/"entry (\d+)"/.exec(line)![1]));
    expect(new Set(numbers).size).toBe(count);
    // Newest first: later minutes first (the entry numbers within one minute by id, descending).
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

    const [{ id: adminId }] = await sql<{ id: string }[]>(`select id from users where username = 'admin'`);
    const capped = await activityExport(session.app.orm.em.fork(), { userId: adminId }, query, 1500);
    let exported = 0;
    for await (const batch of capped.entries) exported += batch.length;
    expect(capped.total).toBe(count);
    expect(exported).toBe(1500);
  });
});
