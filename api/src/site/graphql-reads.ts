import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApolloServer } from '@apollo/server';
import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import { countingThrough, type CountMemo } from '../content/count-memo.js';
import type { GraphQLContext } from '../graphql/context.js';
import { bodyTooLarge, malformedJson } from '../http/client-errors.js';
import { hasSessionCookie } from '../http/request-facts.js';
import type { ContentRevisionFeed } from './content-revision-feed.js';
import { KnownBodies } from './known-bodies.js';
import type { PublicCache } from './public-cache.js';
import { GRAPHQL_READ_MAX_BODY, graphQLGetRead, graphQLRead, produceGraphQLRead, type GraphQLRead } from './public-graphql.js';
import { bufferedBody, collectBody, readBody, whenEnded } from './request-body.js';
import { sendPrepared, sendPreparedFirst } from './send-prepared.js';
import type { EdgeHeaders } from '../edge/edge-headers.js';
import { ReadTags, recordingReads } from '../edge/edge-tags.js';

// The anonymous GraphQL reads of the public read path (public-reads.ts): queries over GET, and
// `POST /graphql` with a small JSON body, answered from the cache (produced through Apollo Server
// on a miss). A POST may be taken before Express: its body is then read here, and handed to the
// app with the request when the cache cannot answer it, so the app answers exactly as if it had
// read the body itself.

/**
 * A `POST /graphql` body read before Express, handed to the app's GraphQL read path (which would
 * have read it itself): the text (null: longer than announced) and its cacheable read, or the error
 * reading it raised (an aborted upload).
 */
type HandedBody = { body: string | null; read: GraphQLRead | null } | { error: unknown };

export interface GraphQLReadsSetup {
  deps: AppDeps;
  cache: PublicCache;
  feed: ContentRevisionFeed;
  counts: CountMemo;
  /** The Cache-Control of an anonymous answer. */
  cacheControl: Record<string, string>;
  /** The cache tags of an answer (edge/edge-headers.ts). */
  edge: EdgeHeaders;
  logSlow(started: number, what: string): void;
}

export function graphQLReads({ deps, cache, feed, counts, cacheControl, edge, logSlow }: GraphQLReadsSetup) {
  let graphql: ApolloServer<GraphQLContext> | null = null;
  /** Bodies read before Express (answerPost) for the app's GraphQL read path. */
  const handedBodies = new WeakMap<IncomingMessage, HandedBody>();
  const knownBodies = new KnownBodies();

  /**
   * The Content-Length of a `POST /graphql` whose body the GraphQL read path reads itself (a small
   * JSON body without a session, while the cache can be trusted), or null: left to the GraphQL route.
   */
  function cacheablePost(req: IncomingMessage): number | null {
    const length = Number(req.headers['content-length']);
    if (
      graphql === null ||
      feed.current === null ||
      hasSessionCookie(req) ||
      !req.headers['content-type']?.startsWith('application/json') ||
      !(length > 0 && length <= GRAPHQL_READ_MAX_BODY)
    ) {
      return null;
    }
    return length;
  }

  /** Answers an anonymous query from the cache (producing it on a miss); false when it cannot. */
  async function answerRead(req: Request, res: Response, read: GraphQLRead, revision: string): Promise<boolean> {
    const hit = cache.fresh(read.key, revision);
    if (hit) {
      sendPrepared(req, res, hit, 'hit', cacheControl);
      return true;
    }
    const started = performance.now();
    try {
      // What the query's reads used: its cache tags (edge/edge-tags.ts).
      const tags = new ReadTags();
      const context: GraphQLContext = { req, res, em: recordingReads(countingThrough(deps.orm.em.fork(), counts), tags), caller: { userId: null }, deps };
      const { state, prepared } = await cache.getOrProduce(read.key, revision, async () => edge.tagged(await produceGraphQLRead(graphql!, read, context), tags));
      logSlow(started, 'graphql');
      if (prepared) {
        sendPrepared(req, res, prepared, state, cacheControl);
        return true;
      }
    } catch {
      // Answered again by Apollo Server, with its usual error.
    }
    return false;
  }

  /** `POST /graphql` in the app: a cacheable read answered from the cache, else on to Apollo Server with the body read. */
  async function servePost(req: Request, res: Response, next: NextFunction): Promise<void> {
    let handed = handedBodies.get(req);
    if (handed === undefined) {
      const length = cacheablePost(req);
      if (length === null) return next();
      const body = await readBody(req, length);
      handed = { body, read: body === null ? null : graphQLRead(body) };
    }
    if ('error' in handed) throw handed.error;
    const { body, read } = handed;
    if (body === null) return next(bodyTooLarge());
    const revision = feed.current;
    if (read && graphql !== null && revision !== null && (await answerRead(req, res, read, revision))) return;
    // Not a cacheable query: on to Apollo Server, with the body already read (the JSON parser
    // skips a request whose body was consumed and keeps req.body).
    try {
      req.body = JSON.parse(body);
    } catch {
      return next(malformedJson());
    }
    next();
  }

  /** `GET /graphql?query=...` (or an APQ hash) without a session: a cacheable read, else Apollo Server. */
  async function serveGet(req: Request, res: Response, next: NextFunction, search: string): Promise<void> {
    const revision = feed.current;
    if (graphql === null || revision === null || search === '' || hasSessionCookie(req)) return next();
    const read = graphQLGetRead(search);
    if (read && (await answerRead(req, res, read, revision))) return;
    next();
  }

  /**
   * Before Express: an anonymous `POST /graphql` (cacheablePost) has its body read here, and a
   * fresh hit is answered with `headers` first; anything else goes on through `app` with the body
   * handed over. False (nothing read): through the app as it is.
   */
  function answerPost(req: IncomingMessage, res: ServerResponse, headers: ReadonlyArray<readonly [string, string]>, app: () => void): boolean {
    const length = cacheablePost(req);
    if (length === null) return false;
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
        sendPreparedFirst(req, res, hit, headers, cacheControl);
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
    /** The GraphQL server whose anonymous queries are cached (set once it is started). */
    use(server: ApolloServer<GraphQLContext>) {
      graphql = server;
    },
    servePost,
    serveGet,
    answerPost,
  };
}
