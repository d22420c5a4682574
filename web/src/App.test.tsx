import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { App } from './App';
import { SimplePageDocument } from './graphql/generated/graphql';
import { answering, renderPublic } from './test/render';

describe('App routes', () => {
  it('renders the 404 page for an unknown public path, inside the public layout', async () => {
    // A one-segment path may be one of the firm's pages: the not-found page once no page has that slug.
    renderPublic(<App />, { path: '/does-not-exist', mocks: [answering(SimplePageDocument, { pageBySlug: null })] });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin Panel' })).toBeInTheDocument();
  });

  it('renders the 404 page at once for a path no route can take', () => {
    for (const path of ['/does/not/exist', '/Not-A-Slug']) {
      const { unmount } = renderPublic(<App />, { path });
      expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
      unmount();
    }
  });
});
