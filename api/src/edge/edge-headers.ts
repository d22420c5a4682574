import type { EdgeConfig } from '../config.js';
import { ReadTags } from './edge-tags.js';

// The headers that tell a CDN (or Varnish) what it may keep and what a response was built from:
// the public responses' Cache-Control and their tag headers (EDGE_TAG_HEADERS). With EDGE_CACHE
// off, pages say `no-cache` and public API reads keep their short browser/CDN max-age (as before
// the edge): nobody would purge a shared cache. With it on, browsers still revalidate every time
// (max-age=0, must-revalidate, against the ETag) while shared caches keep a response for
// EDGE_S_MAXAGE seconds, or until a publish purges its tags, and may serve it stale while they ask
// again (EDGE_SWR) or while the origin fails (EDGE_SIE). Anything private says `private, no-store`.

/** Responses for a session, previews, the admin and anything else not public. */
export const PRIVATE_NO_STORE = 'private, no-store';
/** A public read asked with a session cookie: the public bytes, kept by no shared cache. */
export const PRIVATE_REVALIDATE = 'private, no-cache';
/** Pages without the edge: every browser asks again (with the ETag) each time. */
export const PAGE_NO_CACHE = 'no-cache';

export interface EdgeHeaders {
  /** Whether shared caches may keep public responses (EDGE_CACHE). */
  readonly edgeCache: boolean;
  /** Cache-Control of a public page (and the files among the pages). */
  readonly pageCacheControl: string;
  /** Cache-Control of an anonymous public read (REST, GraphQL), given the API's own setting without the edge. */
  readCacheControl(fallback: string): string;
  /** The tag headers naming `tags` (none when EDGE_TAG_HEADERS is empty). */
  tagHeaders(tags: ReadTags | readonly string[]): Record<string, string>;
  /** A public read cache production (site/public-cache.ts) with the tag headers of `tags` when it is kept (a complete answer); as it is otherwise. */
  tagged<P extends Tagged>(production: P, tags: ReadTags): P;
}

/** What the public read cache produces (site/public-cache.ts Production), as far as tagging goes. */
interface Tagged {
  produced: { headers: Record<string, string> };
  cacheable: boolean;
}

/** A header's separator: `Cache-Tag`, `Edge-Cache-Tag` and the like take commas, `Surrogate-Key` and `xkey` spaces. */
const tagSeparator = (header: string) => (/tags?$/i.test(header) ? ',' : ' ');

const made = new WeakMap<EdgeConfig, EdgeHeaders>();

/** The edge headers of these settings (made once per settings object). */
export function edgeHeadersOf(edge: EdgeConfig): EdgeHeaders {
  let headers = made.get(edge);
  if (!headers) made.set(edge, (headers = edgeHeaders(edge)));
  return headers;
}

function edgeHeaders(edge: EdgeConfig): EdgeHeaders {
  const shared = `public, max-age=0, must-revalidate, s-maxage=${edge.sMaxAgeSeconds}, stale-while-revalidate=${edge.staleWhileRevalidateSeconds}, stale-if-error=${edge.staleIfErrorSeconds}`;
  const names = edge.tagHeaders.map((name) => [name, tagSeparator(name)] as const);
  return {
    edgeCache: edge.cache,
    pageCacheControl: edge.cache ? shared : PAGE_NO_CACHE,
    readCacheControl: (fallback) => (edge.cache ? shared : fallback),
    tagHeaders(tags) {
      const list = tags instanceof ReadTags ? tags.list() : tags;
      const headers: Record<string, string> = {};
      for (const [name, separator] of names) headers[name] = list.join(separator);
      return headers;
    },
    tagged(production, tags) {
      if (!production.cacheable || names.length === 0) return production;
      const { produced } = production;
      return { ...production, produced: { ...produced, headers: { ...produced.headers, ...this.tagHeaders(tags) } } };
    },
  };
}
