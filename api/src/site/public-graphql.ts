import { createHash } from 'node:crypto';
import type { ApolloServer } from '@apollo/server';
import { Kind, parse, print, type OperationDefinitionNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { GraphQLContext } from '../graphql/context.js';
import { GRAPHQL_MAX_BODY_BYTES, MAX_VARIABLES_DEPTH, nestedDeeperThan, queryLimits } from '../graphql/limits.js';
import { queryStores } from '../graphql/query-stores.js';
import type { Production } from './public-cache.js';

// Anonymous GraphQL reads (`POST /graphql` with a query, no session cookie) as cacheable
// productions. The key is the normalised document (printed from its syntax tree: whitespace,
// commas and comments do not matter), the operation name and the variables, and nothing else. Only
// a query operation is cacheable, and only an answer without errors; everything else is left to
// Apollo Server as before. The production runs through the same Apollo Server (validation, limits,
// error formatting) as any request.

/** Largest body the fast path reads itself (the GraphQL route's own limit); bigger ones go to the route as they are. */
export const GRAPHQL_READ_MAX_BODY = GRAPHQL_MAX_BODY_BYTES;
const JSON_TYPE = 'application/json; charset=utf-8';

export interface GraphQLRead {
  key: string;
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
}

/**
 * Raw body -> its read (or null: not a cacheable query), so a repeated body is not parsed again.
 * Bounded by the bytes of the body and of the read it keeps (query text and key), two per character.
 */
const parsedBodies = new LRUCache<string, GraphQLRead | { notCacheable: true }>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (value, key) => 2 * (key.length + ('key' in value ? value.key.length + value.query.length : 0)) + 128,
});

/**
 * Automatic persisted queries (Apollo APQ): sha256 hex -> query text, learnt when a client sends
 * both, in the store Apollo Server uses too (bounded in bytes, graphql/query-stores.ts). A hash
 * alone that is not known goes on to Apollo Server, which answers PERSISTED_QUERY_NOT_FOUND, and
 * the client sends the query with the hash.
 */
const persistedQueries = queryStores.persistedQueries;

/** The cacheable read a JSON request body names, or null (not JSON, not a query, a syntax error...). */
export function graphQLRead(body: string): GraphQLRead | null {
  const memo = parsedBodies.get(body);
  if (memo) return 'notCacheable' in memo ? null : memo;
  let request: unknown;
  try {
    request = JSON.parse(body);
  } catch {
    request = null;
  }
  const read = readOf(request);
  // A persisted-query body depends on (and teaches) the APQ store each time: not remembered.
  if ((request as { extensions?: unknown } | null)?.extensions === undefined) parsedBodies.set(body, read ?? { notCacheable: true });
  return read;
}

/**
 * The cacheable read of `GET /graphql?query=...&variables=...&operationName=...&extensions=...`
 * (variables and extensions are JSON, as Apollo reads them), or null.
 */
export function graphQLGetRead(search: string): GraphQLRead | null {
  if (search.length > GRAPHQL_READ_MAX_BODY) return null;
  const params = new URLSearchParams(search);
  const request: Record<string, unknown> = {};
  for (const name of ['query', 'operationName'] as const) {
    const values = params.getAll(name);
    if (values.length > 1) return null;
    if (values.length === 1) request[name] = values[0];
  }
  for (const name of ['variables', 'extensions'] as const) {
    const values = params.getAll(name);
    if (values.length > 1) return null;
    if (values.length === 1) {
      try {
        request[name] = JSON.parse(values[0]);
      } catch {
        return null;
      }
    }
  }
  return readOf(request);
}

/** The query text of a request: given, or named by its APQ hash (checked when both are sent). */
function queryOf(query: unknown, extensions: unknown): string | null {
  if (extensions === undefined || extensions === null) return typeof query === 'string' ? query : null;
  if (typeof extensions !== 'object' || Array.isArray(extensions)) return null;
  const keys = Object.keys(extensions);
  const persisted = (extensions as { persistedQuery?: unknown }).persistedQuery;
  if (keys.length !== 1 || keys[0] !== 'persistedQuery' || typeof persisted !== 'object' || persisted === null) return null;
  const { version, sha256Hash } = persisted as { version?: unknown; sha256Hash?: unknown };
  if (version !== 1 || typeof sha256Hash !== 'string' || !/^[0-9a-f]{64}$/.test(sha256Hash)) return null;
  if (typeof query === 'string') {
    if (createHash('sha256').update(query).digest('hex') !== sha256Hash) return null;
    persistedQueries.remember(sha256Hash, query);
    return query;
  }
  return query === undefined || query === null ? (persistedQueries.query(sha256Hash) ?? null) : null;
}

function readOf(request: unknown): GraphQLRead | null {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return null;
  const { variables, operationName, extensions } = request as Record<string, unknown>;
  const query = queryOf((request as Record<string, unknown>).query, extensions);
  if (query === null) return null;
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
  // Refused by the GraphQL route (400): the key below walks the variables recursively.
  if (nestedDeeperThan(variables, MAX_VARIABLES_DEPTH)) return null;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return null;
  let document;
  try {
    document = parse(query, { maxTokens: queryLimits.maxTokens });
  } catch {
    return null;
  }
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  if (!operation || operation.operation !== 'query') return null;
  const vars = (variables ?? undefined) as Record<string, unknown> | undefined;
  return {
    key: `graphql\n${print(document)}\n${operationName ?? ''}\n${stableStringify(vars ?? {})}`,
    query,
    variables: vars,
    operationName: (operationName as string | null) ?? undefined,
  };
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` variables name the same read. */
function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Executes the read through Apollo Server; cacheable when it answered 200 without errors and no field asked to stay uncached. */
export async function produceGraphQLRead(
  server: ApolloServer<GraphQLContext>,
  read: GraphQLRead,
  context: GraphQLContext,
): Promise<Production> {
  // A field whose every answer must be fresh (a challenge) says so through `uncached`.
  let uncached = false;
  const response = await server.executeOperation(
    { query: read.query, variables: read.variables, operationName: read.operationName },
    { contextValue: { ...context, uncached: { mark: () => void (uncached = true) } } },
  );
  const status = response.http.status ?? 200;
  if (uncached || response.body.kind !== 'single' || status !== 200 || response.body.singleResult.errors?.length) {
    return { produced: { status, headers: {}, body: Buffer.alloc(0) }, cacheable: false };
  }
  const headers: Record<string, string> = { 'Content-Type': JSON_TYPE };
  for (const [name, value] of response.http.headers) if (name !== 'content-type') headers[name] = value;
  const { data, extensions } = response.body.singleResult;
  // The bytes Apollo's HTTP handler would send (prettyJSONStringify: JSON and a newline).
  return { produced: { status: 200, headers, body: Buffer.from(`${JSON.stringify({ data, extensions })}\n`, 'utf8') }, cacheable: true };
}
