import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { DocumentNode } from 'graphql';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router';
import { PublicDataProvider, PublicDataStore, operationNameOf } from '../public/page-data/public-data';
import { system } from '../theme';

/** A public query's scripted answer in a test: data, a failure, or none (still loading). */
export interface PublicMock {
  query: DocumentNode;
  answer(): Promise<unknown>;
}

/** Renders a public screen with the real theme, a router at `path` and scripted query answers (unscripted ones fail). */
export function renderPublic(ui: ReactElement, { mocks = [], path = '/' }: { mocks?: PublicMock[]; path?: string } = {}) {
  const answers = new Map(mocks.map((mock) => [operationNameOf(mock.query), mock]));
  const store = new PublicDataStore((_document, name) => answers.get(name)?.answer() ?? Promise.reject(new Error(`no answer scripted for ${name}`)));
  return render(
    <PublicDataProvider store={store}>
      <ChakraProvider value={system}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </ChakraProvider>
    </PublicDataProvider>,
  );
}

/** A GraphQL answer that never arrives (the loading state). */
export function pending(query: DocumentNode): PublicMock {
  return { query, answer: () => new Promise(() => {}) };
}

export function failing(query: DocumentNode): PublicMock {
  return { query, answer: () => Promise.reject(new Error('Network error')) };
}

export function answering(query: DocumentNode, data: Record<string, unknown>): PublicMock {
  return { query, answer: () => Promise.resolve(data) };
}
