import type { MikroORM } from '@mikro-orm/postgresql';
import type { Pool, PoolClient } from 'pg';
import type { Metric } from 'prom-client';
import type { Sample } from './request-counts.js';

// What ops/metrics.ts reads when scraped and how it hands it to prom-client: the outboxes'
// depth and age, query times from the ORM's pool, and metrics whose values are kept elsewhere
// (cheap counters on a hot path) in prom-client's shape.

/** The durable outboxes whose depth and oldest row are reported; one that does not exist (yet) is left out. */
export const OUTBOX_TABLES = ['webhook_deliveries', 'mail_outbox', 'edge_purges'] as const;
/** Statuses of rows an outbox is done with (sent, or given up on); any other status is still queued. */
const FINISHED_STATUSES = ['delivered', 'sent', 'done', 'purged', 'failed', 'dead', 'cancelled'];
/** The column an outbox row's age is taken from: the first of these it has. */
const AGE_COLUMNS = ['created_at', 'occurred_at', 'enqueued_at'];

export interface OutboxState {
  outbox: string;
  depth: number;
  oldestAgeSeconds: number;
}

/** Each existing outbox's queued rows and the age of the oldest, read now (a table another release adds is skipped until it exists). */
export async function outboxStates(orm: MikroORM): Promise<OutboxState[]> {
  const connection = orm.em.getConnection();
  const columns = await connection.execute<{ table_name: string; column_name: string }[]>(
    `select table_name, column_name from information_schema.columns where table_schema = current_schema() and table_name in (${sqlList(OUTBOX_TABLES)})`,
  );
  const states: OutboxState[] = [];
  for (const table of OUTBOX_TABLES) {
    const own = new Set(columns.filter((column) => column.table_name === table).map((column) => column.column_name));
    if (own.size === 0) continue;
    const age = AGE_COLUMNS.find((column) => own.has(column));
    // The table names, columns and statuses come from the lists above, never from input.
    const rows = await connection.execute<{ depth: number; age: number | null }[]>(
      `select count(*)::int as depth, ${age ? `extract(epoch from now() - min("${age}"))::float8` : 'null::float8'} as age
         from "${table}" ${own.has('status') ? `where status not in (${sqlList(FINISHED_STATUSES)})` : ''}`,
    );
    states.push({ outbox: table, depth: rows[0]?.depth ?? 0, oldestAgeSeconds: Math.max(0, rows[0]?.age ?? 0) });
  }
  return states;
}

/** Constants of this module as an SQL list of string literals. */
const sqlList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** Observations counted into fixed buckets (cumulated when read). */
export class Buckets {
  readonly #bounds: readonly number[];
  readonly #counts: Float64Array;
  #sum = 0;
  #count = 0;

  constructor(bounds: readonly number[]) {
    this.#bounds = bounds;
    this.#counts = new Float64Array(bounds.length + 1);
  }

  record(value: number): void {
    let bucket = 0;
    while (bucket < this.#bounds.length && value > this.#bounds[bucket]) bucket++;
    this.#counts[bucket] += 1;
    this.#sum += value;
    this.#count += 1;
  }

  samples(): HistogramValues {
    let cumulative = 0;
    const buckets = [...this.#bounds.map(String), '+Inf'].map((le, b) => ({ le, value: (cumulative += this.#counts[b]) }));
    return { buckets, sum: this.#sum, count: this.#count };
  }
}

export interface HistogramValues {
  buckets: { le: string; value: number }[];
  sum: number;
  count: number;
}

/**
 * A metric whose samples are read from elsewhere when scraped, in prom-client's shape (the
 * registry formats it like its own). Used where prom-client's own would cost a label lookup per
 * observation on a hot path.
 */
export function sampled(name: string, help: string, type: 'counter' | 'gauge', read: () => Sample[]): Metric {
  const metric = {
    name,
    help,
    type,
    aggregator: 'sum',
    get: async () => ({ name, help, type, aggregator: 'sum', values: read() }),
  };
  return metric as unknown as Metric;
}

/** A histogram read from buckets kept elsewhere: `_bucket` per `le`, `_sum` and `_count`, per label set. */
export function histogram(name: string, help: string, read: () => ({ labels: Record<string, string> } & HistogramValues)[]): Metric {
  const values = () =>
    read().flatMap(({ labels, buckets, sum, count }) => [
      ...buckets.map(({ le, value }) => ({ metricName: `${name}_bucket`, labels: { ...labels, le }, value })),
      { metricName: `${name}_sum`, labels, value: sum },
      { metricName: `${name}_count`, labels, value: count },
    ]);
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get: async () => ({ name, help, type: 'histogram', aggregator: 'sum', values: values() }),
  };
  return metric as unknown as Metric;
}

const observersByPool = new WeakMap<Pool, Set<(ms: number) => void>>();
const timedClients = new WeakSet<PoolClient>();

/**
 * Times every query of `pool`'s clients (each client's `query` wrapped once, when first checked
 * out) and tells `observe` how long it took; returns the function that stops telling it.
 */
export function timeQueries(pool: Pool, observe: (ms: number) => void): () => void {
  let observers = observersByPool.get(pool);
  if (!observers) {
    const all = new Set<(ms: number) => void>();
    observers = all;
    observersByPool.set(pool, all);
    pool.on('acquire', (client) => {
      if (timedClients.has(client)) return;
      timedClients.add(client);
      const query = client.query as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = function timedQuery(this: PoolClient, ...args: unknown[]) {
        const started = performance.now();
        const result = query.apply(this, args);
        if (all.size > 0 && result instanceof Promise) {
          const done = () => {
            const ms = performance.now() - started;
            for (const tell of all) tell(ms);
          };
          result.then(done, done);
        }
        return result;
      };
    });
  }
  observers.add(observe);
  return () => observers.delete(observe);
}
