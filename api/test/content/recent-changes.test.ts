import { describe, expect, it } from '@jest/globals';
import { validInput } from '../helpers/fixtures/content.js';
import { graphqlClient } from '../helpers/graphql.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// The admin dashboard's reads: the latest changes across collections (who, when, which record),
// bounded, and each collection's number of records; admins only.

const session = signedInApp();
const { gql } = graphqlClient(session);
const admin = (method: string, path: string, json?: unknown) => request(session.app.baseUrl, method, `/api/admin/${path}`, { json, cookie: session.cookie });

const RECENT = `query Recent($limit: Int) { recentChanges(limit: $limit) { id collection recordId action username at changed recordName } }`;

describe('recent changes', () => {
  it("lists the latest changes across collections, newest first, with who, when and the record's name", async () => {
    const country = (await admin('POST', 'countries', { ...validInput.countries, name: 'Atlantis' })).body.id as number;
    const brand = (await admin('POST', 'brands', validInput.brands)).body.id as number;
    await admin('PUT', `countries/${country}`, { ...validInput.countries, name: 'Lemuria' });
    expect((await admin('DELETE', `brands/${brand}`)).status).toBe(204);

    const answer = await gql(RECENT, { limit: 3 }, session.cookie);
    expect(answer.errors).toBeUndefined();
    const entries = (answer.data as { recentChanges: Record<string, unknown>[] }).recentChanges;
    expect(entries.map((e) => [e.collection, e.recordId, e.action])).toEqual([
      ['brands', brand, 'delete'],
      ['countries', country, 'update'],
      ['brands', brand, 'create'],
    ]);
    expect(entries[0]).toMatchObject({ username: 'admin', recordName: validInput.brands.name });
    expect(entries[1]).toMatchObject({ username: 'admin', changed: ['name'], recordName: 'Lemuria' });
    expect(Date.parse(String(entries[0]!.at))).toBeGreaterThan(Date.now() - 60_000);
    expect((entries as { id: number }[]).map((e) => e.id)).toEqual([...(entries as { id: number }[]).map((e) => e.id)].sort((a, b) => b - a));
  });

  it('returns 10 unless asked, never more than 50, and refuses a limit outside 1 to 50', async () => {
    for (let i = 0; i < 11; i++) await admin('POST', 'countries', { ...validInput.countries, name: `Country ${i}` });
    const unbounded = await gql(RECENT, {}, session.cookie);
    expect((unbounded.data as { recentChanges: unknown[] }).recentChanges).toHaveLength(10);
    for (const limit of [0, 51, -1]) {
      const refused = await gql(RECENT, { limit }, session.cookie);
      expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(refused.errors?.[0]?.extensions?.errors).toEqual([{ field: 'limit', message: 'limit must be a whole number from 1 to 50' }]);
    }
  });

  it('counts each collection, in the model order', async () => {
    const answer = await gql(`{ collectionCounts { collection count } }`, {}, session.cookie);
    const counts = (answer.data as { collectionCounts: { collection: string; count: number }[] }).collectionCounts;
    const countries = ((await gql(`{ countriesCount }`)).data as { countriesCount: number }).countriesCount;
    expect(counts.map((c) => c.collection)).toEqual(expect.arrayContaining(['countries', 'brands', 'team-members', 'news', 'clients', 'contact-info']));
    expect(counts.find((c) => c.collection === 'countries')?.count).toBe(countries);
    expect(counts.every((c) => Number.isInteger(c.count) && c.count >= 0)).toBe(true);
  });

  it('is for admins only', async () => {
    for (const query of [RECENT, `{ collectionCounts { collection count } }`]) {
      const answer = await gql(query, {});
      expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(answer.data ?? null).toBeNull();
    }
  });
});

describe('a change names its record', () => {
  it('by the field its list is searched by first (a contact entry by its value, not its type)', async () => {
    const created = await admin('POST', 'contact-info', { ...validInput['contact-info'], type: 'email', value: 'press@example.com' });
    expect(created.status).toBe(201);
    const answer = await gql(RECENT, { limit: 1 }, session.cookie);
    expect((answer.data as { recentChanges: Record<string, unknown>[] }).recentChanges[0]).toMatchObject({ collection: 'contact-info', recordName: 'press@example.com' });
  });
});
