import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { COMMAND_LINE, createUser } from '../../src/auth/accounts.service.js';
import { KNOWN_ADDRESS_DAYS, KNOWN_ADDRESSES_PER_ACCOUNT } from '../../src/auth/known-addresses.js';
import { request } from '../helpers/http.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app.js';

// Five wrong guesses from anywhere used to lock the account for everyone. An address the account
// signed in from before is let through with the right password; its own guesses still count, and
// the lock holds for every other address. The client address comes from X-Forwarded-For (the app
// trusts the loopback proxy, as behind a reverse proxy); every request still goes to 127.0.0.1.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ trustProxy: 'loopback' });
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  const connection = app.orm.em.fork().getConnection();
  await connection.execute('delete from login_throttle');
  await connection.execute('delete from sign_in_addresses');
});

const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';
const ELSEWHERE = '192.0.2.44';

const limits = () => app.deps.config.loginLimits;
const login = (from: string, json: unknown) =>
  request(app.baseUrl, 'POST', '/api/login', { json, headers: { 'x-forwarded-for': from } });
const loginGraphQL = (from: string, username: string, password: string) =>
  request(app.baseUrl, 'POST', '/graphql', {
    json: { query: 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { id } }', variables: { u: username, p: password } },
    headers: { 'x-forwarded-for': from },
  });

async function lockOut(username: string = TEST_ADMIN.username): Promise<void> {
  for (let i = 0; i < limits().perUsername; i++) {
    expect((await login(ATTACKER, { username, password: `guess ${i}` })).status).toBe(401);
  }
  expect((await login(ATTACKER, { username, password: `guess again` })).status).toBe(429);
}

describe('an account locked by guesses from elsewhere', () => {
  it('lets its owner in from an address it signed in from before, and nobody from a new one', async () => {
    expect((await login(OWNER, TEST_ADMIN)).status).toBe(200);
    await lockOut();

    expect((await login(ELSEWHERE, TEST_ADMIN)).status).toBe(429);
    expect((await login(OWNER, TEST_ADMIN)).status).toBe(200);
    // The owner's sign-in did not lift the lock for everyone else.
    expect((await login(ELSEWHERE, TEST_ADMIN)).status).toBe(429);
    expect((await login(ATTACKER, TEST_ADMIN)).status).toBe(429);
    // The same over GraphQL.
    expect((await loginGraphQL(OWNER, TEST_ADMIN.username, TEST_ADMIN.password)).body.data.login.id).toEqual(expect.any(String));
    expect((await loginGraphQL(ELSEWHERE, TEST_ADMIN.username, TEST_ADMIN.password)).body.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
  });

  it('still counts wrong passwords from the known address: the per-username limit of them locks it too', async () => {
    expect((await login(OWNER, TEST_ADMIN)).status).toBe(200);
    await lockOut();
    for (let i = 0; i < limits().perUsername; i++) {
      expect((await login(OWNER, { username: TEST_ADMIN.username, password: `typo ${i}` })).status).toBe(401);
    }
    const refused = await login(OWNER, TEST_ADMIN);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("counts the known address's wrong passwords against the account as well", async () => {
    expect((await login(OWNER, TEST_ADMIN)).status).toBe(200);
    for (let i = 0; i < limits().perUsername; i++) {
      expect((await login(OWNER, { username: TEST_ADMIN.username, password: `typo ${i}` })).status).toBe(401);
    }
    expect((await login(ELSEWHERE, TEST_ADMIN)).status).toBe(429);
  });

  it('knows an address per account: one account’s address does not pass another’s lock', async () => {
    const { password } = await createUser(app.orm.em.fork(), COMMAND_LINE, { username: 'colleague' });
    expect((await login(OWNER, TEST_ADMIN)).status).toBe(200);
    await lockOut('colleague');
    expect((await login(OWNER, { username: 'colleague', password })).status).toBe(429);
  });

  it('forgets an address after its time', async () => {
    expect((await login(OWNER, TEST_ADMIN)).status).toBe(200);
    await app.orm.em
      .fork()
      .getConnection()
      .execute(`update sign_in_addresses set last_signed_in_at = now() - make_interval(days => ?)`, [KNOWN_ADDRESS_DAYS + 1]);
    await lockOut();
    expect((await login(OWNER, TEST_ADMIN)).status).toBe(429);
  });

  it(`keeps the ${KNOWN_ADDRESSES_PER_ACCOUNT} most recent addresses of an account, hashed`, async () => {
    const addresses = Array.from({ length: KNOWN_ADDRESSES_PER_ACCOUNT + 2 }, (_, i) => `198.51.100.${100 + i}`);
    for (const address of addresses) expect((await login(address, TEST_ADMIN)).status).toBe(200);
    const rows = await app.orm.em.fork().getConnection().execute<{ address_hash: string }[]>('select address_hash from sign_in_addresses');
    expect(rows).toHaveLength(KNOWN_ADDRESSES_PER_ACCOUNT);
    for (const row of rows) {
      expect(row.address_hash).toMatch(/^[0-9a-f]{64}$/);
      for (const address of addresses) expect(row.address_hash).not.toContain(address);
    }
    await lockOut();
    expect((await login(addresses[0], TEST_ADMIN)).status).toBe(429);
    expect((await login(addresses.at(-1)!, TEST_ADMIN)).status).toBe(200);
  });

  it('keeps the per-IP limit for a known address', async () => {
    expect((await login(OWNER, TEST_ADMIN)).status).toBe(200);
    for (let i = 0; i < limits().perIp; i++) {
      expect((await login(OWNER, { username: `someone${i}`, password: 'x' })).status).toBe(401);
    }
    expect((await login(OWNER, TEST_ADMIN)).status).toBe(429);
  });

  it("lets the owner change the account's password from a known address while the account is locked", async () => {
    const signIn = await fetch(`${app.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': OWNER },
      body: JSON.stringify(TEST_ADMIN),
    });
    const cookie = signIn.headers.getSetCookie()[0].split(';')[0];
    await signIn.text();
    await lockOut();
    const change = (from: string, currentPassword: string, newPassword: string) =>
      request(app.baseUrl, 'POST', '/api/admin/account/password', {
        cookie,
        json: { currentPassword, newPassword },
        headers: { 'x-forwarded-for': from },
      });
    expect((await change(ELSEWHERE, TEST_ADMIN.password, 'a new long password')).status).toBe(429);
    expect((await change(OWNER, TEST_ADMIN.password, 'a new long password')).status).toBe(200);
    expect((await change(OWNER, 'a new long password', TEST_ADMIN.password)).status).toBe(200);
  });
});
