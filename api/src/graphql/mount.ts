import { createHash } from 'node:crypto';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler } from 'express';
import type { AppDeps } from '../app-deps.js';
import { callerOf } from '../auth/session.js';
import { noCorsForMutations } from '../http/cors.js';
import { refuseCrossSiteMultipart, refuseCrossSiteMutations } from '../http/cross-site.js';
import { emOf } from '../shared/request-context.js';
import { GRAPHQL_PATH } from '../shared/url-paths.js';
import type { Config } from '../config.js';
import type { GraphQLContext } from './context.js';
import { createErrorFormatter } from './errors.js';
import { GRAPHQL_MAX_BODY_BYTES, MAX_VARIABLES_DEPTH, nestedDeeperThan, queryLimitRules, queryLimits } from './limits.js';
import { queryStores } from './query-stores.js';
import { graphQLSchema } from './schema.js';
import { AppError, ServiceUnavailable } from '../shared/errors.js';
import { graphqlMultipart } from '../uploads/graphql-multipart.js';
import { serviceUnavailableStatus } from './status.plugin.js';
import type { Logger } from 'pino';
import { databaseHealth, isDatabaseUnavailable } from '../ops/database-health.js';
import { clientErrorOf } from '../http/client-errors.js';

/** Largest GraphQL JSON body; queries are small, the limits below cap their shape too. */
const preflightHeaders = ['x-apollo-operation-name', 'apollo-require-preflight'];

/** Introspection and Sandbox: always in development and test, per GRAPHQL_INTROSPECTION in production. */
export function introspectionEnabled(config: Config): boolean {
  if (config.env !== 'production') return true;
  return config.graphqlIntrospection;
}

function graphQLErrorBody(message: string, code: string) {
  return { errors: [{ message, extensions: { code } }] };
}

/**
 * Checks a multipart (upload) request before its body is read. Apollo's CSRF prevention refuses a
 * multipart post without a preflight header too, but only after the whole body was read; refusing
 * here makes a cross-site form post cheap. The upload's own refusals (who may upload, an announced
 * huge body) follow in graphqlMultipart, the same as on REST (uploads/upload-gate.ts).
 */
const guardMultipart: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) {
    next();
    return;
  }
  if (!preflightHeaders.some((name) => req.get(name))) {
    res
      .status(400)
      .json(
        graphQLErrorBody(
          `This operation has been blocked as a potential Cross-Site Request Forgery (CSRF). Please either specify a 'content-type' header (with a type that is not one of application/x-www-form-urlencoded, multipart/form-data, text/plain) or provide a non-empty value for one of the following headers: ${preflightHeaders.join(', ')}`,
          'BAD_REQUEST',
        ),
      );
    return;
  }
  next();
};

/**
 * Queries over GET need no preflight header: Apollo executes only queries over GET (a mutation
 * gets 405), so a cross-site GET cannot change anything, and integrators and CDNs can send plain
 * `GET /graphql?query=...`. Apollo's CSRF prevention still guards every POST.
 */
const allowGetQueries: RequestHandler = (req, _res, next) => {
  if ((req.method === 'GET' || req.method === 'HEAD') && !preflightHeaders.some((name) => req.get(name))) {
    req.headers['apollo-require-preflight'] = 'get';
  }
  next();
};

interface Refusal {
  status: number;
  message: string;
  code: string;
}

/** A request's GraphQL parameters as Apollo will read them: the JSON body, or the query string of a GET. */
function requestParameters(req: Request): { query?: unknown; variables?: unknown; extensions?: unknown } | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const body: unknown = req.body;
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? body : null;
  }
  const q = req.originalUrl.indexOf('?');
  if (q === -1) return null;
  const params = new URLSearchParams(req.originalUrl.slice(q + 1));
  const json = (name: string) => {
    const values = params.getAll(name);
    if (values.length !== 1) return undefined;
    try {
      return JSON.parse(values[0]) as unknown;
    } catch {
      return undefined; // Apollo answers it
    }
  };
  const queries = params.getAll('query');
  return { query: queries.length === 1 ? queries[0] : undefined, variables: json('variables'), extensions: json('extensions') };
}

/**
 * The automatic persisted query protocol's refusals, with its codes (Apollo Server answers a wrong
 * version or a hash that does not match the query as an internal error, and logs a stack): a
 * version other than 1 is PERSISTED_QUERY_NOT_SUPPORTED, a mismatched hash BAD_REQUEST. An unknown
 * hash is left to Apollo, which asks for the query (PERSISTED_QUERY_NOT_FOUND).
 */
function persistedQueryRefusal(query: unknown, extensions: unknown): Refusal | null {
  if (typeof extensions !== 'object' || extensions === null) return null;
  const persisted: unknown = (extensions as { persistedQuery?: unknown }).persistedQuery;
  if (!persisted) return null;
  if (typeof persisted !== 'object' || (persisted as { version?: unknown }).version !== 1) {
    return { status: 400, message: 'Unsupported persisted query version: only version 1 is supported', code: 'PERSISTED_QUERY_NOT_SUPPORTED' };
  }
  const hash: unknown = (persisted as { sha256Hash?: unknown }).sha256Hash;
  if (typeof query === 'string' && (typeof hash !== 'string' || createHash('sha256').update(query).digest('hex') !== hash)) {
    return { status: 400, message: 'The persisted query hash does not match the query (sha256Hash must be the SHA-256 of the query, in lower-case hex)', code: 'BAD_REQUEST' };
  }
  return null;
}

/**
 * Refusals Apollo Server does not make (or makes as internal errors), answered before it runs:
 * variables nested deeper than MAX_VARIABLES_DEPTH (400 BAD_USER_INPUT), and the persisted query
 * protocol's errors. Every GET and POST passes here, with or without a session.
 */
const refuseMalformedRequests: RequestHandler = (req, res, next) => {
  const params = requestParameters(req);
  if (params === null) return next();
  const refusal: Refusal | null = nestedDeeperThan(params.variables, MAX_VARIABLES_DEPTH)
    ? { status: 400, message: `Variables are nested too deeply: at most ${MAX_VARIABLES_DEPTH} levels of lists and objects`, code: 'BAD_USER_INPUT' }
    : persistedQueryRefusal(params.query, params.extensions);
  if (!refusal) return next();
  res.status(refusal.status).json(graphQLErrorBody(refusal.message, refusal.code));
};

/** Body-parser and multipart errors (bad JSON, too large, broken multipart) as GraphQL errors. */
const httpErrorsAsGraphQL = (logger: Logger): ErrorRequestHandler => (raised, _req, res, next) => {
  let error = raised;
  if (isDatabaseUnavailable(error)) {
    // Raised before Apollo (the session store): the same 503 as a resolver's, GraphQL-shaped.
    databaseHealth.reportUnavailable(error, logger);
    error = new ServiceUnavailable();
  }
  if (error instanceof AppError && !res.headersSent) {
    const errors = [{ message: error.message, extensions: { code: error.code, ...error.extensions() } }];
    // The multipart reader's refusals say `data: null`: the operation in the body never ran.
    res
      .set(error.headers())
      .status(error.status)
      .json(res.locals.refusedMultipart ? { data: null, errors } : { errors });
    return;
  }
  const client = clientErrorOf(error);
  if (client === null || res.headersSent) {
    next(error);
    return;
  }
  res.status(client.status).json(graphQLErrorBody(client.message, client.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST'));
};

// Mounts Apollo Server at /graphql. createApp calls this after the session middleware.
export async function mountGraphQL(
  app: Express,
  deps: AppDeps,
): Promise<{ server: ApolloServer<GraphQLContext>; stop(): Promise<void> }> {
  const production = deps.config.env === 'production';
  const introspection = introspectionEnabled(deps.config);
  const server = new ApolloServer<GraphQLContext>({
    schema: await graphQLSchema(),
    introspection,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    validationRules: queryLimitRules,
    parseOptions: { maxTokens: queryLimits.maxTokens },
    maxRecursiveSelections: true,
    // Both bounded in bytes, the persisted queries shared with the public read path (query-stores.ts).
    persistedQueries: { cache: queryStores.persistedQueries.forApollo },
    documentStore: queryStores.documents,
    hideSchemaDetailsFromClientErrors: !introspection,
    // Stack traces stay in the log, as on REST; development shows unexpected messages unmasked.
    includeStacktraceInErrorResponses: false,
    formatError: createErrorFormatter({ maskUnexpected: production, hideSuggestions: production, logger: deps.logger }),
    logger: deps.logger,
    // main.ts owns shutdown; it stops this server through the returned handle.
    stopOnTerminationSignals: false,
    plugins: [
      noCorsForMutations(),
      serviceUnavailableStatus,
      refuseCrossSiteMutations(deps.config),
      introspection
        ? ApolloServerPluginLandingPageLocalDefault({ embed: true })
        : ApolloServerPluginLandingPageDisabled(),
    ],
  });
  await server.start();

  app.use(
    GRAPHQL_PATH,
    refuseCrossSiteMultipart(deps.config),
    allowGetQueries,
    guardMultipart,
    express.json({ limit: GRAPHQL_MAX_BODY_BYTES }),
    graphqlMultipart(),
    refuseMalformedRequests,
    expressMiddleware(server, {
      context: async ({ req, res }) => ({ req, res, em: emOf(req), caller: callerOf(req), deps }),
    }),
    httpErrorsAsGraphQL(deps.logger),
  );

  return { server, stop: () => server.stop() };
}
