import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from '../helpers/http.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app.js';

// Account and webhook changes are in the activity log, written with the change (a refused change
// leaves no entry): who did it, what, to which account or endpoint.

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  // Webhook targets on loopback (no receiver needed: nothing is delivered in this file).
  app = await startTestApp({ webhookAllowPrivateTargets: true });
  cookie = await app.login();
});
afterAll(async () => {
  await app?.close();
});

interface Entry {
  kind: string;
  username: string | null;
  summary: string;
  details: Record<string, unknown> | null;
}

const entriesAfter = async (id: number): Promise<Entry[]> =>
  (await app.orm.em
    .fork()
    .getConnection()
    .execute(`select kind, username, summary, details from activity_log where id > ? and (kind like 'account.%' or kind like 'webhook.%') order by id`, [id])) as Entry[];
const lastId = async (): Promise<number> =>
  Number(((await app.orm.em.fork().getConnection().execute(`select coalesce(max(id), 0) as id from activity_log`)) as { id: string }[])[0]!.id);

describe('the activity log', () => {
  it('has an entry for each account change: create, role, password reset, own password, removal', async () => {
    const start = await lastId();
    const created = await request(app.baseUrl, 'POST', '/api/admin/admins', { json: { username: 'logged.one', role: 'editor' }, cookie });
    expect(created.status).toBe(201);
    const id = created.body.user.id as string;
    expect((await request(app.baseUrl, 'PUT', `/api/admin/users/${id}/role`, { json: { role: 'contributor' }, cookie })).status).toBe(200);
    expect((await request(app.baseUrl, 'POST', '/api/admin/admins/logged.one/reset-password', { cookie })).status).toBe(200);
    const own = await request(app.baseUrl, 'POST', '/api/admin/account/password', { json: { currentPassword: TEST_ADMIN.password, newPassword: TEST_ADMIN.password }, cookie });
    expect(own.status).toBe(200);
    expect((await request(app.baseUrl, 'DELETE', '/api/admin/admins/logged.one', { cookie })).status).toBe(204);

    const entries = await entriesAfter(start);
    expect(entries.map(({ kind, username, summary }) => [kind, username, summary])).toEqual([
      ['account.create', TEST_ADMIN.username, 'Added Editor account "logged.one"'],
      ['account.role', TEST_ADMIN.username, 'Changed "logged.one" from Editor to Contributor'],
      ['account.password', TEST_ADMIN.username, 'Reset the password of "logged.one"'],
      ['account.password', TEST_ADMIN.username, 'Changed their own password'],
      ['account.delete', TEST_ADMIN.username, 'Removed Contributor account "logged.one"'],
    ]);
    expect(entries[1]!.details).toMatchObject({ account: 'logged.one', accountId: id, from: 'editor', to: 'contributor' });
    // No password, hash or secret in any entry.
    expect(JSON.stringify(entries)).not.toMatch(/password"?:|hash|secret/i);
  });

  it('has no entry for a refused change (the last Admin kept, an unknown role)', async () => {
    const start = await lastId();
    const me = (await request(app.baseUrl, 'GET', '/api/auth/user', { cookie })).body as { id: string };
    expect((await request(app.baseUrl, 'PUT', `/api/admin/users/${me.id}/role`, { json: { role: 'editor' }, cookie })).status).toBe(403);
    expect((await request(app.baseUrl, 'POST', '/api/admin/admins', { json: { username: 'never.made', role: 'owner' }, cookie })).status).toBe(400);
    expect(await entriesAfter(start)).toEqual([]);
  });

  it('has an entry for each webhook change, naming the address without its query string', async () => {
    const start = await lastId();
    const created = await request(app.baseUrl, 'POST', '/api/admin/webhooks', { json: { url: 'http://127.0.0.1:9/in?token=abc', collections: [] }, cookie });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await request(app.baseUrl, 'PUT', `/api/admin/webhooks/${id}`, { json: { active: false }, cookie })).status).toBe(200);
    expect((await request(app.baseUrl, 'DELETE', `/api/admin/webhooks/${id}`, { cookie })).status).toBe(204);
    expect((await request(app.baseUrl, 'DELETE', `/api/admin/webhooks/${id}`, { cookie })).status).toBe(404);
    const entries = await entriesAfter(start);
    expect(entries.map(({ kind, username, summary }) => [kind, username, summary])).toEqual([
      ['webhook.create', TEST_ADMIN.username, 'Added webhook http://127.0.0.1:9/in'],
      ['webhook.update', TEST_ADMIN.username, 'Changed webhook http://127.0.0.1:9/in'],
      ['webhook.delete', TEST_ADMIN.username, 'Removed webhook http://127.0.0.1:9/in'],
    ]);
    expect(entries.every((entry) => entry.details?.webhookId === id)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain('token=abc');
  });
});
