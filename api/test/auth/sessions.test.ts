import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { changeOwnPassword } from '../../src/auth/auth.service.js';
import { COMMAND_LINE, createUser, deleteUser, resetPassword } from '../../src/auth/accounts.service.js';
import { Canvas } from '../../src/db/seeds/png.js';
import { request } from '../helpers/http.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app.js';

// Session lifetimes (idle and absolute, enforced by the server from the stored timestamps) and
// revocation: a password reset or change, or the removal of the user, ends their sessions.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const sql = (query: string, params: unknown[] = []) => app.orm.em.fork().getConnection().execute(query, params);
const em = () => app.orm.em.fork();
const PNG = new Canvas(4, 4, [10, 120, 200]).toPng();

async function signedIn(cookie: string): Promise<boolean> {
  return (await request(app.baseUrl, 'GET', '/api/auth/check', { cookie })).body.authenticated === true;
}

/** The stored session row of a `sid=...` cookie value. */
async function sessionRow(cookie: string): Promise<{ sid: string; expire: Date; sess: Record<string, unknown> }> {
  const sid = decodeURIComponent(cookie.slice('sid='.length)).replace(/^s:/, '').split('.')[0];
  const rows = await sql('select sid, expire, sess from sessions where sid = ?', [sid]);
  if (rows.length !== 1) throw new Error(`no session row for ${sid}`);
  return rows[0] as never;
}

/** Every door an admin session opens, each answering 401 (or anonymous) for a dead session. */
async function expectRefusedEverywhere(cookie: string): Promise<void> {
  expect(await signedIn(cookie)).toBe(false);
  expect((await request(app.baseUrl, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
  expect((await request(app.baseUrl, 'POST', '/api/admin/countries', { cookie, json: { name: 'X', code: 'XX', flagImageUrl: 'https://x.example/x.png' } })).status).toBe(401);
  const gql = await request(app.baseUrl, 'POST', '/graphql', {
    cookie,
    json: { query: 'mutation { createCountry(input: {name: "X", code: "XX", flagImageUrl: "https://x.example/x.png"}) { id } }' },
  });
  expect(gql.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'a.png');
  expect((await request(app.baseUrl, 'POST', '/api/upload-image', { cookie, body: form })).status).toBe(401);
  const multipart = new FormData();
  multipart.append('operations', JSON.stringify({ query: 'mutation($f: Upload!) { uploadImage(file: $f) { url } }', variables: { f: null } }));
  multipart.append('map', JSON.stringify({ 0: ['variables.f'] }));
  multipart.append('0', new Blob([PNG], { type: 'image/png' }), 'a.png');
  const gqlUpload = await request(app.baseUrl, 'POST', '/graphql', { cookie, body: multipart, headers: { 'apollo-require-preflight': 'true' } });
  expect(gqlUpload.body.data?.uploadImage ?? null).toBeNull();
  expect(gqlUpload.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
}

describe('idle timeout', () => {
  it('keeps a session for the idle timeout after each request, not for days', async () => {
    const cookie = await app.login();
    const idleMs = app.deps.config.session.idleSeconds * 1000;
    const afterLogin = await sessionRow(cookie);
    expect(Math.abs(new Date(afterLogin.expire).getTime() - (Date.now() + idleMs))).toBeLessThan(60_000);
    // Activity pushes the end out again.
    await sql(`update sessions set expire = now() + interval '1 minute' where sid = ?`, [afterLogin.sid]);
    expect(await signedIn(cookie)).toBe(true);
    const afterUse = await sessionRow(cookie);
    expect(Math.abs(new Date(afterUse.expire).getTime() - (Date.now() + idleMs))).toBeLessThan(60_000);
  });

  it('refuses a session idle for longer than the timeout', async () => {
    const cookie = await app.login();
    const { sid } = await sessionRow(cookie);
    await sql(`update sessions set expire = now() - interval '1 second' where sid = ?`, [sid]);
    await expectRefusedEverywhere(cookie);
  });
});

describe('absolute lifetime', () => {
  it('refuses a session signed in longer ago than the lifetime, however active', async () => {
    const cookie = await app.login();
    const { sid, sess } = await sessionRow(cookie);
    expect(typeof sess.startedAt).toBe('number');
    const startedAt = Date.now() - app.deps.config.session.maxLifetimeSeconds * 1000 - 60_000;
    await sql(`update sessions set sess = ?::json, expire = now() + interval '1 hour' where sid = ?`, [
      JSON.stringify({ ...sess, startedAt }),
      sid,
    ]);
    await expectRefusedEverywhere(cookie);
  });

  it('never lets activity push the end past the lifetime', async () => {
    const cookie = await app.login();
    const { sid, sess } = await sessionRow(cookie);
    const lifetimeMs = app.deps.config.session.maxLifetimeSeconds * 1000;
    const startedAt = Date.now() - lifetimeMs + 60_000; // one minute left
    await sql(`update sessions set sess = ?::json where sid = ?`, [JSON.stringify({ ...sess, startedAt }), sid]);
    expect(await signedIn(cookie)).toBe(true);
    expect(new Date((await sessionRow(cookie)).expire).getTime()).toBeLessThanOrEqual(startedAt + lifetimeMs + 1000);
  });

  it('gives the cookie the absolute lifetime as Max-Age', async () => {
    const response = await fetch(`${app.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)![1]);
    expect(Math.abs(expires - (Date.now() + app.deps.config.session.maxLifetimeSeconds * 1000))).toBeLessThan(60_000);
  });
});

describe('revocation', () => {
  it('a password reset ends every session of that user, and only theirs', async () => {
    const { password } = await createUser(em(), COMMAND_LINE, { username: 'reset-me' });
    const first = await app.login('reset-me', password);
    const second = await app.login('reset-me', password);
    const other = await app.login();
    await resetPassword(em(), COMMAND_LINE, 'reset-me');
    await expectRefusedEverywhere(first);
    expect(await signedIn(second)).toBe(false);
    expect(await signedIn(other)).toBe(true);
  });

  it('a password change ends the user’s other sessions and keeps the current one', async () => {
    const { user, password } = await createUser(em(), COMMAND_LINE, { username: 'change-me' });
    const current = await app.login('change-me', password);
    const elsewhere = await app.login('change-me', password);
    const { sid } = await sessionRow(current);
    await changeOwnPassword(em(), { userId: user.id }, { currentPassword: password, newPassword: 'a brand new password' }, {
      keepSessionId: sid,
      ip: '127.0.0.1',
      limits: app.deps.config.loginLimits,
    });
    expect(await signedIn(current)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    await app.login('change-me', 'a brand new password');
  });

  it('removing a user ends their sessions', async () => {
    const { password } = await createUser(em(), COMMAND_LINE, { username: 'remove-me' });
    const cookie = await app.login('remove-me', password);
    await deleteUser(em(), COMMAND_LINE, 'remove-me');
    await expectRefusedEverywhere(cookie);
  });

  it('a session whose user row is gone (deleted behind the app’s back) is refused everywhere, uploads included', async () => {
    const { user, password } = await createUser(em(), COMMAND_LINE, { username: 'vanish' });
    const cookie = await app.login('vanish', password);
    expect(await signedIn(cookie)).toBe(true);
    await sql('delete from users where id = ?', [user.id]);
    await expectRefusedEverywhere(cookie);
  });
});

describe('account rules (the auth service)', () => {
  it('creates a user with a generated password that signs in', async () => {
    const { user, password } = await createUser(em(), COMMAND_LINE, { username: '  new.admin@firm ' });
    expect(user.username).toBe('new.admin@firm');
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(await signedIn(await app.login('new.admin@firm', password))).toBe(true);
  });

  it.each([
    ['', 'Username is required'],
    ['has space', 'Username may contain only letters, digits and . _ - @'],
    ['bell\u0007', 'Username may contain only letters, digits and . _ - @'],
    ['x'.repeat(101), 'Username must be at most 100 characters'],
    ['ADMIN', 'That username is already taken'],
  ])('refuses the username %j', async (username, message) => {
    await expect(createUser(em(), COMMAND_LINE, { username, password: 'long enough password' })).rejects.toMatchObject({
      errors: [{ field: 'username', message }],
    });
  });

  it('refuses a short password', async () => {
    await expect(createUser(em(), COMMAND_LINE, { username: 'shorty', password: 'short' })).rejects.toMatchObject({
      errors: [{ field: 'password', message: 'Password must be at least 8 characters' }],
    });
  });

  it('needs a signed-in admin unless run from the command line', async () => {
    await expect(createUser(em(), { userId: null }, { username: 'anon' })).rejects.toMatchObject({ status: 401 });
    await expect(resetPassword(em(), { userId: null }, TEST_ADMIN.username)).rejects.toMatchObject({ status: 401 });
    await expect(deleteUser(em(), { userId: null }, TEST_ADMIN.username)).rejects.toMatchObject({ status: 401 });
  });

  it('does not let an admin remove themselves, nor anyone remove the last admin', async () => {
    const [admin] = await sql('select id from users where username = ?', [TEST_ADMIN.username]);
    await expect(deleteUser(em(), { userId: admin.id }, TEST_ADMIN.username)).rejects.toMatchObject({
      status: 403,
      message: 'You cannot remove your own account',
    });
    await sql('delete from users where username <> ?', [TEST_ADMIN.username]);
    await expect(deleteUser(em(), COMMAND_LINE, TEST_ADMIN.username)).rejects.toMatchObject({
      status: 403,
      message: 'The last admin cannot be removed',
    });
  });

  it('answers an unknown username with NotFound', async () => {
    await expect(resetPassword(em(), COMMAND_LINE, 'nobody-here')).rejects.toMatchObject({ status: 404 });
  });
});
