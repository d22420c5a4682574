import slugify from '@sindresorhus/slugify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RESERVED_SLUGS, SLUG_MAX_LENGTH, type Field } from '@consulting/model';
import { ValidationFailed } from '../../shared/errors.js';
import { reservedPageSlugMessage, reservedPageSlugs } from './reserved-slugs.js';
import { SLUG_REDIRECTS_TABLE } from './slug-redirect.entity.js';

// The slug of an item with a page of its own (`/news/<slug>`): given by the editor, or made from
// the title when not (transliterated, lower-case words joined by hyphens), unique in its
// collection. A slug another record holds is refused; a made one takes the first free `-2`, `-3`...
// and avoids the old slugs that still redirect somewhere. Writes that choose slugs in one
// collection take turns (a transaction-scoped advisory lock), so two records added at once never
// pick the same one; the unique index stays the last word. A simple page's slug (`/<slug>`, a type
// declared with `page: { path: '' }`) is also never a first path segment the site uses
// (reserved-slugs.ts): a given one is refused with a field message, a made one skips it.

/** Room left in a made slug for a `-<n>` suffix. */
const MADE_SLUG_LENGTH = SLUG_MAX_LENGTH - 8;

/** A slug made from text: lower-case ASCII words joined by hyphens, cut at a word; '' when nothing is left. */
export function slugOf(text: string): string {
  const made = slugify(text, { decamelize: false, separator: '-', lowercase: true });
  if (made.length <= MADE_SLUG_LENGTH) return made;
  const cut = made.slice(0, MADE_SLUG_LENGTH + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, MADE_SLUG_LENGTH)).replace(/-+$/, '');
}

/** The slug field of a type's fields, if it has one: its name and the field it is made from. */
export function slugFieldOf(rules: Readonly<Record<string, Field>>): { name: string; from: string } | null {
  for (const [name, field] of Object.entries(rules)) {
    if (field.kind === 'slug') return { name, from: field.slugFrom ?? 'title' };
  }
  return null;
}

export interface SlugTarget {
  table: string;
  /** The REST path the redirects are kept under. */
  collection: string;
  rules: Readonly<Record<string, Field>>;
  /** What to call an item without a title that makes a slug ('news article'). */
  noun: string;
  /** Its pages are at `/<slug>` (simple pages): the site's own first path segments are taken too. */
  topLevel?: boolean;
}

/**
 * Settles the slug among validated `values` before they are stored: a slug given is checked
 * against the other records, an empty one (null; or absent when `recordId` is null, a new record)
 * is made from the title (`values` or else `current`, the record as stored). Absent on an update:
 * kept. `recordId`: the record written (null when its id is not known yet).
 */
export async function settleSlug(
  em: EntityManager,
  target: SlugTarget,
  values: Record<string, unknown>,
  recordId: number | null,
  current?: Record<string, unknown>,
  {
    whenTaken = 'refuse',
    make = true,
  }: {
    /** A given slug another record holds: refused (an editor's choice), or replaced by a made one (a restore of an old state). */
    whenTaken?: 'refuse' | 'make';
    /** false: only check a given slug (a draft keeps an empty one empty until it is published). */
    make?: boolean;
  } = {},
): Promise<void> {
  const field = slugFieldOf(target.rules);
  if (!field) return;
  const given = values[field.name];
  if (given === undefined && recordId !== null && current) return;
  if (typeof given !== 'string' && !make) return;
  // em.execute runs in the caller's transaction (the lock lasts until it ends).
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`slug:${target.table}`]);
  const others = recordId === null ? '' : ' and id <> ?';
  if (typeof given === 'string') {
    const reserved = target.topLevel ? reservedPageSlugMessage(given) : null;
    if (reserved !== null && whenTaken === 'make') {
      values[field.name] = null;
      return settleSlug(em, target, values, recordId, current);
    }
    if (reserved !== null) throw new ValidationFailed([{ field: field.name, message: reserved }]);
    const [holder] = await em.execute<{ title: string | null }[]>(
      `select "${field.from}"::text as title from "${target.table}" where slug = ?${others} limit 1`,
      recordId === null ? [given] : [given, recordId],
    );
    if (holder && whenTaken === 'make') {
      values[field.name] = null;
      return settleSlug(em, target, values, recordId, current);
    }
    if (holder) {
      throw new ValidationFailed([{ field: field.name, message: `Slug "${given}" is already the address of ${holder.title ? `“${holder.title}”` : `another ${target.noun}`}` }]);
    }
    return;
  }
  const source = values[field.from] ?? current?.[field.from];
  const base = slugOf(typeof source === 'string' ? source : '') || slugOf(target.noun);
  const taken = new Set(
    (
      await em.execute<{ slug: string }[]>(
        `select slug from "${target.table}" where (slug = ? or slug like ?)${others}
         union select old_slug from ${SLUG_REDIRECTS_TABLE} where collection = ? and (old_slug = ? or old_slug like ?)${recordId === null ? '' : ' and record_id <> ?'}`,
        [base, `${base}-%`, ...(recordId === null ? [] : [recordId]), target.collection, base, `${base}-%`, ...(recordId === null ? [] : [recordId])],
      )
    ).map((row) => row.slug),
  );
  for (const reserved of RESERVED_SLUGS) taken.add(reserved);
  if (target.topLevel) for (const reserved of reservedPageSlugs()) taken.add(reserved);
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  values[field.name] = slug;
}

/** The slug target of a content type (the services' view of its table). */
export function slugTargetOf(
  type: { table: string; restPath: string; labels: { noun: string }; page?: { path: string } },
  rules: Readonly<Record<string, Field>>,
): SlugTarget {
  return { table: type.table, collection: type.restPath, rules, noun: type.labels.noun, topLevel: type.page?.path === '' };
}
