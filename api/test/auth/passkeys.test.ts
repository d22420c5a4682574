import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { COMMAND_LINE, createUser } from '../../src/auth/accounts.service.js';
import { issueStepToken } from '../../src/auth/sign-in/sign-in-tokens.js';
import { SoftAuthenticator } from '../helpers/passkey-authenticator.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app.js';

// Passkeys (WebAuthn) against the real server, with a software authenticator (ES256, attestation
// 'none'): registering several with names, renaming, removing; signing in with a passkey alone
// and as the second step after a password; challenges serve once; user verification required;
// broken answers are 400/401, never 500; an IP address as PUBLIC_URL turns passkeys off.

type Json = Record<string, any>;

const ORIGIN = 'http://localhost:4321';
const UNAVAILABLE = 'Passkeys need the site on a domain name (PUBLIC_URL), not an IP address';
const EXPIRED = 'This sign-in has expired. Sign in again.';
const LAST_FACTOR = 'Every account needs a second factor: add another before removing this one';

function client(app: () => TestApp) {
  return async function gql(query: string, variables: Json = {}, cookie?: string): Promise<{ status: number; data?: Json | null; errors?: Json[]; cookie: string | null }> {
    const response = await fetch(`${app().baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as Json;
    const set = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
    return { status: response.status, ...body, cookie: set ? set.split(';')[0] : null };
  };
}

const REGISTRATION_OPTIONS = 'mutation { passkeyRegistrationOptions(token: null) }';
const REGISTER = 'mutation($name: String!, $response: String!) { registerPasskey(name: $name, response: $response, token: null) { recoveryCodes passkey { id name backedUp createdAt lastUsedAt } } }';
const SIGN_IN_OPTIONS = 'mutation($token: String) { passkeySignInOptions(token: $token) }';
const SIGN_IN = 'mutation($response: String!, $token: String) { signInWithPasskey(response: $response, token: $token) { status user { username } } }';
const MY_SECURITY = '{ mySecurity { passkeysAvailable recoveryCodesLeft passkeys { id name lastUsedAt backedUp } } }';

const errorOf = (reply: { errors?: Json[] }) => reply.errors?.[0] as { message: string; extensions: Json } | undefined;

describe('passkeys', () => {
  let app: TestApp;
  let adminCookie: string;
  const gql = client(() => app);
  // Each device holds its own credentials (a device refuses to register twice for one account: excludeCredentials).
  const laptop = new SoftAuthenticator(ORIGIN);
  // A synced passkey: its signature counter stays 0.
  const phone = new SoftAuthenticator(ORIGIN, { counter: false });
  const spare = new SoftAuthenticator(ORIGIN);

  beforeAll(async () => {
    app = await startTestApp({ publicUrl: ORIGIN });
    adminCookie = await app.login();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function register(cookie: string, name: string, device = laptop, answer: Parameters<SoftAuthenticator['create']>[1] = {}) {
    const options = await gql(REGISTRATION_OPTIONS, {}, cookie);
    expect(options.errors).toBeUndefined();
    const response = device.create(options.data!.passkeyRegistrationOptions as string, answer);
    return gql(REGISTER, { name, response: JSON.stringify(response) }, cookie);
  }

  async function signInAlone(device = laptop, answer: Parameters<SoftAuthenticator['get']>[1] = {}) {
    const options = await gql(SIGN_IN_OPTIONS, { token: null });
    expect(options.errors).toBeUndefined();
    const response = device.get(options.data!.passkeySignInOptions as string, answer);
    return { response, reply: await gql(SIGN_IN, { response: JSON.stringify(response), token: null }) };
  }

  const recoveryCodeRows = async (username: string) =>
    (
      await app.orm.em
        .fork()
        .getConnection()
        .execute<Array<{ n: number }>>('select count(*)::int as n from recovery_codes r join users u on u.id = r.user_id where u.username = ? and r.used_at is null', [username])
    )[0]!.n;

  it('offers creation options for this site: rp localhost named after the firm, user verification and a discoverable credential required', async () => {
    const security = await gql(MY_SECURITY, {}, adminCookie);
    expect(security.data?.mySecurity).toMatchObject({ passkeysAvailable: true, passkeys: [] });
    const reply = await gql(REGISTRATION_OPTIONS, {}, adminCookie);
    const options = JSON.parse(reply.data!.passkeyRegistrationOptions as string) as Json;
    expect(options.rp).toEqual({ id: 'localhost', name: expect.any(String) });
    expect(options.rp.name.length).toBeGreaterThan(0);
    expect(options.user).toMatchObject({ name: TEST_ADMIN.username });
    expect(options.attestation).toBe('none');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.excludeCredentials).toEqual([]);
    // Anonymous callers get no options (nothing to register for).
    expect(errorOf(await gql(REGISTRATION_OPTIONS))?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('registers two named passkeys: the first brings ten recovery codes, the second none; names are required, trimmed, at most 100 characters and unique', async () => {
    const first = await register(adminCookie, '  Work laptop  ');
    expect(first.errors).toBeUndefined();
    const codes = first.data!.registerPasskey.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await recoveryCodeRows(TEST_ADMIN.username)).toBe(10);
    expect(first.data!.registerPasskey.passkey).toMatchObject({ name: 'Work laptop', backedUp: true, lastUsedAt: null });

    // The next registration's options exclude the first passkey (its device will not make another).
    const options = JSON.parse((await gql(REGISTRATION_OPTIONS, {}, adminCookie)).data!.passkeyRegistrationOptions as string) as Json;
    expect(options.excludeCredentials.map((c: Json) => c.id)).toEqual([laptop.credentials[0]!.id]);

    const second = await register(adminCookie, 'Phone', phone);
    expect(second.errors).toBeUndefined();
    expect(second.data!.registerPasskey.recoveryCodes).toBeNull();
    expect(await recoveryCodeRows(TEST_ADMIN.username)).toBe(10);

    for (const [name, message] of [
      ['', 'Enter a name for the passkey'],
      ['   ', 'Enter a name for the passkey'],
      ['x'.repeat(101), 'The name is too long (100 characters at most)'],
      [' work LAPTOP', 'You already have a passkey with this name'],
    ] as const) {
      const refused = await register(adminCookie, name, new SoftAuthenticator(ORIGIN));
      expect(errorOf(refused)?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'name', message }] });
    }
    expect((await register(adminCookie, 'x'.repeat(100), spare)).errors).toBeUndefined();

    const security = await gql(MY_SECURITY, {}, adminCookie);
    expect(security.data!.mySecurity.passkeys.map((p: Json) => p.name)).toEqual(['Work laptop', 'Phone', 'x'.repeat(100)]);
    expect(security.data!.mySecurity.recoveryCodesLeft).toBe(10);
  });

  it('refuses a registration answer that was not user-verified, comes from another origin, or reuses its challenge', async () => {
    const options = (await gql(REGISTRATION_OPTIONS, {}, adminCookie)).data!.passkeyRegistrationOptions as string;
    const device = new SoftAuthenticator(ORIGIN);
    const notVerified = await gql(REGISTER, { name: 'No UV', response: JSON.stringify(device.create(options, { userVerified: false })) }, adminCookie);
    expect(errorOf(notVerified)?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'response', message: 'Invalid passkey' }] });
    const elsewhere = await gql(REGISTER, { name: 'Elsewhere', response: JSON.stringify(device.create(options, { origin: 'http://evil.test' })) }, adminCookie);
    expect(errorOf(elsewhere)?.extensions.code).toBe('BAD_USER_INPUT');

    const good = device.create(options);
    expect((await gql(REGISTER, { name: 'Once', response: JSON.stringify(good) }, adminCookie)).errors).toBeUndefined();
    const again = device.create(options);
    expect(errorOf(await gql(REGISTER, { name: 'Twice', response: JSON.stringify(again) }, adminCookie))?.extensions.code).toBe('BAD_USER_INPUT');
    const security = await gql(MY_SECURITY, {}, adminCookie);
    expect(security.data!.mySecurity.passkeys.map((p: Json) => p.name)).toContain('Once');
    expect(security.data!.mySecurity.passkeys.map((p: Json) => p.name)).not.toContain('Twice');
    const once = security.data!.mySecurity.passkeys.find((p: Json) => p.name === 'Once') as Json;
    expect((await gql('mutation($id: ID!) { removePasskey(id: $id) }', { id: once.id }, adminCookie)).data).toEqual({ removePasskey: true });
  });

  it('renames a passkey (names still unique); another account cannot rename or remove it', async () => {
    const security = await gql(MY_SECURITY, {}, adminCookie);
    const [laptopKey, phoneKey, longKey] = security.data!.mySecurity.passkeys as Json[];
    const renamed = await gql('mutation($id: ID!, $name: String!) { renamePasskey(id: $id, name: $name) { id name } }', { id: phoneKey!.id, name: ' My phone ' }, adminCookie);
    expect(renamed.data).toEqual({ renamePasskey: { id: phoneKey!.id, name: 'My phone' } });
    const taken = await gql('mutation($id: ID!, $name: String!) { renamePasskey(id: $id, name: $name) { id } }', { id: longKey!.id, name: 'work laptop' }, adminCookie);
    expect(errorOf(taken)?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'name', message: 'You already have a passkey with this name' }] });
    // Its own name again (other case) is fine.
    expect((await gql('mutation($id: ID!, $name: String!) { renamePasskey(id: $id, name: $name) { name } }', { id: laptopKey!.id, name: 'Work laptop' }, adminCookie)).data).toEqual({
      renamePasskey: { name: 'Work laptop' },
    });

    await createUser(app.orm.em.fork(), COMMAND_LINE, { username: 'bella', password: 'a long enough password', role: 'editor' });
    const bella = await app.login('bella', 'a long enough password');
    expect(errorOf(await gql('mutation($id: ID!, $name: String!) { renamePasskey(id: $id, name: $name) { id } }', { id: laptopKey!.id, name: 'Mine' }, bella))?.extensions.code).toBe('NOT_FOUND');
    expect(errorOf(await gql('mutation($id: ID!) { removePasskey(id: $id) }', { id: laptopKey!.id }, bella))?.extensions.code).toBe('NOT_FOUND');
    expect(errorOf(await gql('mutation($id: ID!) { removePasskey(id: $id) }', { id: 'not-a-uuid' }, bella))?.extensions.code).toBe('NOT_FOUND');
    const after = await gql(MY_SECURITY, {}, adminCookie);
    expect(after.data!.mySecurity.passkeys.map((p: Json) => p.name)).toEqual(['Work laptop', 'My phone', 'x'.repeat(100)]);
  });

  it('signs in with a passkey alone: discoverable (no allowCredentials), the session works on `me`, and the answer serves once', async () => {
    const options = JSON.parse((await gql(SIGN_IN_OPTIONS, { token: null })).data!.passkeySignInOptions as string) as Json;
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);

    const { response, reply } = await signInAlone();
    expect(reply.errors).toBeUndefined();
    expect(reply.data!.signInWithPasskey).toEqual({ status: 'SIGNED_IN', user: { username: TEST_ADMIN.username } });
    expect(reply.cookie).toEqual(expect.stringMatching(/^sid=/));
    const me = await gql('{ me { username } }', {}, reply.cookie!);
    expect(me.data).toEqual({ me: { username: TEST_ADMIN.username } });

    const replay = await gql(SIGN_IN, { response: JSON.stringify(response), token: null });
    expect(errorOf(replay)).toMatchObject({ message: 'Invalid passkey', extensions: { code: 'UNAUTHENTICATED' } });
    expect(replay.cookie).toBeNull();

    // A synced passkey keeps no counter: the spent challenge alone refuses its replayed answer.
    const synced = await signInAlone(phone);
    expect(synced.reply.data?.signInWithPasskey.status).toBe('SIGNED_IN');
    const syncedReplay = await gql(SIGN_IN, { response: JSON.stringify(synced.response), token: null });
    expect(errorOf(syncedReplay)).toMatchObject({ message: 'Invalid passkey', extensions: { code: 'UNAUTHENTICATED' } });
    expect(syncedReplay.cookie).toBeNull();

    const used = (await gql(MY_SECURITY, {}, adminCookie)).data!.mySecurity.passkeys[0] as Json;
    expect(used.lastUsedAt).not.toBeNull();
    const [row] = await app.orm.em.fork().getConnection().execute<Array<{ counter: string }>>('select counter::text from passkeys where credential_id = ?', [laptop.credentials[0]!.id]);
    expect(Number(row!.counter)).toBe(laptop.credentials[0]!.signCount);
  });

  it('refuses an answer without user verification, from another origin, or with a bad signature', async () => {
    const { reply } = await signInAlone(laptop, { userVerified: false });
    expect(errorOf(reply)).toMatchObject({ message: 'Invalid passkey', extensions: { code: 'UNAUTHENTICATED' } });
    expect(reply.cookie).toBeNull();
    expect(errorOf((await signInAlone(laptop, { origin: 'http://localhost:9999' })).reply)?.message).toBe('Invalid passkey');

    const options = (await gql(SIGN_IN_OPTIONS, { token: null })).data!.passkeySignInOptions as string;
    const response = laptop.get(options) as Json;
    const forged = { ...response, response: { ...response.response, signature: Buffer.from('not a signature').toString('base64url') } };
    expect(errorOf(await gql(SIGN_IN, { response: JSON.stringify(forged), token: null }))?.message).toBe('Invalid passkey');
    const otherHandle = { ...response, response: { ...response.response, userHandle: Buffer.from('00000000-0000-4000-8000-000000000000').toString('base64url') } };
    expect(errorOf(await gql(SIGN_IN, { response: JSON.stringify(otherHandle), token: null }))?.message).toBe('Invalid passkey');
    // The challenge was not spent by the failures: the genuine answer still signs in.
    expect((await gql(SIGN_IN, { response: JSON.stringify(response), token: null })).data?.signInWithPasskey.status).toBe('SIGNED_IN');
  });

  it('a challenge made up by the client (not one the server signed) is refused', async () => {
    const options = JSON.parse((await gql(SIGN_IN_OPTIONS, { token: null })).data!.passkeySignInOptions as string) as Json;
    const made = { ...options, challenge: Buffer.from('a challenge of my own').toString('base64url') };
    expect(errorOf(await gql(SIGN_IN, { response: JSON.stringify(laptop.get(made)), token: null }))?.message).toBe('Invalid passkey');
    // A registration challenge (signed for this account) cannot be used to sign in alone either.
    const creation = JSON.parse((await gql(REGISTRATION_OPTIONS, {}, adminCookie)).data!.passkeyRegistrationOptions as string) as Json;
    const crossed = { ...options, challenge: creation.challenge };
    expect(errorOf(await gql(SIGN_IN, { response: JSON.stringify(laptop.get(crossed)), token: null }))?.message).toBe('Invalid passkey');
  });

  it('garbage answers get 400 or 401, never 500', async () => {
    const known = laptop.credentials[0]!.id;
    const answers: string[] = [
      'not json',
      '',
      'null',
      '[]',
      '42',
      '{}',
      JSON.stringify({ id: known }),
      JSON.stringify({ id: known, rawId: known, type: 'public-key', response: null }),
      JSON.stringify({ id: known, rawId: known, type: 'public-key', response: { clientDataJSON: 1, authenticatorData: [], signature: {} } }),
      JSON.stringify({ id: known, rawId: known, type: 'public-key', response: { clientDataJSON: '!!!', authenticatorData: '', signature: '' } }),
      JSON.stringify({ id: known, rawId: known, type: 'public-key', response: { clientDataJSON: Buffer.from('{"type":').toString('base64url'), authenticatorData: 'AA', signature: 'AA' } }),
      JSON.stringify({ id: known, rawId: known, type: 'public-key', response: { clientDataJSON: Buffer.from('{"type":"webauthn.get","challenge":5}').toString('base64url'), authenticatorData: 'AA', signature: 'AA' } }),
      JSON.stringify({ id: 'unknown', rawId: 'unknown', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } }),
      JSON.stringify({ id: 'x'.repeat(5000), rawId: 'x'.repeat(5000), type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } }),
    ];
    for (const response of answers) {
      for (const token of [null, 'garbage.token']) {
        const reply = await gql(SIGN_IN, { response, token });
        expect(reply.status).not.toBe(500);
        expect(reply.cookie).toBeNull();
        expect(['BAD_USER_INPUT', 'UNAUTHENTICATED']).toContain(errorOf(reply)?.extensions.code);
      }
      const registered = await gql(REGISTER, { name: 'Garbage', response }, adminCookie);
      expect(registered.status).not.toBe(500);
      expect(errorOf(registered)?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'response' }] });
    }
    // A forged or expired second-step token: the sign-in has expired.
    expect(errorOf(await gql(SIGN_IN_OPTIONS, { token: 'garbage.token' }))).toMatchObject({ message: EXPIRED, extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('serves as the second step after a password: login asks for it, the passkey completes it, once', async () => {
    const login = await gql('mutation($u: String!, $p: String!) { login(username: $u, password: $p) { username } }', { u: TEST_ADMIN.username, p: TEST_ADMIN.password });
    expect(login.cookie).toBeNull();
    const error = errorOf(login)!;
    expect(error.extensions.code).toBe('SECOND_STEP_REQUIRED');
    const step = error.extensions.secondStep as { token: string; methods: string[] };
    expect(step.methods).toContain('passkey');

    const options = JSON.parse((await gql(SIGN_IN_OPTIONS, { token: step.token })).data!.passkeySignInOptions as string) as Json;
    // Only this account's passkeys are allowed.
    const own = await app.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ credential_id: string }>>('select p.credential_id from passkeys p join users u on u.id = p.user_id where u.username = ?', [TEST_ADMIN.username]);
    expect(options.allowCredentials.map((c: Json) => c.id).sort()).toEqual(own.map((row) => row.credential_id).sort());
    expect(own).toHaveLength(3);
    const response = laptop.get(options);
    const reply = await gql(SIGN_IN, { response: JSON.stringify(response), token: step.token });
    expect(reply.data?.signInWithPasskey).toEqual({ status: 'SIGNED_IN', user: { username: TEST_ADMIN.username } });
    expect((await gql('{ me { username } }', {}, reply.cookie!)).data).toEqual({ me: { username: TEST_ADMIN.username } });

    // The second step is done: the same token gets no new options or sign-in.
    expect(errorOf(await gql(SIGN_IN, { response: JSON.stringify(response), token: step.token }))?.extensions.code).toBe('UNAUTHENTICATED');
    expect(errorOf(await gql(SIGN_IN_OPTIONS, { token: step.token }))).toMatchObject({ message: EXPIRED, extensions: { code: 'UNAUTHENTICATED' } });
  });

  it("refuses another account's passkey as the second step, and a passkey-alone challenge in a second step", async () => {
    // bella gets a passkey of her own (on another device), then signs in with her password.
    const bellaCookie = await app.login('bella', 'a long enough password');
    const bellaDevice = new SoftAuthenticator(ORIGIN);
    const registered = await register(bellaCookie, 'Bella key', bellaDevice);
    expect(registered.data!.registerPasskey.recoveryCodes).toHaveLength(10);

    const login = await gql('mutation($u: String!, $p: String!) { login(username: $u, password: $p) { username } }', { u: 'bella', p: 'a long enough password' });
    const token = (errorOf(login)!.extensions.secondStep as { token: string }).token;
    const options = JSON.parse((await gql(SIGN_IN_OPTIONS, { token })).data!.passkeySignInOptions as string) as Json;
    expect(options.allowCredentials.map((c: Json) => c.id)).toEqual([bellaDevice.credentials[0]!.id]);

    // The admin's passkey answering bella's challenge: refused, no session.
    const adminAnswer = laptop.get({ ...options, allowCredentials: [] }, { credential: laptop.credentials[0] });
    const refused = await gql(SIGN_IN, { response: JSON.stringify(adminAnswer), token });
    expect(errorOf(refused)).toMatchObject({ message: 'Invalid passkey', extensions: { code: 'UNAUTHENTICATED' } });
    expect(refused.cookie).toBeNull();

    // bella's passkey answering a challenge made for a passkey alone, with her second-step token: refused.
    const alone = (await gql(SIGN_IN_OPTIONS, { token: null })).data!.passkeySignInOptions as string;
    expect(errorOf(await gql(SIGN_IN, { response: JSON.stringify(bellaDevice.get(alone)), token }))?.message).toBe('Invalid passkey');

    // The failed second step is in the activity log (not the one with another account's passkey: it never got to verifying).
    const [failed] = await app.orm.em
      .fork()
      .execute<Array<{ n: number }>>("select count(*)::int as n from activity_log where kind = 'sign-in-failed' and summary = ?", ['Failed second step as “bella”']);
    expect(failed!.n).toBe(1);

    // Her own passkey completes it.
    const own = await gql(SIGN_IN, { response: JSON.stringify(bellaDevice.get(options)), token });
    expect(own.data?.signInWithPasskey).toEqual({ status: 'SIGNED_IN', user: { username: 'bella' } });
  });

  it('enrols a passkey as the first factor the policy demands: the enrolment token registers it, signs in and brings the recovery codes', async () => {
    await createUser(app.orm.em.fork(), COMMAND_LINE, { username: 'carol', password: 'a long enough password', role: 'editor' });
    const em = app.orm.em.fork();
    await em.execute('insert into auth_policy (id, require_second_factor) values (1, true) on conflict (id) do update set require_second_factor = true');
    try {
      const login = await gql('mutation($u: String!, $p: String!) { login(username: $u, password: $p) { username } }', { u: 'carol', p: 'a long enough password' });
      expect(errorOf(login)?.extensions.code).toBe('ENROLMENT_REQUIRED');
      const enrolment = errorOf(login)!.extensions.enrolment as { token: string; methods: string[] };
      expect(enrolment.methods).toContain('passkey');
      const options = await gql('mutation($token: String) { passkeyRegistrationOptions(token: $token) }', { token: enrolment.token });
      expect(JSON.parse(options.data!.passkeyRegistrationOptions as string)).toMatchObject({ user: { name: 'carol' } });
      const device = new SoftAuthenticator(ORIGIN);
      const registered = await gql(
        'mutation($name: String!, $response: String!, $token: String) { registerPasskey(name: $name, response: $response, token: $token) { recoveryCodes passkey { name } user { username } } }',
        { name: 'Carol key', response: JSON.stringify(device.create(options.data!.passkeyRegistrationOptions as string)), token: enrolment.token },
      );
      expect(registered.errors).toBeUndefined();
      expect(registered.data!.registerPasskey).toMatchObject({ passkey: { name: 'Carol key' }, user: { username: 'carol' } });
      expect(registered.data!.registerPasskey.recoveryCodes).toHaveLength(10);
      expect((await gql('{ me { username } }', {}, registered.cookie!)).data).toEqual({ me: { username: 'carol' } });
      // Now the passkey alone signs carol in.
      const alone = await signInAlone(device);
      expect(alone.reply.data?.signInWithPasskey).toEqual({ status: 'SIGNED_IN', user: { username: 'carol' } });
    } finally {
      await em.execute('update auth_policy set require_second_factor = false where id = 1');
    }
  });

  it('a second-step token signed with another key is refused as expired', async () => {
    const [admin] = await app.orm.em.fork().getConnection().execute<Array<{ id: string }>>('select id from users where username = ?', [TEST_ADMIN.username]);
    const forged = issueStepToken({ ...app.deps.config, sessionSecret: 'another secret' }, 'second-factor', admin!.id);
    expect(errorOf(await gql(SIGN_IN_OPTIONS, { token: forged.token }))?.message).toBe(EXPIRED);
  });

  it('two removals at once of the last two passkeys under the policy: one goes, the other stays', async () => {
    await createUser(app.orm.em.fork(), COMMAND_LINE, { username: 'dave', password: 'a long enough password', role: 'editor' });
    const dave = await app.login('dave', 'a long enough password');
    const em = app.orm.em.fork();
    for (let round = 0; round < 5; round++) {
      for (const name of [`Key A${round}`, `Key B${round}`]) expect((await register(dave, name, new SoftAuthenticator(ORIGIN))).errors).toBeUndefined();
      const keys = (await gql(MY_SECURITY, {}, dave)).data!.mySecurity.passkeys as Json[];
      expect(keys).toHaveLength(2);
      await em.execute('insert into auth_policy (id, require_second_factor) values (1, true) on conflict (id) do update set require_second_factor = true');
      try {
        const replies = await Promise.all(keys.map((key) => gql('mutation($id: ID!) { removePasskey(id: $id) }', { id: key.id }, dave)));
        expect(replies.filter((reply) => reply.data?.removePasskey === true)).toHaveLength(1);
        expect(replies.filter((reply) => errorOf(reply)?.extensions.errors?.[0]?.message === LAST_FACTOR)).toHaveLength(1);
        expect((await gql(MY_SECURITY, {}, dave)).data!.mySecurity.passkeys).toHaveLength(1);
      } finally {
        await em.execute('update auth_policy set require_second_factor = false where id = 1');
      }
      const [left] = (await gql(MY_SECURITY, {}, dave)).data!.mySecurity.passkeys as Json[];
      expect((await gql('mutation($id: ID!) { removePasskey(id: $id) }', { id: left!.id }, dave)).data).toEqual({ removePasskey: true });
    }
  });

  it('removes passkeys; the last factor stays while the policy requires one; when it goes, the recovery codes go too', async () => {
    const em = app.orm.em.fork();
    const security = await gql(MY_SECURITY, {}, adminCookie);
    const [laptopKey, phoneKey, longKey] = security.data!.mySecurity.passkeys as Json[];
    const remove = (id: string) => gql('mutation($id: ID!) { removePasskey(id: $id) }', { id }, adminCookie);
    expect((await remove(longKey!.id)).data).toEqual({ removePasskey: true });
    expect((await remove(phoneKey!.id)).data).toEqual({ removePasskey: true });
    expect(errorOf(await remove(phoneKey!.id))?.extensions.code).toBe('NOT_FOUND');

    await em.getConnection().execute('insert into auth_policy (id, require_second_factor) values (1, true) on conflict (id) do update set require_second_factor = true');
    try {
      const refused = await remove(laptopKey!.id);
      expect(errorOf(refused)?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'factor', message: LAST_FACTOR }] });
      expect((await gql(MY_SECURITY, {}, adminCookie)).data!.mySecurity.passkeys).toHaveLength(1);
    } finally {
      await em.getConnection().execute('update auth_policy set require_second_factor = false where id = 1');
    }
    expect(await recoveryCodeRows(TEST_ADMIN.username)).toBe(10);
    expect((await remove(laptopKey!.id)).data).toEqual({ removePasskey: true });
    const after = (await gql(MY_SECURITY, {}, adminCookie)).data!.mySecurity as Json;
    expect(after).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });
    expect(await recoveryCodeRows(TEST_ADMIN.username)).toBe(0);
    // With no factor left, the password alone signs in again.
    expect(await app.login()).toMatch(/^sid=/);
  });
});

describe('passkeys on a site addressed by IP', () => {
  let app: TestApp;
  const gql = client(() => app);

  beforeAll(async () => {
    app = await startTestApp({ publicUrl: 'http://127.0.0.1:4321' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('are unavailable: mySecurity says so and both kinds of options are refused with the reason', async () => {
    const cookie = await app.login();
    expect((await gql(MY_SECURITY, {}, cookie)).data?.mySecurity.passkeysAvailable).toBe(false);
    for (const reply of [await gql(REGISTRATION_OPTIONS, {}, cookie), await gql(SIGN_IN_OPTIONS, { token: null })]) {
      expect(reply.status).not.toBe(500);
      expect(errorOf(reply)).toMatchObject({ message: UNAVAILABLE, extensions: { code: 'BAD_USER_INPUT' } });
    }
    app.deps.config.publicUrl = null;
    expect((await gql(MY_SECURITY, {}, cookie)).data?.mySecurity.passkeysAvailable).toBe(false);
    expect(errorOf(await gql(SIGN_IN_OPTIONS, { token: null }))?.message).toBe(UNAVAILABLE);
    app.deps.config.publicUrl = 'http://[::1]:4321';
    expect((await gql(MY_SECURITY, {}, cookie)).data?.mySecurity.passkeysAvailable).toBe(false);
  });
});
