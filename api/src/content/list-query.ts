import { raw, type EntityClass } from '@mikro-orm/core';
import { SEARCH_COUNT_LIMIT } from '@consulting/model';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BadRequest } from '../shared/errors.js';
import { countMemoOf } from './count-memo.js';
import { noteTypeRead } from '../edge/edge-tags.js';
import type { ListOptions } from './list-options.js';
import { searchGrams } from './search-sql.js';
import type { Versioned } from './versioned-save.js';

// How a collection's lists are read: the search and filters as one condition on the indexes'
// expressions, the count (capped for searches), and a page read from whichever end is nearer.

export interface Listed extends Versioned {
  displayOrder: number;
}

/** `%term%` for ILIKE, the term's own % _ and \\ taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether pg_trgm finds trigrams to look a term up by: three letters or digits in a row (it reads
 * words of letters and digits). Terms without (1-2 characters, "...", "a.b") are looked up by
 * their 1- and 2-character substrings instead (search-sql.ts searchGrams).
 */
const hasTrigrams = (term: string) => /[\p{L}\p{N}]{3}/u.test(term);

/** From this offset on, a page nearer the end of the list is read backwards (listQueries list). */
const DEEP_OFFSET = 1_000;

/** How a collection's lists are searched, and which on/off fields a bulk flag update may set. */
export interface ListBehaviour {
  /** SQL of the searchable text (search-sql.ts searchExpression); null: no search. */
  searchExpression: string | null;
  /** The flag fields (`featured`). */
  flags: readonly string[];
}

/** The count and the list of a collection (collectionService). */
export function listQueries<T extends Listed>(entity: EntityClass<T>, label: string, path: string, behaviour: ListBehaviour) {
  /**
   * The filters and the search as one condition, each part on exactly an index's expression (so
   * the index applies). The match is always `<expression> ilike '%term%'` (the term's wildcards
   * escaped), through the trigram index. A term pg_trgm has no trigram of (1-2 characters, "...")
   * adds "the set of the text's 1- and 2-character substrings holds the term's" (search-sql.ts
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
    // A public read's cache tags (edge/edge-tags.ts): a count changes with any record of the type.
    noteTypeRead(em, path);
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
    const records = await readList(em, options, total);
    // A public read's cache tags (edge/edge-tags.ts): the type, and the records it shows.
    noteTypeRead(em, path, records);
    return records;
  };

  const readList = async (em: EntityManager, options: ListOptions, total?: number): Promise<T[]> => {
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

  return { count, list };
}
