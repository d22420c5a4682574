import type { EntityManager } from '@mikro-orm/postgresql';
import { pruneEnquiryAttempts } from './intake-limits.js';

// Enquiry retention (the scheduler's daily `enquiry-retention` job, jobs/job-kinds.ts): enquiries
// are kept ENQUIRY_RETENTION_DAYS, deleted ones SOFT_DELETE_DAYS after their deletion (the
// inbox's undo window), spent proof-of-work challenges until they expire, the intake's hourly
// attempt buckets until their hour is over.

/** Softly deleted enquiries are removed for good this many days after their deletion. */
export const SOFT_DELETE_DAYS = 30;
/** How many rows one retention statement removes (short transactions; the inbox stays writable meanwhile). */
export const PRUNE_BATCH = 5_000;

/**
 * Removes, in batches of PRUNE_BATCH, the enquiries received more than `retentionDays` days ago
 * and those deleted more than SOFT_DELETE_DAYS days ago, and the spent proof-of-work challenges
 * past their expiry. The scheduler's `enquiry-retention` job runs it daily, in its transaction.
 */
export async function pruneEnquiries(em: EntityManager, retentionDays: number): Promise<{ expired: number; purged: number; challenges: number }> {
  if (!Number.isInteger(retentionDays) || retentionDays < 1) throw new RangeError('retentionDays must be a whole number of days, at least 1');
  const connection = em.getConnection();
  const context = em.getTransactionContext();
  const removeAll = async (select: string, params: unknown[]): Promise<number> => {
    let removed = 0;
    for (;;) {
      const result = await connection.execute<{ affectedRows: number }>(`delete from "enquiries" where id = any(array(${select} limit ?))`, [...params, PRUNE_BATCH], 'run', context);
      removed += result.affectedRows;
      if (result.affectedRows < PRUNE_BATCH) return removed;
    }
  };
  const expired = await removeAll(`select id from "enquiries" where "created_at" < now() - make_interval(days => ?) order by "created_at", id`, [retentionDays]);
  const purged = await removeAll(`select id from "enquiries" where "deleted_at" < now() - make_interval(days => ?) order by "deleted_at", id`, [SOFT_DELETE_DAYS]);
  const challenges = (await connection.execute<{ affectedRows: number }>(`delete from "enquiry_spent_challenges" where "expires_at" < now()`, [], 'run', context)).affectedRows;
  // The intake's hourly buckets whose hour is over (intake-limits.ts).
  await pruneEnquiryAttempts(em);
  return { expired, purged, challenges };
}
