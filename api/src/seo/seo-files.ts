/**
 * The public pages: the sitemap lists them, and the page route serves exactly these (any other path
 * gets a 301 to one of them or the not-found page, site/page-paths.ts). A new page is added here.
 */
export const PUBLIC_PAGE_PATHS = ['/', '/team', '/news', '/clients'] as const;

/** Paths crawlers must leave alone: the admin panel and every API surface. */
export const DISALLOWED_PATHS = ['/admin', '/api/', '/graphql'] as const;

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function sitemapXml(origin: string): string {
  const urls = PUBLIC_PAGE_PATHS.map((path) => `  <url>\n    <loc>${escapeXml(`${origin}${path}`)}</loc>\n  </url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
