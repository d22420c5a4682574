import { ApolloClient, ApolloLink, InMemoryCache, type HttpLink } from '@apollo/client';
import { Observable, type Subscription } from 'rxjs';

export interface ApolloClientOptions {
  /** GraphQL endpoint; the same origin by default. */
  uri?: string;
  /** fetch implementation. */
  fetch?: typeof fetch;
}

/**
 * The HTTP link, loaded on the first request that needs the network: its code (the HTTP
 * transport, body and response handling) is a chunk of its own.
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
 * The admin panel's Apollo client (public pages use public/page-data instead).
 * Data rules of spec section 9: no polling, no refetch on focus (Apollo never does that), no retries
 * (no RetryLink), and cached data is never considered stale (cache-first everywhere).
 * Cookies always travel with the request so the admin session works.
 */
export function createApolloClient(options: ApolloClientOptions = {}): ApolloClient {
  return new ApolloClient({
    link: deferredHttpLink({ uri: options.uri ?? '/graphql', credentials: 'include', fetch: options.fetch }),
    cache: new InMemoryCache(),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-first', nextFetchPolicy: 'cache-first' },
      query: { fetchPolicy: 'cache-first' },
    },
  });
}
