import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router';
import { system } from '../theme';

/** Renders a public screen with the real theme, a router at `path` and mocked GraphQL answers. */
export function renderPublic(ui: ReactElement, { mocks = [], path = '/' }: { mocks?: MockLink.MockedResponse[]; path?: string } = {}) {
  return render(
    <MockedProvider mocks={mocks}>
      <ChakraProvider value={system}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </ChakraProvider>
    </MockedProvider>,
  );
}

/** A GraphQL answer that never arrives (the loading state). */
export function pending(query: MockLink.MockedResponse['request']['query']): MockLink.MockedResponse {
  return { request: { query }, result: { data: {} }, delay: Infinity };
}

export function failing(query: MockLink.MockedResponse['request']['query']): MockLink.MockedResponse {
  return { request: { query }, error: new Error('Network error') };
}

export function answering(query: MockLink.MockedResponse['request']['query'], data: Record<string, unknown>): MockLink.MockedResponse {
  return { request: { query }, result: { data } };
}
