import type { ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from './theme';

/** Providers shared by the browser, the server renderer and the tests (the router is added by each). */
export function AppProviders({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ApolloProvider client={client}>
      <ChakraProvider value={system}>{children}</ChakraProvider>
    </ApolloProvider>
  );
}
