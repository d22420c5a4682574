import { beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { COMMAND_LINE, createUser } from '../../src/auth/accounts.service.js';
import { graphQLSchema } from '../../src/graphql/schema.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';
import { hour, insertEnquiries, type EnquiryRow } from './inbox-rows.js';

// The enquiry inbox over GraphQL: a page newest first (25 by default, at most 100), search,
// the status filter, the counts, one by id (reading marks nothing), handled and back, a soft
// delete and its undo, each change in the activity log; only for admins.

const session = signedInApp();
const sql = <T extends object = Record<string, unknown>[]>(query: string, params: unknown[] = []) =>
  session.app.orm.em.fork().getConnection().execute<T>(query, params);

const PASSWORD = 'inbox walking password';
const cookies = {} as { editor: string; contributor: string };

// 30 enquiries an hour apart: two handled, one deleted, a few with words of their own to find.
const ROWS: EnquiryRow[] = Array.from({ length: 30 }, (_, i) => ({ name: `Person ${i}`, email: `person${i}@example.com`, message: `Message number ${i} about lorem ipsum.`, createdAt: hour(i) }));
Object.assign(ROWS[3], { name: 'Ada Lovelace', organisation: 'Analytical Engines Ltd', message: 'We plan a 100% rollout_plan next year.', service: 'technology-ai' });
Object.assign(ROWS[5], { email: 'grace@navy.example', service: 'other' });
Object.assign(ROWS[10], { handledAt: hour(11), handledBy: 'someone' });
Object.assign(ROWS[12], { handledAt: hour(13), handledBy: 'someone', organisation: 'Analytical Engines Ltd' });
Object.assign(ROWS[20], { deletedAt: hour(21), name: 'Deleted Dora' });
let ids: number[] = [];
/** The ids of the rows at these indexes, newest first. */
const newestFirst = (...indexes: number[]) => indexes.sort((a, b) => b - a).map((i) => ids[i]);
const every = (except: number[] = []) => ROWS.map((_, i) => i).filter((i) => !except.includes(i));

beforeAll(async () => {
  ids = await insertEnquiries(session.app.orm, ROWS);
  for (const role of ['editor', 'contributor'] as const) {
    await createUser(session.app.orm.em.fork(), COMMAND_LINE, { username: `inbox-${role}`, password: PASSWORD, role });
    cookies[role] = await session.app.login(`inbox-${role}`, PASSWORD);
  }
});

type Gql = { data?: any; errors?: { message: string; extensions?: Record<string, any> }[] };
async function gql(query: string, variables: Record<string, unknown> = {}, cookie: string | null = session.cookie): Promise<Gql> {
  const response = await fetch(`${session.app.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as Gql;
}

const FIELDS = 'id createdAt name email organisation service serviceLabel message consentText handledAt handledBy';
const PAGE = `query($page: Int, $perPage: Int, $search: String, $status: EnquiryStatus) {
  enquiries(page: $page, perPage: $perPage, search: $search, status: $status) { total page perPage items { ${FIELDS} } }
}`;
const ONE = `query($id: Int!) { enquiry(id: $id) { ${FIELDS} } }`;
const COUNTS = '{ enquiryCounts { unread total } }';
const MARK = `mutation($id: Int!, $handled: Boolean!) { markEnquiryHandled(id: $id, handled: $handled) { ${FIELDS} } }`;
const DELETE = 'mutation($id: Int!) { deleteEnquiry(id: $id) }';
const RESTORE = `mutation($id: Int!) { restoreEnquiry(id: $id) { ${FIELDS} } }`;

async function page(variables: Record<string, unknown>): Promise<{ total: number; page: number; perPage: number; items: { id: number }[] }> {
  const result = await gql(PAGE, variables);
  expect(result.errors).toBeUndefined();
  return result.data.enquiries;
}
const idsOf = (list: { items: { id: number }[] }) => list.items.map((item) => item.id);
const counts = async () => (await gql(COUNTS)).data.enquiryCounts as { unread: number; total: number };

describe('the inbox list', () => {
  it('lists the enquiries newest first, 25 a page by default, with the total, deleted ones left out', async () => {
    const first = await page({});
    expect([first.total, first.page, first.perPage]).toEqual([29, 1, 25]);
    const second = await page({ page: 2 });
    expect([...idsOf(first), ...idsOf(second)]).toEqual(newestFirst(...every([20])));
    expect(idsOf(second)).toHaveLength(4);
    expect(idsOf(await page({ page: 3 }))).toEqual([]);
    expect(idsOf(await page({ page: 3, perPage: 10 }))).toEqual(newestFirst(...every([20])).slice(20, 29));
    expect((await page({ perPage: 100 })).items).toHaveLength(29);
  });

  it('answers every field of an enquiry, the service by its label too, and never the client hash', async () => {
    const { items } = (await page({ search: 'Ada Lovelace' })) as unknown as { items: Record<string, unknown>[] };
    expect(items).toEqual([
      {
        id: ids[3],
        createdAt: hour(3),
        name: 'Ada Lovelace',
        email: 'person3@example.com',
        organisation: 'Analytical Engines Ltd',
        service: 'technology-ai',
        serviceLabel: 'Technology & AI Solutions',
        message: 'We plan a 100% rollout_plan next year.',
        consentText: 'We use your details only to answer your message.',
        handledAt: null,
        handledBy: null,
      },
    ]);
    expect((await page({ search: 'grace@navy' })).items).toMatchObject([{ service: 'other', serviceLabel: 'Something else' }]);
    const schema = await graphQLSchema();
    const fields = Object.keys((schema.getType('Enquiry') as unknown as { getFields(): object }).getFields());
    expect(fields.sort()).toEqual(FIELDS.split(' ').sort());
    expect(JSON.stringify(await page({ perPage: 100 }))).not.toContain('client-hash');
  });

  it('searches name, email, organisation and message, ignoring case, the term taken literally', async () => {
    expect(idsOf(await page({ search: 'ada lovelace' }))).toEqual([ids[3]]);
    expect(idsOf(await page({ search: 'NAVY.EXAMPLE' }))).toEqual([ids[5]]);
    expect(idsOf(await page({ search: 'analytical engines' }))).toEqual(newestFirst(3, 12));
    expect(idsOf(await page({ search: 'number 17 about' }))).toEqual([ids[17]]);
    // % and _ are the text's own characters, not wildcards.
    expect(idsOf(await page({ search: '100%' }))).toEqual([ids[3]]);
    expect(idsOf(await page({ search: 't_p' }))).toEqual([ids[3]]);
    expect(idsOf(await page({ search: 'r%n' }))).toEqual([]);
    // Terms without trigrams (one or two characters) through the grams.
    expect(idsOf(await page({ search: '%' }))).toEqual([ids[3]]);
    expect(idsOf(await page({ search: '29' }))).toEqual([ids[29]]);
    // A deleted one is never found; white space around the term is ignored; an empty term is no search.
    expect(idsOf(await page({ search: 'Dora' }))).toEqual([]);
    expect(idsOf(await page({ search: '  Person 28 ' }))).toEqual([ids[28]]);
    expect((await page({ search: '   ' })).total).toBe(29);
    const searched = await page({ search: 'lorem', perPage: 5, page: 2 });
    expect([searched.total, idsOf(searched)]).toEqual([28, newestFirst(...every([3, 20])).slice(5, 10)]);
  });

  it('filters by status: unread (not handled) and handled, with search too', async () => {
    const unread = await page({ status: 'UNREAD', perPage: 100 });
    expect([unread.total, idsOf(unread)]).toEqual([27, newestFirst(...every([10, 12, 20]))]);
    const handled = await page({ status: 'HANDLED' });
    expect([handled.total, idsOf(handled)]).toEqual([2, newestFirst(10, 12)]);
    expect(idsOf(await page({ status: 'ALL', search: 'analytical' }))).toEqual(newestFirst(3, 12));
    expect(idsOf(await page({ status: 'HANDLED', search: 'analytical' }))).toEqual([ids[12]]);
    expect(idsOf(await page({ status: 'UNREAD', search: 'analytical' }))).toEqual([ids[3]]);
    expect(await counts()).toEqual({ unread: 27, total: 29 });
  });

  it('refuses bad paging and searches with a message per argument (BAD_USER_INPUT)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ perPage: 0 }, 'perPage'],
      [{ perPage: 101 }, 'perPage'],
      [{ page: 0 }, 'page'],
      [{ page: -3 }, 'page'],
      [{ page: 2_000_000_000, perPage: 100 }, 'page'],
      [{ search: 'x'.repeat(101) }, 'search'],
      [{ search: 'a\u0000b' }, 'search'],
      [{ search: 'a\u202Eb' }, 'search'],
    ];
    for (const [variables, field] of cases) {
      const result = await gql(PAGE, variables);
      expect([variables, result.errors?.[0]?.extensions?.code]).toEqual([variables, 'BAD_USER_INPUT']);
      expect(result.errors?.[0]?.extensions?.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
    expect((await gql(PAGE, { status: 'SPAM' })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('reading, handling, deleting and undoing', () => {
  const activity = () => sql<{ kind: string; username: string; summary: string; details: { enquiryId: number } }[]>(`select kind, username, summary, details from activity_log where kind like 'enquiry.%' order by id`);

  it('reads one enquiry without marking it handled', async () => {
    const read = await gql(ONE, { id: ids[7] });
    expect(read.data.enquiry).toMatchObject({ id: ids[7], name: 'Person 7', handledAt: null, handledBy: null });
    expect(await counts()).toEqual({ unread: 27, total: 29 });
    expect((await gql(ONE, { id: 999_999 })).data.enquiry).toBeNull();
    expect((await gql(ONE, { id: -1 })).data.enquiry).toBeNull();
    expect((await gql(ONE, { id: ids[20] })).data.enquiry).toBeNull();
  });

  it('marks handled (now, by the admin) and back to unread, each change once in the activity log', async () => {
    const before = Date.now();
    const marked = (await gql(MARK, { id: ids[7], handled: true })).data.markEnquiryHandled;
    expect(marked).toMatchObject({ id: ids[7], handledBy: 'admin' });
    expect(new Date(marked.handledAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await counts()).toEqual({ unread: 26, total: 29 });
    expect(idsOf(await page({ status: 'HANDLED' }))).toEqual(newestFirst(7, 10, 12));
    // Again: nothing changes (the first handling's time and person stay), no second entry.
    expect((await gql(MARK, { id: ids[7], handled: true })).data.markEnquiryHandled).toEqual(marked);
    const unmarked = (await gql(MARK, { id: ids[7], handled: false })).data.markEnquiryHandled;
    expect(unmarked).toMatchObject({ id: ids[7], handledAt: null, handledBy: null });
    expect((await gql(MARK, { id: ids[7], handled: false })).data.markEnquiryHandled).toEqual(unmarked);
    expect(await counts()).toEqual({ unread: 27, total: 29 });
    expect(await activity()).toEqual([
      { kind: 'enquiry.handle', username: 'admin', summary: `Marked enquiry #${ids[7]} handled`, details: { enquiryId: ids[7] } },
      { kind: 'enquiry.unhandle', username: 'admin', summary: `Marked enquiry #${ids[7]} not handled`, details: { enquiryId: ids[7] } },
    ]);
    // The sender's words stay out of the log.
    expect(JSON.stringify(await activity())).not.toContain('Person 7');
    expect((await gql(MARK, { id: 999_999, handled: true })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('deletes softly and restores (the undo): gone from the list, the counts and the export, then back as it was', async () => {
    const id = ids[12];
    const original = (await gql(ONE, { id })).data.enquiry;
    expect((await gql(DELETE, { id })).data.deleteEnquiry).toBe(true);
    expect(idsOf(await page({ perPage: 100 }))).not.toContain(id);
    expect(idsOf(await page({ status: 'HANDLED' }))).toEqual([ids[10]]);
    expect(await counts()).toEqual({ unread: 27, total: 28 });
    expect((await gql(ONE, { id })).data.enquiry).toBeNull();
    const [row] = await sql<{ deleted_at: Date | null }[]>(`select deleted_at from enquiries where id = ?`, [id]);
    expect(row.deleted_at).not.toBeNull();
    const csv = await request(session.app.baseUrl, 'GET', '/api/enquiries.csv', { cookie: session.cookie });
    expect(csv.body).not.toContain('Person 12');
    // Deleted already, or marked while deleted: not found.
    expect((await gql(DELETE, { id })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await gql(MARK, { id, handled: false })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    expect((await gql(RESTORE, { id })).data.restoreEnquiry).toEqual(original);
    expect(await counts()).toEqual({ unread: 27, total: 29 });
    expect(idsOf(await page({ status: 'HANDLED' }))).toEqual(newestFirst(10, 12));
    // Restoring one not deleted answers it as it is; an unknown id is not found.
    expect((await gql(RESTORE, { id })).data.restoreEnquiry).toEqual(original);
    expect((await gql(RESTORE, { id: 999_999 })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await gql(DELETE, { id: 999_999 })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await activity()).slice(-2)).toEqual([
      { kind: 'enquiry.delete', username: 'admin', summary: `Deleted enquiry #${id}`, details: { enquiryId: id } },
      { kind: 'enquiry.restore', username: 'admin', summary: `Restored enquiry #${id}`, details: { enquiryId: id } },
    ]);
  });

  it('lists the enquiry entries in the activity log under their own group', async () => {
    const reply = await request(session.app.baseUrl, 'GET', '/api/admin/activity?kind=enquiry.', { cookie: session.cookie });
    expect(reply.status).toBe(200);
    expect(reply.body.items.map((e: { kind: string }) => e.kind)).toEqual(['enquiry.restore', 'enquiry.delete', 'enquiry.unhandle', 'enquiry.handle']);
  });
});

describe('who may use the inbox', () => {
  const operations: [string, string, Record<string, unknown>][] = [
    ['enquiries', PAGE, {}],
    ['enquiry', ONE, { id: 1 }],
    ['enquiryCounts', COUNTS, {}],
    ['markEnquiryHandled', MARK, { id: 1, handled: true }],
    ['deleteEnquiry', DELETE, { id: 1 }],
    ['restoreEnquiry', RESTORE, { id: 1 }],
  ];

  it('refuses every inbox operation to an anonymous caller (UNAUTHENTICATED), an editor and a contributor (FORBIDDEN)', async () => {
    for (const [name, query, variables] of operations) {
      expect([name, (await gql(query, variables, null)).errors?.[0]?.extensions?.code]).toEqual([name, 'UNAUTHENTICATED']);
      for (const role of ['editor', 'contributor'] as const) {
        const result = await gql(query, variables, cookies[role]);
        expect([name, role, result.errors?.[0]?.extensions?.code, result.data?.[name] ?? null]).toEqual([name, role, 'FORBIDDEN', null]);
      }
    }
    // Nothing changed by the refused calls.
    expect((await gql(ONE, { id: 1 })).data.enquiry).toMatchObject({ handledAt: null });
  });

  it('refuses the CSV export to an anonymous caller (401), an editor and a contributor (403), before any file', async () => {
    const anonymous = await request(session.app.baseUrl, 'GET', '/api/enquiries.csv');
    expect([anonymous.status, anonymous.body.message]).toEqual([401, 'Unauthorized']);
    for (const [role, label] of [['editor', 'Editor'], ['contributor', 'Contributor']] as const) {
      const refused = await request(session.app.baseUrl, 'GET', '/api/enquiries.csv', { cookie: cookies[role] });
      expect([refused.status, refused.body.message]).toEqual([403, `Your role (${label}) cannot do this`]);
      expect(refused.headers.get('content-disposition')).toBeNull();
    }
  });

  it('grants the enquiries permission to admins only (an editor keeps exactly drafts and publishing)', async () => {
    const me = async (cookie: string) => (await gql('{ me { permissions } }', {}, cookie)).data.me.permissions as string[];
    expect(await me(session.cookie)).toContain('enquiries');
    expect(await me(cookies.editor)).toEqual(['content.draft', 'content.publish']);
    expect(await me(cookies.contributor)).toEqual(['content.draft']);
  });
});

describe('hostile inbox arguments (fast-check, seeded)', () => {
  const SEED = Number(process.env.FUZZ_SEED ?? 20261206);
  // Terms with LIKE's own characters, quotes, controls, bidi marks and astral letters; pages and
  // sizes anywhere in the integers GraphQL carries; statuses in any case.
  const term = fc.oneof(
    fc.string({ maxLength: 120, unit: fc.constantFrom('a', 'A', 'e', '1', '%', '_', '\\', "'", '"', ' ', '@', '.', '\u0000', '\u202E', '\u0007', '😀', 'ß', 'É') }),
    fc.string({ maxLength: 40 }),
  );
  const int = fc.oneof(fc.integer({ min: -2, max: 102 }), fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }));

  it('answers every search, page and size with matching enquiries or field messages, never an error of its own', async () => {
    await fc.assert(
      fc.asyncProperty(fc.record({ search: term, page: int, perPage: int }, { requiredKeys: [] }), async (variables) => {
        const result = await gql(`query($page: Int, $perPage: Int, $search: String) { enquiries(page: $page, perPage: $perPage, search: $search) { total items { name email organisation message } } }`, variables);
        if (result.errors) {
          expect(result.errors.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
          expect(result.errors[0].extensions?.errors.length).toBeGreaterThan(0);
          return;
        }
        const { total, items } = result.data.enquiries as { total: number; items: Record<string, string | null>[] };
        expect(items.length).toBeLessThanOrEqual(Math.min(total, 100));
        const wanted = variables.search?.trim().toLowerCase();
        // ASCII terms: each enquiry found holds the term (PostgreSQL and JavaScript agree on ASCII case).
        if (wanted && /^[\x20-\x7e]+$/.test(wanted)) {
          for (const item of items) expect(`${item.name} ${item.email} ${item.organisation ?? ''} ${item.message}`.toLowerCase()).toContain(wanted);
        }
      }),
      { seed: SEED, numRuns: 120 },
    );
  }, 120_000);

  it('answers every CSV filter with a file or 400, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.record({ search: term, status: fc.oneof(fc.constantFrom('all', 'UNREAD', 'Handled', ''), fc.string({ maxLength: 10 })) }, { requiredKeys: [] }), async (query) => {
        const reply = await request(session.app.baseUrl, 'GET', `/api/enquiries.csv?${new URLSearchParams(query)}`, { cookie: session.cookie });
        expect([200, 400]).toContain(reply.status);
        if (reply.status === 400) expect(reply.body.errors.length).toBeGreaterThan(0);
      }),
      { seed: SEED, numRuns: 60 },
    );
  }, 120_000);
});
