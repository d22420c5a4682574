import type { MikroORM } from '@mikro-orm/postgresql';
import { contentTypes, RESERVED_SLUGS, SLUG_MAX_LENGTH, SLUG_PATTERN, type ContentType } from '@consulting/model';
import { isReservedPageSlug } from '../content/pages/reserved-slugs.js';
import type { ContentRevisionFeed } from './content-revision-feed.js';
import { PerRevision } from './per-revision.js';

// The item pages: every record of a content type declared with `page` (model: `page: { path }`,
// news and client projects) has a page of its own at `<path>/<slug>` (/news/<slug>). Which slugs
// exist, and which old slugs now name another (slug_redirects: old slug -> record, so always its
// current slug, one hop), is known per content revision: loaded once the first time a revision
// needs it (concurrent askers share the load) and then known at once, to the page paths before any
// route runs (page-paths.ts), the page route and the sitemap alike. While the database is away the
// last index stands in. So an invented slug costs no render, no query and no cache entry.
//
// A type declared with `page: { path: '' }` (simple pages: the privacy policy, the imprint) is the
// list '' and has its items at `/<slug>`: one segment, and never one of the site's own first
// segments (content/pages/reserved-slugs.ts), so a fixed page or a route always wins over a page.

/** A list whose items have pages of their own: its path ('/news'; '' for simple pages at `/<slug>`) and the type (table, REST path). */
export interface ItemList {
  path: string;
  type: ContentType;
}

let lists: ItemList[] | null = null;

/** The content types whose records have pages of their own, by their list's path (from the model). */
export function itemLists(): readonly ItemList[] {
  lists ??= contentTypes.filter((type) => type.kind === 'collection' && type.page).map((type) => ({ path: type.page!.path.toLowerCase(), type }));
  return lists;
}

/** An item's page: its path, its record and when the record last changed. */
export interface ItemPage {
  path: string;
  id: number;
  updatedAt: Date;
}

/**
 * Every item page at one content revision. Kept compact (a list of 100,000 articles is about 10 MB):
 * the paths once, the records' ids and change times in typed arrays at the same positions.
 */
export interface ItemPages {
  /** Every item page's path (`/news/a-slug`, the canonical spelling) -> its position in `paths`. */
  readonly pages: ReadonlyMap<string, number>;
  /** A former path of an item (an old slug) -> the item's path now. */
  readonly moved: ReadonlyMap<string, string>;
  /** The item pages' paths: each list's in its order, the lists one after the other. */
  readonly paths: readonly string[];
  readonly ids: Int32Array;
  /** When each record last changed (milliseconds since 1970). */
  readonly updatedAt: Float64Array;
  /** Each list's item pages: positions `start` to `end` (excluded) in `paths`, by the list's path. */
  readonly lists: ReadonlyMap<string, { start: number; end: number }>;
}

/** No item pages (nothing has one, or nothing was loaded). */
export const NO_ITEM_PAGES: ItemPages = { pages: new Map(), moved: new Map(), paths: [], ids: new Int32Array(0), updatedAt: new Float64Array(0), lists: new Map() };

/** A list's item pages, in its order (the sitemap). */
export function itemPagesOfList(items: ItemPages, list: string): ItemPage[] {
  const range = items.lists.get(list);
  if (!range) return [];
  const pages: ItemPage[] = [];
  for (let i = range.start; i < range.end; i += 1) pages.push({ path: items.paths[i], id: items.ids[i], updatedAt: new Date(items.updatedAt[i]) });
  return pages;
}

/** Each list's item pages by the list's path, in its order (the sitemap). */
export function itemPagesByList(items: ItemPages): Map<string, ItemPage[]> {
  return new Map([...items.lists.keys()].map((list) => [list, itemPagesOfList(items, list)]));
}

const RESERVED: ReadonlySet<string> = new Set(RESERVED_SLUGS);

/** Whether `slug` may name an item (the model's slug rule; `page` and `feed` are taken by the lists). */
export function isSlug(slug: string): boolean {
  return slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug) && !RESERVED.has(slug);
}

/** Whether `slug` may name an item of `list`: a simple page's (list '') is never one of the site's own first segments. */
function isSlugOf(list: string, slug: string): boolean {
  return isSlug(slug) && (list !== '' || !isReservedPageSlug(slug));
}

/**
 * The list and slug a canonical path would name as an item page (`/news/a-slug`; `/a-slug` when
 * simple pages are declared: the list ''), or null when it cannot name one.
 */
export function itemPathOf(canonical: string): { list: string; slug: string } | null {
  const slash = canonical.lastIndexOf('/');
  if (slash < 0) return null;
  const list = canonical.slice(0, slash);
  const slug = canonical.slice(slash + 1);
  if (!itemLists().some((entry) => entry.path === list) || !isSlugOf(list, slug)) return null;
  return { list, slug };
}

/** A row of a list's records: its id, slug and last change. */
export interface ItemRow {
  id: number;
  slug: string;
  updatedAt: Date;
}

/** A former slug and the current slug of the record it named. */
export interface MovedRow {
  oldSlug: string;
  slug: string;
}

/** The index of the lists' rows (each list's records in its order, and their old slugs). */
export function itemPagesOf(rows: readonly { list: string; items: readonly ItemRow[]; moved: readonly MovedRow[] }[]): ItemPages {
  const total = rows.reduce((sum, row) => sum + row.items.length, 0);
  const pages = new Map<string, number>();
  const moved = new Map<string, string>();
  const paths: string[] = [];
  const ids = new Int32Array(total);
  const updatedAt = new Float64Array(total);
  const lists = new Map<string, { start: number; end: number }>();
  for (const { list, items, moved: movedRows } of rows) {
    const start = paths.length;
    for (const { id, slug, updatedAt: changed } of items) {
      // A slug written around the rules (by hand in the database) names no reachable page.
      if (!isSlugOf(list, slug)) continue;
      const path = `${list}/${slug}`;
      if (pages.has(path)) continue;
      ids[paths.length] = id;
      updatedAt[paths.length] = changed.getTime();
      pages.set(path, paths.length);
      paths.push(path);
    }
    lists.set(list, { start, end: paths.length });
    for (const { oldSlug, slug } of movedRows) {
      const from = `${list}/${oldSlug}`;
      const to = `${list}/${slug}`;
      // A slug a record holds now is its page, whatever an old redirect says.
      if (isSlugOf(list, oldSlug) && pages.has(to) && !pages.has(from)) moved.set(from, to);
    }
  }
  return { pages, moved, paths, ids: ids.subarray(0, paths.length), updatedAt: updatedAt.subarray(0, paths.length), lists };
}

/** Quoted SQL identifier (the tables' names come from the model's declarations). */
const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Reads every item list's records (id, slug, last change; in the public list order) and old slugs
 * (joined to their record: a deleted record's old slugs name nothing), each query on its own
 * connection at once.
 */
async function loadItemPages(orm: MikroORM): Promise<ItemPages> {
  const execute = <T extends object>(sql: string, params: unknown[]) => orm.em.fork().getConnection().execute<T[]>(sql, params);
  const rows = await Promise.all(
    itemLists().map(async ({ path, type }) => {
      const table = identifier(type.table);
      const [items, moved] = await Promise.all([
        execute<{ id: number; slug: string; updated_at: Date | string }>(`select id, slug, updated_at from ${table} order by display_order, id`, []),
        execute<{ old_slug: string; slug: string }>(
          `select r.old_slug, t.slug from "slug_redirects" r join ${table} t on t.id = r.record_id where r.collection = ?`,
          [type.restPath],
        ),
      ]);
      return {
        list: path,
        items: items.map((row) => ({ id: Number(row.id), slug: row.slug, updatedAt: new Date(row.updated_at) })),
        moved: moved.map((row) => ({ oldSlug: row.old_slug, slug: row.slug })),
      };
    }),
  );
  return itemPagesOf(rows);
}

/** The item pages at the current content revision (per-revision.ts). */
export class ItemPagesSource extends PerRevision<ItemPages> {
  constructor(orm: MikroORM, feed: ContentRevisionFeed) {
    super(feed, () => loadItemPages(orm));
  }
}

const sources = new WeakMap<ContentRevisionFeed, ItemPagesSource>();

/** The one item pages source of a revision feed (the read path, the page route and the sitemap share it). */
export function itemPages(orm: MikroORM, feed: ContentRevisionFeed): ItemPagesSource {
  let source = sources.get(feed);
  if (!source) {
    source = new ItemPagesSource(orm, feed);
    sources.set(feed, source);
  }
  return source;
}
