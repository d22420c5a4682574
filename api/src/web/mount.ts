import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import express, { type Express, type Request, type Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import { emOf } from '../shared/request-context.js';
import { sendEncodedPage } from './encoded-page.js';
import { PageCache, readContentRevision, type RenderOutcome } from './page-cache.js';

// Serves the React app: fingerprinted static assets with long-lived caching, public routes
// rendered on the server with their data, and the admin panel as a browser-rendered shell.
// Mounted last, after /api, /graphql and /uploads. Rendered pages are cached per content revision
// (page-cache.ts) and carry an ETag of revision, build and page, so a revisit costs one small query.

/** Contract of web/src/entry-server.tsx (built into web/dist/server/entry-server.js). */
interface RenderRequest {
  url: string;
  graphqlUrl: string;
  origin: string;
}
interface RenderResult {
  html: string;
  head: string;
  status: number;
  state?: unknown;
}
interface ServerEntry {
  render(request: RenderRequest): Promise<RenderResult>;
}

/** web/dist, found from this file in api/src/web (tsx, jest) and api/dist/web (built server) alike. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** Paths the API owns; the web catch-all must leave them to the API's own 404 handling. */
const API_PREFIXES = ['/api/', '/graphql', '/uploads/', '/healthz', '/readyz'];

const HTML_CACHE = 'no-cache';
/** `hit` (served from the page cache), `miss` (rendered now) or `bypass` (revision unreadable: no caching). */
export const RENDER_CACHE_HEADER = 'X-Render-Cache';
const ASSET_CACHE_MAX_AGE = '1y';

export async function mountWeb(app: Express, deps: AppDeps, webDist = DEFAULT_WEB_DIST): Promise<void> {
  const clientDir = path.join(webDist, 'client');
  const templateFile = path.join(clientDir, 'index.html');
  const serverEntryFile = path.join(webDist, 'server', 'entry-server.js');
  if (!existsSync(templateFile) || !existsSync(serverEntryFile)) {
    // The API runs (and is tested) without a built web app; it then simply serves no pages.
    deps.logger.info({ webDist }, 'web app not built; serving the API only');
    return;
  }
  const template = await readFile(templateFile, 'utf8');
  const serverEntry = (await import(pathToFileURL(serverEntryFile).href)) as ServerEntry;
  // A new build (other assets, other markup) must not match the ETags of the previous one.
  const build = createHash('sha256').update(template).update(await readFile(serverEntryFile)).digest('hex');
  const pages = new PageCache();

  // Vite fingerprints everything under /assets: the content never changes at a given URL.
  app.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), {
      index: false,
      immutable: true,
      maxAge: ASSET_CACHE_MAX_AGE,
      fallthrough: false,
    }),
  );
  // Unhashed files from web/public (favicon): short caching. index.html is only served rendered.
  const publicFiles = express.static(clientDir, { index: false, maxAge: '1h', redirect: false });
  app.use((req, res, next) => {
    // Judged on the path as the file server will resolve it (%-decoded, dot segments and double
    // slashes collapsed), so `/%69ndex.html` or `//index.html` cannot fetch the raw template.
    const resolved = resolvedPath(req.path);
    if (resolved === null || resolved === '/index.html' || resolved.startsWith('/.vite')) return next();
    publicFiles(req, res, next);
  });

  app.get(['/admin', '/admin/{*rest}'], (_req, res) => {
    sendPage(res, 200, fillTemplate(template, { head: '<title>Admin Panel</title>\n    <meta name="robots" content="noindex" />' }));
  });

  app.get('/{*path}', async (req, res, next) => {
    if (API_PREFIXES.some((prefix) => req.path === prefix.replace(/\/$/, '') || req.path.startsWith(prefix))) {
      return next();
    }
    // Public pages never read the query string: ignoring it keeps `/?x=1`, `/?x=2`, ... from each
    // forcing a render and pushing real pages out of the cache.
    const url = req.path;
    const origin = deps.config.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    const render = async (): Promise<RenderOutcome> => {
      try {
        const result = await serverEntry.render({ url, graphqlUrl: `${localOrigin(req)}/graphql`, origin });
        const page = { status: result.status, html: fillTemplate(template, result) };
        // Only a complete page: not a 404, nor one left to the browser because a query failed.
        return { page, cacheable: result.status === 200 && result.html !== '' };
      } catch (error) {
        // A rendering bug must not take the page down: the browser renders it instead.
        req.log?.error({ err: error }, 'server-side rendering failed');
        return { page: { status: 200, html: fillTemplate(template, { head: '' }) }, cacheable: false };
      }
    };

    let revision: string;
    try {
      revision = await readContentRevision(emOf(req));
    } catch (error) {
      // Without the revision nothing cached can be trusted: render, as without a cache.
      req.log?.warn({ err: error }, 'content revision unreadable; rendering without the page cache');
      const { page } = await render();
      res.set(RENDER_CACHE_HEADER, 'bypass');
      return sendPage(res, page.status, page.html);
    }
    // The footer shows the current year: a page is only reused within the year it was rendered in.
    const key = `${new Date().getFullYear()} ${origin} ${url}`;
    const etag = `"${revision}-${createHash('sha256').update(`${build}\n${key}`).digest('base64url').slice(0, 22)}"`;
    // A revalidation of the page this revision already gave: nothing to render or send.
    res.set('ETag', etag);
    if (req.fresh) {
      res.set('Cache-Control', HTML_CACHE).set(RENDER_CACHE_HEADER, 'hit');
      return void res.status(304).end();
    }
    const { page, hit, cacheable } = await pages.get(revision, key, render);
    res.set(RENDER_CACHE_HEADER, hit ? 'hit' : 'miss');
    if (cacheable) {
      res.set('Cache-Control', HTML_CACHE);
      return sendEncodedPage(req, res, page);
    }
    // The ETag names the complete page only (not a 404 or a page left to the browser).
    res.removeHeader('ETag');
    sendPage(res, page.status, page.html);
  });
}

function fillTemplate(template: string, page: { head: string; html?: string; state?: unknown }): string {
  const state =
    page.html && page.state !== undefined
      ? // Data, not code: the CSP allows no inline script. entry-client.tsx parses it.
        `<script type="application/json" id="apollo-state">${JSON.stringify(page.state).replace(/</g, '\\u003c')}</script>`
      : '';
  return template
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

function sendPage(res: Response, status: number, html: string): void {
  res.status(status).set('Cache-Control', HTML_CACHE).type('html').send(html);
}

/** The address this request arrived on, so server-side queries reach this very process. */
function localOrigin(req: Request): string {
  const socket = req.socket;
  let host = socket.localAddress ?? '127.0.0.1';
  if (host.startsWith('::ffff:')) host = host.slice('::ffff:'.length);
  if (host === '::' || host === '0.0.0.0') host = '127.0.0.1';
  if (host.includes(':')) host = `[${host}]`;
  return `http://${host}:${socket.localPort}`;
}
