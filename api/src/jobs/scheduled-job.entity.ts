import 'reflect-metadata';
import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** What a job can be: waiting for its time, run, failed (with its message; never retried), or cancelled. */
export const JOB_STATES = ['pending', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * A job to run at a time (scheduler.ts): publish or unpublish a record, the daily activity-log
 * retention. Claimed by one instance's scheduler with `FOR UPDATE SKIP LOCKED` and marked done in
 * the transaction that did its work, so it runs exactly once however many instances poll.
 */
@Entity({ tableName: 'scheduled_jobs' })
// The schedulers' question, "which pending jobs are due, soonest first", is a range of this index.
@Index({
  name: 'scheduled_jobs_due_index',
  expression: `create index "scheduled_jobs_due_index" on "scheduled_jobs" ("run_at", "id") where "state" = 'pending'`,
})
// One pending job per record and kind (a second schedule replaces the first: an upsert on this).
@Index({
  name: 'scheduled_jobs_pending_record_index',
  expression: `create unique index "scheduled_jobs_pending_record_index" on "scheduled_jobs" ("kind", "collection", "record_id") where "state" = 'pending' and "collection" is not null`,
})
// One pending job of each kind about no record (the daily activity retention).
@Index({
  name: 'scheduled_jobs_pending_system_index',
  expression: `create unique index "scheduled_jobs_pending_system_index" on "scheduled_jobs" ("kind") where "state" = 'pending' and "collection" is null`,
})
// A record's jobs (Publication.scheduled, the schedule screen).
@Index({ name: 'scheduled_jobs_record_index', properties: ['collection', 'recordId'] })
export class ScheduledJob {
  /** bigint: read as a string. */
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: Opt<string>;

  /** `publish`, `unpublish`, `activity-retention`, `enquiry-retention` (job-kinds.ts). */
  @Property({ type: 'text' })
  kind!: string;

  /** The content type's REST path (`news`) of the record the job acts on; null for a system job. */
  @Property({ type: 'text', nullable: true })
  collection?: string | null;

  @Property({ type: 'integer', nullable: true })
  recordId?: number | null;

  /** When it is due (stored in UTC like every timestamptz). */
  @Property({ type: 'datetime' })
  runAt!: Date;

  @Property({ type: 'text', defaultRaw: `'pending'` })
  state!: Opt<JobState>;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt!: Opt<Date>;

  /** The account that scheduled it (null: the system, or an account gone since). */
  @Property({ type: 'uuid', nullable: true })
  createdBy?: string | null;

  @Property({ type: 'text', nullable: true })
  createdByName?: string | null;

  /** When it ran (done or failed). */
  @Property({ type: 'datetime', nullable: true })
  ranAt?: Date | null;

  /** How long after its time it ran, when that was late (scheduler.ts LATE_AFTER_MS); else null. */
  @Property({ type: 'integer', nullable: true })
  lateMs?: number | null;

  /** A failed job's message. */
  @Property({ type: 'text', nullable: true })
  error?: string | null;
}
