import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../auth/caller.js';

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
  /** Ordered by displayOrder, then id. Public. */
  list(em: EntityManager): Promise<T[]>;
  /** Throws NotFound. Public. */
  get(em: EntityManager, id: number): Promise<T>;
  /** Admin only (Unauthorized). Validates raw input (ValidationFailed); unknown fields ignored. */
  create(em: EntityManager, input: unknown, caller: Caller): Promise<T>;
  /** Admin only. NotFound for an unknown id, StaleVersion when `expected` is not the stored version. */
  update(em: EntityManager, id: number, input: unknown, caller: Caller, expected?: ExpectedVersion): Promise<T>;
  /** Admin only. NotFound for an unknown id. */
  remove(em: EntityManager, id: number, caller: Caller): Promise<void>;
  /** Admin only. Puts the record at `toIndex` (0-based) and renumbers display orders 1..n, in one transaction. */
  move(em: EntityManager, id: number, toIndex: number, caller: Caller): Promise<T[]>;
}

/** A singleton (landing content, statistics): read publicly, updated by id. */
export interface SingletonOperations<T> {
  /** The one record, or null when none exists. Public. */
  get(em: EntityManager): Promise<T | null>;
  /** Admin only. NotFound when the id is not the stored record's; StaleVersion as for collections. */
  update(em: EntityManager, id: number, input: unknown, caller: Caller, expected?: ExpectedVersion): Promise<T>;
}
