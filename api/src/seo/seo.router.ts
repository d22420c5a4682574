import { Router } from 'express';
import type { Config } from '../config.js';
import { robotsTxt, sitemapXml } from './seo-files.js';
import { siteOrigin } from './site-origin.js';

/** Crawlers may keep these for an hour; they change only with PUBLIC_URL. */
const CACHE_CONTROL = 'public, max-age=3600';

/** GET /robots.txt and /sitemap.xml, built once from the configured public origin. */
export function seoRouter(config: Pick<Config, 'publicUrl' | 'port'>): Router {
  const origin = siteOrigin(config);
  const sitemap = sitemapXml(origin);
  const robots = robotsTxt(origin);
  const router = Router();
  router.get('/robots.txt', (_req, res) => {
    res.set('Cache-Control', CACHE_CONTROL).type('text/plain').send(robots);
  });
  router.get('/sitemap.xml', (_req, res) => {
    res.set('Cache-Control', CACHE_CONTROL).type('application/xml').send(sitemap);
  });
  return router;
}
