import { describe, expect, it } from '@jest/globals';
import { validInput } from '../helpers/fixtures/content.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// Undo and history: every create, update, delete (and restore, move) of a content record is kept
// with who, when and the whole record before and after; restores go through the services.

const session = signedInApp();
const base = () => session.app.baseUrl;
const admin = (method: string, path: string, json?: unknown) =>
  request(base(), method, `/api/admin/${path}`, { json, cookie: session.cookie });

async function gql(query: string, variables: Record<string, unknown>, cookie: string | null = session.cookie) {
  const response = await fetch(`${base()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

describe('history', () => {
  it('records create, update and delete with who, when, before and after', async () => {
    const created = await admin('POST', 'countries', validInput.countries);
    const id = created.body.id as number;
    await admin('PUT', `countries/${id}`, { ...validInput.countries, name: 'Lusitania' });
    await admin('PUT', `countries/${id}`, { ...validInput.countries, name: 'Lusitania' }); // no change: not listed
    const history = await admin('GET', `countries/${id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.map((e: any) => e.action)).toEqual(['update', 'create']);
    const [update, create] = history.body;
    expect(update).toMatchObject({ username: 'admin', recordId: id, collection: 'countries', changed: ['name'] });
    expect(update.before).toMatchObject({ name: 'Portugal', version: 1 });
    expect(update.after).toMatchObject({ name: 'Lusitania', version: 2 });
    expect(create.before).toBeNull();
    expect(Date.parse(create.at)).toBeGreaterThan(Date.now() - 60_000);

    expect((await admin('DELETE', `countries/${id}`)).status).toBe(204);
    const after = await admin('GET', `countries/${id}/history`);
    expect(after.body[0]).toMatchObject({ action: 'delete', after: null, before: { name: 'Lusitania' } });
  });

  it('restores an earlier state through the service: version bump, a restore entry, public read follows', async () => {
    const id = (await admin('POST', 'countries', validInput.countries)).body.id as number;
    await admin('PUT', `countries/${id}`, { ...validInput.countries, name: 'Changed' });
    const [, createEntry] = (await admin('GET', `countries/${id}/history`)).body;
    const restored = await admin('POST', `countries/${id}/restore`, { revisionId: createEntry.id });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ action: 'restore', changed: ['name'] });
    expect((await request(base(), 'GET', `/api/countries/${id}`)).body).toMatchObject({ name: 'Portugal', version: 3 });
  });

  it('undoes a delete with the same id and the same place', async () => {
    const ids: number[] = [];
    for (const name of ['Undo A', 'Undo B', 'Undo C']) {
      ids.push((await admin('POST', 'clients', { ...validInput.clients, title: name, displayOrder: undefined })).body.id);
    }
    const order = async () => ((await request(base(), 'GET', '/api/clients')).body as { id: number }[]).map((c) => c.id);
    const before = await order();
    expect((await admin('DELETE', `clients/${ids[1]}`)).status).toBe(204);
    expect(await order()).not.toContain(ids[1]);
    const undone = await gql('mutation($c:String!,$id:Int!){ undoDelete(collection:$c,id:$id){ action recordId } }', { c: 'clients', id: ids[1] });
    expect(undone.data.undoDelete).toEqual({ action: 'restore', recordId: ids[1] });
    expect(await order()).toEqual(before);
    // Nothing left to undo.
    expect((await admin('POST', `clients/${ids[1]}/restore`)).status).toBe(404);
  });

  it('keeps the history of a singleton from its first-start state, and restores that state', async () => {
    const { id, version: _version, ...original } = (await request(base(), 'GET', '/api/statistics')).body;
    const input = { yearEstablished: original.yearEstablished, expertCount: 77, projectCount: original.projectCount, partnerCount: original.partnerCount };
    expect((await admin('PUT', `statistics/${id}`, input)).status).toBe(200);
    const history = await gql('query($id:Int!){ contentHistory(collection:"statistics", id:$id){ id action changed username } }', { id });
    const entries = history.data.contentHistory;
    // The seed's state heads the history, without an author.
    expect(entries.at(-1)).toMatchObject({ action: 'create', username: null });
    expect(entries[0]).toMatchObject({ action: 'update', changed: ['expertCount'], username: 'admin' });
    const restored = await gql('mutation($r:Int!){ restoreRevision(revisionId:$r){ action changed } }', { r: entries[1].id });
    expect(restored.data.restoreRevision).toEqual({ action: 'restore', changed: ['expertCount'] });
    expect((await request(base(), 'GET', '/api/statistics')).body).toMatchObject({ id, expertCount: original.expertCount });
  });

  it('refuses invalid restored input like any save', async () => {
    expect((await admin('POST', 'countries/1/restore', { revisionId: 'x' })).status).toBe(400);
    expect((await admin('POST', 'countries/1/restore', { revisionId: 999999 })).status).toBe(404);
    expect((await admin('GET', 'nowhere/1/history')).status).toBe(404);
    // An entry restores only through its own record's path.
    const id = (await admin('POST', 'countries', validInput.countries)).body.id as number;
    const [entry] = (await admin('GET', `countries/${id}/history`)).body;
    expect((await admin('POST', `brands/${id}/restore`, { revisionId: entry.id })).status).toBe(404);
    expect((await admin('POST', `countries/${id + 1000}/restore`, { revisionId: entry.id })).status).toBe(404);
  });

  it('pages a long history with limit and offset, newest first, on REST and GraphQL', async () => {
    const id = (await admin('POST', 'countries', validInput.countries)).body.id as number;
    for (const name of ['One', 'Two', 'Three']) await admin('PUT', `countries/${id}`, { ...validInput.countries, name });
    const whole = (await admin('GET', `countries/${id}/history`)).body as { id: number; action: string }[];
    expect(whole.map((e) => e.action)).toEqual(['update', 'update', 'update', 'create']);
    const page = await admin('GET', `countries/${id}/history?limit=2&offset=1`);
    expect(page.body.map((e: { id: number }) => e.id)).toEqual(whole.slice(1, 3).map((e) => e.id));
    const viaGraphQL = await gql('query($id:Int!){ contentHistory(collection:"countries", id:$id, limit:1, offset:3){ id action } }', { id });
    expect(viaGraphQL.data.contentHistory).toEqual([{ id: whole[3].id, action: 'create' }]);
    expect((await admin('GET', `countries/${id}/history?limit=501`)).status).toBe(400);
    const refused = await gql('query($id:Int!){ contentHistory(collection:"countries", id:$id, offset:-1){ id } }', { id });
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('is never shown to the public: anonymous callers get 401 on REST and GraphQL', async () => {
    const id = (await admin('POST', 'countries', validInput.countries)).body.id as number;
    const [entry] = (await admin('GET', `countries/${id}/history`)).body;
    expect((await request(base(), 'GET', `/api/admin/countries/${id}/history`)).status).toBe(401);
    expect((await request(base(), 'POST', `/api/admin/countries/${id}/restore`, { json: { revisionId: entry.id } })).status).toBe(401);
    expect((await request(base(), 'POST', `/api/admin/countries/${id}/move`, { json: { toIndex: 0 } })).status).toBe(401);
    expect((await request(base(), 'GET', `/api/countries/${id}/history`)).status).toBe(404);
    for (const [query, variables] of [
      ['query($id:Int!){ contentHistory(collection:"countries", id:$id){ id } }', { id }],
      ['mutation($r:Int!){ restoreRevision(revisionId:$r){ id } }', { r: entry.id }],
      ['mutation($id:Int!){ undoDelete(collection:"countries", id:$id){ id } }', { id }],
      ['mutation($id:Int!){ moveCountry(id:$id, toIndex:0){ id } }', { id }],
    ] as const) {
      const reply = await gql(query, variables, null);
      expect(reply.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    const history = await gql('query($id:Int!){ contentHistory(collection:"countries", id:$id){ action username changed after } }', { id });
    expect(history.data.contentHistory[0]).toMatchObject({ action: 'create', username: 'admin' });
    expect(JSON.parse(history.data.contentHistory[0].after)).toMatchObject({ id, name: 'Portugal' });
  });
});

describe('move', () => {
  const brandOrder = async () => ((await request(base(), 'GET', '/api/brands')).body as { id: number; name: string; displayOrder: number }[]);

  it('puts new items last and moves one item with one request, renumbering the orders', async () => {
    const ids: number[] = [];
    for (const name of ['B1', 'B2', 'B3', 'B4']) {
      const { displayOrder: _, ...input } = validInput.brands;
      ids.push((await admin('POST', 'brands', { ...input, name })).body.id);
    }
    expect((await brandOrder()).map((b) => b.name)).toEqual(['B1', 'B2', 'B3', 'B4']);
    const moved = await admin('POST', `brands/${ids[3]}/move`, { toIndex: 0 });
    expect(moved.status).toBe(200);
    expect(moved.body.map((b: any) => b.name)).toEqual(['B4', 'B1', 'B2', 'B3']);
    const stored = await brandOrder();
    expect(stored.map((b) => b.name)).toEqual(['B4', 'B1', 'B2', 'B3']);
    expect(stored.map((b) => b.displayOrder)).toEqual([1, 2, 3, 4]);
    const viaGraphQL = await gql('mutation($id:Int!){ moveBrand(id:$id, toIndex:9){ name } }', { id: ids[3] });
    expect(viaGraphQL.data.moveBrand.map((b: any) => b.name)).toEqual(['B1', 'B2', 'B3', 'B4']);
    expect((await admin('GET', `brands/${ids[3]}/history`)).body[0]).toMatchObject({ action: 'move', changed: ['displayOrder'] });
    expect((await admin('POST', `brands/${ids[0]}/move`, { toIndex: -1 })).status).toBe(400);
    expect((await admin('POST', 'brands/999999/move', { toIndex: 0 })).status).toBe(404);
  });

  it('serialises concurrent moves: the orders stay a clean 1..n permutation', async () => {
    const brands = await brandOrder();
    const replies = await Promise.all(
      brands.flatMap((b, i) => [admin('POST', `brands/${b.id}/move`, { toIndex: (i + 2) % brands.length }), admin('POST', `brands/${b.id}/move`, { toIndex: 0 })]),
    );
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    const stored = await brandOrder();
    expect(stored.map((b) => b.displayOrder)).toEqual(brands.map((_, i) => i + 1));
    expect(stored.map((b) => b.id).sort()).toEqual(brands.map((b) => b.id).sort());
  });
});
