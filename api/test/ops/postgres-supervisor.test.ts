import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded-postgres.js';
import { openOrm } from '../../src/db/orm.js';
import { DatabaseHealth } from '../../src/ops/database-health.js';
import { superviseEmbeddedPostgres, type Supervisor } from '../../src/ops/postgres-supervisor.js';

// A real embedded cluster of its own (not the shared test server), killed the hard way: the
// supervisor restarts it on the same port with every committed row, the ORM's pool reconnects,
// stop() of a dead postmaster returns, and a cluster that cannot come back is given up on.

const lines: Record<string, unknown>[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'supervisor-test-'));
const directory = path.join(workDir, 'pg');

let postgres: EmbeddedPostgres;
let orm: MikroORM;
const supervisors: Supervisor[] = [];
beforeAll(async () => {
  postgres = await startEmbeddedPostgres({ directory, password: 'supervised', logger });
  orm = await openOrm(postgres.url, pino({ level: 'silent' }));
}, 120_000);
afterAll(async () => {
  for (const supervisor of supervisors) supervisor.stop();
  await orm?.close(true);
  await postgres?.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
});

function postmasterPid(): number {
  return Number(fs.readFileSync(path.join(directory, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, limitMs = 30_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function supervise(health: DatabaseHealth, delaysMs?: number[]) {
  let gaveUp: Error | undefined;
  const supervisor = superviseEmbeddedPostgres(postgres, { logger, health, delaysMs, onGiveUp: (error) => (gaveUp = error) });
  supervisors.push(supervisor);
  return { supervisor, gaveUp: () => gaveUp };
}

const messages = (msg: string) => lines.filter((line) => line.msg === msg);

describe('embedded PostgreSQL supervisor', () => {
  it('restarts a postmaster killed with SIGKILL on the same URL, with every committed row, and the pool reconnects', async () => {
    const health = new DatabaseHealth();
    const { supervisor } = supervise(health);
    const sql = orm.em.getConnection();
    await sql.execute('create table acknowledged (n int primary key)');
    for (let n = 1; n <= 200; n++) await sql.execute('insert into acknowledged values (?)', [n]);
    const url = postgres.url;

    process.kill(postmasterPid(), 'SIGKILL');
    await until(() => (health.available ? undefined : true), 'the supervisor to notice');
    await until(() => (health.available ? true : undefined), 'the restart');

    expect(postgres.url).toBe(url);
    // The same ORM instance, no re-initialisation: its pool finds the server again.
    const rows = await until(
      () => sql.execute<{ n: string }[]>('select count(*) as n from acknowledged').catch(() => undefined),
      'a query to succeed',
    );
    expect(Number(rows[0].n)).toBe(200);
    expect(messages('embedded PostgreSQL exited unexpectedly; restarting it')).toHaveLength(1);
    expect(messages('embedded PostgreSQL restarted')).toHaveLength(1);
    supervisor.stop();
  });

  it('gives up, one log line per attempt, while the port stays taken', async () => {
    const { gaveUp } = supervise(new DatabaseHealth(), [300, 50, 50]);
    const before = lines.length;
    process.kill(postmasterPid(), 'SIGKILL');
    // Take the port as soon as the dead postmaster lets go of it, before the first attempt.
    const squatter = await until(
      () =>
        new Promise<net.Server | undefined>((resolve) => {
          const server = net.createServer();
          server.once('error', () => resolve(undefined));
          server.listen(postgres.port, '127.0.0.1', () => resolve(server));
        }),
      'the port to be free',
    );
    try {
      const error = await until(gaveUp, 'the supervisor to give up');
      expect(error.message).toMatch(/did not start/);
      const mine = lines.slice(before);
      expect(mine.filter((line) => line.msg === 'restart attempt failed').map((line) => line.attempt)).toEqual([1, 2, 3]);
      expect(mine.filter((line) => line.msg === 'could not restart the embedded PostgreSQL; giving up')).toHaveLength(1);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('stop() returns at once when the postmaster is already dead', async () => {
    // The package's own stop() waits for an exit event that already happened: forever.
    await postgres.stop();
  });

  it('gives up at once, without re-creating it, when the cluster folder is gone', async () => {
    postgres = await startEmbeddedPostgres({ directory, password: 'supervised', logger });
    const { gaveUp } = supervise(new DatabaseHealth(), [50, 50, 50]);
    const before = lines.length;
    const pid = postmasterPid();
    fs.rmSync(directory, { recursive: true, force: true });
    process.kill(pid, 'SIGKILL');
    const error = await until(gaveUp, 'the supervisor to give up');
    expect(error.name).toBe('ClusterMissing');
    expect(lines.slice(before).filter((line) => line.msg === 'restart attempt failed')).toEqual([]);
    expect(fs.existsSync(path.join(directory, 'PG_VERSION'))).toBe(false);
  });
});
