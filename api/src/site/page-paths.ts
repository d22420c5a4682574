import path from 'node:path';
import { PUBLIC_PAGE_PATHS } from '../seo/seo-files.js';

// Which public page a request path names. The site's pages live at a handful of fixed paths (the
// list the sitemap gives, seo/seo-files.ts; a new page is added there). Any other spelling of one
// of them (`/news/`, `/news//`, `//news`, `/NEWS`, `/%6Eews`, `/./news`) is answered with a 301 to
// the page, and every other path with the one not-found page, rendered at a fixed URL and kept
// under one cache key whatever the path. So no path a client can invent costs a render or a cache
// entry, and a redirect's Location is always one of the paths below (never another host).

export type PageTarget =
  /** A page: render (or serve from the cache) `path`. */
  | { kind: 'page'; path: string }
  /** Another spelling of a page: 301 to `location` (a path of the list). */
  | { kind: 'redirect'; location: string }
  /** No page: the not-found page (404). */
  | { kind: 'not-found' };

const PAGES: ReadonlySet<string> = new Set(PUBLIC_PAGE_PATHS);

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

/** What the page route answers for a path (it sees only paths no other route took). */
export function pageTarget(rawPath: string): PageTarget {
  if (PAGES.has(rawPath)) return { kind: 'page', path: rawPath };
  const canonical = canonicalPath(rawPath);
  if (canonical !== null && PAGES.has(canonical)) return { kind: 'redirect', location: canonical };
  return { kind: 'not-found' };
}

/** A plain path (`/a-b/c_1`, a trailing slash at most): no dots, escapes or empty segments. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-]+)+\/?$/;

/**
 * The page answer for a path before any route runs (the public read path, public-reads.ts), or null
 * when the path may belong to another route and must go through the app. Pages and their other
 * spellings are known at once; "not found" only for a plain path whose first segment no other route
 * owns (`reservedSegments`, lower case: the API's prefixes, /admin, /assets, the static files).
 */
export function earlyPageTarget(rawPath: string, reservedSegments: ReadonlySet<string>): PageTarget | null {
  const target = pageTarget(rawPath);
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
