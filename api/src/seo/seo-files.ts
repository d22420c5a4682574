import { ADMIN_PANEL_ROOT, API_ROOT, GRAPHQL_PATH } from '../shared/url-paths.js';
/**
 * The public pages: the sitemap lists them, and the page route serves exactly these (any other path
 * gets a 301 to one of them or the not-found page, site/page-paths.ts). A new page is added here.
 */
export const PUBLIC_PAGE_PATHS = ['/', '/team', '/news', '/clients'] as const;

/**
 * Pages the page route serves that the sitemap leaves out (they ask not to be indexed): the
 * contact form's thank-you page, where a visitor lands after sending a message without JavaScript.
 */
export const UNLISTED_PAGE_PATHS = ['/contact/thanks'] as const;

/**
 * The public pages shown in pages (cards per page: PUBLIC_LIST_PAGE_SIZE) and the collection each
 * lists (its registry path): page 1 at the path itself, later ones at `<path>/page/<n>`.
 */
export const PAGED_LIST_PATHS: Readonly<Record<string, string>> = { '/news': 'news', '/clients': 'clients' };

/** How many pages each paged list has now, by its path (a list missing here has one). */
export type ListPageCounts = Readonly<Record<string, number>>;

/** A sitemap file holds at most this many URLs (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** Paths crawlers must leave alone: the admin panel and every API surface. */
export const DISALLOWED_PATHS = [ADMIN_PANEL_ROOT, `${API_ROOT}/`, GRAPHQL_PATH] as const;

/** Characters XML 1.0 cannot hold at all, escaped or not (control characters, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML character data or an attribute value: markup characters escaped, characters XML cannot hold left out. */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** The items' own pages of each list (by the list's path), in the list's order, with when each last changed. */
export type ItemPagesByList = ReadonlyMap<string, readonly { path: string; updatedAt: Date }[]>;

/** A sitemap entry: a page's path, and when an item's page last changed. */
export interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

/**
 * Every page, in order: each public page; a paged list followed by its later pages, then its items'
 * own pages (`items`: with when each last changed); then the items of lists that are no public page
 * (simple pages at `/<slug>`, the list ''), with when each last changed; SITEMAP_MAX_URLS at most.
 */
export function sitemapEntries(counts: ListPageCounts = {}, items?: ItemPagesByList): SitemapEntry[] {
  const entries: SitemapEntry[] = [];
  for (const path of PUBLIC_PAGE_PATHS) {
    entries.push({ path });
    const pages = Object.hasOwn(PAGED_LIST_PATHS, path) ? Math.min(counts[path] ?? 1, SITEMAP_MAX_URLS) : 1;
    for (let page = 2; page <= pages && entries.length < SITEMAP_MAX_URLS; page += 1) entries.push({ path: `${path}/page/${page}` });
    for (const item of items?.get(path) ?? []) {
      if (entries.length >= SITEMAP_MAX_URLS) break;
      entries.push({ path: item.path, lastmod: item.updatedAt });
    }
  }
  const listed: ReadonlySet<string> = new Set(PUBLIC_PAGE_PATHS);
  for (const [list, pages] of items ?? []) {
    if (listed.has(list)) continue;
    for (const page of pages) {
      if (entries.length >= SITEMAP_MAX_URLS) break;
      entries.push({ path: page.path, lastmod: page.updatedAt });
    }
  }
  return entries.slice(0, SITEMAP_MAX_URLS);
}

/** Every page's path, in order (sitemapEntries). */
export function sitemapPaths(counts: ListPageCounts = {}, items?: ItemPagesByList): string[] {
  return sitemapEntries(counts, items).map((entry) => entry.path);
}

/** A moment as a W3C datetime in UTC, to the second (`2026-11-24T19:00:00Z`): sitemaps' lastmod, Atom's dates. */
export function w3cDateTime(moment: Date): string {
  return moment.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** sitemap.xml: every page of the site under `origin`, the paged lists' pages as `counts` has them, the items' pages as `items` has them. */
export function sitemapXml(origin: string, counts: ListPageCounts = {}, items?: ItemPagesByList): string {
  const urls = sitemapEntries(counts, items).map(
    ({ path, lastmod }) => `  <url>\n    <loc>${escapeXml(`${origin}${path}`)}</loc>\n${lastmod ? `    <lastmod>${w3cDateTime(lastmod)}</lastmod>\n` : ''}  </url>`,
  );
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
