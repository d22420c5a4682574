import http, { type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { loadConfig, type EdgeConfig } from '../../src/config.js';
import { migrate, openOrm } from '../../src/db/orm.js';
import { purgeSignature } from '../../src/edge/purgers.js';
import { coalescedTags, EdgePurgeWorker } from '../../src/edge/purge-worker.js';
import { createTestDatabase } from '../helpers/test-app.js';

// The purge worker sends the queue to the edge: one request for everything claimed together, in
// the form each edge takes (Varnish PURGE + xkey to every node, Fastly purge by surrogate key,
// Cloudflare purge by tag, a signed HTTP call), retried with backoff while the edge is down or
// refuses, delivered when it is back; two workers never send one purge twice.

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A loopback receiver answering `status()`; records what it received. */
async function receiver(status: () => number = () => 200, answer = '') {
  const received: Received[] = [];
  const server: Server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status(), { 'content-type': 'application/json' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: MikroORM;
const logger = pino({ level: 'silent' });
const sql = <T extends object = Record<string, unknown>>(query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(query, params);
/** Queues purges, one row each, in this order. */
const queue = async (...tags: string[][]) => {
  for (const row of tags) await sql('insert into edge_purges (tags) values (?::text[])', [`{${row.join(',')}}`]);
};
const settings = (env: Record<string, string>): EdgeConfig => loadConfig({ EDGE_PURGE_RETRY_BASE_MS: '50', EDGE_PURGE_RETRY_MAX_MS: '200', EDGE_PURGE_POLL_MS: '20', EDGE_PURGE_TIMEOUT_MS: '2000', ...env }).edge;
const rows = () => sql<{ status: string; attempts: number; last_error: string | null }>('select status, attempts, last_error from edge_purges order by id');

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await openOrm(database.url, logger);
  await migrate(orm);
}, 60_000);
afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
});
beforeEach(async () => {
  await sql('delete from edge_purges');
});

describe('purgers', () => {
  it('varnish: PURGE with the coalesced tags in xkey, to every node', async () => {
    const [a, b] = [await receiver(), await receiver()];
    try {
      await queue(['t:news', 'r:news:1'], ['t:news', 'r:news:2'], ['t:clients', 'r:clients:7']);
      const worker = new EdgePurgeWorker(orm, settings({ EDGE_PURGER: 'varnish', EDGE_PURGE_URL: `${a.url}/, ${b.url}/purge` }), logger);
      expect(await worker.purgeDue()).toBe(3);
      for (const [node, path] of [[a, '/'], [b, '/purge']] as const) {
        expect(node.received).toHaveLength(1);
        expect(node.received[0]).toMatchObject({ method: 'PURGE', url: path });
        expect(String(node.received[0].headers.xkey).split(' ')).toEqual(['t:news', 'r:news:1', 'r:news:2', 't:clients', 'r:clients:7']);
      }
      expect((await rows()).map((row) => row.status)).toEqual(['delivered', 'delivered', 'delivered']);
      // Nothing left: nothing sent.
      expect(await worker.purgeDue()).toBe(0);
      expect(a.received).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('fastly: POST /service/<id>/purge with Surrogate-Key and Fastly-Key', async () => {
    const fastly = await receiver(() => 200, '{"status":"ok"}');
    try {
      await queue(['t:news', 'r:news:1']);
      const worker = new EdgePurgeWorker(orm, settings({ EDGE_PURGER: 'fastly', FASTLY_API_URL: fastly.url, FASTLY_SERVICE_ID: 'SU1Z0isxPaozGVKXdv0eY', FASTLY_API_TOKEN: 'fastly-token' }), logger);
      expect(await worker.purgeDue()).toBe(1);
      expect(fastly.received).toHaveLength(1);
      const [sent] = fastly.received;
      expect({ method: sent.method, url: sent.url, key: sent.headers['fastly-key'], keys: sent.headers['surrogate-key'] }).toEqual({
        method: 'POST',
        url: '/service/SU1Z0isxPaozGVKXdv0eY/purge',
        key: 'fastly-token',
        keys: 't:news r:news:1',
      });
    } finally {
      await fastly.close();
    }
  });

  it('cloudflare: POST /zones/<id>/purge_cache {tags} with the bearer token, at most 30 tags a request; success false is a failure', async () => {
    const cloudflare = await receiver(() => 200, '{"success":true,"errors":[],"messages":[],"result":{"id":"x"}}');
    const refusing = await receiver(() => 200, '{"success":false,"errors":[{"code":10000,"message":"Authentication error"}]}');
    try {
      const tags = Array.from({ length: 40 }, (_, i) => `r:news:${i + 1}`);
      await queue(['t:news', ...tags]);
      const worker = new EdgePurgeWorker(orm, settings({ EDGE_PURGER: 'cloudflare', CF_API_URL: `${cloudflare.url}/client/v4`, CF_ZONE_ID: '023e105f4ecef8ad9ca31a8372d0c353', CF_API_TOKEN: 'cf-token' }), logger);
      expect(await worker.purgeDue()).toBe(1);
      expect(cloudflare.received).toHaveLength(2);
      for (const sent of cloudflare.received) {
        expect({ method: sent.method, url: sent.url, auth: sent.headers.authorization, type: sent.headers['content-type'] }).toEqual({
          method: 'POST',
          url: '/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache',
          auth: 'Bearer cf-token',
          type: 'application/json',
        });
      }
      expect(cloudflare.received.flatMap((sent) => (JSON.parse(sent.body) as { tags: string[] }).tags)).toEqual(['t:news', ...tags]);
      expect((await rows())[0].status).toBe('delivered');

      // Cloudflare saying no in its body (with a 200) is a failure: kept, retried.
      await sql('delete from edge_purges');
      await queue(['t:news']);
      const refused = new EdgePurgeWorker(orm, settings({ EDGE_PURGER: 'cloudflare', CF_API_URL: refusing.url, CF_ZONE_ID: 'z1', CF_API_TOKEN: 'cf-token' }), logger);
      await refused.purgeDue();
      const [row] = await rows();
      expect(row.status).toBe('pending');
      expect(row.last_error).toContain('Authentication error');
    } finally {
      await cloudflare.close();
      await refusing.close();
    }
  });

  it('http: POST {tags}, signed with the secret (X-Signature over the timestamp and the body)', async () => {
    const receiving = await receiver(() => 204);
    try {
      await queue(['all'], ['t:news', 'r:news:1']);
      const worker = new EdgePurgeWorker(orm, settings({ EDGE_PURGER: 'http', EDGE_PURGE_URL: `${receiving.url}/hooks/purge`, EDGE_PURGE_SECRET: 's3cret' }), logger);
      expect(await worker.purgeDue()).toBe(2);
      const [sent] = receiving.received;
      expect({ method: sent.method, url: sent.url, body: JSON.parse(sent.body) }).toEqual({ method: 'POST', url: '/hooks/purge', body: { tags: ['all'] } });
      const timestamp = Number(sent.headers['x-signature-timestamp']);
      expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
      expect(sent.headers['x-signature']).toBe(purgeSignature('s3cret', timestamp, sent.body));
      expect(sent.headers['x-signature']).not.toBe(purgeSignature('wrong', timestamp, sent.body));
    } finally {
      await receiving.close();
    }
  });
});

describe('the worker', () => {
  it('coalesces: `all` alone when one purge is of everything', () => {
    expect(coalescedTags([{ tags: ['t:news', 'r:news:1'] }, { tags: ['t:news', 'r:news:2'] }])).toEqual(['t:news', 'r:news:1', 'r:news:2']);
    expect(coalescedTags([{ tags: ['t:news'] }, { tags: ['all'] }])).toEqual(['all']);
  });

  it('retries with growing delays while the edge is down or failing, never drops the purge, and delivers when it is back', async () => {
    // A port that was just free: nothing listens there yet.
    const probe = await receiver();
    const port = probe.port;
    await probe.close();
    await queue(['t:news', 'r:news:1']);
    const worker = new EdgePurgeWorker(orm, settings({ EDGE_PURGER: 'varnish', EDGE_PURGE_URL: `http://127.0.0.1:${port}/` }), logger);
    expect(await worker.purgeDue()).toBe(1);
    let [row] = await rows();
    expect({ status: row.status, attempts: row.attempts }).toEqual({ status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/ECONNREFUSED/);
    // Not due again before its delay.
    expect(await worker.purgeDue()).toBe(0);
    const delays: number[] = [];
    for (let attempt = 2; attempt <= 4; attempt += 1) {
      const [{ wait }] = await sql<{ wait: number }>(`select extract(epoch from next_attempt_at - now())::float8 * 1000 as wait from edge_purges`);
      delays.push(wait);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait) + 20));
      expect(await worker.purgeDue()).toBe(1);
    }
    // 50, 100, 200 ms: doubling up to EDGE_PURGE_RETRY_MAX_MS.
    expect(delays[1]).toBeGreaterThan(delays[0]);
    [row] = await rows();
    expect({ status: row.status, attempts: row.attempts }).toEqual({ status: 'pending', attempts: 4 });

    // An edge answering 503 is down too.
    let status = 503;
    const edge = await new Promise<{ server: Server; received: number }>((resolve, reject) => {
      const state = { server: null as unknown as Server, received: 0 };
      state.server = http.createServer((_req, res) => {
        state.received += 1;
        res.writeHead(status).end();
      });
      state.server.once('error', reject);
      state.server.listen(port, '127.0.0.1', () => resolve(state));
    });
    try {
      worker.start();
      await until(async () => edge.received >= 1);
      expect((await rows())[0].status).toBe('pending');
      status = 200;
      await until(async () => (await rows())[0].status === 'delivered');
      await worker.stop();
      expect(edge.received).toBeGreaterThanOrEqual(2);
    } finally {
      await worker.stop();
      edge.server.closeAllConnections();
      await new Promise((resolve) => edge.server.close(resolve));
    }
  }, 30_000);

  it('two workers deliver each purge once', async () => {
    const slow = await receiverWithDelay(30);
    try {
      await queue(...Array.from({ length: 300 }, (_, i) => [`r:news:${i + 1}`]));
      const one = new EdgePurgeWorker(orm, settings({ EDGE_PURGER: 'http', EDGE_PURGE_URL: slow.url, EDGE_PURGE_SECRET: 'x' }), logger);
      const two = new EdgePurgeWorker(orm, settings({ EDGE_PURGER: 'http', EDGE_PURGE_URL: slow.url, EDGE_PURGE_SECRET: 'x' }), logger);
      one.start();
      two.start();
      await until(async () => (await sql<{ n: number }>(`select count(*)::int as n from edge_purges where status = 'pending'`))[0].n === 0);
      await Promise.all([one.stop(), two.stop()]);
      const sent = slow.received.flatMap((body) => (JSON.parse(body) as { tags: string[] }).tags);
      expect(sent).toHaveLength(300);
      expect(new Set(sent).size).toBe(300);
      expect(new Set((await rows()).map((row) => `${row.status} ${row.attempts}`))).toEqual(new Set(['delivered 1']));
    } finally {
      await slow.close();
    }
  }, 30_000);
});

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A receiver that takes `ms` to answer each request; records the bodies. */
async function receiverWithDelay(ms: number) {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      setTimeout(() => res.writeHead(200).end(), ms);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
