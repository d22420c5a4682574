import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { migrate, openOrm } from '../../src/db/orm.js';
import { WebhookDeliveryWorker } from '../../src/webhooks/delivery-worker.js';
import { isPrivateAddress } from '../../src/webhooks/target-address.js';
import { postWebhook } from '../../src/webhooks/webhook-request.js';
import { createEndpoint } from '../../src/webhooks/webhooks.service.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';
import { createTestDatabase } from '../helpers/test-app.js';
import { startReceiver, type Receiver } from '../helpers/webhooks/receiver.js';

// Webhooks against the real server, database and a receiver on loopback: signed events from
// the outbox on every committed change, retries with backoff, one delivery per event across
// workers, durability across a restart, and the SSRF guard.

const silent = pino({ level: 'silent' });
type Json = Record<string, any>;

const session = signedInApp({ webhookAllowPrivateTargets: true, webhookPollMs: 100, webhookRetryBaseMs: 200 });
let receiver: Receiver;

afterEach(async () => {
  await receiver?.close();
  await session.app.orm.em.getConnection().execute('delete from webhook_endpoints');
});

async function gql(query: string, variables: Json = {}, asAdmin = true): Promise<Json> {
  const reply = await request(session.app.baseUrl, 'POST', '/graphql', { json: { query, variables }, cookie: asAdmin ? session.cookie : undefined });
  return reply.body as Json;
}

async function register(url: string, collections: string[] = []): Promise<Json> {
  const reply = await gql(
    `mutation($input: WebhookEndpointInput!) { createWebhook(input: $input) { id url secret collections active } }`,
    { input: { url, collections } },
  );
  expect(reply.errors).toBeUndefined();
  return reply.data.createWebhook;
}

function expectSigned(secret: string, received: { headers: Json; raw: string }) {
  const timestamp = received.headers['x-webhook-timestamp'];
  expect(timestamp).toMatch(/^\d+$/);
  expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${received.raw}`).digest('hex')}`;
  expect(received.headers['x-webhook-signature']).toBe(expected);
}

async function currentRevision(orm: MikroORM): Promise<number> {
  const [row] = await orm.em.getConnection().execute<{ revision: string }[]>('select revision from content_revision where id = 1');
  return Number(row.revision);
}

describe('webhook delivery', () => {
  it('a receiver on loopback gets a correctly signed event within a second of a change', async () => {
    receiver = await startReceiver();
    const endpoint = await register(receiver.url);
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(endpoint.collections).toEqual([]);

    const created = await request(session.app.baseUrl, 'POST', '/api/admin/news', {
      cookie: session.cookie,
      json: { title: 'Webhook news', pictureUrl: 'https://example.com/a.png', brief: 'Brief' },
    });
    expect(created.status).toBe(201);
    const [event] = await receiver.waitFor(1, 1000);

    expect(event.headers['content-type']).toBe('application/json');
    expect(event.headers['x-webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.headers['x-webhook-event']).toBe('content.changed');
    expectSigned(endpoint.secret, event);
    expect(event.body).toEqual({
      event: 'content.changed',
      collection: 'news',
      id: created.body.id,
      action: 'created',
      revision: await currentRevision(session.app.orm),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // A wrong secret does not verify.
    expect(createHmac('sha256', 'not the secret').update(`${event.headers['x-webhook-timestamp']}.${event.raw}`).digest('hex')).not.toBe(
      String(event.headers['x-webhook-signature']).slice(7),
    );
  });

  it('sends updates and deletes from any writer (plain SQL too), only for the subscribed collections', async () => {
    receiver = await startReceiver();
    await register(receiver.url, ['countries']);
    const connection = session.app.orm.em.getConnection();
    await connection.execute(`insert into news (title, picture_url, brief) values ('ignored', 'https://example.com/x.png', 'b')`);
    const [country] = await connection.execute<{ id: number }[]>(
      `insert into countries (name, code, flag_image_url) values ('Freedonia', 'FD', 'https://example.com/fd.png') returning id`,
    );
    await connection.execute(`update countries set name = 'Freedonia!' where id = ?`, [country.id]);
    await connection.execute(`delete from countries where id = ?`, [country.id]);
    const events = await receiver.waitFor(3, 5000);
    expect(events.map((e) => [e.body.collection, e.body.id, e.body.action])).toEqual([
      ['countries', country.id, 'created'],
      ['countries', country.id, 'updated'],
      ['countries', country.id, 'deleted'],
    ]);
    expect(events[0].body.revision).toBeLessThan(events[1].body.revision);
  });

  it('writes nothing when the change rolls back', async () => {
    receiver = await startReceiver();
    await register(receiver.url);
    const em = session.app.orm.em.fork();
    await expect(
      em.transactional(async (tx) => {
        await tx.getConnection().execute(`update statistics set expert_count = expert_count + 1`, [], 'run', tx.getTransactionContext());
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const [{ count }] = await session.app.orm.em.getConnection().execute<{ count: string }[]>('select count(*) from webhook_deliveries');
    expect(Number(count)).toBe(0);
  });

  it('retries a failing receiver with exponential backoff, logging each attempt, until it answers', async () => {
    receiver = await startReceiver();
    receiver.status = 500;
    const endpoint = await register(receiver.url);
    await session.app.orm.em.getConnection().execute(`update statistics set partner_count = partner_count + 1`);
    const failures = await receiver.waitFor(4, 10_000);
    receiver.status = 200;
    await receiver.waitFor(5, 10_000);

    const ids = new Set(receiver.received.map((r) => r.headers['x-webhook-id']));
    expect(ids.size).toBe(1); // the same event each time
    const gaps = failures.slice(1).map((r, i) => r.at - failures[i].at);
    // Base 200 ms, doubling: each retry waits at least its delay.
    expect(gaps[0]).toBeGreaterThanOrEqual(200 - 5);
    expect(gaps[1]).toBeGreaterThanOrEqual(400 - 5);
    expect(gaps[2]).toBeGreaterThanOrEqual(800 - 5);

    const log = await gql(`query($id: Int!) { webhookDeliveries(endpointId: $id) { status attempts lastStatusCode lastLatencyMs deliveredAt } }`, {
      id: endpoint.id,
    });
    await expect(waitUntil(async () => (await deliveriesOf(endpoint.id))[0]?.status === 'delivered')).resolves.toBe(true);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 5, lastStatusCode: 200 });
    expect(typeof delivery.lastLatencyMs).toBe('number');
    expect(log.errors).toBeUndefined();
    const attempts = await session.app.orm.em
      .getConnection()
      .execute<{ status_code: number; latency_ms: number }[]>(
        'select a.status_code, a.latency_ms from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = ? order by a.id',
        [endpoint.id],
      );
    expect(attempts.map((a) => a.status_code)).toEqual([500, 500, 500, 500, 200]);
    for (const attempt of attempts) expect(attempt.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('"Send test event" queues a signed webhook.test delivery', async () => {
    receiver = await startReceiver();
    const endpoint = await register(receiver.url);
    const reply = await gql(`mutation($id: Int!) { sendTestWebhook(id: $id) { event action status } }`, { id: endpoint.id });
    expect(reply.data.sendTestWebhook).toEqual({ event: 'webhook.test', action: 'test', status: 'pending' });
    const [event] = await receiver.waitFor(1, 5000);
    expectSigned(endpoint.secret, event);
    expect(event.body).toMatchObject({ event: 'webhook.test', action: 'test', collection: null, id: null });
  });
});

async function deliveriesOf(endpointId: number): Promise<Json[]> {
  const reply = await gql(`query($id: Int!) { webhookDeliveries(endpointId: $id) { status attempts lastStatusCode lastLatencyMs } }`, {
    id: endpointId,
  });
  return reply.data.webhookDeliveries;
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('webhook admin API', () => {
  it('refuses anonymous callers on GraphQL and REST', async () => {
    const reply = await gql('{ webhooks { id } }', {}, false);
    expect(reply.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const created = await gql(`mutation { createWebhook(input: { url: "https://example.com/x" }) { id } }`, {}, false);
    expect(created.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await request(session.app.baseUrl, 'GET', '/api/admin/webhooks')).status).toBe(401);
    expect((await request(session.app.baseUrl, 'POST', '/api/admin/webhooks', { json: { url: 'https://example.com' } })).status).toBe(401);
  });

  it('lists, updates and deletes endpoints, over GraphQL and REST, with field errors for bad input', async () => {
    const created = await request(session.app.baseUrl, 'POST', '/api/admin/webhooks', {
      cookie: session.cookie,
      json: { url: 'http://127.0.0.1:9/hook', secret: 'a chosen secret of some length', collections: ['news', 'team-members'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ secret: 'a chosen secret of some length', collections: ['news', 'team-members'], active: true });

    const updated = await gql(`mutation($id: Int!) { updateWebhook(id: $id, input: { active: false, secret: "" }) { active secret url } }`, {
      id: created.body.id,
    });
    expect(updated.data.updateWebhook).toEqual({ active: false, secret: 'a chosen secret of some length', url: 'http://127.0.0.1:9/hook' });
    expect((await gql('{ webhooks { id active } }')).data.webhooks).toEqual([{ id: created.body.id, active: false }]);

    const bad = await request(session.app.baseUrl, 'POST', '/api/admin/webhooks', {
      cookie: session.cookie,
      json: { url: 'ftp://example.com', secret: 'short', collections: ['users'], active: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: Json) => e.field)).toEqual(['url', 'secret', 'collections', 'active']);

    expect((await request(session.app.baseUrl, 'DELETE', `/api/admin/webhooks/${created.body.id}`, { cookie: session.cookie })).status).toBe(204);
    expect((await request(session.app.baseUrl, 'DELETE', `/api/admin/webhooks/${created.body.id}`, { cookie: session.cookie })).status).toBe(404);
    const missing = await gql(`mutation { sendTestWebhook(id: 999999) { id } }`);
    expect(missing.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('webhook SSRF guard', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['93.184.215.14', false],
    ['2606:4700::1111', false],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('connects to a host name through the checked addresses (the delivery-time lookup)', async () => {
    receiver = await startReceiver();
    const byName = { url: receiver.url.replace('127.0.0.1', 'localhost'), secret: 'a secret of sixteen+' };
    const allowed = await postWebhook(byName, '{"event":"webhook.test"}', {}, { allowPrivate: true });
    expect(allowed).toMatchObject({ statusCode: 204, error: null });
    expect(receiver.received).toHaveLength(1);
    const refused = await postWebhook(byName, '{}', {}, { allowPrivate: false });
    expect(refused.statusCode).toBeNull();
    expect(refused.error).toMatch(/Private, loopback and link-local addresses are not allowed/);
    expect(receiver.received).toHaveLength(1);
  });

  it('refuses private, loopback and link-local targets when saving, names resolved to every address', async () => {
    const [admin] = await session.app.orm.em.getConnection().execute<{ id: string }[]>('select id from users limit 1');
    const strict = { allowPrivateTargets: false };
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://localhost/hook',
      'http://[::1]/',
      'http://169.254.169.254/latest',
      'http://10.0.0.5/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::127.0.0.1]/', // the audit's two
      'http://[::ffff:0:127.0.0.1]/',
    ]) {
      await expect(createEndpoint(session.app.orm.em.fork(), { url }, { userId: admin.id }, strict)).rejects.toMatchObject({
        errors: [{ field: 'url', message: expect.stringMatching(/Private, loopback and link-local addresses are not allowed|could not be resolved/) }],
      });
    }
  });
});

describe('webhook outbox across workers and restarts', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const orms: MikroORM[] = [];
  const workers: WebhookDeliveryWorker[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const orm = await openOrm(database.url, silent);
    await migrate(orm);
    await orm.close(true);
  });
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop();
    for (const orm of orms.splice(0)) await orm.close(true);
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function instance(): Promise<{ orm: MikroORM; worker: WebhookDeliveryWorker }> {
    const orm = await openOrm(database.url, silent);
    orms.push(orm);
    const worker = new WebhookDeliveryWorker(orm, { allowPrivateTargets: true, retryBaseMs: 1000, pollMs: 20 }, silent);
    workers.push(worker);
    return { orm, worker };
  }

  it('two workers on one database deliver each event exactly once', async () => {
    receiver = await startReceiver();
    const a = await instance();
    const b = await instance();
    await a.orm.em.getConnection().execute(`delete from webhook_endpoints`);
    await a.orm.em
      .getConnection()
      .execute(`insert into webhook_endpoints (url, secret, collections, active) values (?, 'a secret of sixteen+', '[]', true)`, [receiver.url]);
    a.worker.start();
    b.worker.start();
    // 60 events, from several statements, while both workers poll.
    for (let batch = 0; batch < 6; batch++) {
      await a.orm.em
        .getConnection()
        .execute(
          `insert into brands (name, logo_url, website_url) select 'Brand ' || n, 'https://example.com/l.png', 'https://example.com' from generate_series(1, 10) n`,
        );
    }
    await receiver.waitFor(60, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 300)); // room for a duplicate to show up
    const ids = receiver.received.map((r) => r.headers['x-webhook-id']);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
  });

  it('an event survives a server restart between the change and its delivery', async () => {
    receiver = await startReceiver();
    const before = await instance(); // the "server" whose worker never got to it
    await before.orm.em.getConnection().execute(`delete from webhook_endpoints`);
    await before.orm.em
      .getConnection()
      .execute(`insert into webhook_endpoints (url, secret, collections, active) values (?, 'a secret of sixteen+', '[]', true)`, [receiver.url]);
    const [row] = await before.orm.em
      .getConnection()
      .execute<{ id: number }[]>(`insert into clients (title, picture_url) values ('Survivor', 'https://example.com/s.png') returning id`);
    await before.orm.close(true);
    orms.splice(orms.indexOf(before.orm), 1);
    expect(receiver.received).toHaveLength(0);

    const after = await instance();
    after.worker.start();
    const [event] = await receiver.waitFor(1, 5000);
    expect(event.body).toMatchObject({ collection: 'clients', id: row.id, action: 'created' });
  });

  it('refuses a private target again at delivery time (e.g. after its DNS changed)', async () => {
    receiver = await startReceiver();
    const { orm } = await instance();
    const strictWorker = new WebhookDeliveryWorker(orm, { allowPrivateTargets: false, retryBaseMs: 60_000, pollMs: 50 }, silent);
    const connection = orm.em.getConnection();
    await connection.execute(`delete from webhook_endpoints`);
    await connection.execute(`insert into webhook_endpoints (url, secret, collections, active) values (?, 'a secret of sixteen+', '[]', true)`, [
      receiver.url,
    ]);
    await connection.execute(`insert into countries (name, code, flag_image_url) values ('X', 'XX', 'https://example.com/x.png')`);
    expect(await strictWorker.deliverDue()).toBe(1);
    const [delivery] = await connection.execute<Json[]>('select status, attempts, last_error, last_status_code from webhook_deliveries');
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null });
    expect(delivery.last_error).toMatch(/Private, loopback and link-local addresses are not allowed \(127\.0\.0\.1\)/);
    expect(receiver.received).toHaveLength(0);
  });

  it('sends a truncate as one event without an id', async () => {
    receiver = await startReceiver();
    const { orm, worker } = await instance();
    const connection = orm.em.getConnection();
    await connection.execute(`delete from webhook_endpoints`);
    await connection.execute(`insert into webhook_endpoints (url, secret, collections, active) values (?, 'a secret of sixteen+', '["brands"]', true)`, [
      receiver.url,
    ]);
    await connection.execute(`truncate brands`);
    worker.start();
    const [event] = await receiver.waitFor(1, 5000);
    expect(event.body).toMatchObject({ collection: 'brands', id: null, action: 'truncated' });
  });

  it('gives up on an event a day old: the delivery is marked failed', async () => {
    receiver = await startReceiver();
    receiver.status = 503;
    const { orm } = await instance();
    const worker = new WebhookDeliveryWorker(orm, { allowPrivateTargets: true, retryBaseMs: 1000, pollMs: 50 }, silent);
    const connection = orm.em.getConnection();
    await connection.execute(`delete from webhook_endpoints`);
    await connection.execute(`insert into webhook_endpoints (url, secret, collections, active) values (?, 'a secret of sixteen+', '[]', true)`, [
      receiver.url,
    ]);
    await connection.execute(`insert into countries (name, code, flag_image_url) values ('Old', 'OL', 'https://example.com/o.png')`);
    await connection.execute(`update webhook_deliveries set occurred_at = now() - interval '1 day' + interval '1 second'`);
    expect(await worker.deliverDue()).toBe(1);
    const [delivery] = await connection.execute<Json[]>('select status, attempts, last_status_code from webhook_deliveries');
    expect(delivery).toEqual({ status: 'failed', attempts: 1, last_status_code: 503 });
    expect(await worker.deliverDue()).toBe(0); // never retried again
    expect(receiver.received).toHaveLength(1);
  });
});
