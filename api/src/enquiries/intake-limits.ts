import type { EntityManager } from '@mikro-orm/postgresql';
import { TooManyRequests } from '../shared/errors.js';

// The enquiry limits: hourly buckets in PostgreSQL (table enquiry_attempts), so they hold across
// app instances and restarts. A submission *reserves* a slot in each of its buckets before anything
// is stored, in one transaction of conditional upserts (each locks its row): from every bucket, or
// from none, so N parallel submissions store at most the limit. Slots are not given back: a
// submission counts whether or not it is stored afterwards. Like the login throttle
// (auth/rate-limit.ts), but a table of its own: its rows live an hour, the login's by its window.

const HOUR_SECONDS = 60 * 60;

export interface EnquiryBucket {
  /** `enquiry-ip:<client hash>`, `enquiry-global`, `enquiry-no-script`. */
  key: string;
  limit: number;
  /** What the refusal says is full. */
  refusal: string;
}

/** Takes one slot from a bucket unless it is full; a bucket whose hour ran out starts again at 1. */
const RESERVE = `
  insert into enquiry_attempts (key, attempts, window_started_at) values (?, 1, now())
  on conflict (key) do update set
    attempts = case when enquiry_attempts.window_started_at + make_interval(secs => ${HOUR_SECONDS}) <= now()
                    then 1 else enquiry_attempts.attempts + 1 end,
    window_started_at = case when enquiry_attempts.window_started_at + make_interval(secs => ${HOUR_SECONDS}) <= now()
                             then now() else enquiry_attempts.window_started_at end
  where enquiry_attempts.window_started_at + make_interval(secs => ${HOUR_SECONDS}) <= now() or enquiry_attempts.attempts < ?
  returning key`;

class Full extends Error {
  constructor(readonly bucket: EnquiryBucket) {
    super('enquiry bucket full');
  }
}

/** Reserves a slot in every bucket, or throws TooManyRequests (nothing taken) while any is full. */
export async function reserveEnquiry(em: EntityManager, buckets: EnquiryBucket[]): Promise<void> {
  // One fixed (sorted) order, so that row locks never deadlock.
  const sorted = [...buckets].sort((a, b) => (a.key < b.key ? -1 : 1));
  try {
    await em.transactional(async (tx) => {
      const connection = tx.getConnection();
      const context = tx.getTransactionContext();
      for (const bucket of sorted) {
        const rows: unknown[] = await connection.execute(RESERVE, [bucket.key, bucket.limit], 'all', context);
        if (rows.length === 0) throw new Full(bucket); // rolls back the slots already taken
      }
    });
  } catch (error) {
    if (!(error instanceof Full)) throw error;
    const retryAfter = await secondsUntilHourEnds(em, error.bucket.key);
    const minutes = Math.ceil(retryAfter / 60);
    throw new TooManyRequests(`${error.bucket.refusal} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retryAfter);
  }
}

async function secondsUntilHourEnds(em: EntityManager, key: string): Promise<number> {
  const rows: Array<{ retry_after: number }> = await em.getConnection().execute(
    `select ceil(extract(epoch from (window_started_at + make_interval(secs => ${HOUR_SECONDS}) - now())))::int as retry_after
       from enquiry_attempts where key = ?`,
    [key],
  );
  return Math.max(1, rows[0]?.retry_after ?? 1);
}

/** Buckets whose hour ran out count for nothing: removed by the daily retention job (in its transaction), so the table stays small. */
export async function pruneEnquiryAttempts(em: EntityManager): Promise<number> {
  const sql = `delete from enquiry_attempts where window_started_at + make_interval(secs => ${HOUR_SECONDS}) <= now()`;
  return (await em.getConnection().execute<{ affectedRows: number }>(sql, [], 'run', em.getTransactionContext())).affectedRows;
}
