import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createApp } from '../../src/app.js';
import { passwordVerifications } from '../../src/auth/passwords.js';
import { openOrm } from '../../src/db/orm.js';
import { request } from '../helpers/http.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app.js';

// The login throttle under concurrency: the attempt is reserved in PostgreSQL before the password
// is verified, so parallel attempts cannot all pass the check before any failure is counted.

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

const limits = () => app.deps.config.loginLimits;

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('parallel wrong-password logins', () => {
  it('verify at most the per-username limit over REST (200 at once)', async () => {
    const before = passwordVerifications();
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        request(app.baseUrl, 'POST', '/api/login', { json: { username: TEST_ADMIN.username, password: `wrong ${i}` } }),
      ),
    );
    const verified = passwordVerifications() - before;
    expect(verified).toBeLessThanOrEqual(limits().perUsername);
    expect(tally(replies.map((r) => r.status))).toEqual({ 401: verified, 429: 200 - verified });
    for (const reply of replies.filter((r) => r.status === 429)) {
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The right password is refused too until the window passes.
    expect((await request(app.baseUrl, 'POST', '/api/login', { json: TEST_ADMIN })).status).toBe(429);
  });

  it('verify at most the per-username limit over GraphQL (60 at once)', async () => {
    const before = passwordVerifications();
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        request(app.baseUrl, 'POST', '/graphql', {
          json: {
            query: 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { id } }',
            variables: { u: TEST_ADMIN.username, p: `wrong ${i}` },
          },
        }),
      ),
    );
    const verified = passwordVerifications() - before;
    expect(verified).toBeLessThanOrEqual(limits().perUsername);
    const codes = replies.map((r) => r.body.errors?.[0]?.extensions?.code);
    expect(tally(codes as never)).toEqual({ UNAUTHENTICATED: verified, TOO_MANY_REQUESTS: 60 - verified });
  });

  it('share one count between REST and GraphQL', async () => {
    const before = passwordVerifications();
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 === 0
          ? request(app.baseUrl, 'POST', '/api/login', { json: { username: 'shared', password: 'x' } })
          : request(app.baseUrl, 'POST', '/graphql', {
              json: { query: 'mutation { login(username: "shared", password: "x") { id } }' },
            }),
      ),
    );
    expect(passwordVerifications() - before).toBeLessThanOrEqual(limits().perUsername);
  });

  it('verify at most the per-IP limit when every attempt names another user', async () => {
    const before = passwordVerifications();
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        request(app.baseUrl, 'POST', '/api/login', { json: { username: `user${i}`, password: 'x' } }),
      ),
    );
    const verified = passwordVerifications() - before;
    expect(verified).toBeLessThanOrEqual(limits().perIp);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(100 - verified);
  });
});

describe('two instances on one database', () => {
  it('share the limit: parallel attempts spread over both verify at most the limit', async () => {
    // A second app process in all but name: its own ORM pool, its own Express app, same database.
    const orm = await openOrm(app.deps.config.databaseUrl!, app.deps.logger);
    const second = await createApp({ ...app.deps, orm });
    const server: Server = await new Promise((resolve) => {
      const listening = second.app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    try {
      const secondUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const before = passwordVerifications();
      const replies = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          request(i % 2 === 0 ? app.baseUrl : secondUrl, 'POST', '/api/login', {
            json: { username: TEST_ADMIN.username, password: `wrong ${i}` },
          }),
        ),
      );
      const verified = passwordVerifications() - before;
      expect(verified).toBeLessThanOrEqual(limits().perUsername);
      expect(replies.filter((r) => r.status === 429)).toHaveLength(100 - verified);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await second.close();
      await orm.close(true);
    }
  });
});

describe('per-IP daily cap', () => {
  it('refuses an IP that used its daily attempts even after the 15-minute window passed', async () => {
    const connection = app.orm.em.fork().getConnection();
    const { perIp, perIpPerDay, windowSeconds } = limits();
    // Attempts spread over the day: one window's worth at a time, each window then run out.
    let made = 0;
    while (made < perIpPerDay) {
      const batch = Math.min(perIp, perIpPerDay - made);
      for (let i = 0; i < batch; i++) {
        const reply = await request(app.baseUrl, 'POST', '/api/login', { json: { username: `day${made + i}`, password: 'x' } });
        expect(reply.status).toBe(401);
      }
      made += batch;
      await connection.execute(
        `update login_throttle set window_started_at = now() - make_interval(secs => ?) where key not like 'day:%'`,
        [windowSeconds + 1],
      );
    }
    const refused = await request(app.baseUrl, 'POST', '/api/login', { json: TEST_ADMIN });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(windowSeconds);
  });
});

describe('a successful login', () => {
  it('releases its reservation: it does not count against the IP', async () => {
    for (let i = 0; i < limits().perIp + 5; i++) {
      expect((await request(app.baseUrl, 'POST', '/api/login', { json: TEST_ADMIN })).status).toBe(200);
    }
  });
});

describe('changing your own password', () => {
  const change = (cookie: string, currentPassword: string) =>
    request(app.baseUrl, 'POST', '/api/admin/account/password', {
      cookie,
      json: { currentPassword, newPassword: 'a new long password' },
    });

  it('answers 429 after the per-username limit of wrong current passwords over REST, even to the right one, and verifies no more', async () => {
    const cookie = await app.login();
    const before = passwordVerifications();
    for (let i = 0; i < limits().perUsername; i++) expect((await change(cookie, `wrong ${i}`)).status).toBe(400);
    const refused = await change(cookie, TEST_ADMIN.password);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many password attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(passwordVerifications() - before).toBe(limits().perUsername);
  });

  it('verifies at most the per-username limit when 60 wrong current passwords arrive at once', async () => {
    const cookie = await app.login();
    const before = passwordVerifications();
    const replies = await Promise.all(Array.from({ length: 60 }, (_, i) => change(cookie, `wrong ${i}`)));
    const verified = passwordVerifications() - before;
    expect(verified).toBeLessThanOrEqual(limits().perUsername);
    expect(tally(replies.map((r) => r.status))).toEqual({ 400: verified, 429: 60 - verified });
  });

  it('answers TOO_MANY_REQUESTS over GraphQL, aliases included, after the same number of guesses', async () => {
    const cookie = await app.login();
    const before = passwordVerifications();
    const aliases = Array.from({ length: 3 }, (_, i) => `c${i}: changeOwnPassword(currentPassword: "wrong ${i}", newPassword: "a new long password")`);
    // A failed mutation field ends its request (the field is non-null), so the guesses are spread
    // over as many requests as it takes; each request is refused as a whole once the limit is used.
    const codes: string[] = [];
    for (let round = 0; round < 2 * limits().perUsername && !codes.includes('TOO_MANY_REQUESTS'); round++) {
      const reply = await request(app.baseUrl, 'POST', '/graphql', { cookie, json: { query: `mutation { ${aliases.join(' ')} }` } });
      codes.push(...(reply.body.errors ?? []).map((e: { extensions: { code: string } }) => e.extensions.code));
    }
    expect(passwordVerifications() - before).toBe(limits().perUsername);
    expect(codes.filter((c) => c === 'BAD_USER_INPUT')).toHaveLength(limits().perUsername);
    expect(codes.at(-1)).toBe('TOO_MANY_REQUESTS');
    const right = await request(app.baseUrl, 'POST', '/graphql', {
      cookie,
      json: {
        query: 'mutation($c: String!) { changeOwnPassword(currentPassword: $c, newPassword: "a new long password") }',
        variables: { c: TEST_ADMIN.password },
      },
    });
    expect(right.body.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
  });

  it('gives its slot back when the current password is right, so using it does not lock anyone out', async () => {
    const cookie = await app.login();
    for (let i = 0; i < limits().perUsername + 2; i++) {
      const back = i % 2 === 0 ? [TEST_ADMIN.password, 'a new long password'] : ['a new long password', TEST_ADMIN.password];
      const reply = await request(app.baseUrl, 'POST', '/api/admin/account/password', {
        cookie,
        json: { currentPassword: back[0], newPassword: back[1] },
      });
      expect(reply.status).toBe(200);
    }
    // An odd count of changes above: put the shared test password back.
    expect((await request(app.baseUrl, 'POST', '/api/admin/account/password', {
      cookie,
      json: { currentPassword: 'a new long password', newPassword: TEST_ADMIN.password },
    })).status).toBe(200);
  });
});
