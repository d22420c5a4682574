import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app.js';
import { awayFromStepBoundary, codeAt, sessionClient } from '../helpers/second-factor.js';

// The sign-in policy: every sign-in path (REST POST /api/login, GraphQL login and signIn) obeys
// the same rules, walked here through the matrix (no factor / a factor) x (policy off / on);
// switching the policy on ends the sessions signed in with a password alone; under the policy the
// last factor stays.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  const connection = app.orm.em.fork().getConnection();
  await connection.execute('delete from login_throttle');
  // Each test starts with the policy off (one that failed half-way may have left it on).
  await connection.execute('insert into auth_policy (id, require_second_factor) values (1, false) on conflict (id) do update set require_second_factor = false');
});

const { gql, rest, account, passwordSession, enrolTotp, sendCode, signedIn } = sessionClient(() => app);

const LOGIN = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { username } }';
const SIGN_IN = 'mutation($u: String!, $p: String!) { signIn(username: $u, password: $p) { status token methods user { username } } }';
const SET_POLICY = 'mutation($r: Boolean!) { setSecondFactorRequired(required: $r) { requireSecondFactor updatedAt } }';

type Expected = 'signed-in' | 'second-factor' | 'enrol';

/** Signs in by each path and checks each answers `expected`; returns the step tokens they gave. */
async function walk(username: string, password: string, expected: Expected): Promise<string[]> {
  const tokens: string[] = [];
  const restReply = await rest('POST', '/api/login', { username, password });
  const cookie = restReply.headers.getSetCookie().find((c) => c.startsWith('sid='));
  const login = await gql(LOGIN, { u: username, p: password });
  const signIn = await gql(SIGN_IN, { u: username, p: password });
  const label = `${username} ${expected}`;
  if (expected === 'signed-in') {
    // Exactly as the spec says (the contract tests): 200 {ok: true} and the cookie.
    expect([label, restReply.status, restReply.body]).toEqual([label, 200, { ok: true }]);
    expect(await signedIn(cookie!.split(';')[0])).toBe(true);
    expect([label, login.data?.login]).toEqual([label, { username }]);
    expect(await signedIn(login.cookie)).toBe(true);
    expect([label, signIn.data?.signIn]).toEqual([label, { status: 'SIGNED_IN', token: null, methods: [], user: { username } }]);
    expect(await signedIn(signIn.cookie)).toBe(true);
    return tokens;
  }
  const [message, key, code, status] =
    expected === 'second-factor'
      ? ['A second step is needed to sign in', 'secondStep', 'SECOND_STEP_REQUIRED', 'SECOND_FACTOR']
      : ['Set up a second factor to sign in', 'enrolment', 'ENROLMENT_REQUIRED', 'ENROL'];
  const methods = expected === 'second-factor' ? ['totp', 'recovery-code'] : ['totp'];
  expect([label, restReply.status, restReply.body]).toEqual([label, 401, { message, [key]: { token: expect.any(String), methods, expiresAt: expect.any(String) } }]);
  expect(cookie).toBeUndefined();
  expect([label, login.data, login.errors?.[0]]).toEqual([
    label,
    null,
    expect.objectContaining({ message, extensions: { code, [key]: { token: expect.any(String), methods, expiresAt: expect.any(String) } } }),
  ]);
  expect(login.cookie).toBeNull();
  expect([label, signIn.data?.signIn]).toEqual([label, { status, token: expect.any(String), methods: methods.map((m) => m.toUpperCase().replace('-', '_')), user: null }]);
  expect(signIn.cookie).toBeNull();
  tokens.push(restReply.body[key].token, login.errors![0].extensions[key].token, signIn.data!.signIn.token);
  return tokens;
}

describe('the policy matrix: every sign-in path obeys one rule', () => {
  it('walks REST login, GraphQL login and signIn through (no factor | a factor) x (policy off | on), with token misuse', async () => {
    const boss = await account('matrix-admin');
    const admin = await passwordSession(boss.username, boss.password);
    const plain = await account('matrix-plain');
    const withApp = await account('matrix-app');
    const { secret } = await enrolTotp(await passwordSession(withApp.username, withApp.password));

    // Policy off.
    await walk(plain.username, plain.password, 'signed-in');
    const secondStepTokens = await walk(withApp.username, withApp.password, 'second-factor');

    // Policy on (the admin sets up an app first: a password-only session may not switch it on).
    const refused = await gql(SET_POLICY, { r: true }, admin);
    expect(refused.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'required', message: 'Set up a second factor for your own account first' }] });
    await enrolTotp(admin);
    const on = await gql(SET_POLICY, { r: true }, admin);
    expect(on.data!.setSecondFactorRequired).toMatchObject({ requireSecondFactor: true, updatedAt: expect.any(String) });

    const enrolTokens = await walk(plain.username, plain.password, 'enrol');
    await walk(withApp.username, withApp.password, 'second-factor');

    // Token misuse: an enrolment token is no second step, a second step's token enrols nothing.
    await awayFromStepBoundary();
    for (const token of enrolTokens) {
      const reply = await sendCode(token, await codeAt(secret, 1));
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ message: 'This sign-in has expired. Sign in again.' });
    }
    for (const token of secondStepTokens) {
      const reply = await gql('mutation($t: String) { beginTotpEnrolment(token: $t) { secret } }', { t: token });
      expect(reply.errors![0].message).toBe('This sign-in has expired. Sign in again.');
    }
    // Enrolment with its token completes the sign-in, once.
    const [restToken, loginToken] = enrolTokens;
    const begin = await gql('mutation($t: String) { beginTotpEnrolment(token: $t) { secret } }', { t: restToken });
    const plainSecret = begin.data!.beginTotpEnrolment.secret as string;
    await awayFromStepBoundary();
    const confirm = await gql('mutation($c: String!, $t: String) { confirmTotpEnrolment(code: $c, token: $t) { recoveryCodes user { username } } }', { c: await codeAt(plainSecret), t: restToken });
    expect(confirm.data!.confirmTotpEnrolment.user).toEqual({ username: plain.username });
    expect(confirm.data!.confirmTotpEnrolment.recoveryCodes).toHaveLength(10);
    expect(await signedIn(confirm.cookie)).toBe(true);
    const [session] = await app.orm.em.fork().getConnection().execute(`select count(*)::int as n from sessions where sess->>'secondFactor' = 'enrolled' and sess->>'userId' = (select id::text from users where username = ?)`, [plain.username]);
    expect(session.n).toBe(1);
    // The same token again, and another enrolment token of the account (it has a factor now).
    for (const token of [restToken, loginToken]) {
      const again = await gql('mutation($t: String) { beginTotpEnrolment(token: $t) { secret } }', { t: token });
      expect(again.errors![0].message).toBe('This sign-in has expired. Sign in again.');
    }
    // From now on the account signs in with its second step.
    await walk(plain.username, plain.password, 'second-factor');

    // Policy off again: an account without a factor signs in with its password alone.
    expect((await gql(SET_POLICY, { r: false }, admin)).data!.setSecondFactorRequired.requireSecondFactor).toBe(false);
    const later = await account('matrix-later');
    await walk(later.username, later.password, 'signed-in');
  });
});

describe('switching the policy on', () => {
  it('ends the sessions signed in with a password alone, keeps those with a second step and the caller’s own', async () => {
    const boss = await account('boss');
    const bossSession = await passwordSession(boss.username, boss.password);
    await enrolTotp(bossSession);
    const before = await account('before');
    const beforeSession = await passwordSession(before.username, before.password);
    const factor = await account('factor');
    const factorPasswordSession = await passwordSession(factor.username, factor.password);
    const { secret } = await enrolTotp(factorPasswordSession);
    const token = (await rest('POST', '/api/login', factor)).body.secondStep.token;
    await awayFromStepBoundary();
    const factorCodeSession = (await sendCode(token, await codeAt(secret, 1))).cookie!;
    const plainAdmin = await passwordSession(TEST_ADMIN.username, TEST_ADMIN.password);
    for (const cookie of [bossSession, beforeSession, factorCodeSession, plainAdmin]) expect(await signedIn(cookie)).toBe(true);

    const on = await gql(SET_POLICY, { r: true }, bossSession);
    expect(on.data!.setSecondFactorRequired.requireSecondFactor).toBe(true);
    expect(await signedIn(beforeSession)).toBe(false);
    expect(await signedIn(plainAdmin)).toBe(false);
    expect(await signedIn(bossSession)).toBe(true);
    expect(await signedIn(factorCodeSession)).toBe(true);
    // factor's enrolment session completed a second step (it set the app up): it stays.
    expect(await signedIn(factorPasswordSession)).toBe(true);
    const activity = await app.orm.em.fork().getConnection().execute(`select summary from activity_log where kind = 'account.policy' order by id desc limit 1`);
    expect(activity[0].summary).toMatch(/second factor/i);
  });

  it('never loads a password-only session while the policy is on, even one saved after the switch', async () => {
    // A sign-in in flight when the policy is switched on can save its session after the switch's
    // deletion: the store does not load it while the policy stands, and loads it again when it is off.
    const late = await account('late');
    const lateSession = await passwordSession(late.username, late.password);
    const connection = app.orm.em.fork().getConnection();
    await connection.execute('update auth_policy set require_second_factor = true where id = 1');
    expect(await signedIn(lateSession)).toBe(false);
    await connection.execute('update auth_policy set require_second_factor = false where id = 1');
    expect(await signedIn(lateSession)).toBe(true);
  });

  it('keeps the last factor while the policy requires one; without the policy it goes, with its recovery codes', async () => {
    const boss = await account('last-factor');
    const bossSession = await passwordSession(boss.username, boss.password);
    await enrolTotp(bossSession);
    expect((await gql(SET_POLICY, { r: true }, bossSession)).data!.setSecondFactorRequired.requireSecondFactor).toBe(true);
    const removeLast = await gql('mutation { removeTotp }', {}, bossSession);
    expect(removeLast.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ field: 'factor', message: 'Every account needs a second factor: add another before removing this one' }],
    });
    expect((await gql('{ mySecurity { totpEnabled } }', {}, bossSession)).data!.mySecurity.totpEnabled).toBe(true);

    // Off again: it may go, and its recovery codes with it.
    await gql(SET_POLICY, { r: false }, bossSession);
    expect((await gql('mutation { removeTotp }', {}, bossSession)).data!.removeTotp).toBe(true);
    expect((await gql('{ mySecurity { totpEnabled recoveryCodesLeft } }', {}, bossSession)).data!.mySecurity).toEqual({ totpEnabled: false, recoveryCodesLeft: 0 });
    const [codes] = await app.orm.em.fork().getConnection().execute('select count(*)::int as n from recovery_codes r join users u on u.id = r.user_id where u.username = ?', [boss.username]);
    expect(codes.n).toBe(0);
    const signInAgain = await rest('POST', '/api/login', boss);
    expect(signInAgain.status).toBe(200);
  });

  it('is for admins only', async () => {
    const editor = await account('editor-policy', 'a long enough password', 'editor');
    const cookie = await passwordSession(editor.username, editor.password);
    const reply = await gql(SET_POLICY, { r: true }, cookie);
    expect(reply.errors![0].extensions.code).toBe('FORBIDDEN');
    expect((await gql(SET_POLICY, { r: true })).errors![0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
