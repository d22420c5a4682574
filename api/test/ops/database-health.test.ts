import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { GraphQLError } from 'graphql';
import { pino } from 'pino';
import { openOrm } from '../../src/db/orm.js';
import { DatabaseHealth, isDatabaseUnavailable } from '../../src/ops/database-health.js';
import { NotFound } from '../../src/shared/errors.js';
import { createTestDatabase } from '../helpers/test-app.js';
import { testServerUrl } from '../helpers/test-database.js';

// Which errors mean "the database is away" (answered 503) rather than a bug or a refused
// query (500 or the query's own error), taken from real failures; and the log throttle.

const silent = pino({ level: 'silent' });

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: MikroORM;
let admin: MikroORM;
beforeAll(async () => {
  database = await createTestDatabase();
  orm = await openOrm(database.url, silent);
  admin = await openOrm(testServerUrl(), silent);
});
afterAll(async () => {
  await orm?.close(true);
  await admin?.close(true);
  await database?.drop();
});

function closedPortUrl(): Promise<string> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(`postgresql://postgres:x@127.0.0.1:${port}/postgres`));
    });
  });
}

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection, as MikroORM reports it', async () => {
    const refused = await openOrm(await closedPortUrl(), silent);
    try {
      const error = await failureOf(() => refused.em.fork().getConnection().execute('select 1'));
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(isDatabaseUnavailable(new Error('rendering failed', { cause: error }))).toBe(true);
      expect(isDatabaseUnavailable(new GraphQLError('wrapped', { originalError: error as Error }))).toBe(true);
    } finally {
      await refused.close(true);
    }
  });

  it('recognises a connection the server terminated (57P01) in the middle of a query', async () => {
    const running = failureOf(() => orm.em.fork().getConnection().execute('select pg_sleep(10)'));
    for (let i = 0; i < 50; i++) {
      const killed = await admin.em
        .getConnection()
        .execute(`select pg_terminate_backend(pid) from pg_stat_activity where query like 'select pg_sleep(10)%' and datname = ?`, [
          orm.config.get('dbName'),
        ]);
      if (killed.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const error = await running;
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('does not take a refused query, a service error or a bug for an outage', async () => {
    // (Not on `orm`: a connection terminated by the test above may still be in its pool.)
    const em = admin.em.fork();
    expect(isDatabaseUnavailable(await failureOf(() => em.getConnection().execute('select * from no_such_table')))).toBe(false);
    expect(isDatabaseUnavailable(await failureOf(() => em.getConnection().execute('select 1/0')))).toBe(false);
    expect(isDatabaseUnavailable(await failureOf(() => em.getConnection().execute('selec 1')))).toBe(false);
    expect(isDatabaseUnavailable(new NotFound())).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    // A cycle of causes ends.
    const cyclic = new Error('a') as Error & { cause?: unknown };
    cyclic.cause = cyclic;
    expect(isDatabaseUnavailable(cyclic)).toBe(false);
  });

  it('recognises the pool giving up and an AggregateError of refused addresses', () => {
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused], 'connect failed'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
  });
});

describe('DatabaseHealth', () => {
  function fixture() {
    let now = 1_000_000;
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const health = new DatabaseHealth(() => now);
    return { health, lines, logger, advance: (ms: number) => (now += ms) };
  }
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('logs at most one line a second, counting the failures it did not log, never a stack', () => {
    const { health, lines, logger, advance } = fixture();
    for (let i = 0; i < 100; i++) {
      health.reportUnavailable(refused, logger);
      advance(9);
    }
    // 100 failures over 900 ms: one line.
    expect(lines).toHaveLength(1);
    advance(100);
    health.reportUnavailable(refused, logger);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: 40, msg: 'database unavailable: answering 503', code: 'ECONNREFUSED', notLogged: 99 });
    expect(JSON.stringify(lines)).not.toContain('stack');
  });

  it('counts as unavailable for a second after a failure, and while the postmaster is down', () => {
    const { health, logger, advance, lines } = fixture();
    expect(health.available).toBe(true);
    health.reportUnavailable(refused, logger);
    expect(health.available).toBe(false);
    advance(1000);
    expect(health.available).toBe(true);
    health.markAvailable(logger);

    health.markPostmasterDown();
    advance(5000);
    expect(health.available).toBe(false);
    health.reportUnavailable(refused, logger);
    health.markAvailable(logger);
    expect(health.available).toBe(true);
    expect(lines.at(-1)).toMatchObject({ msg: 'database available again', downMs: 5000, answered503: 1 });
  });
});
