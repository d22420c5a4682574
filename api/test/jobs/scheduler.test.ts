import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { migrate, openOrm } from '../../src/db/orm.js';
import { ACTIVITY_RETENTION, DAY_MS, recurringKinds, registerJobKind, unregisterJobKind, type JobRun } from '../../src/jobs/job-kinds.js';
import { LATE_AFTER_MS, Scheduler } from '../../src/jobs/scheduler.js';
import { createTestDatabase } from '../helpers/test-app.js';

// The scheduler's mechanism with kinds of its own: two schedulers on two ORMs (two instances)
// against one database. Each test kind writes a row per run through the job's EntityManager, so
// the rows count the real effects (a job run twice would leave two rows).

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const config = loadConfig({ NODE_ENV: 'test' });
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let ormA: MikroORM;
let ormB: MikroORM;
const started: Scheduler[] = [];
const kinds: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  ormA = await openOrm(database.url, logger);
  await migrate(ormA);
  ormB = await openOrm(database.url, logger);
  await sql(`create table job_runs (job_id bigint not null, record_id int)`);
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((scheduler) => scheduler.stop()));
  for (const kind of kinds.splice(0)) unregisterJobKind(kind);
  await sql(`delete from scheduled_jobs`);
  await sql(`delete from job_runs`);
});
afterAll(async () => {
  await ormA?.close(true);
  await ormB?.close(true);
  await database?.drop();
});

async function sql<T = Record<string, unknown>[]>(query: string, params: unknown[] = []): Promise<T> {
  return (await ormA.em.fork().getConnection().execute(query, params)) as unknown as T;
}

function start(orm: MikroORM, pollMs = 50): Scheduler {
  const scheduler = new Scheduler(orm, { pollMs, config }, logger);
  scheduler.start();
  started.push(scheduler);
  return scheduler;
}

/** A kind that writes one job_runs row per run (through the job's own transaction), then does `then`. */
function recordingKind(name: string, then: (run: JobRun) => Promise<void> = async () => {}): void {
  kinds.push(name);
  registerJobKind(name, {
    async run(run) {
      await run.em.getConnection().execute(
        `insert into job_runs (job_id, record_id) values (?, ?)`,
        [run.job.id, run.job.recordId],
        'run',
        run.em.getTransactionContext(),
      );
      await then(run);
    },
  });
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(25);
  }
}

// The recurring system jobs (activity and enquiry retention) the schedulers keep pending are left out.
const jobsIn = (state: string) =>
  sql<{ n: number }[]>(`select count(*)::int as n from scheduled_jobs where state = ? and kind not in (${recurringKinds().map(() => '?').join(', ')})`, [state, ...recurringKinds()]).then((r) => r[0].n);
const runs = () => sql<{ job_id: string; record_id: number }[]>(`select job_id, record_id from job_runs`);
const jobOf = (id: string) =>
  sql<{ state: string; error: string | null; late_ms: number | null; ran_at: Date | null; run_at: Date }[]>(`select state, error, late_ms, ran_at, run_at from scheduled_jobs where id = ?`, [id]).then((r) => r[0]);

async function insertJob(kind: string, runAtSql = 'now()', recordId = 1): Promise<string> {
  const [row] = await sql<{ id: string }[]>(`insert into scheduled_jobs (kind, collection, record_id, run_at) values (?, 'test', ?, ${runAtSql}) returning id`, [kind, recordId]);
  return String(row.id);
}

describe('the scheduler', () => {
  it('runs 100 jobs due at once exactly once between two instances', async () => {
    recordingKind('test-burst', () => sleep(2));
    await sql(`insert into scheduled_jobs (kind, collection, record_id, run_at) select 'test-burst', 'test', g, now() from generate_series(1, 100) g`);
    start(ormA);
    start(ormB);
    const done = await waitFor(() => jobsIn('done'), (n) => n === 100);
    expect(done).toBe(100);
    const rows = await runs();
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((r) => String(r.job_id))).size).toBe(100);
    expect(new Set(rows.map((r) => r.record_id)).size).toBe(100);
    expect(await jobsIn('pending')).toBe(0);
  });

  it('runs a job within 2 s of its time, not before', async () => {
    recordingKind('test-timely');
    start(ormA, config.schedulerPollMs);
    start(ormB, config.schedulerPollMs);
    const id = await insertJob('test-timely', `now() + interval '1500 milliseconds'`);
    const job = await waitFor(() => jobOf(id), (j) => j.state === 'done', 10_000);
    expect(job.state).toBe('done');
    const delay = new Date(job.ran_at!).getTime() - new Date(job.run_at).getTime();
    expect(delay).toBeGreaterThanOrEqual(0);
    expect(delay).toBeLessThan(2000);
    expect(job.late_ms).toBeNull();
    expect(await runs()).toHaveLength(1);
  });

  it('runs a job whose time passed while no instance ran as soon as one starts, and records it as late', async () => {
    recordingKind('test-overdue');
    const id = await insertJob('test-overdue', `now() - interval '2 hours'`, 7);
    start(ormA, 60_000); // its first look is at start, not after a poll interval
    const job = await waitFor(() => jobOf(id), (j) => j.state === 'done', 5_000);
    expect(job.state).toBe('done');
    expect(job.late_ms).toBeGreaterThanOrEqual(2 * 60 * 60 * 1000);
    expect(job.late_ms).toBeGreaterThan(LATE_AFTER_MS);
    const [entry] = await sql<{ kind: string; username: string; collection: string; record_id: number; summary: string; details: Record<string, unknown> }[]>(
      `select kind, username, collection, record_id, summary, details from activity_log where kind = 'job.late'`,
    );
    expect(entry).toMatchObject({ kind: 'job.late', username: 'scheduler', collection: 'test', record_id: 7 });
    expect(entry.summary).toContain('2 h 0 min late');
    expect(entry.details).toMatchObject({ jobId: id, job: 'test-overdue' });
  });

  it('marks a throwing job failed with its message, keeps none of its writes and never runs it again', async () => {
    let attempts = 0;
    recordingKind('test-broken', async () => {
      attempts++;
      throw new Error('The record is incomplete: Title is required');
    });
    recordingKind('test-after');
    const broken = await insertJob('test-broken');
    const after = await insertJob('test-after', `now() + interval '1 millisecond'`);
    start(ormA);
    start(ormB);
    const job = await waitFor(() => jobOf(broken), (j) => j.state !== 'pending');
    expect(job.state).toBe('failed');
    expect(job.error).toBe('The record is incomplete: Title is required');
    expect(job.ran_at).not.toBeNull();
    // The next job runs as usual; a few more polls never retry the failed one.
    expect((await waitFor(() => jobOf(after), (j) => j.state === 'done')).state).toBe('done');
    await sleep(300);
    expect(attempts).toBe(1);
    expect((await runs()).map((r) => String(r.job_id))).toEqual([after]);
  });

  it('leaves a job of a kind it does not know to an instance that does (a rolling deploy), and runs due jobs behind it', async () => {
    const id = await insertJob('test-newer-kind', `now() - interval '1 second'`);
    recordingKind('test-known');
    const known = await insertJob('test-known');
    start(ormA);
    expect((await waitFor(() => jobOf(known), (j) => j.state === 'done')).state).toBe('done');
    await sleep(200);
    expect((await jobOf(id)).state).toBe('pending');
    // An instance that knows the kind runs it.
    recordingKind('test-newer-kind');
    expect((await waitFor(() => jobOf(id), (j) => j.state === 'done')).state).toBe('done');
    expect(await runs()).toHaveLength(2);
  });

  it('leaves a job pending, with none of its work, when its instance stops in the middle of it; the next instance runs it once', async () => {
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let calls = 0;
    recordingKind('test-slow', async () => {
      calls++;
      if (calls === 1) {
        entered();
        await holding;
      }
    });
    const id = await insertJob('test-slow');
    const first = start(ormA);
    await inside;
    const stopped = first.stop();
    release();
    await stopped;
    expect((await jobOf(id)).state).toBe('pending');
    expect(await runs()).toHaveLength(0);

    start(ormB);
    expect((await waitFor(() => jobOf(id), (j) => j.state === 'done')).state).toBe('done');
    expect(await runs()).toHaveLength(1);
    expect(calls).toBe(2);
  });

  it("leaves a job pending, not half done, when its instance's database session dies mid-run (as on SIGKILL); it runs later, once", async () => {
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let pid: number | null = null;
    let calls = 0;
    recordingKind('test-killed', async (run) => {
      calls++;
      if (calls > 1) return;
      const [row] = await run.em.getConnection().execute<{ pid: number }[]>('select pg_backend_pid() as pid', [], 'all', run.em.getTransactionContext());
      pid = row.pid;
      await holding;
    });
    const id = await insertJob('test-killed');
    // An ORM of its own: the connection killed inside a transaction is never handed back to its
    // pool (MikroORM 7.2.1 / Kysely: the failed rollback does not release it), so closing that
    // pool would wait for it forever.
    const orm = await openOrm(database.url, logger);
    try {
      start(orm);
      await waitFor(async () => pid, (p) => p !== null, 5_000);
      await sql('select pg_terminate_backend(?)', [pid]);
      release();
      // The killed transaction never committed: the job is pending without its row, then another poll runs it.
      const job = await waitFor(() => jobOf(id), (j) => j.state === 'done');
      expect(job.state).toBe('done');
      expect(job.error).toBeNull();
      expect(await runs()).toHaveLength(1);
      expect(calls).toBe(2);
      await Promise.all(started.splice(0).map((scheduler) => scheduler.stop()));
    } finally {
      await Promise.race([orm.close(true), sleep(1000)]);
    }
  });

  it('keeps one daily activity-retention job: run at the first start (removing entries past ACTIVITY_RETENTION_DAYS), then queued a day after', async () => {
    await sql(`delete from scheduled_jobs`);
    await sql(`delete from activity_log`);
    await sql(`insert into activity_log (at, kind, summary) values (now() - make_interval(days => ?), 'sign-in', 'old'), (now() - make_interval(days => ?), 'sign-in', 'recent')`, [
      config.activityRetentionDays + 1,
      config.activityRetentionDays - 1,
    ]);
    start(ormA);
    start(ormB);
    const retention = () =>
      sql<{ state: string; run_at: Date }[]>(`select state, run_at from scheduled_jobs where kind = ? order by run_at`, [ACTIVITY_RETENTION]);
    const jobs = await waitFor(retention, (rows) => rows.some((r) => r.state === 'done') && rows.some((r) => r.state === 'pending'));
    expect(jobs.map((j) => j.state)).toEqual(['done', 'pending']);
    expect(new Date(jobs[1].run_at).getTime() - new Date(jobs[0].run_at).getTime()).toBe(DAY_MS);
    expect(await sql(`select summary from activity_log`)).toEqual([{ summary: 'recent' }]);
    // Another instance starting does not queue a second one.
    start(ormB);
    await sleep(200);
    expect(await retention()).toHaveLength(2);
  });

  it('refuses a second pending job for the same record and kind (the database keeps one)', async () => {
    await insertJob('test-unique', `now() + interval '1 hour'`, 3);
    await expect(insertJob('test-unique', `now() + interval '2 hours'`, 3)).rejects.toThrow(/scheduled_jobs_pending_record_index/);
    await insertJob('test-unique', `now() + interval '2 hours'`, 4);
  });
});
