import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../../auth/caller.js';
import { ContentDraft } from './content-draft.entity.js';

// The editorial workflow's vocabulary, and the one rule the content services share with it: any
// publication of a record (Save, a restore, an undo) ends its draft; deleting the record ends it too.

/**
 * PUBLISHED: on the site, no pending draft. CHANGED: on the site, with a pending draft. DRAFT:
 * never published. UNPUBLISHED: taken off the site (its draft holds its values).
 */
export type PublicationState = 'PUBLISHED' | 'CHANGED' | 'DRAFT' | 'UNPUBLISHED';

/** Who publishes: a signed-in caller, or the scheduler running a job (no account). */
export type Actor = Caller | { scheduler: { jobId: string } };

export const isScheduler = (actor: Actor): actor is { scheduler: { jobId: string } } => 'scheduler' in actor;

/** A record's place in the workflow, as the admin shows it. */
export interface Publication {
  collection: string;
  recordId: number;
  state: PublicationState;
  live: boolean;
  hasDraft: boolean;
  /** Null without a draft. */
  draftVersion: number | null;
  /** The draft's values (null without a draft). */
  values: Record<string, unknown> | null;
  /** What to call it in a list: the draft's (else the live record's) name. */
  label: string;
  updatedAt: Date | null;
  updatedBy: string | null;
  submittedAt: Date | null;
  submittedBy: string | null;
}

/** Ends a record's draft, if it has one (a publication or a delete of the record). */
export async function endDraft(em: EntityManager, collection: string, recordId: number): Promise<void> {
  await em.nativeDelete(ContentDraft, { collection, recordId });
}

/** Ends the drafts of several records of one collection (a bulk delete). */
export async function endDrafts(em: EntityManager, collection: string, recordIds: readonly number[]): Promise<void> {
  if (recordIds.length > 0) await em.nativeDelete(ContentDraft, { collection, recordId: { $in: [...recordIds] } });
}

/**
 * What is left of records that are gone (deleted, or a never-published draft discarded): their
 * drafts, and their pending scheduled jobs (cancelled, so "Coming up" does not list them to fail).
 */
export async function forgetRecords(em: EntityManager, collection: string, recordIds: readonly number[]): Promise<void> {
  if (recordIds.length === 0) return;
  await endDrafts(em, collection, recordIds);
  await em.execute(`update scheduled_jobs set state = 'cancelled' where state = 'pending' and collection = ? and record_id in (?)`, [collection, [...recordIds]]);
}
