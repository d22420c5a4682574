import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fakeWebDist } from '../helpers/fixtures/web-dist.js';
import { request } from '../helpers/http.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { listenForMetrics, OUTBOX_TABLES } from '../../src/ops/metrics.js';
import { loadConfig } from '../../src/config.js';

// /metrics scraped as Prometheus scrapes it: every metric the operations docs name is there, and
// moves when what it counts happens.

const TOKEN = 'metrics-test-token-0123456789';

/** One sample of the text exposition: `name{labels} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[name] = value;
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of `name` with (at least) `labels`; 0 when no such sample (a counter not yet moved). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));
  return found.reduce((sum, s) => sum + s.value, 0);
}

const hasSample = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.some((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));

describe('metrics, with METRICS_TOKEN and METRICS_PORT set', () => {
  const dist = fakeWebDist();
  let app: TestApp;
  let separate: { port: number; close(): Promise<void> };

  beforeAll(async () => {
    app = await startTestApp({ metrics: { port: 0, host: '127.0.0.1', token: TOKEN } }, { webDist: dist.dir });
    separate = await listenForMetrics(app.metrics, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await separate?.close();
    await app?.close();
    dist.remove();
  });

  const scrape = async (): Promise<Sample[]> => {
    const reply = await request(app.baseUrl, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(reply.body as string);
  };

  it('refuses a scrape without the token (401) or with a wrong one, and compares the whole token', async () => {
    const none = await request(app.baseUrl, 'GET', '/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    for (const authorization of [`Bearer ${TOKEN.slice(0, -1)}`, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, `Bearer  `, `Bearer ${TOKEN} ${TOKEN}`]) {
      expect([authorization, (await request(app.baseUrl, 'GET', '/metrics', { headers: { authorization } })).status]).toEqual([authorization, 401]);
    }
    expect((await request(app.baseUrl, 'GET', '/metrics', { headers: { authorization: `bearer ${TOKEN}` } })).status).toBe(200);
  });

  it('names every metric the operations docs promise', async () => {
    await request(app.baseUrl, 'GET', '/api/news');
    const text = (await request(app.baseUrl, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).body as string;
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds',
      'public_cache_events_total',
      'public_cache_bytes',
      'content_revision_lag_seconds',
      'content_revision_behind',
      'outbox_depth',
      'outbox_oldest_age_seconds',
      'db_pool_connections',
      'db_pool_waiting',
      'db_query_duration_seconds',
      // prom-client's process metrics: event-loop delay, memory, GC.
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
      'nodejs_gc_duration_seconds',
    ]) {
      expect([name, text.includes(`# TYPE ${name} `)]).toEqual([name, true]);
    }
    const samples = parse(text);
    expect(valueOf(samples, 'db_pool_connections', { state: 'max' })).toBe(10);
    expect(hasSample(samples, 'http_request_duration_seconds_bucket', { route_class: 'read', le: '+Inf' })).toBe(true);
  });

  it('counts a public read: a miss that renders, then hits answered before Express, all under the read class', async () => {
    const before = await scrape();
    const path = `/api/news?limit=1&offset=${Date.now() % 1000}`;
    expect((await request(app.baseUrl, 'GET', path)).headers.get('x-render-cache')).toBe('miss');
    expect((await request(app.baseUrl, 'GET', path)).headers.get('x-render-cache')).toBe('hit');
    expect((await request(app.baseUrl, 'GET', path)).headers.get('x-render-cache')).toBe('hit');
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('public_cache_events_total', { result: 'miss' })).toBe(1);
    expect(moved('public_cache_events_total', { result: 'render' })).toBe(1);
    expect(moved('public_cache_events_total', { result: 'hit' })).toBe(2);
    expect(moved('http_requests_total', { route_class: 'read', method: 'GET', status: '200' })).toBe(3);
    expect(moved('http_request_duration_seconds_count', { route_class: 'read' })).toBe(3);
    expect(moved('http_requests_total', { route_class: 'page' })).toBe(0);
    // The miss read the database.
    expect(moved('db_query_duration_seconds_count', {})).toBeGreaterThan(0);
  });

  it('counts every request under its route class, never its path', async () => {
    const before = await scrape();
    await request(app.baseUrl, 'GET', '/team');
    await request(app.baseUrl, 'GET', '/team');
    await request(app.baseUrl, 'GET', '/assets/app.js');
    await request(app.baseUrl, 'POST', '/graphql', { json: { query: '{ __typename }' } });
    await request(app.baseUrl, 'GET', '/api/admin/users');
    await request(app.baseUrl, 'PUT', '/api/admin/users/1/role', { json: { role: 'editor' } });
    await request(app.baseUrl, 'POST', '/api/login', { json: { username: 'nobody', password: 'wrong password here' } });
    await request(app.baseUrl, 'GET', '/api/no-such-thing');
    await request(app.baseUrl, 'GET', '/healthz');
    const after = await scrape();
    const moved = (labels: Record<string, string>) => valueOf(after, 'http_requests_total', labels) - valueOf(before, 'http_requests_total', labels);
    expect(moved({ route_class: 'page', method: 'GET', status: '200' })).toBe(2);
    expect(moved({ route_class: 'asset', method: 'GET', status: '200' })).toBe(1);
    expect(moved({ route_class: 'graphql', method: 'POST', status: '200' })).toBe(1);
    // A staff row, and a path under the admin API no row serves: both refused before routing.
    expect(moved({ route_class: 'admin', method: 'PUT', status: '401' })).toBe(1);
    expect(moved({ route_class: 'admin', method: 'GET', status: '401' })).toBe(1);
    expect(moved({ route_class: 'api', method: 'POST', status: '401' })).toBe(1);
    expect(moved({ route_class: 'api', method: 'GET', status: '404' })).toBe(1);
    // /healthz, and the scrape before this one (/metrics).
    expect(moved({ route_class: 'other', method: 'GET' })).toBe(2);
    const classes = new Set(after.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route_class));
    expect([...classes].every((c) => ['page', 'read', 'api', 'graphql', 'admin', 'asset', 'upload', 'other'].includes(c))).toBe(true);
    expect(after.every((s) => !Object.values(s.labels).some((value) => value.startsWith('/')))).toBe(true);
  });

  it("an outbox row moves its outbox's depth and age; a missing outbox table is left out, not an error", async () => {
    const connection = app.orm.em.getConnection();
    const [endpoint] = await connection.execute<{ id: number }[]>(
      `insert into webhook_endpoints (url, secret, collections, active) values ('http://127.0.0.1:9/hook', 'secret', '[]', false) returning id`,
    );
    const before = await scrape();
    expect(hasSample(before, 'outbox_depth', { outbox: 'webhook_deliveries' })).toBe(true);
    // Not due for an hour: the delivery worker leaves it queued.
    await connection.execute(
      `insert into webhook_deliveries (endpoint_id, event, action, revision, occurred_at, next_attempt_at)
       values (?, 'entry.updated', 'update', 1, now() - interval '90 seconds', now() + interval '1 hour')`,
      [endpoint.id],
    );
    const after = await scrape();
    expect(valueOf(after, 'outbox_depth', { outbox: 'webhook_deliveries' }) - valueOf(before, 'outbox_depth', { outbox: 'webhook_deliveries' })).toBe(1);
    expect(valueOf(after, 'outbox_oldest_age_seconds', { outbox: 'webhook_deliveries' })).toBeGreaterThanOrEqual(90);

    // Every outbox table that exists is reported; one renamed away is skipped until it is back.
    const existing = await connection.execute<{ name: string }[]>(`select relname as name from pg_class where relkind = 'r' and relname = any(string_to_array(?, ','))`, [OUTBOX_TABLES.join(',')]);
    for (const { name } of existing) expect([name, hasSample(after, 'outbox_depth', { outbox: name })]).toEqual([name, true]);
    await connection.execute('alter table webhook_deliveries rename to webhook_deliveries_away');
    try {
      const away = await scrape();
      expect(hasSample(away, 'outbox_depth', { outbox: 'webhook_deliveries' })).toBe(false);
    } finally {
      await connection.execute('alter table webhook_deliveries_away rename to webhook_deliveries');
    }
    await connection.execute('delete from webhook_deliveries where endpoint_id = ?', [endpoint.id]);
  });

  it("reports how long this instance's revision has been behind the database's, and 0 once it caught up", async () => {
    const connection = app.orm.em.getConnection();
    expect(valueOf(await scrape(), 'content_revision_lag_seconds')).toBe(0);
    // Moved without the notification the content triggers send: this instance does not know.
    await connection.execute('update content_revision set revision = revision + 1 where id = 1');
    const first = await scrape();
    expect(valueOf(first, 'content_revision_behind')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(valueOf(await scrape(), 'content_revision_lag_seconds')).toBeGreaterThanOrEqual(1);
    // The notification arrives: current again.
    await connection.execute(`select pg_notify('content_revision', (select revision::text from content_revision where id = 1))`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const caughtUp = await scrape();
    expect(valueOf(caughtUp, 'content_revision_lag_seconds')).toBe(0);
    expect(valueOf(caughtUp, 'content_revision_behind')).toBe(0);
  });

  it('has every metric the Grafana dashboard charts', async () => {
    const dashboard = JSON.parse(fs.readFileSync(new URL('../../../deploy/grafana/dashboard.json', import.meta.url), 'utf8')) as { panels: { targets?: { expr: string }[] }[] };
    const text = (await request(app.baseUrl, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).body as string;
    const charted = new Set<string>();
    for (const { targets = [] } of dashboard.panels) {
      for (const { expr } of targets) for (const [, name] of expr.matchAll(/\b([a-z_]+)\{/g)) charted.add(name.replace(/_(bucket|sum|count)$/, ''));
    }
    expect(charted.size).toBeGreaterThan(10);
    for (const name of charted) expect([name, text.includes(`# TYPE ${name} `)]).toEqual([name, true]);
  });

  it('serves /metrics without a token on its own port, and nothing else there', async () => {
    const base = `http://127.0.0.1:${separate.port}`;
    const reply = await request(base, 'GET', '/metrics');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(hasSample(parse(reply.body as string), 'http_requests_total')).toBe(true);
    expect((await request(base, 'GET', '/')).status).toBe(404);
    expect((await request(base, 'GET', '/api/news')).status).toBe(404);
    expect((await request(base, 'POST', '/metrics')).status).toBe(404);
  });
});

describe('metrics, with neither METRICS_TOKEN nor METRICS_PORT', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers /metrics 404 on the main port, token or not, and collects nothing', async () => {
    expect((await request(app.baseUrl, 'GET', '/metrics')).status).toBe(404);
    expect((await request(app.baseUrl, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    expect(app.metrics.enabled).toBe(false);
    expect((await app.metrics.registry.metrics()).trim()).toBe('');
  });
});

describe('metrics settings', () => {
  it('are off unless set; the listener is bound to loopback unless METRICS_HOST says otherwise; a short token is refused', () => {
    expect(loadConfig({}).metrics).toEqual({ port: null, host: '127.0.0.1', token: null });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }).metrics).toEqual({ port: 9464, host: '0.0.0.0', token: TOKEN });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });
});
