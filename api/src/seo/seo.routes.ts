import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestHandler } from 'express';
import { DEFAULT_FIRM_NAME, documentKey, news, siteSettings, type RichTextNode } from '@consulting/model';
import { collections, singletons } from '../content/registry.js';
import type { Route } from '../http/route.js';
import { itemPages, itemPagesByList, type ItemPages } from '../site/item-pages.js';
import { listPageCounts } from '../site/list-page-counts.js';
import type { Production, PublicCache } from '../site/public-cache.js';
import type { ContentRevisionFeed } from '../site/content-revision-feed.js';
import { sendPrepared } from '../site/send-prepared.js';
import { atomFeed, FEED_ENTRIES, type FeedArticle } from './atom-feed.js';
import { robotsTxt, sitemapXml, type ListPageCounts } from './seo-files.js';
import { siteOrigin } from './site-origin.js';
import { edgeHeadersOf } from '../edge/edge-headers.js';
import { everyContentType, ReadTags, recordingReads } from '../edge/edge-tags.js';

/** Crawlers may keep these for an hour. */
const CACHE_CONTROL = 'public, max-age=3600';
const SITEMAP_TYPE = 'application/xml; charset=utf-8';
/** The sitemap's entry in the public read cache (one, whatever the request). */
const SITEMAP_KEY = 'sitemap.xml';

/** Feed readers poll: they may keep the feed for a quarter of an hour. */
const FEED_CACHE_CONTROL = 'public, max-age=900';
const FEED_TYPE = 'application/atom+xml; charset=utf-8';
/** The news list (the model's `news.page`): the feed follows it, at `<list>/feed.xml`. */
const NEWS_LIST_PATH = news.page!.path;
/** The feed's path: `/news/feed.xml` (its route is among the pages', route-table.ts). */
export const NEWS_FEED_PATH = `${NEWS_LIST_PATH}/feed.xml`;
/** The feed's entry in the public read cache (one, whatever the request). */
const FEED_KEY = 'news feed.xml';

/**
 * A file made once per content revision and kept in the public read cache (compressed, with an
 * ETag): `produce` says whether what it made is complete (kept) or not (sent, made again next time).
 * Without a current revision (the feed reconnecting) it is made for the request alone.
 */
function perRevisionFile(cache: PublicCache, feed: ContentRevisionFeed, key: string, produce: () => Promise<Production>): RequestHandler {
  return async (req, res) => {
    const revision = feed.current;
    if (revision === null) {
      const { produced } = await produce();
      return void res.status(produced.status).set(produced.headers).send(produced.body);
    }
    const { state, production, prepared } = await cache.getOrProduce(key, revision, produce);
    if (prepared) return sendPrepared(req, res, prepared, state);
    res.status(production.produced.status).set(production.produced.headers).send(production.produced.body);
  };
}

/** The latest FEED_ENTRIES news articles, newest first (by creation), as the feed shows them. */
async function latestArticles(em: EntityManager): Promise<FeedArticle[]> {
  const definition = collections.find((entry) => entry.type.typeName === news.typeName);
  if (!definition) throw new Error('no news collection');
  const rich = Object.entries(news.fields).find(([, field]) => field.kind === 'richText')?.[0];
  const records = (await definition.service.list(em, { sort: { field: 'createdAt', direction: 'desc' }, limit: FEED_ENTRIES })) as Record<string, unknown>[];
  return records.map((record) => ({
    id: Number(record.id),
    title: String(record.title ?? ''),
    path: `${NEWS_LIST_PATH}/${String(record.slug)}`,
    brief: typeof record.brief === 'string' ? record.brief : null,
    document: rich ? ((record[documentKey(rich)] as RichTextNode | null | undefined) ?? null) : null,
    link: typeof record.link === 'string' && record.link ? record.link : null,
    createdAt: new Date(record.createdAt as Date),
    updatedAt: new Date((record.updatedAt ?? record.createdAt) as Date),
  }));
}

/** The firm's name in the site settings (a fresh install's default while there is none). */
async function firmName(em: EntityManager): Promise<string> {
  const definition = singletons.find((entry) => entry.type.typeName === siteSettings.typeName);
  const settings = (await definition?.service.get(em)) as { firmName?: unknown } | null | undefined;
  return typeof settings?.firmName === 'string' && settings.firmName.trim() !== '' ? settings.firmName : DEFAULT_FIRM_NAME;
}

/**
 * GET /robots.txt (built once from the configured public origin), /sitemap.xml (every page of the
 * site: the paged lists' later pages, /news/page/2, ..., as many as the lists have now, and every
 * item's own page with when it last changed) and /news/feed.xml (an Atom feed of the latest news
 * articles). The sitemap and the feed are made once per content revision and kept in the public
 * read cache (compressed, with an ETag); while nothing could be read the sitemap lists the fixed
 * pages only (not kept), and the feed is a 503.
 */
export function seoRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/robots.txt',
      access: 'public',
      headers: 'public',
      serve: ({ deps }) => {
        const robots = robotsTxt(siteOrigin(deps.config));
        return (_req, res) => res.set('Cache-Control', CACHE_CONTROL).type('text/plain').send(robots);
      },
    },
    {
      method: 'GET',
      path: '/sitemap.xml',
      access: 'public',
      headers: 'public',
      serve: ({ deps, reads: { cache, feed } }) => {
        const origin = siteOrigin(deps.config);
        const counts = listPageCounts(deps.orm, feed);
        const items = itemPages(deps.orm, feed);
        // It lists every page: any change may add or remove one (edge/edge-tags.ts).
        const edge = edgeHeadersOf(deps.config.edge);
        const tags = new ReadTags();
        for (const type of everyContentType()) tags.type(type);
        const cacheControl = edge.edgeCache ? edge.pageCacheControl : CACHE_CONTROL;
        return perRevisionFile(cache, feed, SITEMAP_KEY, async (): Promise<Production> => {
          let pages: ListPageCounts = {};
          let known: ItemPages | undefined;
          let complete = true;
          try {
            [pages, known] = await Promise.all([counts.current(), items.current()]);
          } catch {
            // The database is away and nothing was read yet: the fixed pages, not kept.
            complete = false;
          }
          const body = Buffer.from(sitemapXml(origin, pages, known && itemPagesByList(known)), 'utf8');
          return edge.tagged({ produced: { status: 200, headers: { 'Content-Type': SITEMAP_TYPE, 'Cache-Control': complete || !edge.edgeCache ? cacheControl : 'no-cache' }, body }, cacheable: complete }, tags);
        });
      },
    },
    {
      method: 'GET',
      path: NEWS_FEED_PATH,
      access: 'public',
      headers: 'public',
      serve: ({ deps, reads: { cache, feed } }) => {
        const origin = siteOrigin(deps.config);
        const edge = edgeHeadersOf(deps.config.edge);
        const cacheControl = edge.edgeCache ? edge.pageCacheControl : FEED_CACHE_CONTROL;
        return perRevisionFile(cache, feed, FEED_KEY, async (): Promise<Production> => {
          let articles: FeedArticle[];
          let firm: string;
          // What the feed's reads used: its cache tags (edge/edge-tags.ts).
          const tags = new ReadTags();
          try {
            [articles, firm] = await Promise.all([latestArticles(recordingReads(deps.orm.em.fork(), tags)), firmName(recordingReads(deps.orm.em.fork(), tags))]);
          } catch (error) {
            deps.logger.warn({ err: error }, 'the news feed could not be read');
            const body = Buffer.from('The feed is unavailable for a moment.\n', 'utf8');
            return { produced: { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5' }, body }, cacheable: false };
          }
          const xml = atomFeed(articles, { origin, feedPath: NEWS_FEED_PATH, listPath: NEWS_LIST_PATH, title: `${firm}: News`, author: firm, emptyUpdated: new Date() });
          return edge.tagged({ produced: { status: 200, headers: { 'Content-Type': FEED_TYPE, 'Cache-Control': cacheControl }, body: Buffer.from(xml, 'utf8') }, cacheable: true }, tags);
        });
      },
    },
  ];
}
