import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

/**
 * The admin panel's Apollo client (public pages use public/page-data instead).
 * Data rules: no polling, no refetch on focus (Apollo never does that), no retries
 * (no RetryLink), and cached data is never considered stale (cache-first everywhere).
 * Cookies always travel with the request so the admin session works.
 */
export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: '/graphql', credentials: 'include' }),
    cache: new InMemoryCache(),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-first', nextFetchPolicy: 'cache-first' },
      query: { fetchPolicy: 'cache-first' },
    },
  });
}
