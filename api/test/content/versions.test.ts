import { describe, expect, it } from '@jest/globals';
import { validInput } from '../helpers/fixtures/content.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';
import { TEST_ADMIN } from '../helpers/test-app.js';

// Optimistic concurrency: every content record has a version (1 on create, +1 per update); an
// update naming the version it read is refused when the record has moved on, atomically.

const session = signedInApp();

async function gql(query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${session.app.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session.cookie },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

const put = (path: string, json: unknown, ifMatch?: string) =>
  request(session.app.baseUrl, 'PUT', `/api/admin/${path}`, { json, cookie: session.cookie, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });

async function createCountry(): Promise<{ id: number; version: number }> {
  const created = await request(session.app.baseUrl, 'POST', '/api/admin/countries', { json: validInput.countries, cookie: session.cookie });
  expect(created.status).toBe(201);
  return created.body;
}

describe('REST If-Match', () => {
  it('starts at 1 and moves on by one per update; a matching If-Match (bare or quoted) applies', async () => {
    const { id, version } = await createCountry();
    expect(version).toBe(1);
    const first = await put(`countries/${id}`, { ...validInput.countries, name: 'Lusitania' }, '1');
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    const second = await put(`countries/${id}`, { ...validInput.countries, name: 'Portugal' }, '"2"');
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ name: 'Portugal', version: 3 });
    const unchecked = await put(`countries/${id}`, { ...validInput.countries, name: 'Iberia' });
    expect(unchecked.body.version).toBe(4);
  });

  it('refuses a stale version with 412, the current version and who changed it when, keeping the newer data', async () => {
    const { id } = await createCountry();
    const newer = await put(`countries/${id}`, { ...validInput.countries, name: 'Newer' }, '1');
    expect(newer.status).toBe(200);
    const stale = await put(`countries/${id}`, { ...validInput.countries, name: 'Older' }, '1');
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({
      message: 'Someone else changed this item since you opened it',
      currentVersion: 2,
      changedBy: TEST_ADMIN.username,
      changedAt: expect.any(String),
    });
    // The time of the change that won (the history entry of the 'Newer' save).
    const age = Date.now() - Date.parse(stale.body.changedAt);
    expect(age).toBeGreaterThanOrEqual(-5_000);
    expect(age).toBeLessThan(60_000);
    expect((await request(session.app.baseUrl, 'GET', `/api/countries/${id}`)).body).toMatchObject({ name: 'Newer', version: 2 });
  });

  it('lets exactly one of two concurrent saves of the same version through', async () => {
    const { id } = await createCountry();
    const replies = await Promise.all(
      ['Alpha', 'Beta', 'Gamma', 'Delta'].map((name) => put(`countries/${id}`, { ...validInput.countries, name }, '1')),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 412, 412, 412]);
    const winner = replies.find((r) => r.status === 200)!;
    const stored = (await request(session.app.baseUrl, 'GET', `/api/countries/${id}`)).body;
    expect(stored).toMatchObject({ name: winner.body.name, version: 2 });
  });

  it('checks singletons too', async () => {
    const { id, version } = (await request(session.app.baseUrl, 'GET', '/api/statistics')).body;
    const input = { yearEstablished: '2011', expertCount: 1, projectCount: 2, partnerCount: 3 };
    const replies = await Promise.all([put(`statistics/${id}`, input, String(version)), put(`statistics/${id}`, input, String(version))]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 412]);
  });

  it('answers 400 for an If-Match that is not a version', async () => {
    const { id } = await createCountry();
    for (const header of ['abc', '"1', '0', '1.5', '99999999999']) {
      expect((await put(`countries/${id}`, validInput.countries, header)).status).toBe(400);
    }
  });
});

describe('GraphQL expectedVersion', () => {
  const update = `mutation($id: Int!, $input: CountryInput!, $expectedVersion: Int) {
    updateCountry(id: $id, input: $input, expectedVersion: $expectedVersion) { id name version }
  }`;

  it('refuses a stale version with CONFLICT and the current version', async () => {
    const { id } = await createCountry();
    const ok = await gql(update, { id, input: { ...validInput.countries, name: 'First' }, expectedVersion: 1 });
    expect(ok.data.updateCountry).toEqual({ id, name: 'First', version: 2 });
    const stale = await gql(update, { id, input: { ...validInput.countries, name: 'Second' }, expectedVersion: 1 });
    expect(stale.errors![0]!.extensions).toEqual({
      code: 'CONFLICT',
      currentVersion: 2,
      changedBy: TEST_ADMIN.username,
      changedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(stale.errors![0]!.message).toBe('Someone else changed this item since you opened it');
  });

  it('lets exactly one of two concurrent saves of the same version through', async () => {
    const { id } = await createCountry();
    const results = await Promise.all(
      ['One', 'Two', 'Three'].map((name) => gql(update, { id, input: { ...validInput.countries, name }, expectedVersion: 1 })),
    );
    expect(results.filter((r) => r.data?.updateCountry).length).toBe(1);
    expect(results.filter((r) => r.errors?.[0]?.extensions?.code === 'CONFLICT').length).toBe(2);
    const stored = (await request(session.app.baseUrl, 'GET', `/api/countries/${id}`)).body;
    expect(stored.version).toBe(2);
  });
});
