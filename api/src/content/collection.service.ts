import { OptimisticLockError, raw, type EntityClass } from '@mikro-orm/core';
import { SEARCH_COUNT_LIMIT } from '@consulting/model';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireAdmin } from '../auth/auth.service.js';
import type { Caller } from '../auth/caller.js';
import type { User } from '../auth/user.entity.js';
import { BadRequest, NotFound, StaleVersion, ValidationFailed, type FieldError } from '../shared/errors.js';
import type { CollectionOperations, ExpectedVersion, SingletonOperations } from './collection.js';
import { type FieldRules, validateInput } from './fields.js';
import { changedFields } from './history/changed-fields.js';
import { searchGrams } from './columns.js';
import { countMemoOf } from './count-memo.js';
import { ContentHistory, type HistoryAction } from './history/content-history.entity.js';
import { parseIds, type ListOptions } from './list-options.js';
import { lastPlace, placeRecord } from './ordering.js';

// The one CRUD mechanism for every content type. A content type contributes its entity, its
// fields and its name; rules, permissions, versions and flushing live here.

interface Versioned {
  id: number;
  version: number;
}

interface Listed extends Versioned {
  displayOrder: number;
}

/** The whole record as stored (JSON-safe), for the history. */
export const snapshotOf = (record: object): Record<string, unknown> =>
  JSON.parse(JSON.stringify(record)) as Record<string, unknown>;

/** Adds a history entry to the unit of work: it is flushed in the same transaction as the change. */
export function recordHistory(
  em: EntityManager,
  collection: string,
  action: HistoryAction,
  user: User,
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
    userId: user.id,
    username: user.username,
    ...entry,
  });
}

/**
 * Applies validated values to a loaded record. The version column makes the flush an
 * `update ... where id = ? and version = ?` (MikroORM optimistic locking), so of two saves that
 * read the same version only one lands, even when both pass the first check at the same time.
 */
async function saveVersioned<T extends Versioned>(
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

/** `%term%` for ILIKE, the term's own % _ and \\ taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether pg_trgm finds trigrams to look a term up by: three letters or digits in a row (it reads
 * words of letters and digits). Terms without (1-2 characters, "...", "a.b") are looked up by
 * their 1- and 2-character substrings instead (columns.ts searchGrams).
 */
const hasTrigrams = (term: string) => /[\p{L}\p{N}]{3}/u.test(term);

/** From this offset on, a page nearer the end of the list is read backwards (collectionService list). */
const DEEP_OFFSET = 1_000;

/** How a collection's lists are searched, and which on/off fields a bulk flag update may set. */
export interface ListBehaviour {
  /** SQL of the searchable text (columns.ts searchExpression); null: no search. */
  searchExpression: string | null;
  /** The flag fields (`featured`). */
  flags: readonly string[];
}

export function collectionService<T extends Listed>(
  entity: EntityClass<T>,
  rules: FieldRules,
  label: string,
  path: string,
  behaviour: ListBehaviour = { searchExpression: null, flags: [] },
): CollectionOperations<T> {
  const find = async (em: EntityManager, id: number): Promise<T> => {
    const record = Number.isSafeInteger(id) && id > 0 ? await em.findOne(entity, id as never) : null;
    if (!record) throw new NotFound(`${label} not found`);
    return record;
  };

  /**
   * The filters and the search as one condition, each part on exactly an index's expression (so
   * the index applies). The match is always `<expression> ilike '%term%'` (the term's wildcards
   * escaped), through the trigram index. A term pg_trgm has no trigram of (1-2 characters, "...")
   * adds "the set of the text's 1- and 2-character substrings holds the term's" (columns.ts
   * searchGrams; for 1-2 characters the same match), through the grams index. PostgreSQL checks the
   * cheaper ILIKE first, so a walk along the display order computes a row's set only for a match.
   */
  const whereOf = (options: Pick<ListOptions, 'where' | 'search'>): object => {
    const where: Record<string | symbol, unknown> = { ...options.where };
    const term = options.search;
    if (term !== undefined) {
      const expression = behaviour.searchExpression;
      if (!expression) throw new BadRequest(`${label} lists cannot be searched`);
      where[raw(`${expression} ilike ?`, [containsPattern(term)])] = [];
      if (!hasTrigrams(term)) where[raw(`${searchGrams(expression)} @> ${searchGrams('?::text')}`, [term, term, term])] = [];
    }
    return where;
  };

  /**
   * How many records match. With a search, counting stops after SEARCH_COUNT_LIMIT + 1 matches
   * (that answer means "more"): the first matches in display order, so a term found in nearly every
   * record is counted along the (display_order, id) index as its first page is read, and a rare
   * one through its search index. Without a search: exact (an index-only count).
   */
  const count = async (em: EntityManager, options: Pick<ListOptions, 'where' | 'search'> = {}): Promise<number> => {
    if (options.search === undefined) {
      // Public reads of one content revision share it (count-memo.ts): one count per list and filter.
      const counting = () => em.count(entity, whereOf(options) as never);
      const memo = countMemoOf(em);
      if (!memo) return counting();
      const filters = Object.entries(options.where ?? {}).sort(([a], [b]) => a.localeCompare(b));
      return memo.count(`${path} ${JSON.stringify(filters)}`, counting);
    }
    const matches = em
      .createQueryBuilder(entity)
      .select(raw('1'))
      .where(whereOf(options) as never)
      .orderBy({ displayOrder: 'asc', id: 'asc' } as never)
      .limit(SEARCH_COUNT_LIMIT + 1);
    const [row] = await em.execute<{ n: number }[]>(`select count(*)::int as n from (${matches.getQuery()}) as matches`, [...matches.getParams()]);
    return row.n;
  };

  /**
   * The list, in display order or by `sort`. A page nearer the end than the start, past
   * DEEP_OFFSET, is read from the other end (the order reversed, then the page turned back): the
   * last page is then the first rows of a backward walk of the (display_order, id) index (or the
   * sort's), not every row before it. That takes the count (`total` when the caller has it; for
   * the public reads of a revision one count shared with the page's own total, count-memo.ts).
   */
  const list = async (em: EntityManager, options: ListOptions = {}, total?: number): Promise<T[]> => {
    const { sort, limit, offset = 0 } = options;
    const field = sort?.field ?? 'displayOrder';
    const find = (direction: 'asc' | 'desc', page: { limit?: number; offset?: number }) =>
      em.find(entity, whereOf(options) as never, {
        orderBy: { [field]: direction, id: direction } as never,
        ...(page.limit !== undefined && { limit: page.limit }),
        ...(page.offset && { offset: page.offset }),
      });
    const direction = sort?.direction ?? 'asc';
    if (limit !== undefined && offset >= DEEP_OFFSET) {
      const all = total ?? (await count(em, options));
      // The count of a search stops after SEARCH_COUNT_LIMIT: past it, the end is not known.
      const known = options.search === undefined || all <= SEARCH_COUNT_LIMIT;
      if (known && offset >= all) return [];
      if (known && offset + limit > all - offset) {
        const reversed = direction === 'asc' ? 'desc' : 'asc';
        return (await find(reversed, { limit: Math.min(limit, all - offset), offset: Math.max(0, all - offset - limit) })).reverse();
      }
    }
    return find(direction, { limit, offset });
  };

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
      const user = await requireAdmin(em, caller);
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
      return Number.isSafeInteger(id) && id > 0 ? em.findOne(entity, id as never) : null;
    },

    create: (outer, input, caller) =>
      outer.transactional(async (em) => {
        const user = await requireAdmin(em, caller);
        const values = validateInput(rules, input, 'create');
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
        const user = await requireAdmin(em, caller);
        const record = await find(em, id);
        const before = snapshotOf(record);
        await saveVersioned(em, entity, path, record, validateInput(rules, input, 'update'), expected);
        recordHistory(em, path, 'update', user, record.id, before, record);
        await em.flush();
        return record;
      }),

    remove: (outer, id, caller) =>
      outer.transactional(async (em) => {
        const user = await requireAdmin(em, caller);
        const record = await find(em, id);
        recordHistory(em, path, 'delete', user, record.id, record, null);
        em.remove(record);
        await em.flush();
      }),

    removeMany: (outer, rawIds, caller) =>
      outer.transactional(async (em) => {
        const user = await requireAdmin(em, caller);
        const records = await findAll(em, parseIds(rawIds));
        // One history entry per record, as a single delete writes; one delete statement for all
        // (its triggers: one content revision, one webhook event per record).
        for (const record of records) {
          recordHistory(em, path, 'delete', user, record.id, record, null);
          em.remove(record);
        }
        await em.flush();
        return records.length;
      }),

    updateFlags: (outer, rawIds, input, caller) =>
      outer.transactional(async (em) => {
        const user = await requireAdmin(em, caller);
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

/** A single record (landing content, statistics), created by the first-start seed. */
export function singletonService<T extends Versioned>(
  entity: EntityClass<T>,
  rules: FieldRules,
  label: string,
  path: string,
): SingletonOperations<T> {
  const get = async (em: EntityManager): Promise<T | null> =>
    (await em.find(entity, {}, { orderBy: { id: 'asc' } as never, limit: 1 }))[0] ?? null;
  return {
    get,
    update: (outer, id, input, caller, expected) =>
      outer.transactional(async (em) => {
        const user = await requireAdmin(em, caller);
        const record = await get(em);
        if (!record || record.id !== id) throw new NotFound(`${label} not found`);
        const before = snapshotOf(record);
        await saveVersioned(em, entity, path, record, validateInput(rules, input, 'update'), expected);
        recordHistory(em, path, 'update', user, record.id, before, record);
        await em.flush();
        return record;
      }),
  };
}
