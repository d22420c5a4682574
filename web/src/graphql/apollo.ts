import { ApolloClient, HttpLink, InMemoryCache, type ApolloLink, type NormalizedCacheObject } from '@apollo/client';

export interface ApolloClientOptions {
  /** GraphQL endpoint; the browser uses the same origin, the server renderer an absolute URL. */
  uri?: string;
  /** True when rendering on the server: queries run once, no polling or refetching. */
  ssrMode?: boolean;
  /** Cache state serialised by the server renderer, restored before hydration. */
  initialState?: NormalizedCacheObject;
  /** Extra request headers (e.g. forwarded cookies on the server). */
  headers?: Record<string, string>;
  /** fetch implementation. */
  fetch?: typeof fetch;
  /** Instead of HTTP: the server renderer executes queries in its own process (entry-server.tsx). */
  link?: ApolloLink;
}

/**
 * One factory for every Apollo client of the app (public site, admin panel, server renderer).
 * Data rules of spec section 9: no polling, no refetch on focus (Apollo never does that), no retries
 * (no RetryLink), and cached data is never considered stale (cache-first everywhere).
 * Cookies always travel with the request so the admin session works.
 */
export function createApolloClient(options: ApolloClientOptions = {}): ApolloClient {
  const cache = new InMemoryCache();
  if (options.initialState) cache.restore(options.initialState);
  return new ApolloClient({
    link:
      options.link ??
      new HttpLink({
        uri: options.uri ?? '/graphql',
        credentials: 'include',
        headers: options.headers,
        fetch: options.fetch,
      }),
    cache,
    ssrMode: options.ssrMode ?? false,
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-first', nextFetchPolicy: 'cache-first' },
      query: { fetchPolicy: 'cache-first' },
    },
  });
}
