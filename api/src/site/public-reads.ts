import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApolloServer } from '@apollo/server';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import type { GraphQLContext } from '../graphql/context.js';
import { corsMethods } from '../http/cors.js';
import { hasSessionCookie, isSecure, type TrustProxy } from '../http/request-facts.js';
import { API_ROOT, GRAPHQL_PATH } from '../shared/url-paths.js';
import type { SecurityHeaders } from '../http/security-headers.js';
import { countingThrough } from '../content/count-memo.js';
import { ContentRevisionFeed } from './content-revision-feed.js';
import { revisionCounts } from './list-page-counts.js';
import type { PageTarget } from './page-paths.js';
import { redirectLocation } from './page-paths.js';
import { PublicCache, type Prepared } from './public-cache.js';
import { graphQLReads } from './graphql-reads.js';
import { produceRestRead, publicRestRead, type RestRead } from './public-rest.js';
import { sendPrepared, sendPreparedFirst, sendRedirect } from './send-prepared.js';
import { edgeHeadersOf, PRIVATE_REVALIDATE } from '../edge/edge-headers.js';
import { ReadTags, recordingReads } from '../edge/edge-tags.js';

// The public read path: the revision feed, the one cache, and the handler that answers from it
// right after the security headers, before anything else runs (no request log line, no session
// lookup, no EntityManager fork, no body parser, no cross-site check, no Express routing). What it cannot answer (a miss of a page, any write, any
// request with a session cookie, anything unknown) goes on to the application unchanged.

/** A miss that took longer than this is logged (hits are never logged). */
const SLOW_PRODUCTION_MS = 1_000;

export interface PublicReads {
  cache: PublicCache;
  feed: ContentRevisionFeed;
  /** Mount first in the app: answers public cache hits (and produces REST/GraphQL misses). */
  handler: RequestHandler;
  /**
   * Before Express itself (app.ts): answers a fresh cache hit of a page or public REST read with
   * plain node:http calls and the same headers the app would send; false for anything else, which
   * then goes through the app (where `handler` sees it). No Express request set-up, no router.
   */
  answerHit(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * Before Express too: an anonymous `POST /graphql` whose small JSON body the app would read for
   * the cache anyway. Reads that body (bounded by its Content-Length, at most
   * GRAPHQL_READ_MAX_BODY) and answers a fresh hit with the app's headers; anything else (a miss,
   * a mutation, bad JSON, an aborted body) goes on through `app` with the body handed over, so the
   * app answers exactly as if it had read it. False (nothing read): through the app as it is.
   */
  answerGraphQLPost(req: IncomingMessage, res: ServerResponse, app: () => void): boolean;
  /** The GraphQL server whose anonymous queries are cached (set once it is started). */
  useGraphQL(server: ApolloServer<GraphQLContext>): void;
  /**
   * Set by mountWeb once pages are served: the page a path names before any route runs (a page,
   * a redirect to one, the not-found page), or null for a path another route may own.
   */
  usePages(resolve: (path: string) => PageTarget | null): void;
  close(): Promise<void>;
}

/** The cache key of a public page: its path (no query string, no Host) and the year the footer shows. */
export function pageKey(path: string): string {
  return `page ${new Date().getFullYear()} ${path}`;
}

/** The cache key of the not-found page: one for every path that names no page. */
export function notFoundPageKey(): string {
  return `page ${new Date().getFullYear()} not-found`;
}

/** The cache key of what a page target renders. */
export function pageTargetKey(target: Exclude<PageTarget, { kind: 'redirect' }>): string {
  return target.kind === 'page' ? pageKey(target.path) : notFoundPageKey();
}

/** What the public read path answers at once: cached bytes (and headers to add), or a redirect. */
type Answer = { hit: Prepared; extraHeaders?: Record<string, string> } | { redirect: string; moved?: boolean };

const API_PREFIX = `${API_ROOT}/`;

/** Distinct REST read paths remembered (parsed once); more are parsed each time. */
const REST_READS_REMEMBERED = 1_000;

/** `trust`: the app's compiled `trust proxy` setting (`app.get('trust proxy fn')`), for judging HTTPS as the app does. */
export async function startPublicReads(deps: AppDeps, security: SecurityHeaders, trust: TrustProxy): Promise<PublicReads> {
  const { orm, logger } = deps;
  const corsEnabled = deps.config.corsOrigins.length > 0;
  const cache = new PublicCache(deps.config.publicCacheMaxBytes);
  const feed = new ContentRevisionFeed(orm, logger);
  await feed.start();
  // The counts of a revision, shared by every public read produced for it (list-page-counts.ts).
  const counts = revisionCounts(feed);
  let pages: ((path: string) => PageTarget | null) | null = null;

  // Anonymous API reads may be kept by a CDN or browser for a short while (with EDGE_CACHE: by
  // shared caches until purged, edge/edge-headers.ts); a request with a session gets the same
  // public bytes but says so only to itself (private, revalidate).
  const { maxAgeSeconds, staleWhileRevalidateSeconds } = deps.config.publicApiCache;
  const edge = edgeHeadersOf(deps.config.edge);
  const publicCacheControl = { 'Cache-Control': edge.readCacheControl(`public, max-age=${maxAgeSeconds}, stale-while-revalidate=${staleWhileRevalidateSeconds}`) };
  const privateCacheControl = { 'Cache-Control': PRIVATE_REVALIDATE };
  const apiCacheControl = (req: IncomingMessage) => (hasSessionCookie(req) ? privateCacheControl : publicCacheControl);

  // The parse of a public REST path and query (the same few are asked for again and again).
  const restReads = new Map<string, RestRead | null>();
  const restReadOf = (path: string, search: string): RestRead | null => {
    const url = search ? `${path}?${search}` : path;
    let read = restReads.get(url);
    if (read === undefined) {
      read = publicRestRead(path, search);
      if (restReads.size < REST_READS_REMEMBERED) restReads.set(url, read);
    }
    return read;
  };

  const logSlow = (started: number, what: string) => {
    const ms = performance.now() - started;
    if (ms > SLOW_PRODUCTION_MS) logger.warn({ ms: Math.round(ms), what }, 'slow public read');
  };

  /**
   * The answer at once to a GET of a public REST read or a page: the fresh cached one (with the
   * headers it adds), or a redirect from another spelling of a page; null: on to the app.
   * `target`: what the path names as a page (null: not a page, or one left to the routes).
   */
  function answerOf(req: IncomingMessage, path: string, search: string, target: PageTarget | null, revision: string | null): Answer | null {
    if (path.startsWith(API_PREFIX)) {
      if (revision === null) return null;
      const rest = restReadOf(path, search);
      const hit = rest && cache.fresh(rest.key, revision);
      return hit ? { hit, extraHeaders: apiCacheControl(req) } : null;
    }
    if (target === null) return null;
    if (target.kind === 'redirect') return { redirect: redirectLocation(target.location, search), moved: target.moved };
    const hit = cache.fresh(pageTargetKey(target), revision);
    return hit ? { hit } : null;
  }

  const pageTargetOf = (path: string) => (pages === null || path.startsWith(API_PREFIX) ? null : pages(path));

  /** A public REST read that was not a fresh hit: produced (once for concurrent misses) and sent. */
  async function serveRest(req: Request, res: Response, next: NextFunction, path: string, search: string): Promise<void> {
    const rest = restReadOf(path, search);
    const revision = feed.current;
    if (!rest || revision === null) return next();
    const { key, read } = rest;
    const started = performance.now();
    try {
      const { state, prepared } = await cache.getOrProduce(key, revision, async () => {
        // What the read used: its cache tags (edge/edge-tags.ts).
        const tags = new ReadTags();
        return edge.tagged(await produceRestRead(read, recordingReads(countingThrough(orm.em.fork(), counts), tags)), tags);
      });
      logSlow(started, path);
      if (!prepared) return next();
      sendPrepared(req, res, prepared, state, apiCacheControl(req));
    } catch {
      // The REST router answers it again, with the usual error (e.g. 503 while the database is away).
      next();
    }
  }

  const graphql = graphQLReads({ deps, cache, feed, counts, cacheControl: publicCacheControl, edge, logSlow });

  const handler: RequestHandler = (req, res, next) => {
    const url = req.url;
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const method = req.method;
    if (method === 'GET' || method === 'HEAD') {
      const search = q === -1 ? '' : url.slice(q + 1);
      if (path === GRAPHQL_PATH) return void graphql.serveGet(req, res, next, search).catch(next);
      const revision = feed.current;
      const target = pageTargetOf(path);
      // Hits that answerHit left to the app (HTTPS, CORS) are answered here, after their headers.
      const found = answerOf(req, path, search, target, revision);
      if (found) return 'redirect' in found ? sendRedirect(res, found.redirect, undefined, found.moved) : sendPrepared(req, res, found.hit, 'hit', found.extraHeaders);
      if (path.startsWith(API_PREFIX)) return void serveRest(req, res, next, path, search);
      if (target === null || target.kind === 'redirect') return next();
      const key = pageTargetKey(target);
      // The page is being rendered for a new revision: visitors arriving meanwhile get the previous
      // rendering at once instead of queueing behind the render, so editing never stalls the site.
      // The request that started the render, and anyone signed in (an editor), wait for the new one.
      if (cache.producing(key, revision) && !hasSessionCookie(req)) {
        const previous = cache.last(key);
        if (previous) return sendPrepared(req, res, previous, 'stale');
      }
      return next();
    }
    if (method === 'POST' && path === GRAPHQL_PATH) return void graphql.servePost(req, res, next).catch(next);
    next();
  };

  function answerHit(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    // HTTPS (Strict-Transport-Security) and cross-origin reads (CORS_ORIGINS) get their headers in the app.
    if (isSecure(req, trust)) return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    if (corsEnabled && corsMethods(path) !== null) return false;
    const found = answerOf(req, path, q === -1 ? '' : url.slice(q + 1), pageTargetOf(path), feed.current);
    const headers = found && security.fixedHeaders(path);
    if (!found || !headers) return false;
    if ('redirect' in found) sendRedirect(res, found.redirect, headers, found.moved);
    else sendPreparedFirst(req, res, found.hit, headers, found.extraHeaders);
    return true;
  }

  function answerGraphQLPost(req: IncomingMessage, res: ServerResponse, app: () => void): boolean {
    if (req.method !== 'POST' || isSecure(req, trust) || corsEnabled) return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    if ((q === -1 ? url : url.slice(0, q)) !== GRAPHQL_PATH) return false;
    const headers = security.fixedHeaders(GRAPHQL_PATH, 'POST');
    return headers !== null && graphql.answerPost(req, res, headers, app);
  }

  return {
    cache,
    feed,
    handler,
    answerHit,
    answerGraphQLPost,
    useGraphQL: graphql.use,
    usePages(resolve) {
      pages = resolve;
    },
    close: () => feed.close(),
  };
}

/** Express's entry point: `app(req, res)` calls `app.handle` (not in Express's type declarations). */
type Handled = Express & { handle(req: IncomingMessage, res: ServerResponse, callback?: (error?: unknown) => void): void };

/**
 * Makes `app` answer fresh public cache hits before Express runs (answerHit, answerGraphQLPost);
 * everything else as before.
 */
export function answerHitsBeforeExpress(app: Express, reads: PublicReads): void {
  const express = app as Handled;
  const handle = express.handle.bind(express);
  express.handle = (req, res, callback) => {
    if (reads.answerHit(req, res)) return;
    if (!reads.answerGraphQLPost(req, res, () => handle(req, res, callback))) handle(req, res, callback);
  };
}
