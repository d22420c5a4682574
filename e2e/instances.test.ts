import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { server } from './harness/browser.js';
import { stopServer } from './harness/stop-server.js';
import { freePort } from './harness/free-port.js';

// Instances agree: two built servers started together on one fresh database (on the
// harness's PostgreSQL) and one S3-compatible bucket (s3rver on loopback). Sessions, the login
// throttle, public caches and uploads must behave as if there were one server.

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ADMIN = { username: 'admin', password: 'instances-e2e-password' };
const DATABASE = 'instances_e2e';
const BUCKET = 'instances-e2e';
const S3_KEY = 'S3RVER'; // s3rver's fixed development credentials

interface Instance {
  process: ChildProcess;
  baseUrl: string;
  dataDir: string;
  logFile: string;
}

let adminDb: pg.Client | undefined;
let db: pg.Client | undefined;
let s3: S3rver | undefined;
let s3Dir: string | undefined;
const instances: Instance[] = [];
let cookie = '';

async function spawnInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'instances-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(ROOT, 'api/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir },
    stdio: ['ignore', log, log],
  });
  const instance = { process: child, baseUrl: `http://127.0.0.1:${port}`, dataDir, logFile };
  instances.push(instance);
  return instance;
}

async function waitReady(instance: Instance): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!(await fetch(`${instance.baseUrl}/readyz`).then((r) => r.ok, () => false))) {
    if (instance.process.exitCode !== null) throw new Error(`server exited: ${readFileSync(instance.logFile, 'utf8').slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`server did not become ready: ${readFileSync(instance.logFile, 'utf8').slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function logLines(instance: Instance): { level: number; msg?: string }[] {
  return readFileSync(instance.logFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (line.startsWith('{') ? (JSON.parse(line) as { level: number; msg?: string }) : { level: 60, msg: line }));
}

function login(instance: Instance, password: string): Promise<Response> {
  return fetch(`${instance.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password }),
  });
}

/** Polls `check` until it holds or `deadline` passes; returns whether it held. */
async function within(deadline: number, check: () => Promise<boolean>): Promise<boolean> {
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(os.tmpdir(), 'instances-e2e-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: s3Dir, silent: true });
  const { port: s3Port } = await s3.run();
  const endpoint = `http://127.0.0.1:${s3Port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_KEY, secretAccessKey: S3_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  client.destroy();

  const { dataDir } = server();
  const pgPort = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const { postgresPassword } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { postgresPassword: string };
  const connection = { host: '127.0.0.1', port: pgPort, user: 'postgres', password: postgresPassword };
  adminDb = new pg.Client({ ...connection, database: 'postgres' });
  await adminDb.connect();
  await adminDb.query(`drop database if exists ${DATABASE} with (force)`);
  await adminDb.query(`create database ${DATABASE}`);

  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: `postgresql://postgres:${encodeURIComponent(postgresPassword)}@127.0.0.1:${pgPort}/${DATABASE}`,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SESSION_SECRET: 'instances-e2e-session-secret-0123456789',
    STORAGE: 's3',
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: S3_KEY,
    S3_SECRET_ACCESS_KEY: S3_KEY,
    S3_FORCE_PATH_STYLE: 'true',
    LOG_LEVEL: 'info',
  };
  // Started together on the fresh database: both race for the migrations.
  const both = [await spawnInstance(env), await spawnInstance(env)];
  await Promise.all(both.map(waitReady));
  db = new pg.Client({ ...connection, database: DATABASE });
  await db.connect();
}, 150_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => stopServer(instance.process)));
  for (const instance of instances) rmSync(instance.dataDir, { recursive: true, force: true });
  await db?.end();
  if (adminDb) {
    await adminDb.query(`drop database if exists ${DATABASE} with (force)`);
    await adminDb.end();
  }
  // Bounded: a stuck close must not hang the run (the timer is unref'd so it holds nothing open).
  await Promise.race([s3?.close(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
}, 60_000);

describe('two instances on one database and one bucket', () => {
  it('start together, migrate once and log no error', async () => {
    const { rows } = await db!.query<{ name: string; n: number }>(
      'select name, count(*)::int as n from mikro_orm_migrations group by name order by name',
    );
    // Every committed migration, each applied exactly once.
    const committed = [...readFileSync(path.join(ROOT, 'api/src/db/migrations/index.ts'), 'utf8').matchAll(/name: '(\w+)'/g)].map((m) => m[1]);
    expect(committed.length).toBeGreaterThan(0);
    expect(rows).toEqual(committed.sort().map((name) => ({ name, n: 1 })));
    const { rows: admins } = await db!.query<{ n: number }>('select count(*)::int as n from users');
    expect(admins[0].n).toBe(1);
    for (const instance of instances) {
      const lines = logLines(instance);
      expect(lines.length).toBeGreaterThan(0); // the log is where we look: it has the start-up lines
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    }
  });

  it('a session made on A works on B', async () => {
    const [a, b] = instances;
    const response = await login(a, ADMIN.password);
    expect(response.status).toBe(200);
    cookie = response.headers.getSetCookie()[0].split(';')[0];
    const user = await fetch(`${b.baseUrl}/api/auth/user`, { headers: { cookie } });
    expect(user.status).toBe(200);
    expect(((await user.json()) as { username: string }).username).toBe(ADMIN.username);
    // Without the cookie B knows nobody: the 200 above came from the shared session.
    expect((await fetch(`${b.baseUrl}/api/auth/user`)).status).toBe(401);
  });

  it('a write on A is visible on B within a second, REST and page', async () => {
    const [a, b] = instances;
    // B caches the public answers first, so only an invalidation can show the write.
    const beforeList = (await (await fetch(`${b.baseUrl}/api/news`)).json()) as { title: string }[];
    const beforePage = await (await fetch(`${b.baseUrl}/`)).text();
    const title = `Instances agree ${Date.now()}`;
    expect(beforeList.some((item) => item.title === title)).toBe(false);
    expect(beforePage).not.toContain(title);

    const created = await fetch(`${a.baseUrl}/api/admin/news`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: a.baseUrl },
      body: JSON.stringify({ title, brief: 'Written on A', pictureUrl: 'https://example.com/instances.png' }),
    });
    expect(created.status).toBe(201);
    const deadline = Date.now() + 1_000;
    const restSeen = await within(deadline, async () => {
      const list = (await (await fetch(`${b.baseUrl}/api/news`)).json()) as { title: string }[];
      return list.some((item) => item.title === title);
    });
    const pageSeen = await within(deadline, async () => (await (await fetch(`${b.baseUrl}/`)).text()).includes(title));
    expect({ restSeen, pageSeen }).toEqual({ restSeen: true, pageSeen: true });
  });

  it('a draft saved on A never shows on B; published on A, it is on B within a second', async () => {
    const [a, b] = instances;
    const headers = { 'content-type': 'application/json', cookie, origin: a.baseUrl };
    const title = `Drafted on A ${Date.now()}`;
    const draft = await fetch(`${a.baseUrl}/api/admin/news/drafts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title, brief: 'Not yet public', pictureUrl: 'https://example.com/draft.png' }),
    });
    expect(draft.status).toBe(201);
    const { recordId } = (await draft.json()) as { recordId: number };
    const onB = async () => ((await (await fetch(`${b.baseUrl}/api/news`)).json()) as { title: string }[]).some((item) => item.title === title);
    expect(await onB()).toBe(false);
    expect(await (await fetch(`${b.baseUrl}/news`)).text()).not.toContain(title);

    expect((await fetch(`${a.baseUrl}/api/admin/news/${recordId}/publish`, { method: 'POST', headers })).status).toBe(200);
    const deadline = Date.now() + 1_000;
    const restSeen = await within(deadline, onB);
    const pageSeen = await within(deadline, async () => (await (await fetch(`${b.baseUrl}/`)).text()).includes(title));
    expect({ restSeen, pageSeen }).toEqual({ restSeen: true, pageSeen: true });
  });

  it('an image uploaded through A is served by B, with its variants', async () => {
    const [a, b] = instances;
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
    const uploaded = await fetch(`${a.baseUrl}/api/upload-image`, { method: 'POST', headers: { cookie, origin: a.baseUrl }, body: form });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/[^/]+\.png$/);

    const fromA = await fetch(`${a.baseUrl}${url}`);
    const fromB = await fetch(`${b.baseUrl}${url}`);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(fromB.headers.get('content-type')).toBe('image/png');
    const bytesA = Buffer.from(await fromA.arrayBuffer());
    const bytesB = Buffer.from(await fromB.arrayBuffer());
    expect(bytesB.equals(bytesA)).toBe(true);
    expect((await sharp(bytesB).metadata()).width).toBe(400);

    const variant = await fetch(`${b.baseUrl}${url.replace(/\.png$/, '-320.webp')}`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 320]);
  });

  it('the login limit counts attempts on both', async () => {
    const [a, b] = instances;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await login(attempt % 2 ? b : a, 'wrong-password')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The 6th attempt for the username, on either instance, even with the right password.
    expect((await login(b, 'wrong-password')).status).toBe(429);
    expect((await login(a, ADMIN.password)).status).toBe(429);
  });
});
