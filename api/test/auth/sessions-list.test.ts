import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { COMMAND_LINE, createUser } from '../../src/auth/accounts.service.js';
import { request } from '../helpers/http.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app.js';

// "Where you are signed in": each session with its browser and system (from the User-Agent), the
// coarse address it signed in from, sign-in and last-seen times, the current one marked; ending
// one, the others, or (admins) any account's. A sign-in from a browser the account has not used
// (neither its long-lived `bid` cookie nor its looks from that network) is an activity entry and a
// warning in the server log, once.
// Client addresses come from X-Forwarded-For (the app trusts the loopback proxy, as behind a
// reverse proxy); every request still goes to 127.0.0.1.

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const warnings: Record<string, unknown>[] = [];
const logger = pino(
  { level: 'warn' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) warnings.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  }),
);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ trustProxy: 'loopback' }, { logger });
});
afterAll(async () => {
  await app?.close();
});

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => app.orm.em.fork().getConnection().execute<T[]>(query, params);

interface SignIn {
  /** The `sid=...` cookie. */
  cookie: string;
  /** The `bid=...` cookie the answer set. */
  browser: string;
  setCookies: string[];
}

/** POST /api/login as a browser: its User-Agent, address, and (optionally) the browser cookie it already has. */
async function signIn(username: string, password: string, userAgent: string, from: string, browser?: string): Promise<SignIn> {
  const response = await fetch(`${app.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent, 'x-forwarded-for': from, ...(browser ? { cookie: browser } : {}) },
    body: JSON.stringify({ username, password }),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${body}`);
  const setCookies = response.headers.getSetCookie();
  const cookie = setCookies.find((c) => c.startsWith('sid='))!.split(';')[0];
  const bid = setCookies.find((c) => c.startsWith('bid='))?.split(';')[0] ?? browser ?? '';
  return { cookie, browser: bid, setCookies };
}

interface SessionRow {
  id: string;
  browser: string;
  system: string;
  address: string | null;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
  secondFactor: string | null;
}

const FIELDS = 'id browser system address signedInAt lastSeenAt current secondFactor';

async function gql(query: string, variables: Record<string, unknown>, cookie: string, userAgent = CHROME_MAC) {
  const response = await request(app.baseUrl, 'POST', '/graphql', { cookie, json: { query, variables }, headers: { 'user-agent': userAgent } });
  return response.body as { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };
}

async function mySessions(cookie: string): Promise<SessionRow[]> {
  const answer = await gql(`{ mySessions { ${FIELDS} } }`, {}, cookie);
  expect(answer.errors).toBeUndefined();
  return answer.data!.mySessions as SessionRow[];
}

async function sessionsOf(userId: string, cookie: string) {
  return gql(`query($id: ID!) { sessionsOf(userId: $id) { ${FIELDS} } }`, { id: userId }, cookie);
}

const signedIn = async (cookie: string) => (await request(app.baseUrl, 'GET', '/api/auth/check', { cookie })).body.authenticated === true;

/** The view id of a session: the first 32 hex characters of the SHA-256 of its id (never the id itself). */
function viewIdOf(cookie: string): string {
  const sid = decodeURIComponent(cookie.slice('sid='.length)).replace(/^s:/, '').split('.')[0];
  return createHash('sha256').update(sid).digest('hex').slice(0, 32);
}

async function newAccount(username: string, role: 'admin' | 'editor' = 'admin'): Promise<{ id: string; password: string }> {
  const password = `${username} password 123`;
  const { user } = await createUser(app.orm.em.fork(), COMMAND_LINE, { username, password, role });
  return { id: user.id, password };
}

const activity = (kind: string, accountId: string) =>
  sql<{ summary: string; details: Record<string, unknown> }>(`select summary, details from activity_log where kind = ? and (user_id::text = ? or details->>'accountId' = ?) order by id`, [
    kind,
    accountId,
    accountId,
  ]);

describe('where you are signed in', () => {
  it('lists each session with browser, system, coarse address and times, the current one marked', async () => {
    const { id, password } = await newAccount('lister');
    const before = Date.now();
    const mac = await signIn('lister', password, CHROME_MAC, '203.0.113.77');
    const windows = await signIn('lister', password, FIREFOX_WINDOWS, '2001:db8:abcd:12::5');
    const phone = await signIn('lister', password, `${SAFARI_IPHONE}${'x'.repeat(2000)}`, '::ffff:198.51.100.9');

    const sessions = await mySessions(mac.cookie);
    expect(sessions).toHaveLength(3);
    const byId = new Map(sessions.map((s) => [s.id, s]));
    expect(byId.get(viewIdOf(mac.cookie))).toMatchObject({ browser: 'Chrome 131', system: 'macOS', address: '203.0.113.0/24', current: true, secondFactor: null });
    expect(byId.get(viewIdOf(windows.cookie))).toMatchObject({ browser: 'Firefox 133', system: 'Windows', address: '2001:db8:abcd::/48', current: false });
    expect(byId.get(viewIdOf(phone.cookie))).toMatchObject({ browser: 'Safari 18', system: 'iOS 18', address: '198.51.100.0/24', current: false });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    for (const session of sessions) {
      expect(session.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Date.parse(session.signedInAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(session.signedInAt)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.signedInAt));
    }
    // The most recently seen first.
    const seen = sessions.map((s) => Date.parse(s.lastSeenAt));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));

    // Stored: the User-Agent cut to 512 characters, the coarse address only, in the sess JSON.
    const stored = await sql<{ sess: Record<string, unknown> }>(`select sess from sessions where sess->>'userId' = ?`, [id]);
    expect(stored).toHaveLength(3);
    for (const { sess } of stored) {
      expect(typeof sess.userAgent).toBe('string');
      expect((sess.userAgent as string).length).toBeLessThanOrEqual(512);
      expect(typeof sess.lastSeenAt).toBe('number');
    }
    expect(JSON.stringify(stored)).not.toMatch(/203\.0\.113\.77|2001:db8:abcd:12::5|198\.51\.100\.9/);
  });

  it("moves a session's last-seen time on a later request", async () => {
    const { password } = await newAccount('mover');
    const first = await signIn('mover', password, CHROME_MAC, '203.0.113.1');
    const second = await signIn('mover', password, FIREFOX_WINDOWS, '203.0.113.2');
    const seenOf = async () => Date.parse((await mySessions(first.cookie)).find((s) => s.id === viewIdOf(second.cookie))!.lastSeenAt);
    const before = await seenOf();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await signedIn(second.cookie)).toBe(true);
    const after = await seenOf();
    expect(after).toBeGreaterThan(before);
  });

  it('ends one session by its id, then all the others; an ended cookie is anonymous', async () => {
    const { id, password } = await newAccount('ender');
    const mine = await signIn('ender', password, CHROME_MAC, '203.0.113.10');
    const other = await signIn('ender', password, FIREFOX_WINDOWS, '203.0.113.11');
    const ended = await gql('mutation($id: ID!) { endSession(id: $id) }', { id: viewIdOf(other.cookie) }, mine.cookie);
    expect(ended).toEqual({ data: { endSession: true } });
    expect(await signedIn(other.cookie)).toBe(false);
    expect((await mySessions(mine.cookie)).map((s) => s.id)).toEqual([viewIdOf(mine.cookie)]);
    // Again (gone), or an id that never was: not found.
    expect((await gql('mutation($id: ID!) { endSession(id: $id) }', { id: viewIdOf(other.cookie) }, mine.cookie)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await gql('mutation($id: ID!) { endSession(id: $id) }', { id: 'not an id' }, mine.cookie)).errors?.[0].extensions?.code).toBe('NOT_FOUND');

    const third = await signIn('ender', password, SAFARI_IPHONE, '203.0.113.12');
    const fourth = await signIn('ender', password, FIREFOX_WINDOWS, '203.0.113.13');
    expect(await gql('mutation { endOtherSessions }', {}, mine.cookie)).toEqual({ data: { endOtherSessions: 2 } });
    expect(await signedIn(third.cookie)).toBe(false);
    expect(await signedIn(fourth.cookie)).toBe(false);
    expect(await signedIn(mine.cookie)).toBe(true);
    expect(await gql('mutation { endOtherSessions }', {}, mine.cookie)).toEqual({ data: { endOtherSessions: 0 } });

    const entries = await activity('account.sessions', id);
    expect(entries.map((e) => e.summary)).toEqual(['Signed out a session (Firefox on Windows)', 'Signed out 2 other sessions']);
  });

  it("lets an admin see and end another account's sessions", async () => {
    const editor = await newAccount('erin', 'editor');
    const admin = await signIn(TEST_ADMIN.username, TEST_ADMIN.password, CHROME_MAC, '203.0.113.20');
    const one = await signIn('erin', editor.password, FIREFOX_WINDOWS, '203.0.113.21');
    const two = await signIn('erin', editor.password, SAFARI_IPHONE, '203.0.113.22');

    const listed = await sessionsOf(editor.id, admin.cookie);
    expect(listed.errors).toBeUndefined();
    const sessions = listed.data!.sessionsOf as SessionRow[];
    expect(sessions.map((s) => s.id).sort()).toEqual([viewIdOf(one.cookie), viewIdOf(two.cookie)].sort());
    expect(sessions.every((s) => !s.current)).toBe(true);

    expect(await gql('mutation($id: ID!) { endSession(id: $id) }', { id: viewIdOf(one.cookie) }, admin.cookie)).toEqual({ data: { endSession: true } });
    expect(await signedIn(one.cookie)).toBe(false);
    expect(await signedIn(two.cookie)).toBe(true);
    expect(await gql('mutation($id: ID!) { endSessionsOf(userId: $id) }', { id: editor.id }, admin.cookie)).toEqual({ data: { endSessionsOf: 1 } });
    expect(await signedIn(two.cookie)).toBe(false);
    expect(await signedIn(admin.cookie)).toBe(true);
    // An account that does not exist.
    expect((await sessionsOf('0b9e1c55-5d1f-4a31-9a40-2d8a4c1b7e11', admin.cookie)).errors?.[0].extensions?.code).toBe('NOT_FOUND');

    const entries = await activity('account.sessions', editor.id);
    expect(entries.map((e) => e.summary)).toEqual(['Ended a session of "erin" (Firefox on Windows)', 'Ended 1 session of "erin"']);
    expect(entries[0].details).toMatchObject({ account: 'erin', accountId: editor.id });
  });

  it("does not let an editor see or end another account's sessions", async () => {
    const editor = await newAccount('eddie', 'editor');
    const admin = await signIn(TEST_ADMIN.username, TEST_ADMIN.password, CHROME_MAC, '203.0.113.30');
    const own = await signIn('eddie', editor.password, FIREFOX_WINDOWS, '203.0.113.31');
    const adminId = (await sql<{ id: string }>(`select id from users where username = ?`, [TEST_ADMIN.username]))[0].id;

    expect((await sessionsOf(adminId, own.cookie)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await gql('mutation($id: ID!) { endSessionsOf(userId: $id) }', { id: adminId }, own.cookie)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // Another account's session by its id: not theirs to see (not found, as for an id that never was).
    expect((await gql('mutation($id: ID!) { endSession(id: $id) }', { id: viewIdOf(admin.cookie) }, own.cookie)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(await signedIn(admin.cookie)).toBe(true);
    // Their own list shows their own sessions only.
    expect((await mySessions(own.cookie)).map((s) => s.id)).toEqual([viewIdOf(own.cookie)]);
    // Anonymous: no list at all.
    expect((await gql(`{ mySessions { id } }`, {}, '')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('a new browser', () => {
  it('is recorded once: an activity entry and a warning; the same browser cookie again is not new', async () => {
    const { id, password } = await newAccount('nina');
    warnings.length = 0;
    const first = await signIn('nina', password, CHROME_MAC, '203.0.113.40');
    // The session cookie comes first (clients that read the first Set-Cookie keep working).
    expect(first.setCookies[0]).toMatch(/^sid=/);
    const bid = first.setCookies.find((c) => c.startsWith('bid='))!;
    expect(bid).toMatch(/^bid=[A-Za-z0-9_-]{43};/);
    expect(bid).toMatch(/HttpOnly/i);
    expect(bid).toMatch(/SameSite=Lax/i);
    expect(bid).toMatch(/Path=\//);
    expect(Number(/Max-Age=(\d+)/i.exec(bid)![1])).toBe(400 * 24 * 3600);

    let entries = await activity('sign-in.new-browser', id);
    expect(entries.map((e) => e.summary)).toEqual(['Signed in from a new browser (Chrome on macOS)']);
    expect(warnings.filter((w) => w.userId === id)).toEqual([expect.objectContaining({ level: 40, username: 'nina', browser: 'Chrome on macOS' })]);

    // The same browser (its cookie) again, even from another network: known.
    const again = await signIn('nina', password, CHROME_MAC, '192.0.2.50', first.browser);
    expect(again.browser).toBe(first.browser);
    entries = await activity('sign-in.new-browser', id);
    expect(entries).toHaveLength(1);
    expect(warnings.filter((w) => w.userId === id)).toHaveLength(1);
    // A browser without the cookie (a private window) that looks the same from the same network: known too.
    const private_ = await signIn('nina', password, CHROME_MAC, '203.0.113.99');
    expect(private_.browser).not.toBe(first.browser);
    expect(await activity('sign-in.new-browser', id)).toHaveLength(1);

    // Another browser: new; the stored key is a hash, never the cookie.
    const other = await signIn('nina', password, FIREFOX_WINDOWS, '203.0.113.42');
    expect(other.browser).not.toBe(first.browser);
    entries = await activity('sign-in.new-browser', id);
    expect(entries.map((e) => e.summary)).toEqual(['Signed in from a new browser (Chrome on macOS)', 'Signed in from a new browser (Firefox on Windows)']);
    const known = await sql<{ browser_hash: string }>(`select browser_hash from known_browsers where user_id = ?`, [id]);
    // Each browser by its cookie and by its looks from a network: 3 cookies, 3 looks (Chrome from two networks).
    expect(known).toHaveLength(6);
    for (const { browser_hash } of known) expect(browser_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(known)).not.toContain(first.browser.slice('bid='.length));

    // A cookie that is not one of ours is replaced by a new one (and from another network, the browser is new).
    const forged = await signIn('nina', password, CHROME_MAC, '198.51.100.43', 'bid=short');
    expect(forged.browser).toMatch(/^bid=[A-Za-z0-9_-]{43}$/);
    expect(await activity('sign-in.new-browser', id)).toHaveLength(3);
  });
});
