import { PRELOADED_FONT_URLS } from '../../components/fonts';
import heroPosterUrl from '../../assets/poster.jpg';
import { FIRM_NAME } from '../firm';
import type { PageMetaValues, PreloadImage } from '../page-meta';

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A site path or an absolute URL, made absolute against the site's public origin. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
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

/**
 * The server-rendered head of a public page: title, description, canonical URL, OpenGraph and
 * Twitter card with an image, font and image preloads, and schema.org JSON-LD (a data block, which
 * a script CSP does not apply to). Absolute URLs come from `origin`, the site's public origin.
 */
export function headTags(meta: PageMetaValues, origin: string, path: string): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const pageUrl = escapeHtml(absoluteUrl(origin, path));
  const image = escapeHtml(absoluteUrl(origin, meta.image ?? heroPosterUrl));
  const indexable = (meta.status ?? 200) === 200;
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    indexable ? `<link rel="canonical" href="${pageUrl}" />` : `<meta name="robots" content="noindex" />`,
    ...(indexable && meta.prev ? [`<link rel="prev" href="${escapeHtml(absoluteUrl(origin, meta.prev))}" />`] : []),
    ...(indexable && meta.next ? [`<link rel="next" href="${escapeHtml(absoluteUrl(origin, meta.next))}" />`] : []),
    ...PRELOADED_FONT_URLS.map((url) => `<link rel="preload" href="${escapeHtml(url)}" as="font" type="font/woff2" crossorigin />`),
    ...(indexable ? (meta.feeds ?? []) : []).map(
      (feed) => `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(absoluteUrl(origin, feed.href))}" />`,
    ),
    ...(meta.preloadImages ?? []).map(preloadTag),
    `<meta property="og:type" content="${meta.type === 'article' ? 'article' : 'website'}" />`,
    ...articleTags(meta),
    `<meta property="og:site_name" content="${escapeHtml(FIRM_NAME)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${pageUrl}" />`,
    `<meta property="og:image" content="${image}" />`,
    ...(meta.imageSize
      ? [`<meta property="og:image:width" content="${meta.imageSize.width}" />`, `<meta property="og:image:height" content="${meta.imageSize.height}" />`]
      : []),
    ...(meta.imageAlt ? [`<meta property="og:image:alt" content="${escapeHtml(meta.imageAlt)}" />`] : []),
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    ...(meta.imageAlt ? [`<meta name="twitter:image:alt" content="${escapeHtml(meta.imageAlt)}" />`] : []),
  ];
  if (indexable && meta.structuredData) tags.push(...meta.structuredData(origin).map(jsonLdScript));
  return tags.join('\n    ');
}
