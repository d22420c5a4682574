import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { migrate, openOrm } from '../../src/db/orm.js';
import { WebhookDeliveryWorker } from '../../src/webhooks/delivery-worker.js';
import { postWebhook } from '../../src/webhooks/webhook-request.js';
import { createTestDatabase } from '../helpers/test-app.js';
import { startReceiver, startStallingReceiver, type Receiver, type StallingReceiver } from '../helpers/webhooks/receiver.js';

// Slow webhook receivers: every delivery has a total deadline (connect, send and the whole
// answer), and endpoints progress independently, so a receiver that drips its answer a byte at
// a time, or never answers, costs only its own deliveries. The deadline is shortened here; in
// production it is 10 s.

const silentLog = pino({ level: 'silent' });
const secret = 'a secret of sixteen+';
const DEADLINE_MS = 1500;
/** Far more often than any idle timeout would allow: the connection is never idle. */
const DRIP_MS = 300;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function track<T extends { close(): Promise<void> }>(receiver: T): T {
  closers.push(() => receiver.close());
  return receiver;
}

/** Fails the test instead of hanging it when `promise` takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

describe('a delivery has a total deadline', () => {
  const options = { allowPrivate: true, timeoutMs: DEADLINE_MS };

  it('a receiver that drips its answer a byte at a time fails at the deadline, with the reason', async () => {
    const drip = track(await startStallingReceiver({ dripMs: DRIP_MS }));
    const outcome = await within(postWebhook({ url: drip.url, secret }, '{}', {}, options), DEADLINE_MS + 3000);
    expect(outcome).toMatchObject({ statusCode: 200, error: 'No complete answer within 1.5 s' });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
    expect(outcome.latencyMs).toBeLessThan(DEADLINE_MS + 1000);
  });

  it('a receiver that never answers fails at the deadline, with the reason', async () => {
    const silent = track(await startStallingReceiver());
    const outcome = await within(postWebhook({ url: silent.url, secret }, '{}', {}, options), DEADLINE_MS + 3000);
    expect(outcome).toMatchObject({ statusCode: null, error: 'No answer within 1.5 s' });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
    expect(outcome.latencyMs).toBeLessThan(DEADLINE_MS + 1000);
  });

  it('an answer cut off before its end is a failure, whatever its status', async () => {
    const server = http.createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-length': '100' });
      res.write('only ten b', () => res.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const outcome = await within(postWebhook({ url, secret }, '{}', {}, options), DEADLINE_MS + 3000);
    expect(outcome.statusCode).toBe(200);
    expect(outcome.error).toBe('The answer was cut off');
  });
});

describe('endpoints progress independently', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: MikroORM;
  let worker: WebhookDeliveryWorker | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = await openOrm(database.url, silentLog);
    await migrate(orm);
  });
  afterAll(async () => {
    await worker?.stop();
    await orm?.close(true);
    await database?.drop();
  });

  async function addEndpoint(url: string): Promise<number> {
    const [row] = await orm.em
      .getConnection()
      .execute<{ id: number }[]>(`insert into webhook_endpoints (url, secret, collections, active) values (?, ?, '[]', true) returning id`, [url, secret]);
    return row.id;
  }

  async function attemptsOf(endpointId: number) {
    return orm.em.getConnection().execute<{ status_code: number | null; latency_ms: number; error: string | null }[]>(
      `select a.status_code, a.latency_ms, a.error from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
        where d.endpoint_id = ? order by a.id`,
      [endpointId],
    );
  }

  async function waitForAttempts(endpointId: number, count: number): Promise<void> {
    while ((await attemptsOf(endpointId)).length < count) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  it("a dripping and a silent receiver beside a healthy one: the healthy one's events arrive within 2 s; the slow ones fail at the deadline and are retried", async () => {
    // The slow endpoints come first, so their deliveries are always claimed before the healthy one's.
    const drip: StallingReceiver = track(await startStallingReceiver({ dripMs: DRIP_MS }));
    const silent: StallingReceiver = track(await startStallingReceiver());
    const healthy: Receiver = track(await startReceiver());
    const dripId = await addEndpoint(drip.url);
    const silentId = await addEndpoint(silent.url);
    await addEndpoint(healthy.url);

    worker = new WebhookDeliveryWorker(orm, { allowPrivateTargets: true, retryBaseMs: 200, pollMs: 50, deliveryTimeoutMs: DEADLINE_MS }, silentLog);
    worker.start();

    const EVENTS = 6;
    for (let n = 1; n <= EVENTS; n++) {
      const changedAt = Date.now();
      await orm.em
        .getConnection()
        .execute(`insert into brands (name, logo_url, website_url) values (?, 'https://example.com/l.png', 'https://example.com')`, [`Brand ${n}`]);
      const received = await healthy.waitFor(n, 2000);
      expect(received[n - 1].at - changedAt).toBeLessThan(2000);
      await new Promise((resolve) => setTimeout(resolve, 600)); // events spread across the slow ones' deadlines
    }
    expect(healthy.received).toHaveLength(EVENTS);
    expect(new Set(healthy.received.map((r) => r.body.revision)).size).toBe(EVENTS);

    // Every attempt at a slow receiver ended at the deadline as a failure with its reason, one at a time.
    for (const [endpointId, statusCode, error] of [
      [dripId, 200, 'No complete answer within 1.5 s'],
      [silentId, null, 'No answer within 1.5 s'],
    ] as const) {
      await within(waitForAttempts(endpointId, 2), 2 * DEADLINE_MS + 3000);
      const attempts = await attemptsOf(endpointId);
      for (const attempt of attempts) {
        expect(attempt).toMatchObject({ status_code: statusCode, error });
        expect(attempt.latency_ms).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
        expect(attempt.latency_ms).toBeLessThan(DEADLINE_MS + 1000);
      }
      // Failed attempts are retried per the retry policy: still pending, the reason in the log.
      const deliveries = await orm.em
        .getConnection()
        .execute<{ status: string; last_error: string | null }[]>(`select status, last_error from webhook_deliveries where endpoint_id = ?`, [endpointId]);
      expect(deliveries).toHaveLength(EVENTS);
      expect(deliveries.every((d) => d.status === 'pending')).toBe(true);
      expect(deliveries.some((d) => d.last_error === error)).toBe(true);
    }
    expect(drip.maxOpen).toBe(1);
    expect(silent.maxOpen).toBe(1);
  });
});
