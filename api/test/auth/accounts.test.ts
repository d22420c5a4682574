import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from '../helpers/http.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app.js';

// The Accounts and Admins screens' API over REST and GraphQL: the auth service's rules (not
// yourself, never the last, sessions ended) and admin-only access.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const rest = (method: string, path: string, cookie?: string, json?: unknown) =>
  request(app.baseUrl, method, path, { cookie, json });
const gql = (cookie: string | undefined, query: string, variables: Record<string, unknown> = {}) =>
  request(app.baseUrl, 'POST', '/graphql', { cookie, json: { query, variables } });
const signedIn = async (cookie: string) => (await rest('GET', '/api/auth/check', cookie)).body.authenticated === true;

describe('anonymous callers', () => {
  it('get 401 on every accounts route and UNAUTHENTICATED on every accounts operation', async () => {
    expect((await rest('GET', '/api/admin/admins')).status).toBe(401);
    expect((await rest('POST', '/api/admin/admins', undefined, { username: 'x' })).status).toBe(401);
    expect((await rest('POST', '/api/admin/admins/admin/reset-password', undefined, {})).status).toBe(401);
    expect((await rest('DELETE', '/api/admin/admins/admin')).status).toBe(401);
    expect((await rest('POST', '/api/admin/account/password', undefined, { currentPassword: 'a', newPassword: 'b' })).status).toBe(401);
    for (const query of [
      '{ admins { id } }',
      'mutation { createAdmin(username: "x") { password } }',
      'mutation { resetAdminPassword(username: "admin") { password } }',
      'mutation { deleteAdmin(username: "admin") }',
      'mutation { changeOwnPassword(currentPassword: "a", newPassword: "bbbbbbbbbb") }',
    ]) {
      const reply = await gql(undefined, query);
      expect(reply.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('managing admins', () => {
  it('adds an admin with a generated password that signs in, records the sign-in, resets it and removes them', async () => {
    const cookie = await app.login();
    const created = await rest('POST', '/api/admin/admins', cookie, { username: 'editor.one' });
    expect(created.status).toBe(201);
    expect(created.body.user.username).toBe('editor.one');
    expect(created.body.user.passwordHash).toBeUndefined();
    const first = created.body.password as string;
    expect(first.length).toBeGreaterThanOrEqual(8);

    const duplicate = await rest('POST', '/api/admin/admins', cookie, { username: 'Editor.One' });
    expect(duplicate.status).toBe(400);

    const theirs = await app.login('editor.one', first);
    const list = await rest('GET', '/api/admin/admins', cookie);
    const row = list.body.find((u: { username: string }) => u.username === 'editor.one');
    expect(row.lastSignInAt).not.toBeNull();
    expect(list.body.find((u: { username: string }) => u.username === TEST_ADMIN.username)).toBeDefined();

    const reset = await gql(cookie, 'mutation($u: String!) { resetAdminPassword(username: $u) { password user { username } } }', { u: 'editor.one' });
    const second = reset.body.data.resetAdminPassword.password as string;
    expect(second).not.toBe(first);
    expect(await signedIn(theirs)).toBe(false);
    const again = await app.login('editor.one', second);
    expect(await signedIn(again)).toBe(true);

    expect((await rest('DELETE', '/api/admin/admins/editor.one', cookie)).status).toBe(204);
    expect(await signedIn(again)).toBe(false);
    expect((await rest('DELETE', '/api/admin/admins/editor.one', cookie)).status).toBe(404);
  });

  it('refuses to remove yourself over REST and GraphQL (so the last admin, always the caller, stays)', async () => {
    const cookie = await app.login();
    const self = await rest('DELETE', `/api/admin/admins/${TEST_ADMIN.username}`, cookie);
    expect(self.status).toBe(403);
    const viaGraphQL = await gql(cookie, 'mutation($u: String!) { deleteAdmin(username: $u) }', { u: TEST_ADMIN.username });
    expect(viaGraphQL.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await signedIn(cookie)).toBe(true);
  });
});

describe('usernames', () => {
  const LOOKS_LIKE_ADMIN = 'That username looks too much like the existing username "admin"';

  it('refuses one that looks like an existing one (Cyrillic а for Latin a), over REST and GraphQL', async () => {
    const cookie = await app.login();
    const cyrillic = await rest('POST', '/api/admin/admins', cookie, { username: '\u0430dmin' });
    expect(cyrillic.status).toBe(400);
    expect(cyrillic.body.errors).toEqual([{ field: 'username', message: LOOKS_LIKE_ADMIN }]);
    const viaGraphQL = await gql(cookie, 'mutation($u: String!) { createAdmin(username: $u) { password } }', { u: '\u0430dmin' });
    expect(viaGraphQL.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', errors: [{ field: 'username', message: LOOKS_LIKE_ADMIN }] });
    // Other look-alikes: Greek alpha, Latin alpha, Cyrillic і, fullwidth letters, mathematical letters, "rn" for "m".
    for (const username of ['\u03b1dmin', '\u0251dmin', 'adm\u0456n', '\uff41\uff44\uff4d\uff49\uff4e', '\u{1D41A}\u{1D41D}\u{1D426}\u{1D422}\u{1D427}', 'adrnin']) {
      const reply = await rest('POST', '/api/admin/admins', cookie, { username });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([{ field: 'username', message: LOOKS_LIKE_ADMIN }]);
    }
    expect((await rest('POST', '/api/admin/admins', cookie, { username: 'ADMIN' })).body.errors).toEqual([
      { field: 'username', message: 'That username is already taken' },
    ]);
    expect((await rest('GET', '/api/admin/admins', cookie)).body.map((u: { username: string }) => u.username)).toEqual([TEST_ADMIN.username]);
  });

  it('takes names in any script that look like no existing one', async () => {
    const cookie = await app.login();
    for (const username of ['мария', 'José', 'jose']) {
      const reply = await rest('POST', '/api/admin/admins', cookie, { username });
      expect(reply.status).toBe(201);
      expect((await rest('DELETE', `/api/admin/admins/${encodeURIComponent(username)}`, cookie)).status).toBe(204);
    }
  });

  it('refuses look-alikes created at the same moment: one of them is made', async () => {
    const cookie = await app.login();
    const variants = ['look.alike', 'l\u043e\u043ek.alike', 'LOOK.ALIKE', 'l00k.alike', 'Look.Alike', '\u217Cook.alike'];
    const replies = await Promise.all(variants.map((username) => rest('POST', '/api/admin/admins', cookie, { username })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    for (const reply of replies.filter((r) => r.status !== 201)) {
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([{ field: 'username', message: expect.stringMatching(/^That username (is already taken|looks too much like the existing username ".+")$/) }]);
    }
    const made = replies.find((r) => r.status === 201)!.body.user.username as string;
    expect((await rest('DELETE', `/api/admin/admins/${encodeURIComponent(made)}`, cookie)).status).toBe(204);
  });

  it('refuses hidden text-direction characters with a field message, when adding and signing in', async () => {
    const cookie = await app.login();
    const message = 'Username contains hidden text-direction characters (such as U+202E), which are not allowed';
    const created = await rest('POST', '/api/admin/admins', cookie, { username: 'nimda\u202Eeditor' });
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual([{ field: 'username', message }]);
    const viaGraphQL = await gql(cookie, 'mutation($u: String!) { createAdmin(username: $u) { password } }', { u: '\u2067editor' });
    expect(viaGraphQL.body.errors[0].extensions.errors).toEqual([{ field: 'username', message }]);
    const signIn = await rest('POST', '/api/login', undefined, { username: 'ad\u200Fmin', password: 'whatever' });
    expect(signIn.status).toBe(400);
    expect(signIn.body.errors).toEqual([{ field: 'username', message }]);
  });
});

describe('changing your own password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const here = await app.login();
    const elsewhere = await app.login();
    const wrong = await rest('POST', '/api/admin/account/password', here, { currentPassword: 'nope', newPassword: 'a new long password' });
    expect(wrong.status).toBe(400);
    expect(await signedIn(elsewhere)).toBe(true);

    const short = await gql(here, 'mutation { changeOwnPassword(currentPassword: "x", newPassword: "short") }');
    expect(short.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');

    const changed = await rest('POST', '/api/admin/account/password', here, { currentPassword: TEST_ADMIN.password, newPassword: 'a new long password' });
    expect(changed.status).toBe(200);
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);

    // Back to the shared test password through GraphQL (the same rules).
    const back = await gql(here, 'mutation($c: String!, $n: String!) { changeOwnPassword(currentPassword: $c, newPassword: $n) }', {
      c: 'a new long password',
      n: TEST_ADMIN.password,
    });
    expect(back.body.data.changeOwnPassword).toBe(true);
  });
});

describe('a username no account can have', () => {
  it('with a NUL character is simply not found (404 / NOT_FOUND) on reset and removal, not a database error', async () => {
    const cookie = await app.login();
    const reset = await gql(cookie, 'mutation($u: String!) { resetAdminPassword(username: $u) { password } }', { u: 'ad\u0000min' });
    expect(reset.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const removed = await gql(cookie, 'mutation($u: String!) { deleteAdmin(username: $u) }', { u: '\u0000' });
    expect(removed.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await rest('POST', `/api/admin/admins/${encodeURIComponent('a\u0000')}/reset-password`, cookie)).status).toBe(404);
    expect((await rest('DELETE', `/api/admin/admins/${encodeURIComponent('a\u0000')}`, cookie)).status).toBe(404);
  });
});
