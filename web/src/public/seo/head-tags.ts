import { SOCIAL_IMAGE, socialImageOf } from '@consulting/model';
import { PRELOADED_FONT_URLS } from '../../components/fonts';
import { absoluteUrl } from '../absolute-url';
import type { PageMetaValues, PreloadImage } from '../page-meta';
import { siteFrom, type Site } from '../site/site';
import { structuredDataOf } from './structured-data';

// The head of a server-rendered public page. Only the server renderer (entry-server.tsx) loads
// this module and structured-data.ts: the pages hand it their data through PageMeta.

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON inside a <script> data block: `<` escaped so no content can close the element. */
function jsonLdScript(data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

function preloadTag(image: PreloadImage): string {
  if (typeof image === 'string') return `<link rel="preload" href="${escapeHtml(image)}" as="image" fetchpriority="high" />`;
  const attrs = [
    `href="${escapeHtml(image.href)}"`,
    ...(image.srcSet ? [`imagesrcset="${escapeHtml(image.srcSet)}"`] : []),
    ...(image.sizes ? [`imagesizes="${escapeHtml(image.sizes)}"`] : []),
    ...(image.type ? [`type="${escapeHtml(image.type)}"`] : []),
  ];
  return `<link rel="preload" ${attrs.join(' ')} as="image" fetchpriority="high" />`;
}

/** The OpenGraph tags of an article: its dates (only those given). */
function articleTags(meta: PageMetaValues): string[] {
  if (meta.type !== 'article' || !meta.article) return [];
  const { publishedTime, modifiedTime } = meta.article;
  return [
    ...(publishedTime ? [`<meta property="article:published_time" content="${escapeHtml(publishedTime)}" />`] : []),
    ...(modifiedTime ? [`<meta property="article:modified_time" content="${escapeHtml(modifiedTime)}" />`] : []),
  ];
}

/** A page's link-preview image: where it is, its size when known, and what it shows. */
export interface ShareImage {
  url: string;
  size?: { width: number; height: number };
  alt: string;
}

/** The name of a page's generated share card (/share/<name>.png): its path without the leading slash, `index` for /. */
export function shareCardName(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? 'index' : trimmed;
}

/**
 * A page's link-preview image: its own picture when it has one; else the firm's default share
 * image (its 1200x630 variant when it is an upload); else the card generated for the page (the
 * firm's logo and name and the page's title, 1200x630); a page that is not one (a 404) gets the
 * home page's card. Its text alternative: what the page gives, else the page's title (which names
 * the firm).
 */
export function shareImage(meta: PageMetaValues, path: string, site: Site): ShareImage {
  if (meta.image) return { url: meta.image, ...(meta.imageSize ? { size: meta.imageSize } : {}), alt: meta.imageAlt || meta.title };
  if (site.shareImageUrl) {
    const variant = socialImageOf(site.shareImageUrl);
    return { url: variant, ...(variant !== site.shareImageUrl ? { size: { ...SOCIAL_IMAGE } } : {}), alt: meta.title };
  }
  const page = (meta.status ?? 200) === 200 ? shareCardName(path) : 'index';
  return { url: `/share/${page}.png`, size: { ...SOCIAL_IMAGE }, alt: meta.title };
}

/** OpenGraph's locale form of a BCP 47 tag: en-US -> en_US. */
export const openGraphLocale = (locale: string) => locale.replace(/-/g, '_');

/**
 * The firm's icons and web manifest (the server makes them from the Site screen's icon), their
 * addresses carrying the settings' version so a new icon is fetched at once.
 */
function iconTags(site: Site): string[] {
  const v = `?v=${site.version}`;
  return [
    `<link rel="icon" href="/icons/favicon-32.png${v}" sizes="32x32" type="image/png" />`,
    `<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png${v}" sizes="180x180" />`,
    `<link rel="manifest" href="/site.webmanifest${v}" />`,
  ];
}

/**
 * The server-rendered head of a public page: title, description, canonical URL, the firm's icons
 * and manifest, OpenGraph and Twitter card with an image, font and image preloads, and schema.org
 * JSON-LD (a data block, which a script CSP does not apply to). Absolute URLs come from `origin`,
 * the site's public origin; the firm's name, locale and images from `site`.
 */
export function headTags(meta: PageMetaValues, origin: string, path: string, site: Site = siteFrom(undefined)): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const pageUrl = escapeHtml(absoluteUrl(origin, path));
  const share = shareImage(meta, path, site);
  const image = escapeHtml(absoluteUrl(origin, share.url));
  const imageAlt = escapeHtml(share.alt);
  const indexable = (meta.status ?? 200) === 200 && !meta.noindex;
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    indexable ? `<link rel="canonical" href="${pageUrl}" />` : `<meta name="robots" content="noindex" />`,
    ...(indexable && meta.prev ? [`<link rel="prev" href="${escapeHtml(absoluteUrl(origin, meta.prev))}" />`] : []),
    ...(indexable && meta.next ? [`<link rel="next" href="${escapeHtml(absoluteUrl(origin, meta.next))}" />`] : []),
    ...iconTags(site),
    ...PRELOADED_FONT_URLS.map((url) => `<link rel="preload" href="${escapeHtml(url)}" as="font" type="font/woff2" crossorigin />`),
    ...(indexable ? (meta.feeds ?? []) : []).map(
      (feed) => `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(absoluteUrl(origin, feed.href))}" />`,
    ),
    ...(meta.preloadImages ?? []).map(preloadTag),
    `<meta property="og:type" content="${meta.type === 'article' ? 'article' : 'website'}" />`,
    ...articleTags(meta),
    `<meta property="og:site_name" content="${escapeHtml(site.firmName)}" />`,
    `<meta property="og:locale" content="${escapeHtml(openGraphLocale(site.locale))}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${pageUrl}" />`,
    `<meta property="og:image" content="${image}" />`,
    ...(share.size
      ? [`<meta property="og:image:width" content="${share.size.width}" />`, `<meta property="og:image:height" content="${share.size.height}" />`]
      : []),
    `<meta property="og:image:alt" content="${imageAlt}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    `<meta name="twitter:image:alt" content="${imageAlt}" />`,
  ];
  if (indexable && meta.structuredData) tags.push(...meta.structuredData.flatMap((spec) => structuredDataOf(spec, origin, site)).map(jsonLdScript));
  return tags.join('\n    ');
}
