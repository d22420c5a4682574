import { ADMIN_PANEL_ROOT, API_ROOT, GRAPHQL_PATH } from '../shared/url-paths.js';
/**
 * The public pages: the sitemap lists them, and the page route serves exactly these (any other path
 * gets a 301 to one of them or the not-found page, site/page-paths.ts). A new page is added here.
 */
export const PUBLIC_PAGE_PATHS = ['/', '/team', '/news', '/clients'] as const;

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

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Every page's path, in order: each public page, a paged list followed by its later pages; SITEMAP_MAX_URLS at most. */
export function sitemapPaths(counts: ListPageCounts = {}): string[] {
  const paths: string[] = [];
  for (const path of PUBLIC_PAGE_PATHS) {
    paths.push(path);
    const pages = Object.hasOwn(PAGED_LIST_PATHS, path) ? Math.min(counts[path] ?? 1, SITEMAP_MAX_URLS) : 1;
    for (let page = 2; page <= pages; page += 1) paths.push(`${path}/page/${page}`);
  }
  return paths.slice(0, SITEMAP_MAX_URLS);
}

/** sitemap.xml: every page of the site under `origin`, the paged lists' pages as `counts` has them. */
export function sitemapXml(origin: string, counts: ListPageCounts = {}): string {
  const urls = sitemapPaths(counts).map((path) => `  <url>\n    <loc>${escapeXml(`${origin}${path}`)}</loc>\n  </url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
