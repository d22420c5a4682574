import { Router } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { listPageCounts } from '../site/list-page-counts.js';
import type { Production } from '../site/public-cache.js';
import type { PublicReads } from '../site/public-reads.js';
import { sendPrepared } from '../site/send-prepared.js';
import { robotsTxt, sitemapXml, type ListPageCounts } from './seo-files.js';
import { siteOrigin } from './site-origin.js';

/** Crawlers may keep these for an hour. */
const CACHE_CONTROL = 'public, max-age=3600';
const SITEMAP_TYPE = 'application/xml; charset=utf-8';
/** The sitemap's entry in the public read cache (one, whatever the request). */
const SITEMAP_KEY = 'sitemap.xml';

/** Where the sitemap learns the paged lists' page counts: the database, through the public read path's revision feed and cache. */
export interface SitemapSource {
  orm: MikroORM;
  reads: Pick<PublicReads, 'cache' | 'feed'>;
}

/**
 * GET /robots.txt (built once from the configured public origin) and /sitemap.xml: every page of
 * the site, the paged lists' later pages included (/news/page/2, ...), as many as the lists have
 * now. The sitemap is made once per content revision and kept in the public read cache
 * (compressed, with an ETag); without `source` (or while nothing could be counted) it lists the
 * fixed pages only.
 */
export function seoRouter(config: Pick<Config, 'publicUrl' | 'port'>, source?: SitemapSource): Router {
  const origin = siteOrigin(config);
  const fixedSitemap = sitemapXml(origin);
  const robots = robotsTxt(origin);
  const router = Router();
  router.get('/robots.txt', (_req, res) => {
    res.set('Cache-Control', CACHE_CONTROL).type('text/plain').send(robots);
  });
  router.get('/sitemap.xml', (req, res, next) => {
    if (!source) return void res.set('Cache-Control', CACHE_CONTROL).type('application/xml').send(fixedSitemap);
    const { cache, feed } = source.reads;
    const counts = listPageCounts(source.orm, feed);
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
    const revision = feed.current;
    void (async () => {
      if (revision === null) {
        const { produced } = await produce();
        return void res.status(200).set(produced.headers).send(produced.body);
      }
      const { state, production, prepared } = await cache.getOrProduce(SITEMAP_KEY, revision, produce);
      if (prepared) return sendPrepared(req, res, prepared, state);
      res.status(200).set(production.produced.headers).send(production.produced.body);
    })().catch(next);
  });
  return router;
}
