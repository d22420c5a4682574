import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { COMMAND_LINE, createUser, deleteUser, LAST_ADMIN_ROLE, setRole } from '../../src/auth/accounts.service.js';
import { User } from '../../src/auth/user.entity.js';
import { Forbidden } from '../../src/shared/errors.js';
import { request } from '../helpers/http.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// "Never the last admin" under concurrency: two admins removing each other at the same moment
// must leave one of them. The count and the removal happen under one lock (auth.service.ts).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const PASSWORD = 'two admins, one stays';
const LAST_ADMIN = 'The last admin cannot be removed';

/** Exactly two admins, both signed in: their names and session cookies. */
async function twoAdmins(round: string): Promise<Array<{ username: string; cookie: string }>> {
  const em = app.orm.em.fork();
  await em.getConnection().execute('delete from users');
  const names = [`first-${round}`, `second-${round}`];
  for (const username of names) await createUser(em, COMMAND_LINE, { username, password: PASSWORD });
  return Promise.all(names.map(async (username) => ({ username, cookie: await app.login(username, PASSWORD) })));
}

const remainingAdmins = () => app.orm.em.fork().count(User, { role: 'admin' });

/** Backends of this database waiting for a lock (any kind). */
async function lockWaiters(client: pg.Client): Promise<number> {
  const { rows } = await client.query(
    `select count(*)::int as waiting from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where not l.granted and a.datname = current_database()`,
  );
  return rows[0].waiting as number;
}

describe('two admins removing each other at once', () => {
  it('leaves one of them, every round, and the other is told "last admin" (20 rounds, both held at the gate)', async () => {
    // A gate: the test holds the users table so neither removal can go further than its reads; once
    // both wait, the gate opens and they proceed at the same moment.
    const gate = new pg.Client({ connectionString: app.deps.config.databaseUrl! });
    await gate.connect();
    try {
      for (let round = 0; round < 20; round++) {
        const [a, b] = await twoAdmins(`gate${round}`);
        await gate.query('begin');
        await gate.query('lock table users in exclusive mode');
        const replies = Promise.all([
          request(app.baseUrl, 'DELETE', `/api/admin/admins/${b.username}`, { cookie: a.cookie }),
          request(app.baseUrl, 'DELETE', `/api/admin/admins/${a.username}`, { cookie: b.cookie }),
        ]);
        const deadline = Date.now() + 10_000;
        while ((await lockWaiters(gate)) < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
        await gate.query('commit');
        const [one, other] = await replies;
        const statuses = [one.status, other.status].sort();
        expect(statuses).toEqual([204, 403]);
        expect([one, other].find((r) => r.status === 403)!.body).toEqual({ message: LAST_ADMIN });
        expect(await remainingAdmins()).toBe(1);
      }
    } finally {
      await gate.query('rollback').catch(() => undefined);
      await gate.end();
    }
  });

  it('never leaves none when the requests simply race over HTTP (20 rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const [a, b] = await twoAdmins(`http${round}`);
      const replies = await Promise.all([
        request(app.baseUrl, 'DELETE', `/api/admin/admins/${b.username}`, { cookie: a.cookie }),
        request(app.baseUrl, 'DELETE', `/api/admin/admins/${a.username}`, { cookie: b.cookie }),
      ]);
      expect(await remainingAdmins()).toBe(1);
      expect(replies.filter((r) => r.status === 204)).toHaveLength(1);
      // The other one lost the race: refused as the last admin, or (when it came in after the
      // winner's removal had ended its session) no longer signed in.
      const loser = replies.find((r) => r.status !== 204)!;
      if (loser.status === 403) expect(loser.body).toEqual({ message: LAST_ADMIN });
      else expect(loser.status).toBe(401);
    }
  });

  it('never leaves none when the service is called at once by both (20 rounds, GraphQL-free)', async () => {
    for (let round = 0; round < 20; round++) {
      await twoAdmins(`service${round}`);
      const [a, b] = await app.orm.em.fork().find(User, {}, { orderBy: { username: 'asc' } });
      const results = await Promise.allSettled([
        deleteUser(app.orm.em.fork(), { userId: a.id }, b.username),
        deleteUser(app.orm.em.fork(), { userId: b.id }, a.username),
      ]);
      expect(await remainingAdmins()).toBe(1);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      if (refused.reason instanceof Forbidden) expect(refused.reason.message).toBe(LAST_ADMIN);
      else expect((refused.reason as Error).constructor.name).toBe('Unauthorized');
    }
  });
});

describe('the guard', () => {
  it('still lets one admin remove another when more than one would remain', async () => {
    const [a, b] = await twoAdmins('plain');
    await createUser(app.orm.em.fork(), COMMAND_LINE, { username: 'third-plain', password: PASSWORD });
    expect((await request(app.baseUrl, 'DELETE', `/api/admin/admins/${b.username}`, { cookie: a.cookie })).status).toBe(204);
    expect((await request(app.baseUrl, 'DELETE', '/api/admin/admins/third-plain', { cookie: a.cookie })).status).toBe(204);
    expect(await remainingAdmins()).toBe(1);
  });

  it('refuses the command line removing the only admin', async () => {
    await twoAdmins('cli');
    const [only, other] = await app.orm.em.fork().find(User, {}, { orderBy: { username: 'asc' } });
    await deleteUser(app.orm.em.fork(), COMMAND_LINE, other.username);
    await expect(deleteUser(app.orm.em.fork(), COMMAND_LINE, only.username)).rejects.toThrow(LAST_ADMIN);
    expect(await remainingAdmins()).toBe(1);
  });
});

describe('roles and the last admin', () => {
  const setRoleOver = (cookie: string, id: string, role: string) => request(app.baseUrl, 'PUT', `/api/admin/users/${id}/role`, { json: { role }, cookie });

  it('refuses demoting the only admin (over REST, GraphQL and the service), editors and contributors not counting', async () => {
    const [a] = await twoAdmins('demote');
    const em = app.orm.em.fork();
    const [first, second] = await em.find(User, {}, { orderBy: { username: 'asc' } });
    // One admin left once the other is an editor; a contributor beside them changes nothing.
    expect((await setRoleOver(a.cookie, second.id, 'editor')).status).toBe(200);
    await createUser(em, COMMAND_LINE, { username: 'contributor-demote', password: PASSWORD, role: 'contributor' });
    const refused = await setRoleOver(a.cookie, first.id, 'editor');
    expect(refused).toMatchObject({ status: 403, body: { message: LAST_ADMIN_ROLE } });
    const overGraphQL = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: a.cookie },
      body: JSON.stringify({ query: 'mutation($id: ID!) { setUserRole(id: $id, role: "contributor") { role } }', variables: { id: first.id } }),
    });
    expect(((await overGraphQL.json()) as { errors: { message: string; extensions: { code: string } }[] }).errors[0]).toMatchObject({ message: LAST_ADMIN_ROLE, extensions: { code: 'FORBIDDEN' } });
    await expect(setRole(app.orm.em.fork(), COMMAND_LINE, first.id, 'contributor')).rejects.toThrow(LAST_ADMIN_ROLE);
    expect((await app.orm.em.fork().findOneOrFail(User, { id: first.id })).role).toBe('admin');
    expect(await remainingAdmins()).toBe(1);
    // The last admin cannot be removed by an editor either (editors cannot open accounts at all).
    const editorCookie = await app.login(second.username, PASSWORD);
    expect((await request(app.baseUrl, 'DELETE', `/api/admin/admins/${first.username}`, { cookie: editorCookie })).status).toBe(403);
  });

  it('refuses removing the last admin while editors remain, and lets an admin go once another is promoted', async () => {
    const [a, b] = await twoAdmins('remove');
    const [, second] = await app.orm.em.fork().find(User, {}, { orderBy: { username: 'asc' } });
    expect((await setRoleOver(a.cookie, second.id, 'editor')).body).toMatchObject({ role: 'editor', permissions: ['content.draft', 'content.publish'] });
    // b is an editor now: its session is still good, but it holds no accounts permission.
    expect((await request(app.baseUrl, 'DELETE', `/api/admin/admins/${a.username}`, { cookie: b.cookie })).status).toBe(403);
    expect(await deleteUser(app.orm.em.fork(), COMMAND_LINE, a.username).catch((error: Error) => error.message)).toBe(LAST_ADMIN);
    expect((await setRoleOver(a.cookie, second.id, 'admin')).status).toBe(200);
    expect((await request(app.baseUrl, 'DELETE', `/api/admin/admins/${b.username}`, { cookie: a.cookie })).status).toBe(204);
    expect(await remainingAdmins()).toBe(1);
  });

  it('never leaves none when two admins demote each other at once (20 rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const [a, b] = await twoAdmins(`swap${round}`);
      const [first, second] = await app.orm.em.fork().find(User, {}, { orderBy: { username: 'asc' } });
      const replies = await Promise.all([setRoleOver(a.cookie, second.id, 'contributor'), setRoleOver(b.cookie, first.id, 'contributor')]);
      expect(await remainingAdmins()).toBe(1);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 403]);
    }
  });

  it('answers an unknown role 400 with a field message and an unknown account 404', async () => {
    const [a] = await twoAdmins('unknown');
    const [first] = await app.orm.em.fork().find(User, {}, { orderBy: { username: 'asc' } });
    expect(await setRoleOver(a.cookie, first.id, 'owner')).toMatchObject({ status: 400, body: { errors: [{ field: 'role', message: 'Role must be one of admin, editor, contributor' }] } });
    expect((await setRoleOver(a.cookie, 'not-a-uuid', 'editor')).status).toBe(404);
    expect((await setRoleOver(a.cookie, '00000000-0000-4000-8000-000000000000', 'editor')).status).toBe(404);
  });
});
