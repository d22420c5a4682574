import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
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
});
