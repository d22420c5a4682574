import type { EntityManager } from '@mikro-orm/postgresql';
import { logActivity } from '../../activity/activity.js';
import { contentSummary } from '../../activity/content-summary.js';
import type { User } from '../../auth/user.entity.js';
import { changedFields } from './changed-fields.js';
import { ContentHistory, type HistoryAction } from './content-history.entity.js';

// The history entry of a change, written in the unit of work of the change itself.

/** The whole record as stored (JSON-safe), for the history. */
export const snapshotOf = (record: object): Record<string, unknown> =>
  JSON.parse(JSON.stringify(record)) as Record<string, unknown>;

/** Adds a history entry to the unit of work: it is flushed in the same transaction as the change. */
export function recordHistory(
  em: EntityManager,
  collection: string,
  action: HistoryAction,
  /** Who made the change; null for the scheduler (a scheduled publication). */
  user: Pick<User, 'id' | 'username'> | null,
  recordId: number,
  before: object | null,
  after: object | null,
): void {
  const entry = { before: before && snapshotOf(before), after: after && snapshotOf(after) };
  // A save that changed nothing (same values sent again) is not a change worth listing.
  if (action === 'update' && changedFields(entry).length === 0) return;
  em.create(ContentHistory, {
    collection,
    recordId,
    action,
    userId: user?.id ?? null,
    username: user?.username ?? 'scheduler',
    ...entry,
  });
  // Every history entry is an activity entry too, in the same unit of work (activity/activity.ts).
  logActivity(em, {
    kind: `content.${action}`,
    actor: user ? { id: user.id, username: user.username } : 'scheduler',
    summary: contentSummary(collection, action, recordId, entry.before, entry.after),
    collection,
    recordId,
    ...(action === 'update' ? { details: { changed: changedFields(entry) } } : {}),
  });
}
