import { OptimisticLockError, type EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFound, StaleVersion } from '../shared/errors.js';
import type { ExpectedVersion } from './collection.js';
import { ContentHistory } from './history/content-history.entity.js';

// Saving a record that names the version it read: a stale save is refused, naming who changed it.

export interface Versioned {
  id: number;
  version: number;
}

/**
 * Applies validated values to a loaded record. The version column makes the flush an
 * `update ... where id = ? and version = ?` (MikroORM optimistic locking), so of two saves that
 * read the same version only one lands, even when both pass the first check at the same time.
 */
export async function saveVersioned<T extends Versioned>(
  em: EntityManager,
  entity: EntityClass<T>,
  path: string,
  record: T,
  values: Record<string, unknown>,
  expected: ExpectedVersion,
): Promise<T> {
  if (expected !== undefined && record.version !== expected) throw await staleVersion(em, path, record);
  em.assign(record, values as never);
  try {
    await em.flush();
  } catch (error) {
    if (!(error instanceof OptimisticLockError)) throw error;
    const current = await em.fork().findOne(entity, record.id as never);
    if (!current) throw new NotFound();
    throw await staleVersion(em, path, current);
  }
  return record;
}

/** The refusal of a stale save, naming who made the latest change and when (its history entry). */
async function staleVersion(em: EntityManager, path: string, current: Versioned): Promise<StaleVersion> {
  const last = await em.fork().findOne(
    ContentHistory,
    { collection: path, recordId: current.id },
    { orderBy: { id: 'desc' }, fields: ['username', 'at'] },
  );
  return new StaleVersion(current.version, { changedBy: last?.username ?? null, changedAt: last?.at.toISOString() ?? null });
}
