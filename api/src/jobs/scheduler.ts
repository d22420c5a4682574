import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { logActivity } from '../activity/activity.js';
import type { Config } from '../config.js';
import { logFieldsOf } from '../ops/database-health.js';
import { jobKind, knownKinds, recurringKinds, type ClaimedJob } from './job-kinds.js';

// Runs due scheduled jobs. Every instance runs one Scheduler; none of them keeps a timer per job:
// the table is the only source of truth. Each poll claims the soonest due pending job with
// `FOR UPDATE SKIP LOCKED` (another instance skips it and takes the next), runs its kind in a
// savepoint of that same transaction, and marks it done (or failed, with the message, when the
// kind threw: its work is rolled back to the savepoint) before committing. So a job's effects and
// its `done` commit together: it runs exactly once across instances, and an instance that dies
// mid-run leaves it pending (the transaction rolls back) for the next poll of any instance.

/** A job that runs this long after its time is recorded as late (late_ms, a warning, activity `job.late`). */
export const LATE_AFTER_MS = 10_000;

/** Most jobs one poll runs before pausing (the rest wait for the next poll; a burst never starves the loop). */
const MAX_PER_POLL = 1_000;

export interface SchedulerSettings {
  pollMs: number;
  config: Config;
}

/** Thrown inside a claim's transaction to roll it back: the instance is stopping mid-run. */
class Stopping extends Error {}

interface JobRow {
  id: string;
  kind: string;
  collection: string | null;
  record_id: number | null;
  run_at: Date;
  late_ms: number;
}

export class Scheduler {
  private running: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  private readonly aborts = new AbortController();
  private lastErrorLog = 0;

  constructor(
    private readonly orm: MikroORM,
    private readonly settings: SchedulerSettings,
    private readonly logger: Logger,
  ) {}

  /** Starts polling at once (jobs whose time passed while no instance ran go first, marked late). */
  start(): void {
    if (this.running) return;
    this.running = this.loop();
  }

  /** Stops polling; a job in the middle of its run is rolled back and stays pending. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.aborts.abort();
    this.wake?.();
    await this.running;
    this.running = null;
  }

  /** Keeps one pending job of each recurring kind (the first one due now). */
  async ensureRecurringJobs(): Promise<void> {
    const connection = this.orm.em.getConnection();
    for (const kind of recurringKinds()) {
      await connection.execute(
        `insert into scheduled_jobs (kind, run_at) values (?, now())
         on conflict (kind) where state = 'pending' and collection is null do nothing`,
        [kind],
      );
    }
  }

  /** Runs the due jobs one after another until none is left (or the instance stops); returns how many it claimed. */
  async runDue(): Promise<number> {
    // One cheap look (the due index) before any transaction: an idle poll is one query.
    const [due] = await this.orm.em
      .getConnection()
      .execute<unknown[]>(`select 1 from scheduled_jobs where state = 'pending' and run_at <= now() and kind = any(?::text[]) limit 1`, [kindList()]);
    if (!due) return 0;
    let claimed = 0;
    while (!this.stopping && claimed < MAX_PER_POLL && (await this.runOne())) claimed++;
    return claimed;
  }

  /** Claims the soonest due job no other instance holds, runs it and records the outcome, in one transaction. False when none is due. */
  private async runOne(): Promise<boolean> {
    let found = false;
    await this.orm.em.fork().transactional(async (tx) => {
      const connection = tx.getConnection();
      const context = tx.getTransactionContext();
      const [row] = await connection.execute<JobRow[]>(
        `select id, kind, collection, record_id, run_at,
                greatest(0, floor(extract(epoch from (now() - run_at)) * 1000))::int as late_ms
           from scheduled_jobs
          where state = 'pending' and run_at <= now() and kind = any(?::text[])
          order by run_at, id
          limit 1
          for update skip locked`,
        [kindList()],
        'all',
        context,
      );
      if (!row) return;
      found = true;
      const job: ClaimedJob = { id: String(row.id), kind: row.kind, collection: row.collection, recordId: row.record_id, runAt: new Date(row.run_at) };
      const error = await this.runKind(tx, job);
      // Stopping mid-run: roll the whole claim back (the job stays pending, none of its work stays).
      if (this.stopping) throw new Stopping();
      const lateMs = row.late_ms > LATE_AFTER_MS ? row.late_ms : null;
      await connection.execute(
        `update scheduled_jobs set state = ?, ran_at = clock_timestamp(), late_ms = ?, error = ? where id = ?`,
        [error === null ? 'done' : 'failed', lateMs, error, job.id],
        'run',
        context,
      );
      const kind = jobKind(job.kind);
      if (kind?.everyMs !== undefined) await this.queueNext(tx, job, kind.everyMs);
      if (lateMs !== null) this.recordLate(tx, job, lateMs);
      if (error !== null) this.logger.warn({ jobId: job.id, kind: job.kind, collection: job.collection, recordId: job.recordId, error }, 'scheduled job failed');
      else this.logger.info({ jobId: job.id, kind: job.kind, collection: job.collection, recordId: job.recordId }, 'scheduled job done');
    }).catch((error: unknown) => {
      if (!(error instanceof Stopping)) throw error;
    });
    return found;
  }

  /**
   * Runs the job's kind in a savepoint: null when it finished, else its message (its writes are
   * rolled back to the savepoint; the job is then marked failed and never retried). An error that
   * breaks the transaction itself (the database gone) fails the whole claim: the job stays pending.
   */
  private async runKind(tx: EntityManager, job: ClaimedJob): Promise<string | null> {
    const kind = jobKind(job.kind);
    if (!kind) return `Unknown job kind "${job.kind}"`;
    try {
      await tx.transactional((em) => kind.run({ em, job, config: this.settings.config, logger: this.logger, signal: this.aborts.signal }));
      return null;
    } catch (error) {
      if (this.stopping) throw new Stopping();
      const message = error instanceof Error ? error.message : String(error);
      return message.slice(0, 1000) || 'The job failed';
    }
  }

  /** The next run of a recurring job: `everyMs` after its due time, skipping times already past. */
  private async queueNext(tx: EntityManager, job: ClaimedJob, everyMs: number): Promise<void> {
    let next = job.runAt.getTime() + everyMs;
    const now = Date.now();
    if (next <= now) next += Math.ceil((now - next + 1) / everyMs) * everyMs;
    await tx.getConnection().execute(
      `insert into scheduled_jobs (kind, run_at) values (?, ?)
       on conflict (kind) where state = 'pending' and collection is null do nothing`,
      [job.kind, new Date(next)],
      'run',
      tx.getTransactionContext(),
    );
  }

  private recordLate(tx: EntityManager, job: ClaimedJob, lateMs: number): void {
    const what = job.collection === null ? `The ${job.kind} job` : `Scheduled ${job.kind} of ${job.collection} #${job.recordId}`;
    this.logger.warn({ jobId: job.id, kind: job.kind, collection: job.collection, recordId: job.recordId, runAt: job.runAt, lateMs }, 'scheduled job ran late');
    logActivity(tx, {
      kind: 'job.late',
      actor: 'scheduler',
      summary: `${what} ran ${describeDelay(lateMs)} late (due ${job.runAt.toISOString()})`,
      ...(job.collection !== null && { collection: job.collection }),
      ...(job.recordId !== null && { recordId: job.recordId }),
      details: { jobId: job.id, job: job.kind, runAt: job.runAt.toISOString(), lateMs },
    });
  }

  private async loop(): Promise<void> {
    const pollMs = Math.max(10, this.settings.pollMs);
    try {
      await this.ensureRecurringJobs();
    } catch (error) {
      this.databaseUnreachable(error);
    }
    while (!this.stopping) {
      try {
        await this.runDue();
      } catch (error) {
        this.databaseUnreachable(error);
      }
      if (!this.stopping) await this.pause(pollMs);
    }
  }

  private async pause(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = null;
  }

  /** The database may be down for a while: say so at most once a minute (the jobs wait, pending). */
  private databaseUnreachable(error: unknown): void {
    if (this.stopping || Date.now() - this.lastErrorLog < 60_000) return;
    this.lastErrorLog = Date.now();
    this.logger.warn(logFieldsOf(error), 'scheduler could not run its jobs; retrying');
  }
}

/**
 * The kinds this instance knows, as a PostgreSQL array: a job of a kind it does not know (one a
 * newer version added, during a rolling deploy) is left for an instance that does.
 */
const kindList = (): string => `{${knownKinds().map((kind) => `"${kind.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

/** 3 h 2 min, 45 s: a delay as people say it. */
export function describeDelay(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}
