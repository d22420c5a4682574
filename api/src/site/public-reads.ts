import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { ApolloServer } from '@apollo/server';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import type { GraphQLContext } from '../graphql/context.js';
import { corsMethods } from '../http/cors.js';
import type { SecurityHeaders } from '../http/security-headers.js';
import { countingThrough } from '../content/count-memo.js';
import { ContentRevisionFeed } from './content-revision-feed.js';
import { revisionCounts } from './list-page-counts.js';
import type { PageTarget } from './page-paths.js';
import { redirectLocation } from './page-paths.js';
import { PublicCache, type Prepared } from './public-cache.js';
import { GRAPHQL_READ_MAX_BODY, graphQLGetRead, graphQLRead, produceGraphQLRead, type GraphQLRead } from './public-graphql.js';
import { produceRestRead, publicRestRead, type RestRead } from './public-rest.js';
import { sendPrepared, sendPreparedFirst, sendRedirect } from './send-prepared.js';

// The public read path: the revision feed, the one cache, and the handler that answers from it
// right after the security headers, before anything else runs (no request log line, no session
// lookup, no EntityManager fork, no body parser, no cross-site check, no Express routing). What it cannot answer (a miss of a page, any write, any
// request with a session cookie, anything unknown) goes on to the application unchanged.

/** A miss that took longer than this is logged (hits are never logged). */
const SLOW_PRODUCTION_MS = 1_000;
const SESSION_COOKIE_PATTERN = /(?:^|;\s*)sid=/;

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
type Answer = { hit: Prepared; extraHeaders?: Record<string, string> } | { redirect: string };

/**
 * A `POST /graphql` body read before Express, handed to the app's GraphQL read path (which would
 * have read it itself): the text (null: longer than announced) and its cacheable read, or the error
 * reading it raised (an aborted upload).
 */
type HandedBody = { body: string | null; read: GraphQLRead | null } | { error: unknown };

/**
 * Bodies of anonymous GraphQL POSTs lately answered from the cache, as bytes, with their reads: the
 * same few queries come again and again (a site's or an integrator's), and a body with the very
 * same bytes names the very same read, found without decoding or hashing the text (a comparison
 * of bytes, mostly of lengths alone). Bounded in entries and in the size of each body; a body that
 * may carry `extensions` (an APQ hash, whose read depends on the persisted-query store) is never
 * remembered: the literal word, or any \u escape that could spell it, keeps it out.
 */
export class KnownBodies {
  static readonly MAX_ENTRIES = 16;
  static readonly MAX_BODY = 4 * 1024;
  readonly #entries: { bytes: Buffer; read: GraphQLRead }[] = [];
  #next = 0;

  read(bytes: Buffer): GraphQLRead | null {
    for (const entry of this.#entries) if (entry.bytes.length === bytes.length && entry.bytes.equals(bytes)) return entry.read;
    return null;
  }

  remember(bytes: Buffer, read: GraphQLRead): void {
    if (bytes.length > KnownBodies.MAX_BODY || bytes.includes('extensions') || bytes.includes('\\u')) return;
    // A copy: the request's buffer may be a slice of a larger one (the socket's read).
    const entry = { bytes: Buffer.from(bytes), read };
    if (this.#entries.length < KnownBodies.MAX_ENTRIES) this.#entries.push(entry);
    else {
      this.#entries[this.#next] = entry;
      this.#next = (this.#next + 1) % KnownBodies.MAX_ENTRIES;
    }
  }
}

/** Distinct REST read paths remembered (parsed once); more are parsed each time. */
const REST_READS_REMEMBERED = 1_000;

export async function startPublicReads(deps: AppDeps, security: SecurityHeaders): Promise<PublicReads> {
  const { orm, logger } = deps;
  const corsEnabled = deps.config.corsOrigins.length > 0;
  const proxyTrusted = Boolean(deps.config.trustProxy);
  const cache = new PublicCache(deps.config.publicCacheMaxBytes);
  const feed = new ContentRevisionFeed(orm, logger);
  await feed.start();
  // The counts of a revision, shared by every public read produced for it (list-page-counts.ts).
  const counts = revisionCounts(feed);
  let graphql: ApolloServer<GraphQLContext> | null = null;
  let pages: ((path: string) => PageTarget | null) | null = null;

  // Anonymous API reads may be kept by a CDN or browser for a short while; a request with a
  // session gets the same public bytes but says so only to itself (private, revalidate).
  const { maxAgeSeconds, staleWhileRevalidateSeconds } = deps.config.publicApiCache;
  const publicCacheControl = { 'Cache-Control': `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${staleWhileRevalidateSeconds}` };
  const privateCacheControl = { 'Cache-Control': 'private, no-cache' };
  const apiCacheControl = (req: IncomingMessage) => (SESSION_COOKIE_PATTERN.test(req.headers.cookie ?? '') ? privateCacheControl : publicCacheControl);

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
    if (path.startsWith('/api/')) {
      if (revision === null) return null;
      const rest = restReadOf(path, search);
      const hit = rest && cache.fresh(rest.key, revision);
      return hit ? { hit, extraHeaders: apiCacheControl(req) } : null;
    }
    if (target === null) return null;
    if (target.kind === 'redirect') return { redirect: redirectLocation(target.location, search) };
    const hit = cache.fresh(pageTargetKey(target), revision);
    return hit ? { hit } : null;
  }

  const pageTargetOf = (path: string) => (pages === null || path.startsWith('/api/') ? null : pages(path));

  /** A public REST read that was not a fresh hit: produced (once for concurrent misses) and sent. */
  async function serveRest(req: Request, res: Response, next: NextFunction, path: string, search: string): Promise<void> {
    const rest = restReadOf(path, search);
    const revision = feed.current;
    if (!rest || revision === null) return next();
    const { key, read } = rest;
    const started = performance.now();
    try {
      const { state, prepared } = await cache.getOrProduce(key, revision, () => produceRestRead(read, countingThrough(orm.em.fork(), counts)));
      logSlow(started, path);
      if (!prepared) return next();
      sendPrepared(req, res, prepared, state, apiCacheControl(req));
    } catch {
      // The REST router answers it again, with the usual error (e.g. 503 while the database is away).
      next();
    }
  }

  /** Bodies read before Express (answerGraphQLPost) for the app's GraphQL read path. */
  const handedBodies = new WeakMap<IncomingMessage, HandedBody>();
  const knownBodies = new KnownBodies();

  /**
   * The Content-Length of a `POST /graphql` whose body the GraphQL read path reads itself (a small
   * JSON body without a session, while the cache can be trusted), or null: left to the GraphQL route.
   */
  function cacheableGraphQLPost(req: IncomingMessage): number | null {
    const length = Number(req.headers['content-length']);
    if (
      graphql === null ||
      feed.current === null ||
      SESSION_COOKIE_PATTERN.test(req.headers.cookie ?? '') ||
      !req.headers['content-type']?.startsWith('application/json') ||
      !(length > 0 && length <= GRAPHQL_READ_MAX_BODY)
    ) {
      return null;
    }
    return length;
  }

  async function serveGraphQL(req: Request, res: Response, next: NextFunction): Promise<void> {
    let handed = handedBodies.get(req);
    if (handed === undefined) {
      const length = cacheableGraphQLPost(req);
      if (length === null) return next();
      const body = await readBody(req, length);
      handed = { body, read: body === null ? null : graphQLRead(body) };
    }
    if ('error' in handed) throw handed.error;
    const { body, read } = handed;
    if (body === null) return next(badRequest('Request body is too large', 413));
    const revision = feed.current;
    if (read && graphql !== null && revision !== null && (await answerGraphQLRead(req, res, read, revision))) return;
    // Not a cacheable query: on to Apollo Server, with the body already read (the JSON parser
    // skips a request whose body was consumed and keeps req.body).
    try {
      req.body = JSON.parse(body);
    } catch {
      return next(badRequest('Malformed JSON in the request body', 400, 'entity.parse.failed'));
    }
    next();
  }

  /** Answers an anonymous query from the cache (producing it on a miss); false when it cannot. */
  async function answerGraphQLRead(req: Request, res: Response, read: GraphQLRead, revision: string): Promise<boolean> {
    const hit = cache.fresh(read.key, revision);
    if (hit) {
      sendPrepared(req, res, hit, 'hit', publicCacheControl);
      return true;
    }
    const started = performance.now();
    try {
      const context: GraphQLContext = { req, res, em: countingThrough(orm.em.fork(), counts), caller: { userId: null }, deps };
      const { state, prepared } = await cache.getOrProduce(read.key, revision, () => produceGraphQLRead(graphql!, read, context));
      logSlow(started, 'graphql');
      if (prepared) {
        sendPrepared(req, res, prepared, state, publicCacheControl);
        return true;
      }
    } catch {
      // Answered again by Apollo Server, with its usual error.
    }
    return false;
  }

  /** `GET /graphql?query=...` (or an APQ hash) without a session: a cacheable read, else Apollo Server. */
  async function serveGraphQLGet(req: Request, res: Response, next: NextFunction, search: string): Promise<void> {
    const revision = feed.current;
    if (graphql === null || revision === null || search === '' || SESSION_COOKIE_PATTERN.test(req.headers.cookie ?? '')) return next();
    const read = graphQLGetRead(search);
    if (read && (await answerGraphQLRead(req, res, read, revision))) return;
    next();
  }

  const handler: RequestHandler = (req, res, next) => {
    const url = req.url;
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const method = req.method;
    if (method === 'GET' || method === 'HEAD') {
      const search = q === -1 ? '' : url.slice(q + 1);
      if (path === '/graphql') return void serveGraphQLGet(req, res, next, search).catch(next);
      const revision = feed.current;
      const target = pageTargetOf(path);
      // Hits that answerHit left to the app (HTTPS, CORS) are answered here, after their headers.
      const found = answerOf(req, path, search, target, revision);
      if (found) return 'redirect' in found ? sendRedirect(res, found.redirect) : sendPrepared(req, res, found.hit, 'hit', found.extraHeaders);
      if (path.startsWith('/api/')) return void serveRest(req, res, next, path, search);
      if (target === null || target.kind === 'redirect') return next();
      const key = pageTargetKey(target);
      // The page is being rendered for a new revision: visitors arriving meanwhile get the previous
      // rendering at once instead of queueing behind the render, so editing never stalls the site.
      // The request that started the render, and anyone signed in (an editor), wait for the new one.
      if (cache.producing(key, revision) && !SESSION_COOKIE_PATTERN.test(req.headers.cookie ?? '')) {
        const previous = cache.last(key);
        if (previous) return sendPrepared(req, res, previous, 'stale');
      }
      return next();
    }
    if (method === 'POST' && path === '/graphql') return void serveGraphQL(req, res, next).catch(next);
    next();
  };

  /** HTTPS (Strict-Transport-Security), as Express judges it (req.secure), or possibly so: through the app. */
  const maybeSecure = (req: IncomingMessage) =>
    (req.socket as TLSSocket).encrypted || (proxyTrusted && req.headers['x-forwarded-proto'] !== undefined);

  function answerHit(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    if (maybeSecure(req)) return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    // Cross-origin reads (CORS_ORIGINS) get their headers in the app.
    if (corsEnabled && corsMethods(path) !== null) return false;
    const found = answerOf(req, path, q === -1 ? '' : url.slice(q + 1), pageTargetOf(path), feed.current);
    const headers = found && security.fixedHeaders(path);
    if (!found || !headers) return false;
    if ('redirect' in found) sendRedirect(res, found.redirect, headers);
    else sendPreparedFirst(req, res, found.hit, headers, found.extraHeaders);
    return true;
  }

  function answerGraphQLPost(req: IncomingMessage, res: ServerResponse, app: () => void): boolean {
    if (req.method !== 'POST' || maybeSecure(req)) return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    if ((q === -1 ? url : url.slice(0, q)) !== '/graphql') return false;
    // Cross-origin reads (CORS_ORIGINS) get their headers in the app.
    if (corsEnabled) return false;
    const length = cacheableGraphQLPost(req);
    const headers = length === null ? null : security.fixedHeaders('/graphql', 'POST');
    if (length === null || headers === null) return false;
    // From here on the body is ours: the app gets it handed over (handedBodies), never the stream.
    const handOver = (handed: HandedBody) => {
      handedBodies.set(req, handed);
      app();
    };
    const answer = (bytes: Buffer, handOverRead = handOver) => {
      const known = knownBodies.read(bytes);
      const body = known ? null : bytes.toString('utf8');
      const read = known ?? graphQLRead(body!);
      const hit = read && cache.fresh(read.key, feed.current);
      if (hit) {
        if (!known) knownBodies.remember(bytes, read!);
        sendPreparedFirst(req, res, hit, headers, publicCacheControl);
      } else handOverRead({ body: body ?? bytes.toString('utf8'), read });
    };
    // A body sent with its headers was parsed in the same read from the socket: a tick later it is
    // all in the stream's buffer, taken at once (no stream events). Else it is collected as it comes.
    process.nextTick(() => {
      const buffered = bufferedBody(req, length);
      if (buffered) {
        // The app (its JSON parser) must find the stream ended, as after collectBody.
        const handOverWhenEnded = (handed: HandedBody) => whenEnded(req, (error) => handOver(error === null ? handed : { error }));
        return answer(buffered, handOverWhenEnded);
      }
      collectBody(req, length, (error, bytes) => {
        if (error !== null) handOver({ error });
        else if (bytes === null) handOver({ body: null, read: null });
        else answer(bytes);
      });
    });
    return true;
  }

  return {
    cache,
    feed,
    handler,
    answerHit,
    answerGraphQLPost,
    useGraphQL(server) {
      graphql = server;
    },
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

/** The body as text, or null when it is longer than announced. */
async function readBody(req: IncomingMessage, length: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > length) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The whole body of a request (announced `length` bytes) when all of it is in the stream's buffer,
 * still unread, read at once; null when it is not all there yet. The buffered bytes are the
 * body's: the HTTP parser gives a request no more than its Content-Length (the message may not be
 * marked complete yet at this point, though all of its body is there).
 */
function bufferedBody(req: IncomingMessage, length: number): Buffer | null {
  // read() with no size takes everything buffered (a paused stream: nothing else reads it).
  return req.readableLength === length ? (req.read() as Buffer) : null;
}

/**
 * Calls `done(null)` once the request stream has ended (at once if it has), or `done(error)` if it
 * breaks off first (the error collectBody would report).
 */
function whenEnded(req: IncomingMessage, done: (error: unknown) => void): void {
  if (req.readableEnded) return done(null);
  let finished = false;
  const finish = (error: unknown) => {
    if (finished) return;
    finished = true;
    req.off('end', onEnd).off('error', onError).off('close', onClose);
    done(error);
  };
  const onEnd = () => finish(null);
  const onError = (error: unknown) => finish(error);
  const onClose = () => finish(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
  req.on('end', onEnd).on('error', onError).on('close', onClose);
  // Flowing (its whole body was read already: no data is left to emit), so 'end' comes with the
  // end of the message, as it does for a body collected by its data events.
  req.resume();
}

/**
 * readBody with plain stream events and a callback, for the path before Express (no promise, no
 * async iterator per request): `done(null, bytes)`, `done(null, null)` when longer than announced,
 * or `done(error)` when the body broke off (the client went away: the error readBody would throw).
 */
function collectBody(req: IncomingMessage, length: number, done: (error: unknown, body: Buffer | null) => void): void {
  let first: Buffer | null = null;
  let more: Buffer[] | null = null;
  let received = 0;
  let finished = false;
  const finish = (error: unknown, body: Buffer | null) => {
    if (finished) return;
    finished = true;
    req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    done(error, body);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > length) return finish(null, null);
    if (first === null) first = chunk;
    else (more ??= [first]).push(chunk);
  };
  const onEnd = () => finish(null, more ? Buffer.concat(more) : (first ?? Buffer.alloc(0)));
  const onError = (error: unknown) => finish(error, null);
  const onClose = () => finish(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }), null);
  req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
}

/** An error shaped like body-parser's, so the GraphQL route's error handler answers it as before. */
function badRequest(message: string, status: number, type?: string): Error {
  return Object.assign(new Error(message), { status, statusCode: status, expose: true, type });
}
