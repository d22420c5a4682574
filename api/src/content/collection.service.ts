import type { EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { contentTypes } from '@consulting/model';
import { requirePermission } from '../auth/permissions.js';
import type { Caller } from '../auth/caller.js';
import { BadRequest, NotFound, ValidationFailed, type FieldError } from '../shared/errors.js';
import type { CollectionOperations } from './collection.js';
import { type FieldRules, validateInput } from './fields.js';
import { recordHistory, snapshotOf } from './history/record-history.js';
import { listQueries, type ListBehaviour, type Listed } from './list-query.js';
import { parseIds } from './list-options.js';
import { lastPlace, placeRecord } from './ordering.js';
import { saveVersioned } from './versioned-save.js';
import { endDraft, forgetRecords } from './publication/publication.js';
import { settleSlug, type SlugTarget } from './pages/slugs.js';
import { noteRecordRead } from '../edge/edge-tags.js';

// The one CRUD mechanism for every collection. A content type contributes its entity, its
// fields and its name; rules, permissions, versions and flushing live here (the list reads in
// list-query.ts, a singleton's in singleton.service.ts).

export function collectionService<T extends Listed>(
  entity: EntityClass<T>,
  rules: FieldRules,
  label: string,
  path: string,
  behaviour: ListBehaviour = { searchExpression: null, flags: [] },
): CollectionOperations<T> {
  const find = async (em: EntityManager, id: number): Promise<T> => {
    const record = Number.isSafeInteger(id) && id > 0 ? await em.findOne(entity, id as never) : null;
    noteRecordRead(em, path, record);
    if (!record) throw new NotFound(`${label} not found`);
    return record;
  };
  const { count, list } = listQueries(entity, label, path, behaviour);
  // Simple pages (`page: { path: '' }`, at /<slug>): their slugs also keep clear of the site's own addresses.
  const topLevel = contentTypes.find((type) => type.restPath === path)?.page?.path === '';
  const slugTarget = (em: EntityManager): SlugTarget => ({ table: em.getMetadata().get(entity).tableName, collection: path, rules, noun: label.toLowerCase(), topLevel });

  /** The records of a bulk action, all of them (NotFound naming the missing ids otherwise). */
  const findAll = async (em: EntityManager, ids: number[]): Promise<T[]> => {
    const found = new Map((await em.find(entity, { id: { $in: ids } } as never)).map((r) => [r.id, r]));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw new NotFound(`${label} not found: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', ...' : ''}`);
    return ids.map((id) => found.get(id)!);
  };

  /**
   * Moves and creates that go last take turns on the table (until their transaction ends): the second
   * reads the first's result, so two records added at once never get the same place. Returns the table.
   */
  const takeOrderTurn = async (em: EntityManager): Promise<string> => {
    const table = em.getMetadata().get(entity).tableName;
    await em.execute(`lock table "${table}" in share row exclusive mode`);
    return table;
  };

  /** Puts the record at `toIndex` (ordering.ts), with its history entry; returns it as stored now. */
  const place = (outer: EntityManager, id: number, toIndex: number, caller: Caller) =>
    outer.transactional(async (em) => {
      const user = await requirePermission(em, caller, 'content.publish');
      if (!Number.isSafeInteger(toIndex) || toIndex < 0) throw new BadRequest('toIndex must be a whole number from 0');
      const table = await takeOrderTurn(em);
      const moved = await find(em, id);
      await em.refresh(moved);
      const before = snapshotOf(moved);
      await placeRecord(em, table, { id: moved.id, display_order: moved.displayOrder }, toIndex);
      await em.refresh(moved);
      recordHistory(em, path, 'move', user, moved.id, before, moved);
      await em.flush();
      return moved;
    });

  return {
    count,

    list: (em, options) => list(em, options),

    async listWithTotal(em, options = {}) {
      // Without paging the list is everything there is: no second query.
      const paged = options.limit !== undefined || Boolean(options.offset);
      if (!paged) {
        const items = await list(em, options);
        return { items, total: items.length };
      }
      const total = await count(em, options);
      return { items: await list(em, options, total), total };
    },

    get: find,

    async find(em, id) {
      const record = Number.isSafeInteger(id) && id > 0 ? await em.findOne(entity, id as never) : null;
      noteRecordRead(em, path, record);
      return record;
    },

    create: (outer, input, caller) =>
      outer.transactional(async (em) => {
        const user = await requirePermission(em, caller, 'content.publish');
        const values = validateInput(rules, input, 'create');
        await settleSlug(em, slugTarget(em), values, null);
        // New items go last unless the editor picked a place.
        const picked = typeof input === 'object' && input !== null && (input as { displayOrder?: unknown }).displayOrder != null;
        if (!picked) values.displayOrder = await lastPlace(em, await takeOrderTurn(em));
        const record = em.create(entity, values as never);
        await em.flush();
        recordHistory(em, path, 'create', user, record.id, null, record);
        await em.flush();
        return record;
      }),

    update: (outer, id, input, caller, expected) =>
      outer.transactional(async (em) => {
        const user = await requirePermission(em, caller, 'content.publish');
        const record = await find(em, id);
        const before = snapshotOf(record);
        const values = validateInput(rules, input, 'update');
        await settleSlug(em, slugTarget(em), values, record.id, before);
        await saveVersioned(em, entity, path, record, values, expected);
        // Saving publishes: the record's pending draft, if any, ends (its saves stay in History).
        await endDraft(em, path, record.id);
        recordHistory(em, path, 'update', user, record.id, before, record);
        await em.flush();
        return record;
      }),

    remove: (outer, id, caller) =>
      outer.transactional(async (em) => {
        const user = await requirePermission(em, caller, 'content.publish');
        const record = await find(em, id);
        recordHistory(em, path, 'delete', user, record.id, record, null);
        em.remove(record);
        await forgetRecords(em, path, [record.id]);
        await em.flush();
      }),

    removeMany: (outer, rawIds, caller) =>
      outer.transactional(async (em) => {
        const user = await requirePermission(em, caller, 'content.publish');
        const records = await findAll(em, parseIds(rawIds));
        // One history entry per record, as a single delete writes; one delete statement for all
        // (its triggers: one content revision, one webhook event per record).
        for (const record of records) {
          recordHistory(em, path, 'delete', user, record.id, record, null);
          em.remove(record);
        }
        await forgetRecords(em, path, records.map((record) => record.id));
        await em.flush();
        return records.length;
      }),

    updateFlags: (outer, rawIds, input, caller) =>
      outer.transactional(async (em) => {
        const user = await requirePermission(em, caller, 'content.publish');
        const values = flagValues(behaviour.flags, input);
        const records = await findAll(em, parseIds(rawIds));
        const before = records.map(snapshotOf);
        for (const record of records) em.assign(record, values as never);
        await em.flush();
        records.forEach((record, i) => recordHistory(em, path, 'update', user, record.id, before[i], record));
        await em.flush();
        return records;
      }),

    place,

    async move(em, id, toIndex, caller) {
      await place(em, id, toIndex, caller);
      return list(em.fork());
    },
  };
}

/** The flag values of a bulk update: each named flag true or false, at least one of them. */
function flagValues(flags: readonly string[], input: unknown): Record<string, boolean> {
  if (flags.length === 0) throw new BadRequest('This collection has no on/off fields');
  const given = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const values: Record<string, boolean> = {};
  const errors: FieldError[] = [];
  for (const name of flags) {
    if (given[name] === undefined || given[name] === null) continue;
    if (typeof given[name] === 'boolean') values[name] = given[name];
    else errors.push({ field: name, message: `${name} must be true or false` });
  }
  if (errors.length === 0 && Object.keys(values).length === 0) errors.push({ field: flags[0], message: `Give ${flags.join(' or ')}: true or false` });
  if (errors.length > 0) throw new ValidationFailed(errors);
  return values;
}

