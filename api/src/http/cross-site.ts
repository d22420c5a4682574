import type { ApolloServerPlugin } from '@apollo/server';
import type { Request, RequestHandler } from 'express';
import { GraphQLError } from 'graphql';
import type { Config } from '../config.js';
import { Forbidden } from '../shared/errors.js';
import { GRAPHQL_PATH } from '../shared/url-paths.js';

// Cross-site request forgery: a state-changing request (any method but GET/HEAD/OPTIONS) is
// refused when the browser says it comes from another site: an Origin that is not the site's
// own (the request's own origin, PUBLIC_URL, or one of TRUSTED_ORIGINS), or
// `Sec-Fetch-Site: cross-site`. Requests without either header (curl, server to server) pass:
// browsers send Origin on every cross-origin POST. On /graphql only mutations are refused (a
// cross-origin query reads public data), and multipart bodies, which are always uploads.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

export function isCrossSite(req: Request, config: Config): boolean {
  if (req.get('sec-fetch-site')?.toLowerCase() === 'cross-site') return true;
  const origin = req.get('origin');
  if (origin === undefined) return false;
  // req.protocol and req.host (with port) follow TRUST_PROXY (X-Forwarded-Proto/-Host).
  const own = `${req.protocol}://${req.host}`;
  return !(origin === own || origin === config.publicUrl || config.trustedOrigins.includes(origin));
}

const isGraphQLPath = (req: Request) => req.path === GRAPHQL_PATH || req.path.startsWith(`${GRAPHQL_PATH}/`);

/** Mounted early in app.ts: every state-changing request outside /graphql. */
export function refuseCrossSiteWrites(config: Config): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || isGraphQLPath(req) || !isCrossSite(req, config)) return next();
    next(new Forbidden(CROSS_SITE_MESSAGE));
  };
}

/** In the /graphql chain before the body is read: a cross-site multipart (upload) request. */
export function refuseCrossSiteMultipart(config: Config): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || !req.is('multipart/form-data') || !isCrossSite(req, config)) return next();
    next(new Forbidden(CROSS_SITE_MESSAGE));
  };
}

/** Apollo plugin: a cross-site mutation gets 403 FORBIDDEN before anything runs. */
export function refuseCrossSiteMutations<TContext extends { req: Request }>(config: Config): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, contextValue }) {
          if (operation?.operation !== 'mutation' || !isCrossSite(contextValue.req, config)) return;
          const error = new Forbidden(CROSS_SITE_MESSAGE);
          throw new GraphQLError(error.message, { extensions: { code: error.code, http: { status: error.status } } });
        },
      };
    },
  };
}
