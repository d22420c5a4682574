import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import { server } from './browser.js';
import { freePort } from './free-port.js';
import { stopServer } from './stop-server.js';

// Two built servers started together on one fresh database (on the harness's PostgreSQL) and
// one S3-compatible bucket (s3rver on loopback), as a site behind a load balancer runs: what one
// instance writes, the other must serve.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const S3_KEY = 'S3RVER'; // s3rver's fixed development credentials

export interface Instance {
  process: ChildProcess;
  baseUrl: string;
  dataDir: string;
  logFile: string;
}

export interface TwoInstances {
  instances: [Instance, Instance];
  /** A client of the instances' database. */
  db: pg.Client;
  stop(): Promise<void>;
}

async function spawnInstance(env: NodeJS.ProcessEnv, prefix: string): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(ROOT, 'api/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir },
    stdio: ['ignore', log, log],
  });
  return { process: child, baseUrl: `http://127.0.0.1:${port}`, dataDir, logFile };
}

async function waitReady(instance: Instance): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!(await fetch(`${instance.baseUrl}/readyz`).then((r) => r.ok, () => false))) {
    if (instance.process.exitCode !== null) throw new Error(`server exited: ${readFileSync(instance.logFile, 'utf8').slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`server did not become ready: ${readFileSync(instance.logFile, 'utf8').slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls `check` until it holds or `deadline` passes; returns whether it held. */
export async function within(deadline: number, check: () => Promise<boolean>, every = 25): Promise<boolean> {
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/**
 * Starts two instances on the fresh database `database` and a fresh bucket, with the admin
 * `admin` seeded and `env` added to their environment; both race for the migrations.
 */
export async function startTwoInstances(database: string, admin: { username: string; password: string }, env: NodeJS.ProcessEnv = {}): Promise<TwoInstances> {
  const s3Dir = mkdtempSync(path.join(os.tmpdir(), `${database}-s3-`));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: s3Dir, silent: true });
  const { port: s3Port } = await s3.run();
  const endpoint = `http://127.0.0.1:${s3Port}`;
  const bucket = database.replaceAll('_', '-');
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: S3_KEY, secretAccessKey: S3_KEY } });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();

  const { dataDir } = server();
  const pgPort = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const { postgresPassword } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { postgresPassword: string };
  const connection = { host: '127.0.0.1', port: pgPort, user: 'postgres', password: postgresPassword };
  const adminDb = new pg.Client({ ...connection, database: 'postgres' });
  await adminDb.connect();
  await adminDb.query(`drop database if exists ${database} with (force)`);
  await adminDb.query(`create database ${database}`);

  const instanceEnv: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: `postgresql://postgres:${encodeURIComponent(postgresPassword)}@127.0.0.1:${pgPort}/${database}`,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    SESSION_SECRET: `${database}-session-secret-0123456789`,
    STORAGE: 's3',
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: S3_KEY,
    S3_SECRET_ACCESS_KEY: S3_KEY,
    S3_FORCE_PATH_STYLE: 'true',
    LOG_LEVEL: 'info',
    ...env,
  };
  const instances: [Instance, Instance] = [await spawnInstance(instanceEnv, database), await spawnInstance(instanceEnv, database)];
  const db = new pg.Client({ ...connection, database });
  const stop = async () => {
    await Promise.all(instances.map((instance) => stopServer(instance.process)));
    for (const instance of instances) rmSync(instance.dataDir, { recursive: true, force: true });
    await db.end().catch(() => undefined);
    await adminDb.query(`drop database if exists ${database} with (force)`);
    await adminDb.end();
    // Bounded: a stuck close must not hang the run (the timer is unref'd so it holds nothing open).
    await Promise.race([s3.close(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    rmSync(s3Dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(instances.map(waitReady));
    await db.connect();
  } catch (error) {
    await stop();
    throw error;
  }
  return { instances, db, stop };
}

/** The JSON lines an instance logged (a line that is not JSON counts as a fatal one). */
export function logLines(instance: Instance): { level: number; msg?: string }[] {
  return readFileSync(instance.logFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (line.startsWith('{') ? (JSON.parse(line) as { level: number; msg?: string }) : { level: 60, msg: line }));
}
