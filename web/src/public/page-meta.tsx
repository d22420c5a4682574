import { createContext, useContext, useEffect } from 'react';
import type { StructuredDataSpec } from './seo/structured-data';

/** A schema.org JSON-LD object; built on the server with the site's public origin. */
export type StructuredData = Record<string, unknown>;

/**
 * An image the page shows first, preloaded from the head: its address, or for a responsive image
 * the srcset and sizes of one of its formats (a browser that cannot show `type` skips the preload).
 */
export type PreloadImage = string | { href: string; srcSet?: string; sizes?: string; type?: string };

/** An article's dates for OpenGraph (`article:published_time`, `article:modified_time`): ISO 8601. */
export interface ArticleMeta {
  publishedTime?: string;
  modifiedTime?: string;
}

export interface PageMetaValues {
  title: string;
  description: string;
  /** HTTP status the server answers with (404 for the not-found page; such pages are not indexed). */
  status?: number;
  /** A page search engines should leave out (the contact form's thank-you page): no canonical link, `robots: noindex`. */
  noindex?: boolean;
  /**
   * Social card image, when the page has a picture of its own: a site path or an absolute URL.
   * Without: the firm's default share image, else the page's generated card (/share/<page>.png).
   */
  image?: string;
  /** The social card image's size in pixels, when known (`og:image:width` / `og:image:height`). */
  imageSize?: { width: number; height: number };
  /** What the social card image shows (`og:image:alt`). */
  imageAlt?: string;
  /** `og:type`: 'website' (the default) or 'article' (an item's own page, with its dates). */
  type?: 'website' | 'article';
  article?: ArticleMeta;
  /** Atom feeds of the page's content (autodiscovery): a title and a site path each. */
  feeds?: { title: string; href: string }[];
  /** Images the page shows first (the hero poster): preloaded from the head. */
  preloadImages?: PreloadImage[];
  /** A paged list's previous and next pages (site paths): `<link rel="prev">` / `rel="next"` in the head. */
  prev?: string;
  next?: string;
  /**
   * What the page describes in schema.org JSON-LD, as data: the server renderer makes the JSON-LD
   * with the site's public origin (never the request's Host) and the firm's settings.
   */
  structuredData?: StructuredDataSpec[];
}

/**
 * Filled while rendering on the server (the page's title, description and status end up in the
 * HTML head and the response); absent in the browser, where the document title is set directly.
 */
export const PageMetaCollector = createContext<{ current?: PageMetaValues } | null>(null);

/** Declares the current page's head tags. Render it once per page. */
export function PageMeta(props: PageMetaValues) {
  const collector = useContext(PageMetaCollector);
  if (collector) collector.current = props;
  useEffect(() => {
    document.title = props.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', props.description);
  }, [props.title, props.description]);
  return null;
}
