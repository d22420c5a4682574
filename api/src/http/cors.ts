import type { ApolloServerPlugin } from '@apollo/server';
import type { Request, RequestHandler, Response } from 'express';
import { Kind, type DocumentNode } from 'graphql';
import { TOTAL_COUNT_HEADER } from '../content/list-options.js';
import { corsMethodsOf } from './route-table.js';

// CORS for the public read API only (CORS_ORIGINS): browser apps on the listed origins may read
// public REST records and lists (GET), the OpenAPI document, and run GraphQL queries (GET, POST).
// Never credentials (no Access-Control-Allow-Credentials: a cookie-carrying cross-origin read
// stays unreadable). Admin routes, auth, uploads never answer cross-origin; on /graphql a
// mutation has the headers taken off again once the operation is known (the preflight cannot
// see the body), so the browser hides its answer, and the cross-site check refuses it anyway.
// Mounted before the public read handler so cached hits carry the headers too.

const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** The methods a path allows cross-origin (its routes marked `cors` in the route table), or null. */
export const corsMethods = corsMethodsOf;

function addVary(res: Response, name: string): void {
  const current = res.getHeader('Vary');
  res.setHeader('Vary', current ? `${String(current)}, ${name}` : name);
}

export function publicCors(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    if (allowed.size === 0) return next();
    const methods = corsMethods(req.path);
    if (methods === null) return next();
    // The answer depends on Origin: a CDN must keep one copy per origin.
    addVary(res, 'Origin');
    const origin = req.get('origin');
    if (origin === undefined || !allowed.has(origin)) return next();
    const preflight = req.method === 'OPTIONS' && req.get('access-control-request-method') !== undefined;
    const method = preflight ? req.get('access-control-request-method')!.toUpperCase() : req.method;
    if (!methods.split(', ').includes(method) && !(method === 'HEAD' || method === 'OPTIONS')) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    if (!preflight) {
      res.setHeader('Access-Control-Expose-Headers', `ETag, ${TOTAL_COUNT_HEADER}`);
      return next();
    }
    res.setHeader('Access-Control-Allow-Methods', methods);
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
    res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
    res.status(204).end();
  };
}

const onlyQueries = (document: DocumentNode | undefined) =>
  document !== undefined &&
  document.definitions.every((d) => d.kind !== Kind.OPERATION_DEFINITION || d.operation === 'query');

/**
 * Apollo plugin: an answer keeps its CORS headers only when the request was queries only; a
 * mutation (or a document that could not be read) never carries them.
 */
export function noCorsForMutations<TContext extends { req: Request; res?: Response }>(): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ operation, document, contextValue }) {
          if (operation?.operation === 'query' || (operation === undefined && onlyQueries(document))) return;
          contextValue.res?.removeHeader('Access-Control-Allow-Origin');
          contextValue.res?.removeHeader('Access-Control-Expose-Headers');
        },
      };
    },
  };
}
