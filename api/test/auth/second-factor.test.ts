import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import { codeVerifications } from '../../src/auth/factors/codes.js';
import { enrolMethods } from '../../src/auth/sign-in/sign-in-flow.js';
import { issueStepToken } from '../../src/auth/sign-in/sign-in-tokens.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { awayFromStepBoundary, codeAt, sessionClient, wrongCode } from '../helpers/second-factor.js';

// Second factors over REST and GraphQL: setting up an authenticator app, signing in with its codes
// (within one step of drift, each code once), recovery codes (each once), the code throttle under
// concurrency, and hostile input on the code and token fields.

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

const { gql, rest, account, passwordSession, enrolTotp, secondStepToken, sendCode, signedIn } = sessionClient(() => app);

const SIGN_IN_WITH_CODE = 'mutation($t: String!, $c: String!) { signInWithCode(token: $t, code: $c) { status user { username } } }';
const RECOVERY_CODE = /^[abcdefghjkmnpqrstuvwxyz23456789]{5}-[abcdefghjkmnpqrstuvwxyz23456789]{5}$/;

describe('setting up an authenticator app', () => {
  it('shows the secret, its otpauth URI and a QR code; a wrong code is refused; the right one turns it on with ten recovery codes', async () => {
    const { username, password } = await account('enrol-1');
    const cookie = await passwordSession(username, password);

    const begin = await gql('mutation { beginTotpEnrolment(token: null) { secret uri qrSvg } }', {}, cookie);
    const { secret, uri, qrSvg } = begin.data!.beginTotpEnrolment;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(uri)).toContain('enrol-1');
    expect(qrSvg).toMatch(/<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // The secret is not on the account until a code confirms it.
    expect((await gql('{ mySecurity { totpEnabled recoveryCodesLeft } }', {}, cookie)).data!.mySecurity).toEqual({ totpEnabled: false, recoveryCodesLeft: 0 });

    const confirm = (code: string) => gql('mutation($code: String!) { confirmTotpEnrolment(code: $code, token: null) { recoveryCodes user { id } } }', { code }, cookie);
    const wrong = await confirm(await wrongCode(secret));
    expect(wrong.errors![0].extensions.code).toBe('BAD_USER_INPUT');
    expect(wrong.errors![0].extensions.errors).toEqual([{ field: 'code', message: 'The code is not correct' }]);
    const malformed = await confirm('12 34');
    expect(malformed.errors![0].extensions.errors[0].field).toBe('code');

    await awayFromStepBoundary();
    const done = await confirm(await codeAt(secret));
    const { recoveryCodes, user } = done.data!.confirmTotpEnrolment;
    expect(user).toBeNull(); // already signed in: no new session
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE);
    expect((await gql('{ mySecurity { totpEnabled recoveryCodesLeft totpEnabledAt } }', {}, cookie)).data!.mySecurity).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10 });

    // Only hashes are stored; the secret never shows in the account's JSON.
    const stored = await app.orm.em.fork().getConnection().execute('select code_hash from recovery_codes r join users u on u.id = r.user_id where u.username = ?', [username]);
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) expect(recoveryCodes.map((c: string) => c.replace('-', ''))).not.toContain(code_hash);
    const me = await rest('GET', '/api/auth/user', undefined, cookie);
    expect(JSON.stringify(me.body)).not.toContain(secret);
    // The enrolled session may now switch the policy on (it completed a second step).
    const [session] = await app.orm.em.fork().getConnection().execute(`select sess->>'secondFactor' as factor from sessions where sess->>'userId' = (select id::text from users where username = ?)`, [username]);
    expect(session.factor).toBe('enrolled');
  });

  it('offers passkeys for enrolment only where they work (PUBLIC_URL on a domain name)', () => {
    const config = app.deps.config;
    expect(enrolMethods({ ...config, publicUrl: 'https://www.example.com' })).toEqual(['totp', 'passkey']);
    expect(enrolMethods({ ...config, publicUrl: 'http://192.0.2.10:3000' })).toEqual(['totp']);
    expect(enrolMethods({ ...config, publicUrl: null })).toEqual(['totp']);
  });

  it('cannot be started without a session or an enrolment token', async () => {
    const anonymous = await gql('mutation { beginTotpEnrolment(token: null) { secret } }');
    expect(anonymous.errors![0].extensions.code).toBe('UNAUTHENTICATED');
    const forged = await gql('mutation { beginTotpEnrolment(token: "abc.def") { secret } }');
    expect(forged.errors![0]).toMatchObject({ message: 'This sign-in has expired. Sign in again.', extensions: { code: 'UNAUTHENTICATED' } });
  });
});

describe('signing in with a code', () => {
  it('over REST: the password answers 401 with the second step; the code completes it with a session; the token then is spent', async () => {
    const { username, password } = await account('rest-code');
    const { secret } = await enrolTotp(await passwordSession(username, password));

    const first = await rest('POST', '/api/login', { username, password });
    expect(first.status).toBe(401);
    expect(first.body).toEqual({
      message: 'A second step is needed to sign in',
      secondStep: { token: expect.any(String), methods: ['totp', 'recovery-code'], expiresAt: expect.any(String) },
    });
    expect(first.headers.getSetCookie().filter((c) => c.startsWith('sid='))).toEqual([]);
    const expiresIn = Date.parse(first.body.secondStep.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(4 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60 * 1000);

    // The enrolment's code used the current step: the app's next code (one step of drift).
    await awayFromStepBoundary();
    const done = await sendCode(first.body.secondStep.token, await codeAt(secret, 1));
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ ok: true });
    expect(await signedIn(done.cookie)).toBe(true);
    const [session] = await app.orm.em.fork().getConnection().execute(`select sess->>'secondFactor' as factor from sessions where sid = ?`, [decodeURIComponent(done.cookie!.slice(4)).slice(2).split('.')[0]]);
    expect(session.factor).toBe('totp');

    // The token completed its sign-in: never another.
    await app.orm.em.fork().getConnection().execute('update users set totp_last_step = null where username = ?', [username]);
    const again = await sendCode(first.body.secondStep.token, await codeAt(secret));
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: 'This sign-in has expired. Sign in again.' });
  });

  it('over GraphQL: login says SECOND_STEP_REQUIRED, signIn says SECOND_FACTOR, signInWithCode signs in', async () => {
    const { username, password } = await account('gql-code');
    const { secret, recoveryCodes } = await enrolTotp(await passwordSession(username, password));

    const login = await gql('mutation($u: String!, $p: String!) { login(username: $u, password: $p) { id } }', { u: username, p: password });
    expect(login.errors![0]).toMatchObject({
      message: 'A second step is needed to sign in',
      extensions: { code: 'SECOND_STEP_REQUIRED', secondStep: { token: expect.any(String), methods: ['totp', 'recovery-code'], expiresAt: expect.any(String) } },
    });
    expect(login.cookie).toBeNull();

    const signIn = await gql('mutation($u: String!, $p: String!) { signIn(username: $u, password: $p) { status token methods expiresAt user { id } } }', { u: username, p: password });
    expect(signIn.data!.signIn).toMatchObject({ status: 'SECOND_FACTOR', methods: ['TOTP', 'RECOVERY_CODE'], user: null });
    expect(signIn.cookie).toBeNull();

    await awayFromStepBoundary();
    const done = await gql(SIGN_IN_WITH_CODE, { t: signIn.data!.signIn.token, c: await codeAt(secret, 1) });
    expect(done.data!.signInWithCode).toEqual({ status: 'SIGNED_IN', user: { username } });
    expect(await signedIn(done.cookie)).toBe(true);
    // The token from login works the same way (one mechanism).
    const viaLoginToken = await sendCode(login.errors![0].extensions.secondStep.token, recoveryCodes[0]);
    expect(viaLoginToken.status).toBe(200);
  });

  it('refuses a wrong code (401 Invalid code) and a malformed one (400 on code)', async () => {
    const { username, password } = await account('wrong-code');
    const { secret } = await enrolTotp(await passwordSession(username, password));
    const token = await secondStepToken(username, password);
    const wrong = await sendCode(token, await wrongCode(secret));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid code' });
    expect(wrong.cookie).toBeNull();
    for (const code of ['', '12345', '1234567', 'abcdef', 'not-a-code-at-all', 123456, null]) {
      const malformed = await sendCode(token, code);
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors).toEqual([{ field: 'code', message: 'Enter the 6-digit code from your app or a recovery code' }]);
    }
    const graphqlWrong = await gql(SIGN_IN_WITH_CODE, { t: token, c: await wrongCode(secret) });
    expect(graphqlWrong.errors![0]).toMatchObject({ message: 'Invalid code', extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('accepts a code one step late (a fast clock), refuses two steps off either way', async () => {
    const { username, password } = await account('drift');
    const { secret } = await enrolTotp(await passwordSession(username, password));
    await awayFromStepBoundary();
    for (const steps of [-2, 2]) {
      const refused = await sendCode(await secondStepToken(username, password), await codeAt(secret, steps));
      expect([steps, refused.status, refused.body]).toEqual([steps, 401, { message: 'Invalid code' }]);
    }
    const ahead = await sendCode(await secondStepToken(username, password), await codeAt(secret, 1));
    expect(ahead.status).toBe(200);
  });

  it('accepts a code one step early (a slow clock) when no later code was used', async () => {
    const { username, password } = await account('drift-behind');
    const { secret } = await enrolTotp(await passwordSession(username, password));
    // The enrolment's code spent the current step and those before it: as if it were long ago.
    await app.orm.em.fork().getConnection().execute('update users set totp_last_step = null where username = ?', [username]);
    await awayFromStepBoundary();
    const behind = await sendCode(await secondStepToken(username, password), await codeAt(secret, -1));
    expect(behind.status).toBe(200);
  });

  it('refuses a replayed code, on a new sign-in and on both surfaces', async () => {
    const { username, password } = await account('replay');
    const { secret } = await enrolTotp(await passwordSession(username, password));
    await awayFromStepBoundary();
    const code = await codeAt(secret, 1);
    expect((await sendCode(await secondStepToken(username, password), code)).status).toBe(200);
    const replayed = await sendCode(await secondStepToken(username, password), code);
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual({ message: 'Invalid code' });
    const viaGraphQL = await gql(SIGN_IN_WITH_CODE, { t: await secondStepToken(username, password), c: code });
    expect(viaGraphQL.errors![0].message).toBe('Invalid code');
    // An older step than the one used is refused too (the enrolment's own code, step 0).
    expect((await sendCode(await secondStepToken(username, password), await codeAt(secret, 0))).status).toBe(401);
  });

  it('refuses a token that is not a second step: forged, expired, an enrolment token, another purpose', async () => {
    const { username, password } = await account('tokens');
    const { secret } = await enrolTotp(await passwordSession(username, password));
    const userId = (await app.orm.em.fork().getConnection().execute('select id from users where username = ?', [username]))[0].id as string;
    const config = app.deps.config;
    const realNow = Date.now();
    const now = jest.spyOn(Date, 'now').mockReturnValue(realNow - 6 * 60 * 1000);
    const expired = issueStepToken(config, 'second-factor', userId).token;
    now.mockRestore();
    const good = await secondStepToken(username, password);
    const [body, signature] = good.split('.');
    const tampered = `${body.slice(0, -2)}${body.slice(-2) === 'AA' ? 'BB' : 'AA'}.${signature}`;
    for (const token of ['', 'x', 'a.b', 'a.b.c', expired, tampered, issueStepToken(config, 'enrol', userId).token, issueStepToken(config, 'passkey', userId).token, issueStepToken({ ...config, sessionSecret: 'another secret' }, 'second-factor', userId).token]) {
      await awayFromStepBoundary();
      const reply = await sendCode(token, await codeAt(secret, 1));
      expect([token, reply.status, reply.body]).toEqual([token, 401, { message: 'This sign-in has expired. Sign in again.' }]);
    }
  });
});

describe('recovery codes', () => {
  it('sign in once each, in any case, with or without the hyphen; then never again', async () => {
    const { username, password } = await account('recovery');
    const cookie = await passwordSession(username, password);
    const { recoveryCodes } = await enrolTotp(cookie);
    const [first, second] = recoveryCodes;

    const done = await sendCode(await secondStepToken(username, password), first);
    expect(done.status).toBe(200);
    expect(await signedIn(done.cookie)).toBe(true);
    const again = await sendCode(await secondStepToken(username, password), first);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: 'Invalid code' });
    expect((await sendCode(await secondStepToken(username, password), first.toUpperCase().replace('-', ''))).status).toBe(401);

    const loose = ` ${second.toUpperCase().replace('-', ' ')} `;
    const viaGraphQL = await gql(SIGN_IN_WITH_CODE, { t: await secondStepToken(username, password), c: loose });
    expect(viaGraphQL.data!.signInWithCode.status).toBe('SIGNED_IN');
    expect((await gql('{ mySecurity { recoveryCodesLeft } }', {}, cookie)).data!.mySecurity.recoveryCodesLeft).toBe(8);
    const [session] = await app.orm.em.fork().getConnection().execute(
      `select count(*)::int as n from sessions where sess->>'secondFactor' = 'recovery-code' and sess->>'userId' = (select id::text from users where username = ?)`,
      [username],
    );
    expect(session.n).toBe(2);
  });

  it('are replaced by new ones on request: the old ones stop working', async () => {
    const { username, password } = await account('regenerate');
    const cookie = await passwordSession(username, password);
    const { recoveryCodes: old } = await enrolTotp(cookie);
    const fresh = await gql('mutation { regenerateRecoveryCodes }', {}, cookie);
    const codes = fresh.data!.regenerateRecoveryCodes as string[];
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
    expect(codes.filter((c) => old.includes(c))).toEqual([]);
    expect((await sendCode(await secondStepToken(username, password), old[0])).status).toBe(401);
    expect((await sendCode(await secondStepToken(username, password), codes[0])).status).toBe(200);
  });

  it('cannot be made for an account without a second factor', async () => {
    const { username, password } = await account('no-factor-codes');
    const cookie = await passwordSession(username, password);
    const reply = await gql('mutation { regenerateRecoveryCodes }', {}, cookie);
    expect(reply.errors![0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('the code throttle', () => {
  it('verifies at most the limit of 200 parallel wrong codes (REST and GraphQL), then refuses the right one too', async () => {
    const { username, password } = await account('parallel');
    const { secret } = await enrolTotp(await passwordSession(username, password));
    const token = await secondStepToken(username, password);
    const wrong = await wrongCode(secret);
    const limit = app.deps.config.loginLimits.codesPerAccount;
    expect(limit).toBe(5);

    const before = codeVerifications();
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 4 === 3
          ? gql(SIGN_IN_WITH_CODE, { t: token, c: wrong }).then((r) => ({ status: r.errors![0].extensions.code === 'TOO_MANY_REQUESTS' ? 429 : r.errors![0].extensions.code === 'UNAUTHENTICATED' ? 401 : 0, retryAfter: '1' }))
          : sendCode(token, wrong).then((r) => ({ status: r.status, retryAfter: r.headers.get('retry-after') })),
      ),
    );
    const verified = codeVerifications() - before;
    expect(verified).toBeGreaterThan(0);
    expect(verified).toBeLessThanOrEqual(limit);
    const counts = { 401: 0, 429: 0 } as Record<number, number>;
    for (const reply of replies) counts[reply.status] = (counts[reply.status] ?? 0) + 1;
    expect(counts).toEqual({ 401: verified, 429: 200 - verified });
    const refused = replies.find((r) => r.status === 429)!;
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);

    await awayFromStepBoundary();
    const right = await sendCode(token, await codeAt(secret, 1));
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/^Too many code attempts\. Please try again in \d+ minutes?\.$/);
    expect(codeVerifications() - before).toBe(verified);
  });

  it('gives a success a clean slate: the account count starts again', async () => {
    const { username, password } = await account('slate');
    const { secret } = await enrolTotp(await passwordSession(username, password));
    const token = await secondStepToken(username, password);
    for (let i = 0; i < 4; i++) expect((await sendCode(token, await wrongCode(secret))).status).toBe(401);
    await awayFromStepBoundary();
    expect((await sendCode(token, await codeAt(secret, 1))).status).toBe(200);
    const rows = await app.orm.em.fork().getConnection().execute(`select key from login_throttle where key like 'factor:%'`);
    expect(rows).toEqual([]);
  });
});

describe('hostile input', () => {
  it('never answers 500 on the code and token fields (fast-check, seeded)', async () => {
    const { username, password } = await account('hostile');
    await enrolTotp(await passwordSession(username, password));
    const token = await secondStepToken(username, password);
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.stringMatching(/^[0-9]{6}$/),
      fc.stringMatching(/^[a-zA-Z0-9 -]{8,14}$/),
      fc.constantFrom(token, `${token}x`, token.replace('.', '..'), '\u0000', '𝟙𝟚𝟛𝟜𝟝𝟞', '１２３４５６', 'x'.repeat(5000)),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(value, value, async (t, c) => {
        await app.orm.em.fork().getConnection().execute('delete from login_throttle');
        const reply = await sendCode(t, c);
        expect([400, 401, 429]).toContain(reply.status);
        expect(reply.cookie).toBeNull();
        if (typeof t === 'string' && typeof c === 'string') {
          const viaGraphQL = await gql(SIGN_IN_WITH_CODE, { t, c });
          expect(['BAD_USER_INPUT', 'UNAUTHENTICATED', 'TOO_MANY_REQUESTS']).toContain(viaGraphQL.errors?.[0]?.extensions?.code);
        }
      }),
      { numRuns: 120, seed: 2626 },
    );
    // A body that is not an object at all.
    for (const body of [[], 'code', 42, null]) {
      const reply = await rest('POST', '/api/login/second-factor', body);
      expect([400, 401]).toContain(reply.status);
    }
  }, 60_000);
});
