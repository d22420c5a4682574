import { createHash, timingSafeEqual } from 'node:crypto';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { AppDeps } from '../app-deps.js';
import type { MetricsConfig } from '../config-metrics.js';
import { CONTENT_REVISION_ID } from '../db/content-revision.entity.js';
import { METRICS_PATH } from '../shared/url-paths.js';
import { logFieldsOf } from './database-health.js';
import { Buckets, histogram, outboxStates, sampled, timeQueries, type OutboxState } from './metrics-sources.js';
import { RequestMetrics } from './request-counts.js';

export { OUTBOX_TABLES } from './metrics-sources.js';

// Prometheus metrics of one app (one registry each, so tests may run several apps in one
// process): requests by route class (http/request-metrics.ts), the public read cache, how far this
// instance's content revision is behind the database's, the durable outboxes, the database pool
// and its queries, and prom-client's process metrics (event-loop delay, memory, GC). Served at
// /metrics on a port of its own (METRICS_PORT) and/or on the main port with a bearer token
// (METRICS_TOKEN, ops/metrics.routes.ts); with neither set nothing is collected and /metrics is 404.
// What lives in the database is read when scraped, never on a request's path.

export type { MetricsConfig };

export interface AppMetrics {
  /** METRICS_PORT or METRICS_TOKEN is set: collecting, and /metrics answers somewhere. */
  readonly enabled: boolean;
  readonly registry: Registry;
  readonly requests: RequestMetrics;
  /** The Prometheus text exposition. */
  scrape(): Promise<{ contentType: string; body: string }>;
  /** Whether an Authorization header carries METRICS_TOKEN (false when no token is set). */
  authorised(authorization: string | undefined): boolean;
  /** Whether /metrics is served on the main port (METRICS_TOKEN is set). */
  readonly onMainPort: boolean;
  close(): void;
}

/** Database query durations in seconds. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

/** What the metrics read of the public read cache (site/public-cache.ts) and the revision feed (site/content-revision-feed.ts). */
export interface ReadsSeen {
  cache: { readonly events: { hits: number; misses: number; renders: number }; readonly bytes: number };
  feed: { readonly current: string | null };
}

export async function createMetrics(deps: AppDeps, reads: ReadsSeen): Promise<AppMetrics> {
  const { config, orm, logger } = deps;
  const settings = config.metrics;
  const enabled = settings.port !== null || settings.token !== null;
  const registry = new Registry();
  const requests = new RequestMetrics();
  const expected = settings.token === null ? null : digest(settings.token);
  const authorised = (authorization: string | undefined): boolean => {
    if (expected === null || authorization === undefined) return false;
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
    // Compared as digests: equal lengths, and the time taken says nothing about the token.
    return match !== null && timingSafeEqual(digest(match[1]), expected);
  };
  const base = { enabled, registry, requests, authorised, onMainPort: expected !== null };
  if (!enabled) return { ...base, scrape: () => registry.metrics().then((body) => ({ contentType: registry.contentType, body })), close() {} };

  const log = logger.child({ component: 'metrics' });
  collectDefaultMetrics({ register: registry });

  registry.registerMetric(
    sampled('http_requests_total', 'Requests answered, by route class (from the route table), method and status; cache hits answered before Express included.', 'counter', () =>
      requests.requestSamples(),
    ),
  );
  registry.registerMetric(
    histogram('http_request_duration_seconds', 'Time from a request reaching the app to its answer, by route class.', () =>
      requests.durationSamples().map(({ routeClass, ...values }) => ({ labels: { route_class: routeClass }, ...values })),
    ),
  );

  const { cache, feed } = reads;
  new Counter({
    name: 'public_cache_events_total',
    help: 'The public read cache: hit (answered from it), miss (waited for a production), render (a production run; concurrent misses share one).',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, cache.events.hits);
      this.inc({ result: 'miss' }, cache.events.misses);
      this.inc({ result: 'render' }, cache.events.renders);
    },
  });
  new Gauge({
    name: 'public_cache_bytes',
    help: 'Bytes the public read cache holds (all encodings).',
    registers: [registry],
    collect() {
      this.set(cache.bytes);
    },
  });

  // The revision lag: the database's revision read now against the one this instance's cache
  // is keyed by (kept by LISTEN/NOTIFY). Behind (or not listening): seconds since a scrape first
  // saw it behind; 0 when current.
  let behindSince: number | null = null;
  const revisionQuery = `select revision::text as revision from content_revision where id = ${CONTENT_REVISION_ID}`;
  const revisionState = async (): Promise<{ lag: number; behind: number | null }> => {
    let database: bigint | null = null;
    try {
      const rows = await orm.em.getConnection().execute<{ revision: string }[]>(revisionQuery);
      if (rows[0]) database = BigInt(rows[0].revision);
    } catch (error) {
      log.debug(logFieldsOf(error), 'metrics: could not read the content revision');
    }
    const local = feed.current === null ? null : BigInt(feed.current);
    const behind = local === null ? null : database === null ? 0 : Math.max(0, Number(database - local));
    const now = Date.now();
    if (behind === null || behind > 0) behindSince ??= now;
    else behindSince = null;
    return { lag: behindSince === null ? 0 : (now - behindSince) / 1000, behind };
  };
  let revisionScrape: Promise<{ lag: number; behind: number | null }> | null = null;
  // Both gauges read one query per scrape.
  const revisionOnce = () => {
    revisionScrape ??= revisionState().finally(() => setImmediate(() => (revisionScrape = null)));
    return revisionScrape;
  };
  new Gauge({
    name: 'content_revision_lag_seconds',
    help: "How long this instance's content revision (what its cache is keyed by) has been behind the database's, as seen when scraped; 0 when current.",
    registers: [registry],
    async collect() {
      this.set((await revisionOnce()).lag);
    },
  });
  new Gauge({
    name: 'content_revision_behind',
    help: "Content revisions this instance's cache is behind the database's (absent while it is not listening for them).",
    registers: [registry],
    async collect() {
      this.reset();
      const { behind } = await revisionOnce();
      if (behind !== null) this.set(behind);
    },
  });

  let outboxScrape: Promise<OutboxState[]> | null = null;
  const outboxesOnce = () => {
    outboxScrape ??= outboxStates(orm)
      .catch((error: unknown) => {
        log.debug(logFieldsOf(error), 'metrics: could not read the outboxes');
        return [];
      })
      .finally(() => setImmediate(() => (outboxScrape = null)));
    return outboxScrape;
  };
  new Gauge({
    name: 'outbox_depth',
    help: 'Rows waiting in a durable outbox (webhook deliveries, mail, edge purges), due or retrying.',
    labelNames: ['outbox'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { outbox, depth } of await outboxesOnce()) this.set({ outbox }, depth);
    },
  });
  new Gauge({
    name: 'outbox_oldest_age_seconds',
    help: 'Age of the oldest row waiting in a durable outbox; 0 when it is empty.',
    labelNames: ['outbox'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { outbox, oldestAgeSeconds } of await outboxesOnce()) this.set({ outbox }, oldestAgeSeconds);
    },
  });

  const pool = (await orm.em.getConnection().getNativeClient()) as Pool;
  new Gauge({
    name: 'db_pool_connections',
    help: "The ORM's PostgreSQL pool: connections in use, idle, and its maximum.",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'used' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'max' }, pool.options.max ?? 10);
    },
  });
  new Gauge({
    name: 'db_pool_waiting',
    help: "Requests waiting for a connection of the ORM's pool.",
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
  const queries = new Buckets(QUERY_BUCKETS);
  const stopTiming = timeQueries(pool, (ms) => queries.record(ms / 1000));
  registry.registerMetric(histogram('db_query_duration_seconds', "Time the database took to answer a query of the ORM's pool.", () => [{ labels: {}, ...queries.samples() }]));

  return {
    ...base,
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    close() {
      stopTiming();
      registry.clear();
    },
  };
}

/** Serves /metrics alone on METRICS_PORT at METRICS_HOST (no token: the port is the protection); anything else is 404. */
export async function listenForMetrics(metrics: AppMetrics, { port, host }: { port: number; host: string }): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== METRICS_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Scrape failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();
