import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { server } from './harness/browser.js';
import { stopServer } from './harness/stop-server.js';
import { freePort } from './harness/free-port.js';

// Webhooks across real server processes: two built servers on one database each run their
// delivery worker, and every event reaches the receiver once; an event committed while no
// server runs is delivered by the next one to start. The servers use their own database on the
// harness's PostgreSQL, so the main e2e server's worker stays out of it.

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ADMIN = { username: 'admin', password: 'webhooks-e2e-password' };

interface Instance {
  process: ChildProcess;
  baseUrl: string;
  dataDir: string;
}

let databaseUrl: string;
let adminDb: pg.Client;
let db: pg.Client;
const instances: Instance[] = [];
const received: { id: string; body: any }[] = [];
let receiver: http.Server;
let receiverUrl: string;

async function startInstance(): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'webhooks-e2e-'));
  const port = await freePort();
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, [path.join(ROOT, 'api/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET: 'webhooks-e2e-session-secret',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_POLL_MS: '100',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', log, log],
  });
  const instance = { process: child, baseUrl: `http://127.0.0.1:${port}`, dataDir };
  instances.push(instance);
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`${instance.baseUrl}/readyz`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null) throw new Error(`server exited: ${readFileSync(path.join(dataDir, 'server.log'), 'utf8').slice(-2000)}`);
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return instance;
}

async function waitForReceived(count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (received.length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} webhook requests, got ${received.length}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ id: String(req.headers['x-webhook-id']), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/hook`;

  const { dataDir } = server();
  const port = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const { postgresPassword } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { postgresPassword: string };
  const connection = { host: '127.0.0.1', port, user: 'postgres', password: postgresPassword };
  adminDb = new pg.Client({ ...connection, database: 'postgres' });
  await adminDb.connect();
  await adminDb.query('drop database if exists webhooks_e2e with (force)');
  await adminDb.query('create database webhooks_e2e');
  databaseUrl = `postgresql://postgres:${encodeURIComponent(postgresPassword)}@127.0.0.1:${port}/webhooks_e2e`;
  // One after the other: the first migrates the new database.
  await startInstance();
  await startInstance();
  db = new pg.Client({ ...connection, database: 'webhooks_e2e' });
  await db.connect();
}, 120_000);

afterAll(async () => {
  for (const instance of instances) {
    await stopServer(instance.process);
    rmSync(instance.dataDir, { recursive: true, force: true });
  }
  await db?.end();
  if (adminDb) {
    await adminDb.query('drop database if exists webhooks_e2e with (force)');
    await adminDb.end();
  }
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

describe('webhooks across server processes', () => {
  it('two servers on one database deliver each event exactly once', async () => {
    const [first] = instances;
    const login = await fetch(`${first.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    const created = await fetch(`${first.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        query: 'mutation($input: WebhookEndpointInput!) { createWebhook(input: $input) { id } }',
        variables: { input: { url: receiverUrl, collections: ['news'] } },
      }),
    });
    expect(((await created.json()) as { errors?: unknown }).errors).toBeUndefined();

    for (let batch = 0; batch < 5; batch++) {
      await db.query(
        `insert into news (title, picture_url, brief) select 'News ' || n, 'https://example.com/n.png', 'b' from generate_series(1, 8) n`,
      );
    }
    await waitForReceived(40, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 500)); // room for a duplicate to arrive
    expect(received).toHaveLength(40);
    expect(new Set(received.map((r) => r.id)).size).toBe(40);
    const { rows } = await db.query(`select status, count(*)::int as n from webhook_deliveries group by status`);
    expect(rows).toEqual([{ status: 'delivered', n: 40 }]);
  });

  it('an event committed while no server runs is delivered once one starts again', async () => {
    for (const instance of instances.splice(0)) {
      await stopServer(instance.process);
      rmSync(instance.dataDir, { recursive: true, force: true });
    }
    received.length = 0;
    const { rows } = await db.query(
      `insert into news (title, picture_url, brief) values ('While down', 'https://example.com/d.png', 'b') returning id`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toHaveLength(0);

    await startInstance();
    await waitForReceived(1, 10_000);
    expect(received[0].body).toMatchObject({ event: 'content.changed', collection: 'news', id: rows[0].id, action: 'created' });
  });
});
