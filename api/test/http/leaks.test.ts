import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startPagesApp } from '../helpers/fixtures/web-dist.js';
import { request } from '../helpers/http.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app.js';

// Smaller leaks: schema hints in production GraphQL errors, the raw page template behind an
// encoded path, and a logout that clears the cookie without its attributes.

let production: TestApp;
let pages: Awaited<ReturnType<typeof startPagesApp>>;
beforeAll(async () => {
  production = await startTestApp({ env: 'production', trustProxy: 'loopback' });
  pages = await startPagesApp(production.deps);
});
afterAll(async () => {
  await pages?.close();
  await production?.close();
});

const graphql = (body: unknown, cookie?: string) => request(production.baseUrl, 'POST', '/graphql', { json: body, cookie });

describe('GraphQL errors in production', () => {
  it('do not suggest field names when variables fail to coerce', async () => {
    const cookie = await production.login();
    const reply = await graphql(
      {
        query: 'mutation($input: CountryInput!) { createCountry(input: $input) { id } }',
        variables: { input: { nme: 'Typo', code: 'TY', flagImageUrl: 'https://x.example/t.png' } },
      },
      cookie,
    );
    expect(reply.body.errors.length).toBeGreaterThan(0);
    const text = JSON.stringify(reply.body);
    expect(text).not.toMatch(/did you mean/i);
    expect(reply.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('do not suggest field names for an unknown field or argument', async () => {
    for (const query of ['{ countrys { id } }', '{ countries { nam } }', 'mutation { logut }']) {
      const reply = await graphql({ query });
      expect(reply.body.errors.length).toBeGreaterThan(0);
      expect(JSON.stringify(reply.body)).not.toMatch(/did you mean/i);
    }
  });

  it('do not suggest names for a wrongly typed variable or an unknown type', async () => {
    for (const body of [
      { query: 'mutation($id: Int!) { deleteCountry(id: $id) }', variables: { id: 'x' } },
      { query: 'mutation($input: CountryInputt!) { createCountry(input: $input) { id } }', variables: { input: {} } },
      { query: 'mutation($id: Int!) { updateCountry(id: $id, input: {nme: "x"}) { id } }', variables: { id: 1 } },
    ]) {
      const reply = await graphql(body);
      expect(reply.body.errors.length).toBeGreaterThan(0);
      expect(JSON.stringify(reply.body)).not.toMatch(/did you mean/i);
    }
  });
});

describe('the page template', () => {
  it.each(['/index.html', '/%69ndex.html', '/%2e/index.html', '//index.html', '/assets/../index.html', '/%2Findex.html'])(
    'is never served raw at %s',
    async (path) => {
      const reply = await request(pages.baseUrl, 'GET', path);
      expect(String(reply.body)).not.toContain('<!--app-html-->');
      expect(String(reply.body)).not.toContain('<!--app-head-->');
    },
  );
});

describe('logout', () => {
  it('clears the cookie with the attributes it was set with (Secure over HTTPS)', async () => {
    const login = await fetch(`${production.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify(TEST_ADMIN),
    });
    const set = login.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    const cookie = set.split(';')[0];
    const logout = await fetch(`${production.baseUrl}/api/logout`, {
      method: 'POST',
      headers: { cookie, 'x-forwarded-proto': 'https' },
    });
    expect(logout.status).toBe(200);
    const cleared = logout.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(cleared).toBeDefined();
    const attributes = (c: string) =>
      c
        .split(';')
        .slice(1)
        .map((a) => a.trim().split('=')[0].toLowerCase())
        .filter((a) => a !== 'expires' && a !== 'max-age')
        .sort();
    expect(attributes(cleared)).toEqual(attributes(set));
    expect(cleared).toMatch(/Path=\//);
    expect(cleared).toMatch(/HttpOnly/);
    expect(cleared).toMatch(/SameSite=Lax/i);
    expect(cleared).toMatch(/Secure/);
    expect(Date.parse(/Expires=([^;]+)/i.exec(cleared)![1])).toBeLessThan(Date.now());
  });
});
