import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../src/config.js';

const LOGIN_LIMITS = loadConfig({}).loginLimits;
import { request } from '../helpers/http.js';
import { sessionCookie, startTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  await app.orm.em.fork().getConnection().execute('delete from login_throttle');
});

const login = (json: unknown, headers: Record<string, string> = {}) =>
  request(app.baseUrl, 'POST', '/api/login', { json, headers });

describe('POST /api/login', () => {
  it('answers 200 {ok: true} with an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await fetch(`${app.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // not in production; see cookie-security test below
  });

  it('gives a new session id at login, even to a caller who already has one', async () => {
    const first = await app.login();
    const response = await fetch(`${app.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: first },
      body: JSON.stringify(TEST_ADMIN),
    });
    const second = sessionCookie(response);
    expect(second).not.toBe(first);
    // The old id no longer signs anyone in.
    expect((await request(app.baseUrl, 'GET', '/api/auth/check', { cookie: first })).body).toEqual({ authenticated: false });
    expect((await request(app.baseUrl, 'GET', '/api/auth/check', { cookie: second })).body).toEqual({ authenticated: true });
  });

  it.each([
    [{ username: TEST_ADMIN.username, password: 'wrong password' }],
    [{ username: 'nobody', password: TEST_ADMIN.password }],
  ])('answers wrong credentials with 401 Invalid credentials and no cookie', async (json) => {
    const reply = await login(json);
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ message: 'Invalid credentials' });
    expect(reply.headers.getSetCookie()).toEqual([]);
  });

  it('answers missing fields with 400 and field errors', async () => {
    const reply = await login({ username: ' ' });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      { field: 'username', message: 'Username is required' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  it('answers a username with a NUL character with 400, not 500', async () => {
    const reply = await login({ username: 'ad\u0000min', password: 'whatever' });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ field: 'username', message: 'Username contains characters that are not allowed' }]);
  });

  it(`throttles a username after ${LOGIN_LIMITS.perUsername} failures with 429 and Retry-After`, async () => {
    for (let attempt = 0; attempt < LOGIN_LIMITS.perUsername; attempt++) {
      expect((await login({ username: TEST_ADMIN.username, password: `wrong ${attempt}` })).status).toBe(401);
    }
    const blocked = await login(TEST_ADMIN);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it(`throttles an IP after ${LOGIN_LIMITS.perIp} failures, whatever the username`, async () => {
    for (let attempt = 0; attempt < LOGIN_LIMITS.perIp; attempt++) {
      expect((await login({ username: `user${attempt}`, password: 'x' })).status).toBe(401);
    }
    expect((await login({ username: 'someone-else', password: 'x' })).status).toBe(429);
  });

  it('lets the username in again once the window has passed', async () => {
    for (let attempt = 0; attempt < LOGIN_LIMITS.perUsername; attempt++) {
      await login({ username: TEST_ADMIN.username, password: 'wrong' });
    }
    expect((await login(TEST_ADMIN)).status).toBe(429);
    await app.orm.em
      .fork()
      .getConnection()
      .execute(`update login_throttle set window_started_at = now() - make_interval(secs => ?)`, [LOGIN_LIMITS.windowSeconds + 1]);
    expect((await login(TEST_ADMIN)).status).toBe(200);
  });

  it('clears a username’s failures after a successful login', async () => {
    for (let attempt = 0; attempt < LOGIN_LIMITS.perUsername - 1; attempt++) {
      await login({ username: TEST_ADMIN.username, password: 'wrong' });
    }
    expect((await login(TEST_ADMIN)).status).toBe(200);
    for (let attempt = 0; attempt < LOGIN_LIMITS.perUsername - 1; attempt++) {
      expect((await login({ username: TEST_ADMIN.username, password: 'wrong' })).status).toBe(401);
    }
  });
});

describe('session', () => {
  it('is kept across requests and ended by logout', async () => {
    const cookie = await app.login();
    for (let i = 0; i < 2; i++) {
      expect((await request(app.baseUrl, 'GET', '/api/auth/check', { cookie })).body).toEqual({ authenticated: true });
    }
    const user = await request(app.baseUrl, 'GET', '/api/auth/user', { cookie });
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ id: expect.any(String), username: TEST_ADMIN.username });
    expect(user.body).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(user.body)).not.toMatch(/argon2/);

    const logout = await request(app.baseUrl, 'POST', '/api/logout', { cookie });
    expect(logout.status).toBe(200);
    expect((await request(app.baseUrl, 'GET', '/api/auth/check', { cookie })).body).toEqual({ authenticated: false });
    expect((await request(app.baseUrl, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
    expect((await request(app.baseUrl, 'POST', '/api/admin/countries', { cookie, json: {} })).status).toBe(401);
  });

  it('lives in the sessions table', async () => {
    await app.login();
    const rows = await app.orm.em.fork().getConnection().execute('select sid, sess, expire from sessions');
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('anonymous caller', () => {
  it('GET /api/auth/check says not authenticated', async () => {
    expect((await request(app.baseUrl, 'GET', '/api/auth/check')).body).toEqual({ authenticated: false });
  });

  it('GET /api/auth/user answers 401', async () => {
    const reply = await request(app.baseUrl, 'GET', '/api/auth/user');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ message: 'Unauthorized' });
  });

  it('GET /api/login redirects to the admin login page', async () => {
    const reply = await request(app.baseUrl, 'GET', '/api/login');
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('/admin/login');
  });

  it('POST /api/logout is harmless', async () => {
    expect((await request(app.baseUrl, 'POST', '/api/logout')).status).toBe(200);
  });
});

describe('cookie security in production', () => {
  it('marks the cookie Secure behind a trusted TLS proxy', async () => {
    const production = await startTestApp({ env: 'production', trustProxy: 'loopback' });
    try {
      const response = await fetch(`${production.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        body: JSON.stringify(TEST_ADMIN),
      });
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie().find((c) => c.startsWith('sid='))).toMatch(/Secure/);
    } finally {
      await production.close();
    }
  });
});
