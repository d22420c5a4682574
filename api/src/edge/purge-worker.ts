import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { EdgeConfig } from '../config.js';
import { logFieldsOf } from '../ops/database-health.js';
import { ALL_TAG } from './edge-tags.js';
import { purgeRequests, sendPurge } from './purgers.js';

// Sends the purge queue (edge_purges) to the edge. Every instance runs one worker; pending purges
// are claimed with `FOR UPDATE SKIP LOCKED` and leased (next_attempt_at pushed ahead) in one
// statement, so only one worker sends each, and a worker that dies mid-send lets another retry
// after the lease. The tags of everything claimed together go out in one request (or a few, each
// edge's limit per request): a burst of edits is one purge. A purge the edge did not take is
// retried with exponential backoff (EDGE_PURGE_RETRY_BASE_MS doubling up to EDGE_PURGE_RETRY_MAX_MS)
// for as long as it takes: an edge that is down delays freshness but loses no purge. Delivered
// rows are kept a day, then pruned. The worker looks every EDGE_PURGE_POLL_MS, and at once when the
// content revision moves (a change committed). With EDGE_PURGER=none there is no edge: the queue
// is emptied without sending anything.

/** Purges claimed (and coalesced) at once. */
const BATCH = 200;
/** Delivered purges are kept this long (the log), then pruned. */
const KEEP_DELIVERED_FOR = '1 day';
const PRUNE_EVERY_MS = 60 * 60 * 1000;

interface ClaimedPurge {
  id: string;
  tags: string[];
  attempts: number;
}

/** Delay before retry number `attempts` (1: the base, then doubling, capped). */
export function purgeRetryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, Math.min(30, attempts - 1)), maxMs);
}

/** The distinct tags of `purges` (`all` alone when one of them purges everything). */
export function coalescedTags(purges: readonly { tags: readonly string[] }[]): string[] {
  const tags = new Set<string>();
  for (const purge of purges) for (const tag of purge.tags) tags.add(tag);
  return tags.has(ALL_TAG) ? [ALL_TAG] : [...tags];
}

/** The queue's depth and the age of its oldest pending purge (seconds; 0 when empty), for /metrics. */
export async function edgePurgeQueueStats(em: EntityManager): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const [row] = await em
    .getConnection()
    .execute<{ depth: number; oldest: number | string | null }[]>(
      `select count(*)::int as depth, extract(epoch from now() - min(created_at))::float8 as oldest from edge_purges where status = 'pending'`,
    );
  return { depth: row?.depth ?? 0, oldestAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}

export class EdgePurgeWorker {
  private running: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  private wakeRequested = false;
  private readonly aborts = new AbortController();
  private readonly leaseSeconds: number;
  private lastPrune = 0;
  private lastErrorLog = 0;

  constructor(
    private readonly orm: MikroORM,
    private readonly settings: EdgeConfig,
    private readonly logger: Logger,
  ) {
    this.leaseSeconds = Math.max(60, 2 * Math.ceil(settings.timeoutMs / 1000) + 10);
  }

  start(): void {
    if (this.running) return;
    this.running = this.loop();
  }

  /** Stops polling and aborts a send in flight (its lease is released for another instance). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.aborts.abort();
    this.wake?.();
    await this.running;
    this.running = null;
  }

  /** Looks for pending purges now (a change was committed). */
  wakeUp(): void {
    this.wakeRequested = true;
    this.wake?.();
  }

  /** Claims due purges (up to BATCH) and sends their tags; returns how many it claimed. */
  async purgeDue(): Promise<number> {
    const connection = this.orm.em.getConnection();
    if (this.settings.purger.kind === 'none') {
      const dropped = await connection.execute<{ affectedRows?: number }>(`delete from edge_purges where status = 'pending'`, [], 'run');
      return dropped.affectedRows ?? 0;
    }
    const claimed = await connection.execute<ClaimedPurge[]>(
      `update edge_purges
          set next_attempt_at = now() + make_interval(secs => ${this.leaseSeconds}), attempts = attempts + 1
        where id in (select id from edge_purges
                      where status = 'pending' and next_attempt_at <= now()
                      order by id
                      limit ${BATCH}
                      for update skip locked)
      returning id, tags, attempts`,
    );
    if (claimed.length === 0) return 0;
    // Oldest first, so the tags go out in the order the changes were made.
    claimed.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    const ids = `{${claimed.map((purge) => purge.id).join(',')}}`;
    const tags = coalescedTags(claimed);
    const signal = AbortSignal.any([this.aborts.signal, AbortSignal.timeout(this.settings.timeoutMs)]);
    const failures = (await Promise.all(purgeRequests(this.settings.purger, tags).map((request) => sendPurge(request, signal)))).filter((error) => error !== null);
    if (failures.length === 0) {
      await connection.execute(`update edge_purges set status = 'delivered', delivered_at = now(), last_error = null where id = any(?::bigint[])`, [ids]);
      return claimed.length;
    }
    if (this.aborts.signal.aborted) {
      // Shut down mid-send: not the edge's fault; let any instance send them now.
      await connection.execute(`update edge_purges set next_attempt_at = now(), attempts = attempts - 1 where id = any(?::bigint[])`, [ids]);
      return claimed.length;
    }
    const attempts = Math.max(...claimed.map((purge) => purge.attempts));
    const delayMs = purgeRetryDelayMs(attempts, this.settings.retryBaseMs, this.settings.retryMaxMs);
    const error = failures.join('; ').slice(0, 500);
    await connection.execute(
      `update edge_purges set next_attempt_at = now() + make_interval(secs => ?::double precision / 1000), last_error = ? where id = any(?::bigint[])`,
      [delayMs, error, ids],
    );
    this.logger.warn({ purges: claimed.length, tags: tags.length, error, retryInMs: delayMs }, 'edge purge failed; retrying');
    return claimed.length;
  }

  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await this.orm.em.getConnection().execute(`delete from edge_purges where status = 'delivered' and delivered_at < now() - interval '${KEEP_DELIVERED_FOR}'`);
  }

  private async loop(): Promise<void> {
    const pollMs = Math.max(20, this.settings.pollMs);
    while (!this.stopping) {
      let claimed = 0;
      try {
        await this.prune();
        claimed = await this.purgeDue();
      } catch (error) {
        this.databaseUnreachable(error);
      }
      // A full batch: there may be more waiting.
      if (!this.stopping && claimed < BATCH) await this.pause(pollMs);
    }
  }

  /** Waits `ms`, or less if woken meanwhile. */
  private async pause(ms: number): Promise<void> {
    if (!this.wakeRequested) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    this.wakeRequested = false;
  }

  /** The database may be down for a while: say so at most once a minute. */
  private databaseUnreachable(error: unknown): void {
    if (this.stopping || Date.now() - this.lastErrorLog < 60_000) return;
    this.lastErrorLog = Date.now();
    this.logger.warn(logFieldsOf(error), 'edge purge worker could not reach the database; retrying');
  }
}
