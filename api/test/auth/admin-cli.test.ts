import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { COMMAND_LINE, createUser } from '../../src/auth/accounts.service.js';
import { resetSecondFactors } from '../../src/auth/factors/reset.js';
import { request } from '../helpers/http.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app.js';

// `npm run admin -- ...` against the test database: it goes through the auth service, so the
// username rules hold and a password reset ends the user's sessions.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const API_DIR = fileURLToPath(new URL('../../', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/tsx/dist/cli.mjs', import.meta.url));

function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TSX, 'src/auth/admin-cli.ts', ...args],
      { cwd: API_DIR, env: { ...process.env, DATABASE_URL: app.deps.config.databaseUrl!, NODE_ENV: 'test' }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const signedIn = async (cookie: string) =>
  (await request(app.baseUrl, 'GET', '/api/auth/check', { cookie })).body.authenticated === true;

describe('admin CLI', () => {
  it('reset-password ends the user’s live sessions', async () => {
    const cookie = await app.login();
    const result = await admin('reset-password', TEST_ADMIN.username, '--password', TEST_ADMIN.password);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain(`Reset the password of "${TEST_ADMIN.username}"; their sessions are ended.`);
    expect(await signedIn(cookie)).toBe(false);
    expect(await signedIn(await app.login())).toBe(true);
  }, 60_000);

  it('create refuses a username the rules refuse, and creates a valid one', async () => {
    const refused = await admin('create', 'two words');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Username may contain only letters, digits and . _ - @');
    expect(await app.orm.em.fork().getConnection().execute(`select 1 from users where username = 'two words'`)).toHaveLength(0);

    const created = await admin('create', 'carol', '--password', 'carol password 1');
    expect(created.code).toBe(0);
    expect(await signedIn(await app.login('carol', 'carol password 1'))).toBe(true);
  }, 60_000);

  it('delete removes a user and ends their sessions', async () => {
    const cookie = await app.login('carol', 'carol password 1');
    expect(await admin('delete', 'carol')).toMatchObject({ code: 0 });
    expect(await signedIn(cookie)).toBe(false);
    expect((await admin('delete', 'nobody')).code).toBe(1);
  }, 60_000);
  it('create --role sets the role (admin without it), set-role changes it, and an unknown role is refused', async () => {
    const roleOf = async (username: string) =>
      ((await app.orm.em.fork().getConnection().execute(`select role from users where username = ?`, [username])) as { role: string }[])[0]?.role;
    const created = await admin('create', 'alice', '--role', 'editor', '--password', 'alice password 1');
    expect(created).toMatchObject({ code: 0 });
    expect(created.stdout).toContain('Created editor "alice".');
    expect(await roleOf('alice')).toBe('editor');
    expect(await admin('create', 'bob', '--password', 'bob password 12')).toMatchObject({ code: 0 });
    expect(await roleOf('bob')).toBe('admin');

    const refused = await admin('create', 'carl', '--role', 'owner');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Role must be one of admin, editor, contributor');
    expect(await roleOf('carl')).toBeUndefined();

    const changed = await admin('set-role', 'alice', '--role', 'contributor');
    expect([changed.code, changed.stdout.trim()]).toEqual([0, '"alice" is now a Contributor.']);
    expect(await roleOf('alice')).toBe('contributor');
    const kinds = (await app.orm.em.fork().getConnection().execute(`select kind from activity_log where details->>'account' = 'alice' order by id`)) as { kind: string }[];
    expect(kinds.map((row) => row.kind)).toEqual(['account.create', 'account.role']);
  }, 60_000);

  it('reset-second-factor removes the authenticator app, the passkeys and recovery codes, and ends the sessions', async () => {
    const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => app.orm.em.fork().getConnection().execute<T[]>(query, params);
    const { user } = await createUser(app.orm.em.fork(), COMMAND_LINE, { username: 'tess', password: 'tess password 1' });
    const { user: other } = await createUser(app.orm.em.fork(), COMMAND_LINE, { username: 'otto', password: 'otto password 1' });
    const cookie = await app.login('tess', 'tess password 1');
    const otherCookie = await app.login('otto', 'otto password 1');
    // The factors, as enrolment would leave them.
    await sql(`update users set totp_secret = 'JBSWY3DPEHPK3PXP', totp_pending_secret = 'KRSXG5CTMVRXEZLU', totp_pending_at = now(), totp_last_step = 59000000, totp_enabled_at = now() where id in (?, ?)`, [user.id, other.id]);
    for (const [owner, credential] of [[user.id, 'cred-tess-1'], [user.id, 'cred-tess-2'], [other.id, 'cred-otto-1']]) {
      await sql(`insert into passkeys (user_id, credential_id, public_key, counter, name) values (?, ?, '\\x0102'::bytea, 0, ?)`, [owner, credential, credential]);
    }
    for (const [owner, n] of [[user.id, 1], [user.id, 2], [user.id, 3], [other.id, 1]] as const) {
      await sql(`insert into recovery_codes (user_id, code_hash) values (?, ?)`, [owner, `hash-${n}`]);
    }

    const result = await admin('reset-second-factor', 'tess');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout.trim()).toBe('Reset the second factors of "tess": removed the authenticator app, 2 passkeys and 3 recovery codes; their sessions are ended.');
    const [tess] = await sql(`select totp_secret, totp_pending_secret, totp_pending_at, totp_last_step, totp_enabled_at from users where id = ?`, [user.id]);
    expect(tess).toEqual({ totp_secret: null, totp_pending_secret: null, totp_pending_at: null, totp_last_step: null, totp_enabled_at: null });
    expect(await sql(`select credential_id from passkeys where user_id = ?`, [user.id])).toEqual([]);
    expect(await sql(`select id from recovery_codes where user_id = ?`, [user.id])).toEqual([]);
    expect(await signedIn(cookie)).toBe(false);
    // Another account keeps everything, and stays signed in.
    expect(await sql(`select credential_id from passkeys where user_id = ?`, [other.id])).toHaveLength(1);
    expect(await sql(`select id from recovery_codes where user_id = ?`, [other.id])).toHaveLength(1);
    expect((await sql<{ totp_secret: string }>(`select totp_secret from users where id = ?`, [other.id]))[0].totp_secret).toBe('JBSWY3DPEHPK3PXP');
    expect(await signedIn(otherCookie)).toBe(true);
    // The password alone signs in again.
    expect(await signedIn(await app.login('tess', 'tess password 1'))).toBe(true);
    const [entry] = await sql<{ kind: string; summary: string; details: Record<string, unknown> }>(`select kind, summary, details from activity_log where kind = 'account.second-factor-reset'`);
    expect(entry).toMatchObject({
      summary: 'Reset the second factors of "tess" (command line)',
      details: { account: 'tess', accountId: user.id, via: 'command line', totp: true, passkeys: 2, recoveryCodes: 3 },
    });

    // Nothing left to remove: said so; the sessions still end.
    const again = await admin('reset-second-factor', 'tess');
    expect([again.code, again.stdout.trim()]).toEqual([0, '"tess" had no second factor to remove; their sessions are ended.']);
    // Unknown account, or no username.
    const unknown = await admin('reset-second-factor', 'nobody');
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'No user "nobody"']);
    expect((await admin('reset-second-factor')).code).toBe(2);
    // Only those who manage accounts may reset another's factors.
    const { user: editor } = await createUser(app.orm.em.fork(), COMMAND_LINE, { username: 'edna', password: 'edna password 1', role: 'editor' });
    await expect(resetSecondFactors(app.orm.em.fork(), { userId: editor.id }, 'otto')).rejects.toMatchObject({ status: 403 });
    expect(await sql(`select credential_id from passkeys where user_id = ?`, [other.id])).toHaveLength(1);
  }, 120_000);
});
