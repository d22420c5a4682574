import { richTextHtml, type RichTextNode } from '@consulting/model';
import { escapeXml, w3cDateTime } from './seo-files.js';

// The news feed (/news/feed.xml): an Atom 1.0 document (RFC 4287) of the latest articles, newest
// first, every address absolute under the site's public origin (site-origin.ts), never the Host
// header. An entry's id is a tag: URI naming the record (RFC 4151), so renaming an article's slug
// does not make it a new entry in anyone's reader.

/** Articles in the feed: the latest this many. */
export const FEED_ENTRIES = 20;

/** What the feed shows of an article. */
export interface FeedArticle {
  id: number;
  title: string;
  /** Its page's path (`/news/a-slug`). */
  path: string;
  brief: string | null;
  /** The article (rich text), or null when it has none. */
  document: RichTextNode | null;
  /** An external page about it (a `related` link), or null. */
  link: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface FeedOptions {
  /** The site's public origin (`https://www.example.com`). */
  origin: string;
  /** The feed's own path (`/news/feed.xml`). */
  feedPath: string;
  /** The list page the feed follows (`/news`). */
  listPath: string;
  /** The feed's title. */
  title: string;
  /** The feed's author: the firm (its name in the site settings). */
  author: string;
  /** When the feed last changed if it has no entries (else its newest entry's change). */
  emptyUpdated: Date;
}

/** The tag: URI of an article: `tag:<host>,<day it was created>:<list>/<id>` (RFC 4151). */
export function entryId(origin: string, listPath: string, article: Pick<FeedArticle, 'id' | 'createdAt'>): string {
  const host = new URL(origin).hostname;
  return `tag:${host},${article.createdAt.toISOString().slice(0, 10)}:${listPath.replace(/^\//, '')}/${article.id}`;
}

const element = (name: string, text: string, attrs = '') => `<${name}${attrs}>${escapeXml(text)}</${name}>`;
const link = (rel: string, href: string, type?: string) => `<link rel="${rel}"${type ? ` type="${type}"` : ''} href="${escapeXml(href)}"/>`;

function entryXml(article: FeedArticle, options: FeedOptions): string {
  const { origin } = options;
  const lines = [
    element('id', entryId(origin, options.listPath, article)),
    element('title', article.title, ' type="text"'),
    link('alternate', `${origin}${article.path}`, 'text/html'),
    ...(article.link ? [link('related', article.link)] : []),
    element('published', w3cDateTime(article.createdAt)),
    element('updated', w3cDateTime(article.updatedAt)),
    ...(article.brief ? [element('summary', article.brief, ' type="text"')] : []),
    ...(article.document ? [element('content', richTextHtml(article.document, { origin }), ' type="html"')] : []),
  ];
  return ['  <entry>', ...lines.map((line) => `    ${line}`), '  </entry>'].join('\n');
}

/** The Atom document of `articles` (newest first, as given). */
export function atomFeed(articles: readonly FeedArticle[], options: FeedOptions): string {
  const { origin } = options;
  const updated = articles.reduce<Date | null>((latest, a) => (latest === null || a.updatedAt > latest ? a.updatedAt : latest), null) ?? options.emptyUpdated;
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  ${element('id', `${origin}${options.feedPath}`)}`,
    `  ${element('title', options.title, ' type="text"')}`,
    `  ${element('updated', w3cDateTime(updated))}`,
    `  ${link('self', `${origin}${options.feedPath}`, 'application/atom+xml')}`,
    `  ${link('alternate', `${origin}${options.listPath}`, 'text/html')}`,
    `  <author>${element('name', options.author)}${element('uri', `${origin}/`)}</author>`,
    ...articles.map((article) => entryXml(article, options)),
    '</feed>',
    '',
  ].join('\n');
}
