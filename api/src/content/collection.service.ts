import { OptimisticLockError, type EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireAdmin } from '../auth/auth.service.js';
import { NotFound, StaleVersion } from '../shared/errors.js';
import type { CollectionOperations, ExpectedVersion, SingletonOperations } from './collection.js';
import { type FieldRules, validateInput } from './fields.js';
import type { ListOptions } from './list-options.js';

// The one CRUD mechanism for every content type. A content type contributes its entity, its
// fields and its name; rules, permissions, versions and flushing live here.

interface Versioned {
  id: number;
  version: number;
}

interface Listed extends Versioned {
  displayOrder: number;
}

/**
 * Applies validated values to a loaded record. The version column makes the flush an
 * `update ... where id = ? and version = ?` (MikroORM optimistic locking), so of two saves that
 * read the same version only one lands, even when both pass the first check at the same time.
 */
async function saveVersioned<T extends Versioned>(
  em: EntityManager,
  entity: EntityClass<T>,
  record: T,
  values: Record<string, unknown>,
  expected: ExpectedVersion,
): Promise<T> {
  if (expected !== undefined && record.version !== expected) throw new StaleVersion(record.version);
  em.assign(record, values as never);
  try {
    await em.flush();
  } catch (error) {
    if (!(error instanceof OptimisticLockError)) throw error;
    const current = await em.fork().findOne(entity, record.id as never);
    if (!current) throw new NotFound();
    throw new StaleVersion(current.version);
  }
  return record;
}

export function collectionService<T extends Listed>(
  entity: EntityClass<T>,
  rules: FieldRules,
  label: string,
): CollectionOperations<T> {
  const find = async (em: EntityManager, id: number): Promise<T> => {
    const record = Number.isSafeInteger(id) && id > 0 ? await em.findOne(entity, id as never) : null;
    if (!record) throw new NotFound(`${label} not found`);
    return record;
  };

  return {
    list: (em, options: ListOptions = {}) =>
      em.find(entity, (options.where ?? {}) as never, {
        orderBy: { displayOrder: 'asc', id: 'asc' } as never,
        ...(options.limit !== undefined && { limit: options.limit }),
        ...(options.offset && { offset: options.offset }),
      }),

    get: find,

    async find(em, id) {
      return Number.isSafeInteger(id) && id > 0 ? em.findOne(entity, id as never) : null;
    },

    async create(em, input, caller) {
      await requireAdmin(em, caller);
      const record = em.create(entity, validateInput(rules, input, 'create') as never);
      await em.flush();
      return record;
    },

    async update(em, id, input, caller, expected) {
      await requireAdmin(em, caller);
      const record = await find(em, id);
      return saveVersioned(em, entity, record, validateInput(rules, input, 'update'), expected);
    },

    async remove(em, id, caller) {
      await requireAdmin(em, caller);
      em.remove(await find(em, id));
      await em.flush();
    },
  };
}

/** A single record (landing content, statistics), created by the first-start seed. */
export function singletonService<T extends Versioned>(
  entity: EntityClass<T>,
  rules: FieldRules,
  label: string,
): SingletonOperations<T> {
  const get = async (em: EntityManager): Promise<T | null> =>
    (await em.find(entity, {}, { orderBy: { id: 'asc' } as never, limit: 1 }))[0] ?? null;
  return {
    get,
    async update(em, id, input, caller, expected) {
      await requireAdmin(em, caller);
      const record = await get(em);
      if (!record || record.id !== id) throw new NotFound(`${label} not found`);
      return saveVersioned(em, entity, record, validateInput(rules, input, 'update'), expected);
    },
  };
}
