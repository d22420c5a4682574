import type { EntityManager } from '@mikro-orm/postgresql';

// Counts remembered for the reads of one content revision. A count(*) over a large collection
// walks every index entry it counts; a public page may ask for the same count several times (the
// page's own total, the list it pages through, which of its page paths exist). The public read
// path (api/src/site) attaches a memo to the EntityManager of each read it produces, and the
// collection services count through it: one count per list, filter and revision, shared by every
// public read of that revision. Other EntityManagers (the admin's, a transaction's) always count.

export interface CountMemo {
  /** The count under `key` at the current revision: `counting()` once, then its answer. */
  count(key: string, counting: () => Promise<number>): Promise<number>;
}

const memos = new WeakMap<EntityManager, CountMemo>();

/** Makes the collection services count through `memo` when given `em` (returns `em`). */
export function countingThrough<E extends EntityManager>(em: E, memo: CountMemo): E {
  memos.set(em, memo);
  return em;
}

/** The memo attached to `em`, if any (never inside a transaction: its own writes may not be counted yet). */
export function countMemoOf(em: EntityManager): CountMemo | undefined {
  return em.isInTransaction() ? undefined : memos.get(em);
}
