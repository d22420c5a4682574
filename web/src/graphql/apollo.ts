import { ApolloClient, ApolloLink, InMemoryCache, type HttpLink, type NormalizedCacheObject } from '@apollo/client';
import { Observable, type Subscription } from 'rxjs';

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
 * The HTTP link, loaded on the first request that needs the network: a server-rendered page
 * hydrates from the cache state it carries and may never make one, so its code (the HTTP
 * transport, body and response handling) is a chunk of its own, not part of every page's start.
 */
function deferredHttpLink(options: HttpLink.Options): ApolloLink {
  let loaded: Promise<ApolloLink> | undefined;
  return new ApolloLink(
    (operation, forward) =>
      new Observable<ApolloLink.Result>((observer) => {
        let subscription: Subscription | undefined;
        let closed = false;
        (loaded ??= import('@apollo/client/link/http').then(({ HttpLink }) => new HttpLink(options))).then(
          (link) => {
            if (!closed) subscription = link.request(operation, forward).subscribe(observer);
          },
          (error: unknown) => observer.error(error),
        );
        return () => {
          closed = true;
          subscription?.unsubscribe();
        };
      }),
  );
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
      deferredHttpLink({
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
