import type { EntityManager } from '@mikro-orm/postgresql';
import { logActivity } from '../activity/activity.js';
import type { Caller } from '../auth/caller.js';
import { requirePermission } from '../auth/permissions.js';
import type { User } from '../auth/user.entity.js';
import { publication } from '../content/publication/publication.service.js';
import { definitionOf } from '../content/registry.js';
import { BadRequest, NotFound, ValidationFailed } from '../shared/errors.js';
import { COLUMNS, rows, viewOf, withLabels, type JobRow, type ScheduledJobView } from './job-views.js';

export type { ScheduledJobView } from './job-views.js';

// Publishing and unpublishing at a chosen time: the rules of the schedule (who, which record,
// when), over the scheduled_jobs table the scheduler (scheduler.ts) runs. REST (jobs.routes.ts)
// and GraphQL (jobs.resolver.ts) only translate to these calls.

export const SCHEDULE_ACTIONS = ['publish', 'unpublish'] as const;
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number];

/** The furthest ahead a job may be scheduled. */
export const MAX_SCHEDULE_AHEAD_DAYS = 3660;
/** scheduledJobs/upcoming: at most this many (and this many when no limit is given). */
export const MAX_UPCOMING = 200;
export const DEFAULT_UPCOMING = 50;

/** The action named, or a field error. */
function actionOf(action: unknown): ScheduleAction {
  if (typeof action === 'string' && (SCHEDULE_ACTIONS as readonly string[]).includes(action)) return action as ScheduleAction;
  throw new ValidationFailed([{ field: 'action', message: 'Choose publish or unpublish' }]);
}

/** A time in the future (a Date, or an ISO 8601 text with its offset), or a field error. */
export function futureTime(at: unknown, now = Date.now()): Date {
  const date = at instanceof Date ? at : typeof at === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:\d\d)$/.test(at.trim()) ? new Date(at.trim()) : null;
  if (date === null || Number.isNaN(date.getTime())) {
    throw new ValidationFailed([{ field: 'at', message: 'Give the time as an ISO 8601 date and time with its offset, e.g. 2026-12-01T09:00:00Z' }]);
  }
  if (date.getTime() <= now) throw new ValidationFailed([{ field: 'at', message: 'Choose a time in the future' }]);
  if (date.getTime() > now + MAX_SCHEDULE_AHEAD_DAYS * 24 * 60 * 60 * 1000) throw new ValidationFailed([{ field: 'at', message: 'Choose a time within ten years' }]);
  return date;
}

/** A job id as the API writes it (bigint as text); anything else names no job. */
function jobIdOf(id: unknown): string {
  const text = typeof id === 'number' ? String(id) : typeof id === 'string' ? id.trim() : '';
  if (!/^[1-9]\d{0,17}$/.test(text)) throw new NotFound('No such scheduled job');
  return text;
}

const actorOf = (user: User) => ({ id: user.id, username: user.username });

/** A time as the activity log says it: in the firm's time zone, named (`1 Dec 2026, 09:00 Europe/Berlin`). */
export function siteTime(at: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return `${text} ${timeZone}`;
}

/** What the activity log calls an action: "publication", "taking off the site". */
const nounOf = (kind: string) => (kind === 'unpublish' ? 'taking off the site' : 'publication');

/** The pending job `id`, locked for this transaction (a scheduler running it now: wait, then it is no longer pending). */
async function pendingJob(em: EntityManager, id: unknown): Promise<JobRow> {
  const [job] = await rows(em, `select ${COLUMNS} from scheduled_jobs where id = ? for update`, [jobIdOf(id)]);
  if (!job || job.collection === null) throw new NotFound('No such scheduled job');
  if (job.state !== 'pending') throw new NotFound(job.state === 'cancelled' ? 'This scheduled job was cancelled' : 'This scheduled job has already run');
  return job;
}

export interface ScheduleInput {
  collection: string;
  id: number;
  action: unknown;
  at: unknown;
}

/**
 * Schedules publishing (or taking off the site) of a record at `at`: one pending job per record
 * and action, so a second schedule moves the first. The record must exist (on the site or as a
 * draft); what the job does is decided when it runs (publish: the draft of that moment).
 * `timeZone`: the firm's (TIME_ZONE), for the activity log's words.
 */
export function schedule(outer: EntityManager, caller: Caller, input: ScheduleInput, timeZone = 'UTC'): Promise<ScheduledJobView> {
  return outer.transactional(async (em) => {
    const user = await requirePermission(em, caller, 'content.publish');
    const action = actionOf(input.action);
    const at = futureTime(input.at);
    const { type } = definitionOf(input.collection);
    if (action === 'unpublish' && type.kind !== 'collection') throw new BadRequest(`${type.labels.entity} cannot be taken off the site`);
    const state = await publication.get(em, input.collection, input.id, caller);
    const [job] = await rows(
      em,
      `insert into scheduled_jobs (kind, collection, record_id, run_at, created_by, created_by_name) values (?, ?, ?, ?, ?, ?)
       on conflict (kind, collection, record_id) where state = 'pending' and collection is not null
       do update set run_at = excluded.run_at, created_at = now(), created_by = excluded.created_by, created_by_name = excluded.created_by_name
       returning ${COLUMNS}`,
      [action, input.collection, input.id, at, user.id, user.username],
    );
    logActivity(em, {
      kind: 'content.schedule',
      actor: actorOf(user),
      summary: `Scheduled ${nounOf(action)} of ${type.labels.entity} “${state.label}” for ${siteTime(at, timeZone)}`,
      collection: input.collection,
      recordId: input.id,
      details: { jobId: String(job.id), action, at: at.toISOString() },
    });
    return viewOf(job, state.label);
  });
}

/** Moves a pending job to another time in the future. */
export function reschedule(outer: EntityManager, caller: Caller, jobId: unknown, at: unknown, timeZone = 'UTC'): Promise<ScheduledJobView> {
  return outer.transactional(async (em) => {
    const user = await requirePermission(em, caller, 'content.publish');
    const job = await pendingJob(em, jobId);
    const time = futureTime(at);
    const [moved] = await rows(em, `update scheduled_jobs set run_at = ? where id = ? returning ${COLUMNS}`, [time, job.id]);
    const [view] = await withLabels(em, [moved]);
    logActivity(em, {
      kind: 'content.schedule',
      actor: actorOf(user),
      summary: `Moved the ${nounOf(job.kind)} of ${entityName(job.collection!)} “${view.label ?? `#${job.record_id}`}” to ${siteTime(time, timeZone)}`,
      collection: job.collection!,
      recordId: job.record_id!,
      details: { jobId: view.id, action: job.kind, at: time.toISOString(), was: new Date(job.run_at).toISOString() },
    });
    return view;
  });
}

/** Cancels a pending job: it stays in the table as cancelled (and never runs). */
export function cancel(outer: EntityManager, caller: Caller, jobId: unknown, timeZone = 'UTC'): Promise<boolean> {
  return outer.transactional(async (em) => {
    const user = await requirePermission(em, caller, 'content.publish');
    const job = await pendingJob(em, jobId);
    await rows(em, `update scheduled_jobs set state = 'cancelled' where id = ?`, [job.id]);
    const [view] = await withLabels(em, [job]);
    logActivity(em, {
      kind: 'content.unschedule',
      actor: actorOf(user),
      summary: `Cancelled the ${nounOf(job.kind)} of ${entityName(job.collection!)} “${view.label ?? `#${job.record_id}`}” at ${siteTime(new Date(job.run_at), timeZone)}`,
      collection: job.collection!,
      recordId: job.record_id!,
      details: { jobId: view.id, action: job.kind, at: new Date(job.run_at).toISOString() },
    });
    return true;
  });
}

function entityName(path: string): string {
  try {
    return definitionOf(path).type.labels.entity;
  } catch {
    return path;
  }
}

/** The limit of a list: 1..MAX_UPCOMING, DEFAULT_UPCOMING when absent. */
function limitOf(limit: unknown): number {
  if (limit === undefined || limit === null) return DEFAULT_UPCOMING;
  const value = typeof limit === 'string' && /^\d{1,6}$/.test(limit) ? Number(limit) : limit;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > MAX_UPCOMING) throw new BadRequest(`limit must be a whole number from 1 to ${MAX_UPCOMING}`);
  return value;
}

/**
 * What is coming up: the pending publications and unpublications, soonest first, then those of
 * the last day that failed or ran late (newest first), each with its record's label.
 */
export async function upcoming(em: EntityManager, caller: Caller, options: { limit?: unknown } = {}): Promise<ScheduledJobView[]> {
  await requirePermission(em, caller, 'content.draft');
  const limit = limitOf(options.limit);
  const jobs = await rows(
    em,
    `select * from (
       (select ${COLUMNS}, 0 as part, run_at as sort from scheduled_jobs where state = 'pending' and collection is not null order by run_at, id limit ?)
       union all
       (select ${COLUMNS}, 1 as part, ran_at as sort from scheduled_jobs
         where collection is not null and ran_at > now() - interval '1 day' and (state = 'failed' or late_ms is not null)
         order by ran_at desc, id desc limit ?)
     ) jobs
     order by part, case when part = 0 then sort end, case when part = 1 then sort end desc, id
     limit ?`,
    [limit, limit, limit],
  );
  return withLabels(em, jobs);
}

/** The pending jobs of these records of one collection, soonest first, by record id (no permission check: for field resolvers). */
export async function scheduledFor(em: EntityManager, path: string, ids: readonly number[]): Promise<Map<number, ScheduledJobView[]>> {
  const found = new Map<number, ScheduledJobView[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return found;
  const jobs = await rows(em, `select ${COLUMNS} from scheduled_jobs where state = 'pending' and collection = ? and record_id = any(?::int[]) order by run_at, id`, [
    path,
    `{${ids.join(',')}}`,
  ]);
  for (const job of jobs) found.get(job.record_id!)?.push(viewOf(job));
  return found;
}
