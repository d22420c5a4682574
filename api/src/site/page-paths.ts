import path from 'node:path';
import { PAGED_LIST_PATHS, PUBLIC_PAGE_PATHS, UNLISTED_PAGE_PATHS, type ListPageCounts } from '../seo/seo-files.js';
import { itemPathOf, NO_ITEM_PAGES, type ItemPages } from './item-pages.js';

// Which public page a request path names. The site's pages live at a handful of fixed paths (the
// list the sitemap gives, seo/seo-files.ts; a new page is added there). Any other spelling of one
// of them (`/news/`, `/news//`, `//news`, `/NEWS`, `/%6Eews`, `/./news`) is answered with a 301 to
// the page, and every other path with the one not-found page, rendered at a fixed URL and kept
// under one cache key whatever the path. So no path a client can invent costs a render or a cache
// entry, and a redirect's Location is always one of the paths below (never another host).
//
// The paged lists (/news, /clients) have their later pages at `/news/page/2`, `/news/page/3`, ...
// up to their last page, which depends on the content: those paths are pages only while the list
// has that many pages (ListPageCounts, counted once per content revision, list-page-counts.ts).
// `/news/page/1` is answered with a 301 to `/news`; a page past the last, page 0, a leading zero
// or anything not a number is not found (the one not-found page and its one cache key). So the
// pages a client can make the server render are the list's real pages, and no more.
//
// The items of a list declared with pages of their own (news, client projects: item-pages.ts) have
// them at `<list>/<slug>`: a page while a published record has that slug; a former slug of a
// published record is answered with a 301 to the record's page now (one hop, whatever the number
// of renames); any other slug is not found. Which slugs exist is known per content revision
// (ItemPages), like the page counts. Simple pages (the list '', item-pages.ts) have theirs at
// `/<slug>` the same way: `/Privacy-Policy` 301s to `/privacy-policy`, a former slug 301s to the page
// now, and an unknown one is the not-found page. The fixed pages above win (a page's slug is never
// one of the site's own first segments, and they are looked up first).

export type PageTarget =
  /** A page: render (or serve from the cache) `path`. */
  | { kind: 'page'; path: string }
  /**
   * Another spelling of a page: 301 to `location` (a path of the list, or an item's page). `moved`:
   * an item's former slug (or a spelling of one), whose answer changes with the content.
   */
  | { kind: 'redirect'; location: string; moved?: true }
  /** No page: the not-found page (404). */
  | { kind: 'not-found' };

const PAGES: ReadonlySet<string> = new Set([...PUBLIC_PAGE_PATHS, ...UNLISTED_PAGE_PATHS]);

/** The URL the not-found page is rendered at, whatever was asked for: its markup then depends on no request. */
export const NOT_FOUND_RENDER_URL = '/404';

/** Longer paths are never a spelling of a page (and are not worth decoding). */
const MAX_CANONICAL_INPUT = 1024;

/**
 * A request path as the page it would name: %-decoded, dot segments and repeated slashes resolved,
 * no trailing slash, lower case. Null when it cannot be decoded.
 */
export function canonicalPath(rawPath: string): string | null {
  if (rawPath.length > MAX_CANONICAL_INPUT) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/')) return null;
  return (path.posix.normalize(decoded).replace(/\/+$/, '') || '/').toLowerCase();
}

/** A later page of a paged list, as written in its canonical path: `/news/page/2` (group 1 the list, 2 the number). */
const LIST_PAGE = /^(\/[a-z]+)\/page\/([1-9]\d{0,8})$/;

/** `/<list>/page/<n>` in any spelling (the number still plain after decoding): `/NEWS/Page/2/`, `/news/page/%32`. */
function listPageOf(path: string): { list: string; page: number } | null {
  const match = LIST_PAGE.exec(path);
  if (!match || !Object.hasOwn(PAGED_LIST_PATHS, match[1])) return null;
  return { list: match[1], page: Number(match[2]) };
}

/**
 * What the page route answers for a path (it sees only paths no other route took). `counts`: the
 * paged lists' page counts now; null when they are not known yet, and then the answer for a later
 * page of a list is null too (the caller counts, then asks again). `items`: the item pages now
 * (none when not given); null when not known yet, and then the answer for a path that could be an
 * item's page is null too (the caller loads them, then asks again).
 */
export function pageTarget(rawPath: string, counts: ListPageCounts | null = null, items: ItemPages | null = NO_ITEM_PAGES): PageTarget | null {
  if (PAGES.has(rawPath)) return { kind: 'page', path: rawPath };
  if (items !== null) {
    // An item's page, or its former path, as written: one lookup, like the fixed pages'.
    if (items.pages.has(rawPath)) return { kind: 'page', path: rawPath };
    const moved = items.moved.get(rawPath);
    if (moved !== undefined) return { kind: 'redirect', location: moved, moved: true };
  }
  const exact = listPageOf(rawPath);
  const canonical = exact ? rawPath : canonicalPath(rawPath);
  if (canonical === null) return { kind: 'not-found' };
  if (!exact && PAGES.has(canonical)) return { kind: 'redirect', location: canonical };
  const listPage = exact ?? listPageOf(canonical);
  if (listPage === null) return itemTarget(canonical, items);
  if (listPage.page === 1) return { kind: 'redirect', location: listPage.list };
  if (counts === null) return null;
  if (listPage.page > (counts[listPage.list] ?? 1)) return { kind: 'not-found' };
  return exact ? { kind: 'page', path: rawPath } : { kind: 'redirect', location: canonical };
}

/** A canonical path that is neither a fixed page nor a list's page: an item's page (in another spelling), its former path, or nothing. */
function itemTarget(canonical: string, items: ItemPages | null): PageTarget | null {
  if (itemPathOf(canonical) === null) return { kind: 'not-found' };
  if (items === null) return null;
  // The path as written was looked up already: this is another spelling.
  if (items.pages.has(canonical)) return { kind: 'redirect', location: canonical };
  const moved = items.moved.get(canonical);
  return moved === undefined ? { kind: 'not-found' } : { kind: 'redirect', location: moved, moved: true };
}

/** Whether answering `rawPath` needs the item pages (it could name an item's page), rather than the page counts. */
export function needsItemPages(rawPath: string): boolean {
  const canonical = canonicalPath(rawPath);
  return canonical !== null && listPageOf(canonical) === null && itemPathOf(canonical) !== null;
}

/** A plain path (`/a-b/c_1`, a trailing slash at most): no dots, escapes or empty segments. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-]+)+\/?$/;

/**
 * The page answer for a path before any route runs (the public read path, public-reads.ts), or null
 * when the path may belong to another route and must go through the app. Pages and their other
 * spellings are known at once; "not found" only for a plain path whose first segment no other route
 * owns (`reservedSegments`, lower case: the API's prefixes, /admin, /assets, the static files).
 */
export function earlyPageTarget(
  rawPath: string,
  reservedSegments: ReadonlySet<string>,
  counts: ListPageCounts | null = null,
  items: ItemPages | null = NO_ITEM_PAGES,
): PageTarget | null {
  const target = pageTarget(rawPath, counts, items);
  if (target === null) return null;
  if (target.kind !== 'not-found') return target;
  if (!PLAIN_PATH.test(rawPath)) return null;
  const first = rawPath.slice(1).split('/', 1)[0].toLowerCase();
  return reservedSegments.has(first) ? null : target;
}

/**
 * The Location of a redirect to `location` keeping the request's query string, with anything
 * outside printable ASCII %-escaped (the query string is the client's; the path is one of ours).
 */
export function redirectLocation(location: string, search: string): string {
  if (!search) return location;
  return `${location}?${search.replace(/[^\x21-\x7e]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}`;
}
