import { describe, expect, it } from '@jest/globals';
import { validInput } from '../helpers/fixtures/content.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// altText, declared once in the content model for the four picture-bearing types: stored, read
// back through REST and GraphQL, bounded.

const session = signedInApp();

const types = [
  ['brands', 'brands'],
  ['team-members', 'teamMembers'],
  ['news', 'news'],
  ['clients', 'clients'],
] as const;

describe.each(types)('%s altText', (path, queryField) => {
  it('is stored trimmed and read through REST and GraphQL; empty clears it', async () => {
    const created = await request(session.app.baseUrl, 'POST', `/api/admin/${path}`, {
      json: { ...validInput[path], altText: '  A short description  ' },
      cookie: session.cookie,
    });
    expect(created.status).toBe(201);
    expect(created.body.altText).toBe('A short description');
    const graph = await fetch(`${session.app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ ${queryField} { id altText } }` }),
    });
    const { data } = (await graph.json()) as { data: Record<string, { id: number; altText: string | null }[]> };
    expect(data[queryField]!.find((row) => row.id === created.body.id)?.altText).toBe('A short description');
    const cleared = await request(session.app.baseUrl, 'PUT', `/api/admin/${path}/${created.body.id}`, {
      json: { ...validInput[path], altText: '' },
      cookie: session.cookie,
    });
    expect(cleared.body.altText).toBeNull();
  });

  it('is at most 300 characters', async () => {
    const reply = await request(session.app.baseUrl, 'POST', `/api/admin/${path}`, { json: { ...validInput[path], altText: 'x'.repeat(301) }, cookie: session.cookie });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ field: 'altText', message: 'Alt text must be at most 300 characters' }]);
  });
});
