import type { Route } from '../http/route.js';
import { listPageCounts } from '../site/list-page-counts.js';
import type { Production } from '../site/public-cache.js';
import { sendPrepared } from '../site/send-prepared.js';
import { robotsTxt, sitemapXml, type ListPageCounts } from './seo-files.js';
import { siteOrigin } from './site-origin.js';

/** Crawlers may keep these for an hour. */
const CACHE_CONTROL = 'public, max-age=3600';
const SITEMAP_TYPE = 'application/xml; charset=utf-8';
/** The sitemap's entry in the public read cache (one, whatever the request). */
const SITEMAP_KEY = 'sitemap.xml';

/**
 * GET /robots.txt (built once from the configured public origin) and /sitemap.xml: every page of
 * the site, the paged lists' later pages included (/news/page/2, ...), as many as the lists have
 * now. The sitemap is made once per content revision and kept in the public read cache
 * (compressed, with an ETag); while nothing could be counted it lists the fixed pages only.
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
        const produce = async (): Promise<Production> => {
          let pages: ListPageCounts = {};
          let complete = true;
          try {
            pages = await counts.current();
          } catch {
            // The database is away and nothing was counted yet: the fixed pages, not kept.
            complete = false;
          }
          const body = Buffer.from(sitemapXml(origin, pages), 'utf8');
          return { produced: { status: 200, headers: { 'Content-Type': SITEMAP_TYPE, 'Cache-Control': CACHE_CONTROL }, body }, cacheable: complete };
        };
        return async (req, res) => {
          const revision = feed.current;
          if (revision === null) {
            const { produced } = await produce();
            return void res.status(200).set(produced.headers).send(produced.body);
          }
          const { state, production, prepared } = await cache.getOrProduce(SITEMAP_KEY, revision, produce);
          if (prepared) return sendPrepared(req, res, prepared, state);
          res.status(200).set(production.produced.headers).send(production.produced.body);
        };
      },
    },
  ];
}
