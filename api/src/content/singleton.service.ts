import type { EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requirePermission } from '../auth/permissions.js';
import { NotFound } from '../shared/errors.js';
import type { SingletonOperations } from './collection.js';
import { type FieldRules, validateInput } from './fields.js';
import { recordHistory, snapshotOf } from './history/record-history.js';
import { saveVersioned, type Versioned } from './versioned-save.js';
import { endDraft } from './publication/publication.js';
import { noteRecordRead } from '../edge/edge-tags.js';

/** A single record (landing content, statistics), created by the first-start seed. */
export function singletonService<T extends Versioned>(
  entity: EntityClass<T>,
  rules: FieldRules,
  label: string,
  path: string,
): SingletonOperations<T> {
  const get = async (em: EntityManager): Promise<T | null> => {
    const record = (await em.find(entity, {}, { orderBy: { id: 'asc' } as never, limit: 1 }))[0] ?? null;
    // A public read's cache tags (edge/edge-tags.ts): the one record (missing: its type).
    noteRecordRead(em, path, record);
    return record;
  };
  return {
    get,
    update: (outer, id, input, caller, expected) =>
      outer.transactional(async (em) => {
        const user = await requirePermission(em, caller, 'content.publish');
        const record = await get(em);
        if (!record || record.id !== id) throw new NotFound(`${label} not found`);
        const before = snapshotOf(record);
        await saveVersioned(em, entity, path, record, validateInput(rules, input, 'update'), expected);
        await endDraft(em, path, record.id);
        recordHistory(em, path, 'update', user, record.id, before, record);
        await em.flush();
        return record;
      }),
  };
}
