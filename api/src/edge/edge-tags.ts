import type { EntityManager } from '@mikro-orm/postgresql';
import { contentTypes } from '@consulting/model';

// Cache tags: what a public response was built from, named so that a change can purge exactly the
// responses it affects at a CDN (edge-purge.entity.ts). `all` is on every response; `t:<type>`
// (the type's REST path: `t:news`, `t:site-settings`) on every response that depends on which
// records of a type exist or how they are ordered (a list, a count, a neighbour, a lookup that
// found nothing); `r:<type>:<id>` on every response that shows a record. A change of a record
// purges its type's tag and its own (the content tables' triggers), so a list or count is
// purged by any change of its type, a response showing one record only by that record's changes.
//
// The reads record what they use as they run: the public read path attaches a ReadTags to the
// EntityManager of each production (page, REST or GraphQL read), and the content reads (list,
// count, record, singleton, slug lookup, neighbour) note their type and records on it, as the
// count memo is attached (content/count-memo.ts). Other EntityManagers (the admin's) note nothing.

export const ALL_TAG = 'all';
export const typeTag = (type: string) => `t:${type}`;
export const recordTag = (type: string, id: number | string) => `r:${type}:${id}`;

/** Every content type's REST path (what a response that may show anything depends on: the not-found page). */
export function everyContentType(): string[] {
  return contentTypes.map((type) => type.restPath);
}

/** The tags one response depends on, collected while it is produced. */
export class ReadTags {
  readonly types = new Set<string>();
  /** Record ids by type. */
  readonly records = new Map<string, Set<string>>();

  /** The response depends on the set or order of the type's records. */
  type(type: string): void {
    this.types.add(type);
  }

  /** The response shows these records (anything with an `id`; others are skipped). */
  record(type: string, ...records: readonly unknown[]): void {
    for (const record of records) {
      const id = (record as { id?: unknown } | null)?.id;
      if (typeof id !== 'number' && typeof id !== 'string') continue;
      let ids = this.records.get(type);
      if (!ids) this.records.set(type, (ids = new Set()));
      ids.add(String(id));
    }
  }

  /**
   * The tags, `all` first, then the type tags, then the record tags. Past `maxBytes` (joined with
   * a separator), a record tag whose type tag is present goes first (the type tag purges whenever
   * it would), then each type's record tags give way to its type tag (a purge of more, never of less).
   */
  list(maxBytes = TAG_HEADER_MAX_BYTES): string[] {
    const types = [...this.types].sort();
    const records = [...this.records].sort(([a], [b]) => a.localeCompare(b));
    const recordTags = (keep: (type: string) => boolean) => records.filter(([type]) => keep(type)).flatMap(([type, ids]) => [...ids].map((id) => recordTag(type, id)));
    const typeTags = (names: string[]) => names.map(typeTag);
    const size = (tags: string[]) => tags.reduce((sum, tag) => sum + tag.length + 1, 0);
    let tags = [ALL_TAG, ...typeTags(types), ...recordTags(() => true)];
    if (size(tags) <= maxBytes) return tags;
    tags = [ALL_TAG, ...typeTags(types), ...recordTags((type) => !this.types.has(type))];
    if (size(tags) <= maxBytes) return tags;
    return [ALL_TAG, ...typeTags([...new Set([...types, ...records.map(([type]) => type)])].sort())];
  }
}

/** Bytes of tags per header: well under the 8 KiB a Varnish header line may have by default (and Fastly's and Cloudflare's 16 KiB). */
export const TAG_HEADER_MAX_BYTES = 4000;

const recorders = new WeakMap<EntityManager, ReadTags>();

/** Makes the content reads note their types and records on `tags` when given `em` (returns `em`). */
export function recordingReads<E extends EntityManager>(em: E, tags: ReadTags): E {
  recorders.set(em, tags);
  return em;
}

/** A content read of `type` that depends on its records' set or order (a list, a count). */
export function noteTypeRead(em: EntityManager, type: string, records: readonly unknown[] = []): void {
  const tags = recorders.get(em);
  if (!tags) return;
  tags.type(type);
  tags.record(type, ...records);
}

/** A content read of one record (by id, or a singleton's): its tag; a lookup that found none depends on which exist (its type's). */
export function noteRecordRead(em: EntityManager, type: string, record: unknown): void {
  const tags = recorders.get(em);
  if (!tags) return;
  if (record === null || record === undefined) tags.type(type);
  else tags.record(type, record);
}
