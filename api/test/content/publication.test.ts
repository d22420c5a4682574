import { describe, expect, it } from '@jest/globals';
import { User } from '../../src/auth/user.entity.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { collections } from '../../src/content/registry.js';
import { changedField, validInput } from '../helpers/fixtures/content.js';
import { graphqlClient, type Json } from '../helpers/graphql.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// Drafts beside the published records, over REST and GraphQL: the public reads only ever see
// what is published; Save (the spec's PUT) still publishes at once and ends a draft.

const session = signedInApp();
const { gql } = graphqlClient(session);
const call = (method: string, path: string, json?: unknown, cookie = session.cookie, headers?: Record<string, string>) =>
  request(session.app.baseUrl, method, path, { json, cookie, headers });

const revision = async () => Number((await session.app.orm.em.fork().getConnection().execute<{ revision: string }[]>('select revision from content_revision where id = 1'))[0]!.revision);

async function accountWithRole(username: string, role: 'editor' | 'contributor'): Promise<string> {
  const em = session.app.orm.em.fork();
  const password = 'a long enough password';
  em.create(User, { username, passwordHash: await hashPassword(password), role } as never);
  await em.flush();
  return session.app.login(username, password);
}

describe.each(collections.map((c) => c.path))('drafts of %s over REST', (path) => {
  const input = validInput[path];
  const [field, changed] = changedField[path];

  it('a new draft stays off the site until published, then is there with its id; unpublish takes it off and publish brings it back in place', async () => {
    const partial = { [field]: 'Draft in progress' };
    const created = await call('POST', `/api/admin/${path}/drafts`, partial);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ collection: path, state: 'DRAFT', live: false, hasDraft: true, draftVersion: 1 });
    const id = created.body.recordId as number;
    expect((await call('GET', `/api/${path}/${id}`, undefined, '')).status).toBe(404);
    expect(((await call('GET', `/api/${path}`, undefined, '')).body as Json[]).some((row) => row.id === id)).toBe(false);
    const listed = await call('GET', `/api/admin/${path}/drafts`);
    expect(listed.body.items.map((item: Json) => item.recordId)).toContain(id);

    // Incomplete: publishing names what is missing and changes nothing.
    const refused = await call('POST', `/api/admin/${path}/${id}/publish`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.length).toBeGreaterThan(0);
    expect((await call('GET', `/api/${path}/${id}`, undefined, '')).status).toBe(404);

    const saved = await call('PUT', `/api/admin/${path}/${id}/draft`, input, session.cookie, { 'If-Match': '"1"' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ draftVersion: 2, state: 'DRAFT' });
    const published = await call('POST', `/api/admin/${path}/${id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ state: 'PUBLISHED', live: true, hasDraft: false });
    const live = await call('GET', `/api/${path}/${id}`, undefined, '');
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ ...input, id });

    const unpublished = await call('POST', `/api/admin/${path}/${id}/unpublish`);
    expect(unpublished.body).toMatchObject({ state: 'UNPUBLISHED', live: false, hasDraft: true });
    expect((await call('GET', `/api/${path}/${id}`, undefined, '')).status).toBe(404);
    await call('POST', `/api/admin/${path}/${id}/publish`);
    const back = await call('GET', `/api/${path}/${id}`, undefined, '');
    expect(back.body).toMatchObject({ ...input, id, displayOrder: live.body.displayOrder });
    if ('createdAt' in live.body) expect(back.body.createdAt).toBe(live.body.createdAt);
  });

  it('a draft of a published record changes nothing public (nor the cache revision) until published; discard returns to the published state', async () => {
    const record = (await call('POST', `/api/admin/${path}`, input)).body;
    const before = await revision();
    const draft = await call('PUT', `/api/admin/${path}/${record.id}/draft`, { ...input, [field]: changed });
    expect(draft.body).toMatchObject({ state: 'CHANGED', live: true, values: expect.objectContaining({ [field]: changed }) });
    expect(await revision()).toBe(before);
    expect((await call('GET', `/api/${path}/${record.id}`, undefined, '')).body).toEqual(record);

    expect((await call('DELETE', `/api/admin/${path}/${record.id}/draft`)).status).toBe(204);
    expect((await call('GET', `/api/admin/${path}/${record.id}/draft`)).body).toMatchObject({ state: 'PUBLISHED', hasDraft: false });

    await call('PUT', `/api/admin/${path}/${record.id}/draft`, { ...input, [field]: changed });
    await call('POST', `/api/admin/${path}/${record.id}/publish`);
    expect((await call('GET', `/api/${path}/${record.id}`, undefined, '')).body).toMatchObject({ [field]: changed, version: record.version + 1 });
    expect(await revision()).toBeGreaterThan(before);
  });
});

describe('draft rules', () => {
  const path = 'news';
  const input = validInput[path];

  it('a draft may be incomplete but never malformed', async () => {
    const malformed = await call('POST', `/api/admin/${path}/drafts`, { title: 'x'.repeat(10_000) });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].field).toBe('title');
    expect((await call('POST', `/api/admin/${path}/drafts`, [])).status).toBe(400);
  });

  it('refuses a draft save naming an older draft version (412), saying who saved it', async () => {
    const record = (await call('POST', `/api/admin/${path}`, input)).body;
    await call('PUT', `/api/admin/${path}/${record.id}/draft`, input);
    await call('PUT', `/api/admin/${path}/${record.id}/draft`, input);
    const stale = await call('PUT', `/api/admin/${path}/${record.id}/draft`, input, session.cookie, { 'If-Match': '"1"' });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ currentVersion: 2, changedBy: 'admin' });
  });

  it("Save (the spec's PUT) publishes at once and ends the record's draft; a delete ends it too", async () => {
    const record = (await call('POST', `/api/admin/${path}`, input)).body;
    await call('PUT', `/api/admin/${path}/${record.id}/draft`, { ...input, title: 'Pending' });
    const saved = await call('PUT', `/api/admin/${path}/${record.id}`, { ...input, title: 'Saved' });
    expect(saved.status).toBe(200);
    expect((await call('GET', `/api/admin/${path}/${record.id}/draft`)).body).toMatchObject({ state: 'PUBLISHED', hasDraft: false });
    await call('PUT', `/api/admin/${path}/${record.id}/draft`, { ...input, title: 'Pending again' });
    await call('DELETE', `/api/admin/${path}/${record.id}`);
    expect((await call('GET', `/api/admin/${path}/${record.id}/draft`)).status).toBe(404);
  });

  it('history records draft saves, publications and unpublications', async () => {
    const created = (await call('POST', `/api/admin/${path}/drafts`, input)).body;
    await call('POST', `/api/admin/${path}/${created.recordId}/publish`);
    await call('POST', `/api/admin/${path}/${created.recordId}/unpublish`);
    const history = await call('GET', `/api/admin/${path}/${created.recordId}/history`);
    expect(history.body.map((entry: Json) => entry.action)).toEqual(['unpublish', 'publish', 'draft']);
  });

  it('unknown records and ids are 404, never 500', async () => {
    expect((await call('PUT', `/api/admin/${path}/999999/draft`, input)).status).toBe(404);
    expect((await call('POST', `/api/admin/${path}/999999/publish`)).status).toBe(404);
    expect((await call('DELETE', `/api/admin/${path}/999999/draft`)).status).toBe(404);
    expect((await call('POST', `/api/admin/${path}/abc/unpublish`)).status).toBe(404);
    expect((await call('GET', `/api/admin/${path}/drafts?limit=0`)).status).toBe(400);
  });
});

describe('drafts over GraphQL', () => {
  it('creates, saves, submits, publishes and discards through the typed and shared mutations; public queries never see drafts', async () => {
    const input = { ...validInput.news };
    const created = await gql('mutation($input: NewsDraftInput!) { createNewsDraft(input: $input) { recordId state label } }', { input: { title: 'Only a title' } }, session.cookie);
    expect(created.errors).toBeUndefined();
    const { recordId: id } = (created.data!.createNewsDraft as Json) as { recordId: number };
    expect(created.data!.createNewsDraft).toMatchObject({ state: 'DRAFT', label: 'Only a title' });

    const publicList = await gql('{ news { id } }');
    expect((publicList.data!.news as Json[]).map((row) => row.id)).not.toContain(id);
    expect((await gql('query($id: Int!) { newsItem(id: $id) { id } }', { id })).data).toEqual({ newsItem: null });

    const saved = await gql('mutation($id: Int!, $input: NewsDraftInput!) { saveNewsDraft(id: $id, input: $input, expectedDraftVersion: 1) { draftVersion values } }', { id, input }, session.cookie);
    expect(saved.data!.saveNewsDraft).toMatchObject({ draftVersion: 2, values: expect.objectContaining({ title: input.title }) });
    const submitted = await gql('mutation($id: Int!) { submitForReview(collection: "news", id: $id) { submittedBy } }', { id }, session.cookie);
    expect(submitted.data!.submitForReview).toEqual({ submittedBy: 'admin' });
    const queue = await gql('{ reviewQueue { recordId collection } }', {}, session.cookie);
    expect(queue.data!.reviewQueue).toContainEqual({ recordId: id, collection: 'news' });

    const published = await gql('mutation($id: Int!) { publish(collection: "news", id: $id) { state } }', { id }, session.cookie);
    expect(published.data!.publish).toEqual({ state: 'PUBLISHED' });
    expect(((await gql('{ reviewQueue { recordId } }', {}, session.cookie)).data!.reviewQueue as Json[]).map((r) => r.recordId)).not.toContain(id);

    await gql('mutation($id: Int!, $input: NewsDraftInput!) { saveNewsDraft(id: $id, input: $input) { state } }', { id, input: { ...input, title: 'Next title' } }, session.cookie);
    const admin = await gql('query($id: Int!) { newsItem(id: $id) { title publication { state values } } }', { id }, session.cookie);
    expect(admin.data!.newsItem).toMatchObject({ title: input.title, publication: { state: 'CHANGED', values: expect.objectContaining({ title: 'Next title' }) } });
    expect((await gql('mutation($id: Int!) { discardDraft(collection: "news", id: $id) }', { id }, session.cookie)).data).toEqual({ discardDraft: true });
    expect(((await gql('query($id: Int!) { newsItem(id: $id) { publication { state } } }', { id }, session.cookie)).data!.newsItem as Json).publication).toEqual({ state: 'PUBLISHED' });
  });

  it('the publication field is staff only', async () => {
    await call('POST', '/api/admin/news', validInput.news);
    const query = '{ news(limit: 1) { id publication { state } } }';
    const anonymous = await gql(query);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // The same query from staff is answered for them, not from what the anonymous read left in the cache.
    expect((await gql(query, {}, session.cookie)).errors).toBeUndefined();
  });

  it('a page of rows reads its publication states in one query', async () => {
    const result = await gql('{ news(limit: 20) { id publication { state hasDraft } } }', {}, session.cookie);
    expect(result.errors).toBeUndefined();
    expect((result.data!.news as Json[]).every((row) => (row.publication as Json).state !== undefined)).toBe(true);
  });
});

describe('what a contributor may do', () => {
  it('saves drafts and submits them, but cannot publish, unpublish, save or delete what is on the site', async () => {
    const contributor = await accountWithRole('casey', 'contributor');
    const input = validInput.news;
    const draft = await call('POST', '/api/admin/news/drafts', input, contributor);
    expect(draft.status).toBe(201);
    const id = draft.body.recordId as number;
    expect((await call('POST', `/api/admin/news/${id}/submit`, undefined, contributor)).status).toBe(200);
    expect((await call('POST', `/api/admin/news/${id}/publish`, undefined, contributor)).status).toBe(403);
    expect((await call('POST', '/api/admin/news', input, contributor)).status).toBe(403);
    const refused = await gql('mutation($id: Int!) { publish(collection: "news", id: $id) { state } }', { id }, contributor);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const live = (await call('POST', '/api/admin/news', input)).body;
    expect((await call('POST', `/api/admin/news/${live.id}/unpublish`, undefined, contributor)).status).toBe(403);
    expect((await call('DELETE', `/api/admin/news/${live.id}`, undefined, contributor)).status).toBe(403);
    expect((await call('PUT', `/api/admin/news/${live.id}/draft`, { ...input, title: 'Suggested' }, contributor)).status).toBe(200);

    // An unpublished record's draft is all that is left of it: a contributor cannot drop it.
    await call('POST', `/api/admin/news/${live.id}/unpublish`);
    expect((await call('DELETE', `/api/admin/news/${live.id}/draft`, undefined, contributor)).status).toBe(403);
    // A draft that was never published is theirs to drop.
    expect((await call('DELETE', `/api/admin/news/${id}/draft`, undefined, contributor)).status).toBe(204);
  });
});

describe('what a gone record leaves', () => {
  it('a delete, or discarding a never-published draft, cancels its pending schedules', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const live = (await call('POST', '/api/admin/news', validInput.news)).body;
    expect((await call('POST', `/api/admin/news/${live.id}/schedule`, { action: 'unpublish', at })).status).toBe(201);
    const draft = (await call('POST', '/api/admin/news/drafts', validInput.news)).body;
    expect((await call('POST', `/api/admin/news/${draft.recordId}/schedule`, { action: 'publish', at })).status).toBe(201);

    await call('DELETE', `/api/admin/news/${live.id}`);
    await call('DELETE', `/api/admin/news/${draft.recordId}/draft`);
    const states = await session.app.orm.em
      .fork()
      .getConnection()
      .execute<{ state: string }[]>(`select state from scheduled_jobs where collection = 'news' and record_id in (?, ?)`, [live.id, draft.recordId]);
    expect(states.map((row) => row.state)).toEqual(['cancelled', 'cancelled']);
  });
});

describe('places', () => {
  it('a new draft given no place goes last when published; a draft that leaves a field out keeps its value', async () => {
    const { displayOrder: _placed, ...input } = validInput.news as Record<string, unknown>;
    const draft = (await call('POST', '/api/admin/news/drafts', input)).body;
    expect(draft.values.displayOrder).toBeNull();
    await call('POST', `/api/admin/news/${draft.recordId}/publish`);
    const list = (await call('GET', '/api/news', undefined, '')).body as Json[];
    expect(list.at(-1)!.id).toBe(draft.recordId);

    const live = list.at(-1)!;
    await call('PUT', `/api/admin/news/${live.id}/draft`, { title: 'Only the title changes' });
    await call('POST', `/api/admin/news/${live.id}/publish`);
    const after = (await call('GET', `/api/news/${live.id}`, undefined, '')).body;
    expect(after).toMatchObject({ title: 'Only the title changes', brief: live.brief, displayOrder: live.displayOrder });
  });
});

describe('a collection name that names no collection', () => {
  it('is not found by discard and submit-for-review, never a database error (a NUL in it included)', async () => {
    for (const collection of ['\u0000', 'nope', "news'; --"]) {
      for (const mutation of ['discardDraft', 'submitForReview']) {
        const selection = mutation === 'discardDraft' ? '' : ' { state }';
        const reply = await gql(`mutation($c: String!) { ${mutation}(collection: $c, id: 1)${selection} }`, { c: collection }, session.cookie);
        expect(reply.status).toBeLessThan(500);
        expect(reply.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      }
    }
  });
});
