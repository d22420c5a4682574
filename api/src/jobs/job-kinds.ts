import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { pruneActivity } from '../activity/activity.js';
import type { Config } from '../config.js';
import { publication } from '../content/publication/publication.service.js';
import { pruneEnquiries, SOFT_DELETE_DAYS } from '../enquiries/enquiry-retention.js';

// What each kind of scheduled job does. The scheduler (scheduler.ts) runs a due job's kind inside
// the transaction that claimed the job and marks it done, so whatever `run` writes through `em`
// commits exactly when the job is recorded as done, and rolls back with it.

/** A claimed job, as the scheduler hands it to its kind. */
export interface ClaimedJob {
  id: string;
  kind: string;
  collection: string | null;
  recordId: number | null;
  runAt: Date;
}

export interface JobRun {
  /** The job's transaction (a savepoint inside the claim's): write only through it. */
  em: EntityManager;
  job: ClaimedJob;
  config: Config;
  logger: Logger;
  /** Aborted when the instance stops: the job's work is rolled back and it stays pending. */
  signal: AbortSignal;
}

export interface JobKind {
  run(run: JobRun): Promise<void>;
  /**
   * A recurring system job (about no record): after each run, done or failed, the next one is
   * queued this long after the last due time (skipping times already past), in the same
   * transaction; and the scheduler makes sure one is pending when it starts.
   */
  everyMs?: number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The job kind that removes activity-log entries older than ACTIVITY_RETENTION_DAYS, daily. */
export const ACTIVITY_RETENTION = 'activity-retention';

/**
 * The job kind that removes, daily, enquiries older than ENQUIRY_RETENTION_DAYS, those deleted
 * (softly, in the inbox) more than SOFT_DELETE_DAYS ago, and spent proof-of-work challenges past expiry.
 */
export const ENQUIRY_RETENTION = 'enquiry-retention';

/** The record a publish or unpublish job names (always set by the service). */
function recordOf(job: ClaimedJob): { collection: string; recordId: number } {
  if (job.collection === null || job.recordId === null) throw new Error(`A ${job.kind} job needs a record`);
  return { collection: job.collection, recordId: job.recordId };
}

const kinds = new Map<string, JobKind>([
  // Publishing at a time is a publication like any other (publication.service.ts): the content
  // table's row is written in this transaction, so every instance's cache drops and the webhooks
  // fire when the job commits; the history names the scheduler.
  [
    'publish',
    {
      async run({ em, job }) {
        const { collection, recordId } = recordOf(job);
        await publication.publish(em, collection, recordId, { scheduler: { jobId: job.id } });
      },
    },
  ],
  [
    'unpublish',
    {
      async run({ em, job }) {
        const { collection, recordId } = recordOf(job);
        await publication.unpublish(em, collection, recordId, { scheduler: { jobId: job.id } });
      },
    },
  ],
  [
    ACTIVITY_RETENTION,
    {
      everyMs: DAY_MS,
      async run({ em, config, logger }) {
        const days = config.activityRetentionDays;
        const removed = await pruneActivity(em, days);
        if (removed > 0) logger.info({ removed, days }, 'activity log entries past their retention removed');
      },
    },
  ],
  [
    ENQUIRY_RETENTION,
    {
      everyMs: DAY_MS,
      async run({ em, config, logger }) {
        const days = config.enquiry.retentionDays;
        const { expired, purged, challenges } = await pruneEnquiries(em, days);
        if (expired + purged > 0) logger.info({ expired, purged, challenges, days, deletedDays: SOFT_DELETE_DAYS }, 'enquiries past their retention removed');
      },
    },
  ],
]);

/** The kind named `name`, or undefined when no such kind exists (the job is then marked failed). */
export const jobKind = (name: string): JobKind | undefined => kinds.get(name);

/** Every kind this instance can run (a scheduler claims only these). */
export const knownKinds = (): string[] => [...kinds.keys()];

/** The recurring kinds (one of each is kept pending). */
export const recurringKinds = (): string[] => [...kinds].filter(([, kind]) => kind.everyMs !== undefined).map(([name]) => name);

/** Adds (or replaces) a kind: the built-in ones register here; tests add their own. */
export function registerJobKind(name: string, kind: JobKind): void {
  kinds.set(name, kind);
}

/** Removes a kind a test registered. */
export function unregisterJobKind(name: string): void {
  kinds.delete(name);
}
