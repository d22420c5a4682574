import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { openOrm } from '../../src/db/orm.js';
import { request, type Reply } from '../helpers/http.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { testServerUrl } from '../helpers/test-database.js';

// The app reaches its database through a TCP proxy the test can cut (connections dropped, new
// ones refused) and restore: what visitors and editors get while PostgreSQL is away, what the
// log says, and that both pools (ORM and session store) reconnect by themselves.

let app: TestApp;
let proxy: TcpProxy;
let cookie: string;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  proxy = await startTcpProxy(testServerUrl());
  const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });
  app = await startTestApp({}, { logger, connectThrough: (url) => proxy.urlFor(url) });
  cookie = await app.login();
});
afterAll(async () => {
  // The app's teardown drops its database through the test server itself, not the proxy.
  await app?.close();
  await proxy?.close();
});

const graphql = (query: string, headers: Record<string, string> = {}) =>
  request(app.baseUrl, 'POST', '/graphql', { json: { query }, headers });
const newCountry = (name: string) => ({ name, code: name.slice(0, 10), flagImageUrl: 'https://example.com/flag.png' });

function expectServiceUnavailable(reply: Reply) {
  expect(reply.status).toBe(503);
  expect(reply.body).toEqual({ message: 'Service unavailable' });
  expect(reply.headers.get('retry-after')).toBe('5');
}

function expectGraphQLServiceUnavailable(reply: Reply) {
  expect(reply.status).toBe(503);
  expect(reply.body.errors).toHaveLength(1);
  expect(reply.body.errors[0].message).toBe('Service unavailable');
  expect(reply.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
  expect(JSON.stringify(reply.body)).not.toMatch(/ECONNREFUSED|stack|terminated/i);
}

describe('while the database is down', () => {
  beforeAll(async () => {
    expect((await request(app.baseUrl, 'GET', '/api/countries')).status).toBe(200);
    await proxy.cut();
  });

  it('REST answers 503 {"message":"Service unavailable"}, not 500, for reads, admin writes and login', async () => {
    // (A public read the cache already holds may still be served from it: these were never read.)
    expectServiceUnavailable(await request(app.baseUrl, 'GET', '/api/clients'));
    expectServiceUnavailable(await request(app.baseUrl, 'GET', '/api/news/1'));
    expectServiceUnavailable(await request(app.baseUrl, 'GET', '/api/landing-content'));
    // The session store is asked first here: its pool fails the same way.
    expectServiceUnavailable(await request(app.baseUrl, 'POST', '/api/admin/countries', { cookie, json: newCountry('Down') }));
    expectServiceUnavailable(
      await request(app.baseUrl, 'POST', '/api/login', { json: { username: 'admin', password: 'whatever it is' } }),
    );
  });

  it('GraphQL answers HTTP 503 with code SERVICE_UNAVAILABLE, anonymous or signed in', async () => {
    expectGraphQLServiceUnavailable(await graphql('{ countries { id name } }'));
    expectGraphQLServiceUnavailable(await graphql('{ landingContent { heroTagline } }'));
    // With a session cookie the session store fails before Apollo runs: same answer.
    expectGraphQLServiceUnavailable(await graphql('{ me { username } }', { cookie }));
  });

  it('/readyz answers 503 and /healthz still 200', async () => {
    const ready = await request(app.baseUrl, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'database unavailable' });
    expect((await request(app.baseUrl, 'GET', '/healthz')).status).toBe(200);
  });

  it('logs the outage at most once a second, without stack traces or per-request errors', async () => {
    // A second after the tests above logged, so this burst gets a line of its own.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = logLines.length;
    const started = Date.now();
    for (let round = 0; round < 5; round++) {
      await Promise.all([
        ...Array.from({ length: 10 }, () => request(app.baseUrl, 'GET', '/api/team-members')),
        ...Array.from({ length: 5 }, () => graphql('{ news { id } }')),
        request(app.baseUrl, 'POST', '/api/admin/countries', { cookie, json: newCountry('Down') }),
        request(app.baseUrl, 'GET', '/readyz'),
      ]);
    }
    const elapsedSeconds = (Date.now() - started) / 1000;
    const lines = logLines.slice(before);
    const outageLines = lines.filter((line) => line.msg === 'database unavailable: answering 503');
    expect(outageLines.length).toBeGreaterThanOrEqual(1);
    expect(outageLines.length).toBeLessThanOrEqual(Math.ceil(elapsedSeconds) + 1);
    // 85 failed requests, summarised: every line at most a warning, none with a stack.
    expect(lines.length).toBeLessThanOrEqual(Math.ceil(elapsedSeconds) + 1);
    for (const line of lines) {
      expect(Number(line.level)).toBeLessThanOrEqual(40);
      expect(JSON.stringify(line)).not.toMatch(/"stack"|\\n\s+at /);
    }
    // The lines that were skipped are counted in the next one.
    const counted = outageLines.reduce((sum, line) => sum + Number(line.notLogged) + 1, 0);
    expect(counted).toBeLessThanOrEqual(85);
  });
});

describe('when the database is back', () => {
  beforeAll(async () => {
    await proxy.restore();
  });

  it('every route works again without a restart (both pools reconnect)', async () => {
    expect((await request(app.baseUrl, 'GET', '/readyz')).status).toBe(200);
    expect((await request(app.baseUrl, 'GET', '/api/countries')).status).toBe(200);
    const created = await request(app.baseUrl, 'POST', '/api/admin/countries', { cookie, json: newCountry('Back') });
    expect(created.status).toBe(201);
    const read = await graphql('{ countries { name } }', { cookie });
    expect(read.status).toBe(200);
    expect(read.body.data.countries.map((c: { name: string }) => c.name)).toContain('Back');
  });
});

describe('DATABASE_URL: the server drops every connection (pg_terminate_backend)', () => {
  let admin: MikroORM;
  beforeAll(async () => {
    admin = await openOrm(testServerUrl(), pino({ level: 'silent' }));
  });
  afterAll(async () => {
    await admin?.close(true);
  });

  it('the pools replace the dropped connections: no 500, and the API answers again at once', async () => {
    // Warm both pools, so they hold connections to lose.
    expect((await request(app.baseUrl, 'POST', '/api/admin/countries', { cookie, json: newCountry('Warm') })).status).toBe(201);
    const database = app.orm.config.get('dbName');
    const terminated = await admin.em
      .getConnection()
      .execute<{ pg_terminate_backend: boolean }[]>(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = ? and pid <> pg_backend_pid()',
        [database],
      );
    expect(terminated.length).toBeGreaterThan(0);

    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const replies = await Promise.all([
        request(app.baseUrl, 'GET', '/api/countries'),
        request(app.baseUrl, 'POST', '/api/admin/countries', { cookie, json: newCountry(`After${round}`) }),
        graphql('{ news { id } }'),
      ]);
      statuses.push(...replies.map((reply) => reply.status));
    }
    // A connection dropped while in use may fail its one request with 503; never with 500.
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    // The last round runs on fresh connections only.
    expect(statuses.slice(-3)).toEqual([200, 201, 200]);
  });
});
