import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import type { SmtpConfig } from '../../src/config.js';
import { migrate, openOrm } from '../../src/db/orm.js';
import { MailWorker, retryDelayMs } from '../../src/mail/mail-worker.js';
import { createTestDatabase } from '../helpers/test-app.js';
import { startSilentServer, startSmtpSink, type SmtpSink } from '../helpers/mail/smtp-sink.js';

// The mail outbox's worker on its own, several instances on one database: each message is sent
// once across workers; a server that never answers costs a send its deadline, then it is retried;
// a worker stopping mid-send hands its message back at once; a message not taken within a day is
// given up (dead); sent messages are pruned after a week.

const silent = pino({ level: 'silent' });
type Json = Record<string, any>;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: MikroORM;
const orms: MikroORM[] = [];
const workers: MailWorker[] = [];
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await openOrm(database.url, silent);
  await migrate(orm);
});
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
  for (const other of orms.splice(0)) await other.close(true);
  for (const close of closers.splice(0)) await close();
  await orm.em.getConnection().execute('delete from mail_outbox');
});
afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
});

const smtpTo = (port: number): SmtpConfig => ({
  host: '127.0.0.1',
  port,
  secure: false,
  requireTls: false,
  auth: null,
  from: 'site@firm.example',
  enquiryTo: ['office@firm.example'],
});

async function instance(smtp: SmtpConfig, settings: { retryBaseMs?: number; sendTimeoutMs?: number; pollMs?: number } = {}): Promise<MailWorker> {
  const own = await openOrm(database.url, silent);
  orms.push(own);
  const worker = new MailWorker(own, { smtp, retryBaseMs: settings.retryBaseMs ?? 200, pollMs: settings.pollMs ?? 20, sendTimeoutMs: settings.sendTimeoutMs }, silent);
  workers.push(worker);
  return worker;
}

let queued = 0;
/** Queues `count` mails with subjects never used before in this file ('Mail 1', 'Mail 2', ...). */
async function queue(count: number, createdAgo = '0 seconds'): Promise<void> {
  await orm.em
    .getConnection()
    .execute(
      `insert into mail_outbox ("to", subject, text_body, created_at) select 'office@firm.example', 'Mail ' || n, 'Body ' || n, now() - ?::interval from generate_series(?::int, ?::int) n`,
      [createdAgo, queued + 1, queued + count],
    );
  queued += count;
}

async function rows(): Promise<Json[]> {
  return orm.em.getConnection().execute<Json[]>('select * from mail_outbox order by id');
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

async function sink(): Promise<SmtpSink> {
  const started = await startSmtpSink();
  closers.push(() => started.stop());
  return started;
}

describe('the mail worker', () => {
  it('two workers on one database send each of 30 mails exactly once', async () => {
    const server = await sink();
    const a = await instance(smtpTo(server.port));
    const b = await instance(smtpTo(server.port));
    a.start();
    b.start();
    for (let batch = 0; batch < 3; batch++) await queue(10);
    await server.waitFor(30, 20_000);
    await waitUntil(async () => (await rows()).every((row) => row.status === 'sent'));
    await new Promise((resolve) => setTimeout(resolve, 300)); // room for a duplicate to show up
    const subjects = server.received.map((mail) => mail.parsed.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
    expect((await rows()).map((row) => row.attempts)).toEqual(Array(30).fill(1));
  });

  it('a server that never answers fails the send at its deadline; the mail is retried and the worker goes on', async () => {
    const mute = await startSilentServer();
    closers.push(() => mute.close());
    const worker = await instance(smtpTo(mute.port), { sendTimeoutMs: 1000, retryBaseMs: 300 });
    await queue(1);
    const started = Date.now();
    worker.start();
    await waitUntil(async () => (await rows())[0].last_error !== null, 5000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000 - 50);
    expect(Date.now() - started).toBeLessThan(3000);
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(failed.last_error).toBe('No answer within 1 s');
    // Retried after the backoff: a second connection, and a second failure recorded.
    await waitUntil(async () => mute.connections.length >= 2 && (await rows())[0].attempts >= 2, 5000);
    expect(mute.connections[1] - mute.connections[0]).toBeGreaterThanOrEqual(1000 + 300 - 50);
  });

  it('stopping mid-send hands the mail back at once (no lease to wait out) and it is sent once elsewhere', async () => {
    const mute = await startSilentServer();
    closers.push(() => mute.close());
    const stuck = await instance(smtpTo(mute.port), { sendTimeoutMs: 30_000 });
    await queue(1);
    stuck.start();
    await waitUntil(async () => mute.connections.length === 1 && (await rows())[0].attempts === 1, 5000);
    const stopping = Date.now();
    await stuck.stop();
    expect(Date.now() - stopping).toBeLessThan(2000);
    const [handedBack] = await rows();
    expect(handedBack).toMatchObject({ status: 'pending', attempts: 0 });
    expect(new Date(handedBack.next_attempt_at).getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const server = await sink();
    const other = await instance(smtpTo(server.port));
    other.start();
    await server.waitFor(1, 5000);
    await waitUntil(async () => (await rows())[0].status === 'sent');
    expect((await rows())[0].attempts).toBe(1);
  });

  it('a mail the server still refuses when it is a day old is given up (dead)', async () => {
    const server = await sink();
    server.failWith = 451;
    const worker = await instance(smtpTo(server.port));
    await queue(1, '1 day');
    worker.start();
    await waitUntil(async () => (await rows())[0].status === 'dead');
    const [dead] = await rows();
    expect(dead.attempts).toBe(1);
    expect(dead.last_error).toMatch(/451/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.refusals).toBe(1); // not tried again
  });

  it('prunes sent mail after 7 days and dead mail after 30, keeping pending mail whatever its age', async () => {
    const server = await sink();
    const connection = orm.em.getConnection();
    await connection.execute(
      `insert into mail_outbox ("to", subject, text_body, status, created_at, next_attempt_at) values
         ('a@firm.example', 'old sent', 'b', 'sent', now() - interval '8 days', now()),
         ('a@firm.example', 'recent sent', 'b', 'sent', now() - interval '6 days', now()),
         ('a@firm.example', 'old dead', 'b', 'dead', now() - interval '31 days', now()),
         ('a@firm.example', 'recent dead', 'b', 'dead', now() - interval '8 days', now()),
         ('a@firm.example', 'not due', 'b', 'pending', now() - interval '40 days', now() + interval '1 hour')`,
    );
    const worker = await instance(smtpTo(server.port));
    worker.start();
    await waitUntil(async () => (await rows()).length === 3);
    expect((await rows()).map((row) => row.subject)).toEqual(['recent sent', 'recent dead', 'not due']);
  });

  it('backs off exponentially from the base, up to an hour', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000)).toBe(60 * 60 * 1000);
  });
});
