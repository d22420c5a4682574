import type { EntityManager } from '@mikro-orm/postgresql';
import { ContentDraft } from '../content/publication/content-draft.entity.js';
import { labelOf } from '../content/publication/publication.service.js';
import { definitionOf } from '../content/registry.js';
import type { JobState } from './scheduled-job.entity.js';

// Scheduled jobs as the admin reads them (jobs.service.ts): the rows and the records' labels.

/** A scheduled job as the admin sees it (GraphQL ScheduledJob, REST ScheduledJob). */
export interface ScheduledJobView {
  id: string;
  kind: string;
  collection: string | null;
  recordId: number | null;
  /** What the record is called (its draft's name, else its published one); null when it is gone or the job is about no record. */
  label: string | null;
  runAt: Date;
  state: JobState;
  createdBy: string | null;
  ranAt: Date | null;
  lateMs: number | null;
  error: string | null;
}

export interface JobRow {
  id: string | number;
  kind: string;
  collection: string | null;
  record_id: number | null;
  run_at: Date | string;
  state: JobState;
  created_by_name: string | null;
  ran_at: Date | string | null;
  late_ms: number | null;
  error: string | null;
}

export const COLUMNS = 'id, kind, collection, record_id, run_at, state, created_by_name, ran_at, late_ms, error';

export const viewOf = (row: JobRow, label: string | null = null): ScheduledJobView => ({
  id: String(row.id),
  kind: row.kind,
  collection: row.collection,
  recordId: row.record_id,
  label,
  runAt: new Date(row.run_at),
  state: row.state,
  createdBy: row.created_by_name,
  ranAt: row.ran_at === null ? null : new Date(row.ran_at),
  lateMs: row.late_ms,
  error: row.error,
});

export async function rows(em: EntityManager, sql: string, params: unknown[]): Promise<JobRow[]> {
  return em.getConnection().execute<JobRow[]>(sql, params, 'all', em.getTransactionContext());
}

/** What each record of these jobs is called, by `collection:id` (drafts first, then the published records). */
async function labelsOf(em: EntityManager, jobs: readonly JobRow[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const byCollection = new Map<string, number[]>();
  for (const job of jobs) if (job.collection !== null && job.record_id !== null) (byCollection.get(job.collection) ?? byCollection.set(job.collection, []).get(job.collection)!).push(job.record_id);
  for (const [path, ids] of byCollection) {
    let definition;
    try {
      definition = definitionOf(path);
    } catch {
      continue;
    }
    const live = (await em.find(definition.entity, { id: { $in: ids } } as never)) as Record<string, unknown>[];
    for (const record of live) labels.set(`${path}:${record.id as number}`, labelOf(path, record));
    const drafts = await em.find(ContentDraft, { collection: path, recordId: { $in: ids } });
    for (const draft of drafts) labels.set(`${path}:${draft.recordId}`, labelOf(path, draft.values));
  }
  return labels;
}

export async function withLabels(em: EntityManager, jobs: JobRow[]): Promise<ScheduledJobView[]> {
  const labels = await labelsOf(em, jobs);
  return jobs.map((job) => viewOf(job, labels.get(`${job.collection}:${job.record_id}`) ?? null));
}

