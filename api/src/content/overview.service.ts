import type { EntityManager } from '@mikro-orm/postgresql';
import { requirePermission } from '../auth/permissions.js';
import type { Caller } from '../auth/caller.js';
import { ValidationFailed } from '../shared/errors.js';
import { ContentHistory } from './history/content-history.entity.js';
import { collections, singletons } from './registry.js';

// What the admin dashboard opens with (admins only): the latest changes across every collection
// and singleton, newest first, and how many records each collection holds.

/** Recent changes returned when no limit is given, and the most one read returns. */
export const RECENT_CHANGES = 10;
export const MAX_RECENT_CHANGES = 50;

/** The latest changes to any content record, newest first: `limit` (1 to MAX_RECENT_CHANGES; absent RECENT_CHANGES) of them. */
export async function recentChanges(em: EntityManager, caller: Caller, limit?: number | null): Promise<ContentHistory[]> {
  await requirePermission(em, caller, 'content.draft');
  const count = limit ?? RECENT_CHANGES;
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_RECENT_CHANGES) {
    throw new ValidationFailed([{ field: 'limit', message: `limit must be a whole number from 1 to ${MAX_RECENT_CHANGES}` }], 'Invalid list parameters');
  }
  // Only content the model still declares (a type removed since keeps its rows, no screen).
  const known = [...collections, ...singletons].map((definition) => definition.path);
  return em.find(ContentHistory, { collection: { $in: known } }, { orderBy: { id: 'desc' }, limit: count });
}

/** Each collection's number of records, in the model's order. */
export async function collectionCounts(em: EntityManager, caller: Caller): Promise<{ collection: string; count: number }[]> {
  await requirePermission(em, caller, 'content.draft');
  const counts: { collection: string; count: number }[] = [];
  for (const definition of collections) counts.push({ collection: definition.path, count: await em.count(definition.entity, {}) });
  return counts;
}

/**
 * What an entry's record is called, for a list of changes across records (a title, a name) after
 * the change, or before it for a delete; null when none.
 */
export function recordNameOf(entry: Pick<ContentHistory, 'collection' | 'before' | 'after'>): string | null {
  const definition = [...collections, ...singletons].find((d) => d.path === entry.collection);
  if (!definition || definition.type.kind === 'singleton') return null;
  // The first field its list is searched by (what staff look a record up by), else its first text field.
  const field = definition.type.listing?.search[0] ?? Object.entries(definition.type.fields).find(([, f]) => f.kind === 'text')?.[0];
  const value = field ? (entry.after ?? entry.before)?.[field] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
