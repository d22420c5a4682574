import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import express, { type Express, type Response } from 'express';
import type { PreviewBanner, RenderResult, ServerEntry } from '../../../web/src/render-contract.js';
import type { AppDeps } from '../app-deps.js';
import type { GraphQLContext } from '../graphql/context.js';
import { graphQLSchema } from '../graphql/schema.js';
import { siteOrigin } from '../seo/site-origin.js';
import { ASSETS_ROOT } from '../http/route.js';
import { notPageSegments, servedBeforePages, SITE_PATHS } from '../http/route-table.js';
import { inProcessExecutor } from './in-process-graphql.js';
import { ownCaching, precompressedAssets } from './static-assets.js';
import type { Production } from './public-cache.js';
import { countingThrough } from '../content/count-memo.js';
import { listPageCounts, revisionCounts } from './list-page-counts.js';
import { registerPageRenderer } from './page-renderer.js';
import { itemPages } from './item-pages.js';
import { reserveSiteSegments } from '../content/pages/reserved-slugs.js';
import { siteSegments } from './site-segments.js';
import { earlyPageTarget, needsItemPages, NOT_FOUND_RENDER_URL, pageTarget, redirectLocation, type PageTarget } from './page-paths.js';
import { pageKey, pageTargetKey, type PublicReads } from './public-reads.js';
import { RENDER_CACHE_HEADER, sendPrepared, sendRedirect } from './send-prepared.js';
import { edgeHeadersOf, PAGE_NO_CACHE, PRIVATE_NO_STORE, type EdgeHeaders } from '../edge/edge-headers.js';
import { everyContentType, ReadTags, recordingReads } from '../edge/edge-tags.js';
import { UNAVAILABLE_PAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from './unavailable-page.js';
import { preloadLink, renderedPageTemplate, STYLE_SHEET_LINK } from './style-sheet.js';

// Serves the React app: fingerprinted static assets with long-lived caching, public routes
// rendered on the server in this process with their data, and the admin panel as a
// browser-rendered shell. Mounted last, after /api, /graphql and /uploads. Rendered pages go into
// the public read cache (public-reads.ts), which answers later requests before the app runs;
// this route sees only misses. Other spellings of a page's path get a 301 to it, and every path
// that names no page the one not-found page, rendered once per revision (page-paths.ts). While the
// database is away a page is served from its last rendering (stale), or as a 503 page. The later
// pages of a paged list (/news/page/2, ...) exist while the list has that many pages: known from
// counts made once per content revision (list-page-counts.ts), so a page past the last is the
// not-found page like any unknown path, never a render of its own. The items' own pages
// (/news/<slug>, /clients/<slug>) likewise exist while a published record has the slug, known from
// an index of the slugs loaded once per content revision (item-pages.ts); a former slug redirects
// to the record's page now. Absolute
// URLs in pages come from PUBLIC_URL (seo/site-origin.ts), never from a request.

export { RENDER_CACHE_HEADER };

/** web/dist, found from this file in api/src/site (tsx, jest) and api/dist/site (built server) alike. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** First path segments (lower case) routes other than the pages own, besides the static files': never "not found" before routing. */
export const NOT_PAGE_SEGMENTS = notPageSegments();

const HTML_TYPE = 'text/html; charset=utf-8';
const ASSET_CACHE_MAX_AGE = '1y';

export async function mountWeb(app: Express, deps: AppDeps, reads: PublicReads, webDist = DEFAULT_WEB_DIST): Promise<void> {
  const clientDir = path.join(webDist, 'client');
  // A simple page's slug (/<slug>) never takes a first segment the site uses (site-segments.ts).
  reserveSiteSegments(siteSegments(clientDir));
  const templateFile = path.join(clientDir, 'index.html');
  const serverEntryFile = path.join(webDist, 'server', 'entry-server.js');
  if (!existsSync(templateFile) || !existsSync(serverEntryFile)) {
    // The API runs (and is tested) without a built web app; it then simply serves no pages.
    deps.logger.info({ webDist }, 'web app not built; serving the API only');
    return;
  }
  const template = await readFile(templateFile, 'utf8');
  // The admin panel's shell, and a page the server could not render, link the sheet (preloaded).
  const pageTemplate = renderedPageTemplate(template);
  const styleSheetLink = preloadLink(template);
  const serverEntry = (await import(pathToFileURL(serverEntryFile).href)) as ServerEntry;
  const schema = await graphQLSchema();
  const { cache, feed } = reads;
  const edge = edgeHeadersOf(deps.config.edge); // Cache-Control and cache tags of the pages.
  /** Absolute URLs in pages: PUBLIC_URL (required in production), else this server's local address; never the Host header. */
  const origin = siteOrigin(deps.config);
  // Before any route runs, a plain path is known to be no page only if no static file or other
  // route owns its first segment.
  const reserved = new Set([...NOT_PAGE_SEGMENTS, ...readdirSync(clientDir).map((name) => name.toLowerCase())]);
  const counts = listPageCounts(deps.orm, feed);
  const items = itemPages(deps.orm, feed);
  reads.usePages((path) => earlyPageTarget(path, reserved, counts.known(), items.known()));

  /** The server entry's rendering of `url`, its queries run in `context` (the public pages' and the previews'). */
  const renderUrl = (url: string, context: GraphQLContext, preview?: PreviewBanner): Promise<RenderResult> =>
    serverEntry.render({ url, origin, execute: inProcessExecutor(schema, context), ...(preview && { preview }) });
  registerPageRenderer(reads, previewRenderer(template, renderUrl));

  // Vite fingerprints everything under /assets: the content never changes at a given URL.
  app.use(ASSETS_ROOT, precompressedAssets(path.join(clientDir, 'assets')));
  app.use(
    ASSETS_ROOT,
    express.static(path.join(clientDir, 'assets'), {
      index: false,
      immutable: true,
      maxAge: ASSET_CACHE_MAX_AGE,
      fallthrough: false,
      setHeaders: ownCaching,
    }),
  );
  // Unhashed files from web/public (favicon): short caching. index.html is only served rendered.
  const publicFiles = express.static(clientDir, { index: false, maxAge: '1h', redirect: false, setHeaders: ownCaching });
  app.use((req, res, next) => {
    // Judged on the path as the file server will resolve it (%-decoded, dot segments and double
    // slashes collapsed), so `/%69ndex.html` or `//index.html` cannot fetch the raw template.
    const resolved = resolvedPath(req.path);
    if (resolved === null || resolved === '/index.html' || resolved.startsWith('/.vite')) return next();
    publicFiles(req, res, next);
  });

  app.get(SITE_PATHS.adminPanel, (_req, res) => {
    // The firm's favicon (icons/, made from the Site screen's icon), unversioned: it may change under this address.
    sendPage(res, 200, PRIVATE_NO_STORE, fillTemplate(template, { head: '<title>Admin Panel</title>\n    <meta name="robots" content="noindex" />\n    <link rel="icon" href="/icons/favicon-32.png" sizes="32x32" type="image/png" />' }));
  });

  app.get(SITE_PATHS.pages, async (req, res, next) => {
    // Paths the API's areas own: left to their own 404 handling.
    if (servedBeforePages(req.path)) return next();
    // Public pages never read the query string: ignoring it keeps `/?x=1`, `/?x=2`, ... from each
    // forcing a render and pushing real pages out of the cache.
    let target: PageTarget | null = pageTarget(req.path, counts.known(), items.known());
    if (target === null) {
      // A later page of a paged list, or an item's page: whether it exists depends on the content
      // now (the list's length, the items' slugs), known once per revision.
      try {
        target = needsItemPages(req.path) ? pageTarget(req.path, null, await items.current())! : pageTarget(req.path, await counts.current(), null)!;
      } catch {
        // The database is away and nothing was counted yet: the page's last rendering, if it had one.
        const last = cache.last(pageKey(req.path));
        if (last) return sendPrepared(req, res, last, 'stale');
        return sendUnavailable(res, 'bypass');
      }
    }
    if (target.kind === 'redirect') {
      const q = req.originalUrl.indexOf('?');
      return sendRedirect(res, redirectLocation(target.location, q === -1 ? '' : req.originalUrl.slice(q + 1)), undefined, target.moved);
    }
    // Whatever path names no page, the not-found page is rendered at one URL and kept under one key.
    const url = target.kind === 'page' ? target.path : NOT_FOUND_RENDER_URL;
    const expectedStatus = target.kind === 'page' ? 200 : 404;
    const key = pageTargetKey(target);

    const render = async (): Promise<Production> => {
      let result: RenderResult;
      const tags = new ReadTags(); // What the page's reads used: its cache tags (edge/edge-tags.ts).
      try {
        // Counts shared with the routing and the other public reads of this revision (list-page-counts.ts).
        const em = recordingReads(countingThrough(deps.orm.em.fork(), revisionCounts(feed)), tags);
        const context: GraphQLContext = { req, res, em, caller: { userId: null }, deps };
        result = await renderUrl(url, context);
      } catch (error) {
        // A rendering bug must not take the page down: the browser renders it instead.
        req.log?.error({ err: error }, 'server-side rendering failed');
        return html(edge, expectedStatus, fillTemplate(template, { head: '' }), null, styleSheetLink);
      }
      if (result.dataUnavailable) return html(edge, 503, '', null);
      if (expectedStatus === 404) for (const type of everyContentType()) tags.type(type); // A new slug or a longer list may make it a page.
      // Only a complete page is kept: a page as a 200, the not-found page as a 404.
      return html(edge, result.status, fillTemplate(pageTemplate, result), result.status === expectedStatus ? tags : null);
    };

    const revision = feed.current;
    // Without a current revision (the feed reconnecting) nothing cached can be trusted: render.
    const { state, production, prepared } =
      revision === null ? { state: 'bypass' as const, production: await render(), prepared: null } : await cache.getOrProduce(key, revision, render);
    if (prepared) return sendPrepared(req, res, prepared, state);
    if (production.produced.status === 503) {
      // The data is away (the database is down): the last rendering of this page, else a 503 page.
      const last = cache.last(key);
      if (last) {
        req.log?.warn({ url }, 'serving a stale page: data unavailable');
        return sendPrepared(req, res, last, 'stale');
      }
      return sendUnavailable(res, state);
    }
    res.set(RENDER_CACHE_HEADER, state === 'hit' ? 'miss' : state).set(production.produced.headers).status(production.produced.status).send(production.produced.body);
  });
}

/** What tells search engines to leave a preview alone, in its head (the response says it too: X-Robots-Tag). */
const NOINDEX = '<meta name="robots" content="noindex" />';

/**
 * Previews' rendering (preview/preview.routes.ts): a page of the site with its banner, whole, never
 * kept. Sent without the app's scripts (module scripts and their preloads): nothing hydrates it or
 * fetches the published data over it. While the data is away, or when rendering fails: the 503 page.
 */
function previewRenderer(template: string, renderUrl: (url: string, context: GraphQLContext, preview?: PreviewBanner) => Promise<RenderResult>) {
  const staticTemplate = template
    .replace(STYLE_SHEET_LINK, '')
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  return {
    async render(url: string, context: GraphQLContext, preview: PreviewBanner) {
      try {
        const result = await renderUrl(url, context, preview);
        if (result.dataUnavailable) return { status: 503, body: UNAVAILABLE_PAGE };
        return { status: result.status, body: fillTemplate(staticTemplate, { head: `${NOINDEX}\n    ${result.head}`, html: result.html, lang: result.lang }) };
      } catch (error) {
        context.req.log?.error({ err: error }, 'preview rendering failed');
        return { status: 503, body: UNAVAILABLE_PAGE };
      }
    },
  };
}

/** The 503 page: the data is away and this page has no earlier rendering to show. */
function sendUnavailable(res: Response, state: string): void {
  res.set(RENDER_CACHE_HEADER, state).set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS)).set('Cache-Control', 'no-store');
  res.status(503).type('html').send(UNAVAILABLE_PAGE);
}

/** A rendering as a production; `tags`: a complete page's (kept, and shared caches may keep it), null: not kept, `no-cache`. */
function html(edge: EdgeHeaders, status: number, page: string, tags: ReadTags | null, link?: string): Production {
  const headers: Record<string, string> = { 'Content-Type': HTML_TYPE, 'Cache-Control': tags ? edge.pageCacheControl : PAGE_NO_CACHE, ...(tags && edge.tagHeaders(tags)) };
  if (link) headers.Link = link;
  return { produced: { status, headers, body: Buffer.from(page, 'utf8') }, cacheable: tags !== null };
}

function fillTemplate(template: string, page: { head: string; html?: string; state?: unknown; lang?: string }): string {
  // A JSON data block, not a script: nothing to allow in the Content-Security-Policy.
  const state =
    page.html && page.state !== undefined
      ? `<script type="application/json" id="page-data">${JSON.stringify(page.state).replace(/</g, '\\u003c')}</script>`
      : '';
  // The page's language: the firm's locale (a BCP 47 tag; anything else keeps the template's).
  const filled = page.lang && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(page.lang) ? template.replace(/<html lang="[^"]*">/, `<html lang="${page.lang}">`) : template;
  return filled
    .replace('<!--app-head-->', () => page.head)
    .replace('<!--app-html-->', () => page.html ?? '')
    .replace('<!--app-state-->', () => state);
}

/** The path express.static would open, or null when it cannot be decoded. */
function resolvedPath(urlPath: string): string | null {
  try {
    return path.posix.normalize(decodeURIComponent(urlPath));
  } catch {
    return null;
  }
}

function sendPage(res: Response, status: number, cacheControl: string, body: string | Buffer): void {
  res.status(status).set('Cache-Control', cacheControl).type('html').send(body);
}
