import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../auth/caller.js';
import type { ListOptions } from './list-options.js';

/** Moved to auth/caller.ts; this re-export keeps code written before the move compiling. */
export type { Caller } from '../auth/caller.js';

// The contract every content service fulfils. REST routers and GraphQL resolvers are generated
// from the registry (content/registry.ts) over these operations, so a rule lives in one place.

/**
 * The version the caller read (REST If-Match, GraphQL expectedVersion). When given and the record
 * has moved on, the update is refused with StaleVersion; when absent the update always applies.
 */
export type ExpectedVersion = number | undefined;

/** A list collection (countries, brands, team members, news, clients, contact info). */
export interface CollectionOperations<T> {
  /** Ordered by displayOrder, then id (or by `sort`, ties by id); filtered, searched and paged by checked options (list-options.ts). Public. */
  list(em: EntityManager, options?: ListOptions): Promise<T[]>;
  /** How many records match the filters and the search (`count(*)`, nothing listed). Public. */
  count(em: EntityManager, options?: Pick<ListOptions, 'where' | 'search'>): Promise<number>;
  /** The list and how many records match its filter in all (without paging: the list's length, no second query). Public. */
  listWithTotal(em: EntityManager, options?: ListOptions): Promise<{ items: T[]; total: number }>;
  /** Throws NotFound. Public. */
  get(em: EntityManager, id: number): Promise<T>;
  /** The record, or null when there is none (GraphQL by-id queries). Public. */
  find(em: EntityManager, id: number): Promise<T | null>;
  /** Publishers only (content.publish: Unauthorized, Forbidden). Validates raw input (ValidationFailed); unknown fields ignored. */
  create(em: EntityManager, input: unknown, caller: Caller): Promise<T>;
  /** Publishers only. NotFound for an unknown id, StaleVersion when `expected` is not the stored version. */
  update(em: EntityManager, id: number, input: unknown, caller: Caller, expected?: ExpectedVersion): Promise<T>;
  /** Publishers only. NotFound for an unknown id. */
  remove(em: EntityManager, id: number, caller: Caller): Promise<void>;
  /**
   * Publishers only. Puts the record at `toIndex` (0-based; past the end: last), in one transaction,
   * changing a bounded number of rows (ordering.ts: lists of up to 200 are renumbered 1..n, longer
   * ones keep gaps). Returns the moved record.
   */
  place(em: EntityManager, id: number, toIndex: number, caller: Caller): Promise<T>;
  /**
   * Publishers only. Deletes 1..500 records (raw ids, list-options.ts parseIds) in one transaction, each
   * with its own history entry (undo per record). An unknown id: NotFound, nothing deleted.
   * Returns how many were deleted.
   */
  removeMany(em: EntityManager, ids: unknown, caller: Caller): Promise<number>;
  /**
   * Publishers only. Sets on/off fields (`{ featured: true }`) on 1..500 records in one transaction, with
   * a history entry per record that changed (as update does). An unknown id: NotFound, nothing changed.
   * Returns the records in the order of the ids.
   */
  updateFlags(em: EntityManager, ids: unknown, values: unknown, caller: Caller): Promise<T[]>;
  /** Publishers only. `place`, then the whole list in its new order (the original contract of a move). */
  move(em: EntityManager, id: number, toIndex: number, caller: Caller): Promise<T[]>;
}

/** A singleton (landing content, statistics): read publicly, updated by id. */
export interface SingletonOperations<T> {
  /** The one record, or null when none exists. Public. */
  get(em: EntityManager): Promise<T | null>;
  /** Publishers only. NotFound when the id is not the stored record's; StaleVersion as for collections. */
  update(em: EntityManager, id: number, input: unknown, caller: Caller, expected?: ExpectedVersion): Promise<T>;
}
