import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { PublicDataProvider, type PublicDataStore } from './public/page-data/public-data';
import { system } from './theme';

/** Providers shared by the browser, the server renderer and the tests (the router is added by each). */
export function AppProviders({ store, children }: { store: PublicDataStore; children: ReactNode }) {
  return (
    <PublicDataProvider store={store}>
      <ChakraProvider value={system}>{children}</ChakraProvider>
    </PublicDataProvider>
  );
}
