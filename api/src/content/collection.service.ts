import type { EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireAdmin } from '../auth/auth.service.js';
import { NotFound } from '../shared/errors.js';
import type { CollectionOperations, SingletonOperations } from './collection.js';
import { type FieldRules, validateInput } from './fields.js';

// The one CRUD mechanism for every content type. A collection module contributes its entity,
// its field rules and its name; rules, permissions and flushing live here.

interface Listed {
  id: number;
  displayOrder: number;
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
    list: (em) => em.find(entity, {}, { orderBy: { displayOrder: 'asc', id: 'asc' } as never }),

    get: find,

    async create(em, input, caller) {
      await requireAdmin(em, caller);
      const record = em.create(entity, validateInput(rules, input, 'create') as never);
      await em.flush();
      return record;
    },

    async update(em, id, input, caller) {
      await requireAdmin(em, caller);
      const record = await find(em, id);
      em.assign(record, validateInput(rules, input, 'update') as never);
      await em.flush();
      return record;
    },

    async remove(em, id, caller) {
      await requireAdmin(em, caller);
      em.remove(await find(em, id));
      await em.flush();
    },
  };
}

/** A single record (landing content, statistics), created by the first-start seed. */
export function singletonService<T extends { id: number }>(
  entity: EntityClass<T>,
  rules: FieldRules,
  label: string,
): SingletonOperations<T> {
  const get = async (em: EntityManager): Promise<T | null> =>
    (await em.find(entity, {}, { orderBy: { id: 'asc' } as never, limit: 1 }))[0] ?? null;
  return {
    get,
    async update(em, id, input, caller) {
      await requireAdmin(em, caller);
      const record = await get(em);
      if (!record || record.id !== id) throw new NotFound(`${label} not found`);
      em.assign(record, validateInput(rules, input, 'update') as never);
      await em.flush();
      return record;
    },
  };
}
