import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { loadConfig, type Config } from '../../src/config.js';
import { migrate, openOrm } from '../../src/db/orm.js';
import { PRUNE_BATCH, pruneEnquiries, SOFT_DELETE_DAYS } from '../../src/enquiries/enquiry-retention.js';
import { DAY_MS, ENQUIRY_RETENTION } from '../../src/jobs/job-kinds.js';
import { Scheduler } from '../../src/jobs/scheduler.js';
import { createTestDatabase } from '../helpers/test-app.js';

// Enquiry retention: the daily `enquiry-retention` job removes the enquiries received more than
// ENQUIRY_RETENTION_DAYS ago and those deleted in the inbox more than 30 days ago, and the spent
// proof-of-work challenges past their expiry; exactly those, nothing else.

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: MikroORM;
const sql = <T extends object = Record<string, unknown>[]>(query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T>(query, params);

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await openOrm(database.url, logger);
  await migrate(orm);
});
afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
});

/** Enquiries received `receivedDaysAgo` days ago (and deleted `deletedDaysAgo` days ago), named by `name`. */
async function insert(name: string, receivedDaysAgo: number, deletedDaysAgo: number | null = null): Promise<void> {
  await sql(
    `insert into enquiries (created_at, name, email, service, message, consent_text, client_hash, deleted_at)
     values (now() - make_interval(secs => ? * 86400), ?, 'x@example.com', 'other', 'm', 'c', 'h', case when ?::float8 is null then null else now() - make_interval(secs => ?::float8 * 86400) end)`,
    [receivedDaysAgo, name, deletedDaysAgo, deletedDaysAgo],
  );
}
const names = async () => (await sql<{ name: string }[]>(`select name from enquiries order by name`)).map((row) => row.name);

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(25);
  }
}

describe('enquiry retention', () => {
  it('removes exactly the enquiries past the retention and the ones deleted over 30 days ago, and spent challenges past expiry', async () => {
    await sql(`delete from enquiries`);
    await insert('expired, a day past', 366);
    await insert('expired long ago', 2000);
    await insert('kept, a day short', 364);
    await insert('kept, an hour short', 365 - 1 / 24);
    await insert('kept, fresh', 0);
    await insert('purged, deleted 31 days ago', 100, 31);
    await insert('purged, deleted a minute over 30 days ago', 40, SOFT_DELETE_DAYS + 1 / 1440);
    await insert('kept, deleted 29 days ago', 100, 29);
    await insert('kept, deleted just now', 1, 0);
    await sql(`insert into enquiry_spent_challenges (signature, expires_at) values ('past', now() - interval '1 second'), ('future', now() + interval '10 minutes')`);

    const removed = await orm.em.fork().transactional((em) => pruneEnquiries(em, 365));
    expect(removed).toEqual({ expired: 2, purged: 2, challenges: 1 });
    expect(await names()).toEqual(['kept, a day short', 'kept, an hour short', 'kept, deleted 29 days ago', 'kept, deleted just now', 'kept, fresh']);
    expect(await sql(`select signature from enquiry_spent_challenges`)).toEqual([{ signature: 'future' }]);
    // Nothing left to remove: a second run removes nothing.
    expect(await orm.em.fork().transactional((em) => pruneEnquiries(em, 365))).toEqual({ expired: 0, purged: 0, challenges: 0 });
  });

  it('follows the retention setting, and removes more than one batch', async () => {
    await sql(`delete from enquiries`);
    await sql(
      `insert into enquiries (created_at, name, email, service, message, consent_text, client_hash)
       select now() - make_interval(days => 40) - make_interval(secs => i), 'old ' || i, 'x@example.com', 'other', 'm', 'c', 'h' from generate_series(1, ?) as i`,
      [PRUNE_BATCH + 7],
    );
    await insert('kept, 29 days', 29);
    expect((await orm.em.fork().transactional((em) => pruneEnquiries(em, 30))).expired).toBe(PRUNE_BATCH + 7);
    expect(await names()).toEqual(['kept, 29 days']);
    await expect(pruneEnquiries(orm.em.fork(), 0)).rejects.toThrow(RangeError);
  });

  it('ENQUIRY_RETENTION_DAYS: 365 by default, 1 to 3650 days', () => {
    expect(loadConfig({}).enquiry.retentionDays).toBe(365);
    expect(loadConfig({ ENQUIRY_RETENTION_DAYS: '30' }).enquiry.retentionDays).toBe(30);
    expect(() => loadConfig({ ENQUIRY_RETENTION_DAYS: '0' })).toThrow('ENQUIRY_RETENTION_DAYS');
    expect(() => loadConfig({ ENQUIRY_RETENTION_DAYS: '3651' })).toThrow('ENQUIRY_RETENTION_DAYS');
  });

  it('is a daily job the scheduler keeps: run at start with ENQUIRY_RETENTION_DAYS, then queued a day after', async () => {
    await sql(`delete from enquiries`);
    await sql(`delete from scheduled_jobs`);
    await insert('expired under a 10-day retention', 11);
    await insert('kept under a 10-day retention', 9);
    const config: Config = { ...loadConfig({ NODE_ENV: 'test', ENQUIRY_RETENTION_DAYS: '10' }) };
    const scheduler = new Scheduler(orm, { pollMs: 50, config }, logger);
    await scheduler.ensureRecurringJobs();
    scheduler.start();
    try {
      const jobs = () => sql<{ state: string; run_at: Date; error: string | null }[]>(`select state, run_at, error from scheduled_jobs where kind = ? order by run_at`, [ENQUIRY_RETENTION]);
      const rows = await waitFor(jobs, (list) => list.some((job) => job.state === 'done') && list.some((job) => job.state === 'pending'));
      expect(rows.map((job) => [job.state, job.error])).toEqual([
        ['done', null],
        ['pending', null],
      ]);
      expect(new Date(rows[1].run_at).getTime() - new Date(rows[0].run_at).getTime()).toBe(DAY_MS);
      expect(await names()).toEqual(['kept under a 10-day retention']);
    } finally {
      await scheduler.stop();
    }
  });
});
