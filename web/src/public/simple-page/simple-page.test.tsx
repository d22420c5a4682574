import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router';
import { PublicSiteDocument, SimplePageDocument } from '../../graphql/generated/graphql';
import { App } from '../../App';
import { axeViolations } from '../../test/axe-violations';
import { footerPage, publicSite } from '../../test/fixtures';
import { answering, failing, pending, renderPublic } from '../../test/render';
import { PageMetaCollector, type PageMetaValues } from '../page-meta';
import { PublicDataProvider, PublicDataStore } from '../page-data/public-data';
import { ServerNotFoundContext } from '../not-found/server-not-found';
import { system } from '../../theme';

// /<slug>: one of the firm's own pages (a privacy policy), inside the site's layout.

const BODY = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'What we collect' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'Only what you send us.' }] },
  ],
};

function privacyPolicy(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Page',
    id: 4,
    title: 'Privacy policy',
    slug: 'privacy-policy',
    bodyDocument: BODY,
    description: 'How Meridian Advisory handles personal data.',
    // Past midnight in UTC, still the 28th of February in New York.
    updatedAt: '2026-03-01T03:30:00.000Z',
    ...overrides,
  };
}

const SITE = answering(PublicSiteDocument, publicSite({ timeZone: 'America/New_York' }, [footerPage(4, 'Privacy policy', 'privacy-policy')]));

function renderAt(path: string, page: unknown) {
  const meta: { current?: PageMetaValues } = {};
  const view = renderPublic(
    <PageMetaCollector.Provider value={meta}>
      <App />
    </PageMetaCollector.Provider>,
    { path, mocks: [SITE, answering(SimplePageDocument, { pageBySlug: page })] },
  );
  return { ...view, meta };
}

describe('simple page', () => {
  it('shows its title as the page heading, when it last changed (in the firm’s time zone) and its text', async () => {
    const { meta } = renderAt('/privacy-policy', privacyPolicy());
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    const updated = screen.getByText('February 28, 2026');
    expect(updated.tagName).toBe('TIME');
    expect(updated).toHaveAttribute('datetime', '2026-03-01T03:30:00.000Z');
    expect(updated.parentElement).toHaveTextContent(/^Last updated February 28, 2026$/);
    expect(screen.getByRole('heading', { level: 2, name: 'What we collect' })).toBeInTheDocument();
    expect(screen.getByText('Only what you send us.')).toBeInTheDocument();
    expect(meta.current).toMatchObject({ title: 'Privacy policy | Meridian Advisory', description: 'How Meridian Advisory handles personal data.' });
    expect(meta.current?.status).toBeUndefined();
    // The footer's link to it is the current page.
    expect(screen.getByRole('navigation', { name: 'Legal' }).querySelector('a[aria-current="page"]')).toHaveTextContent('Privacy policy');
  });

  it('has no axe violations', async () => {
    renderAt('/privacy-policy', privacyPolicy());
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });
    expect(await axeViolations()).toEqual([]);
  });

  it('an empty page shows its title alone', async () => {
    renderAt('/privacy-policy', privacyPolicy({ bodyDocument: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });

  it('is the not-found page (404) when no published page has the slug', async () => {
    const { meta } = renderAt('/no-such-page', null);
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(meta.current).toMatchObject({ status: 404, title: '404 Page Not Found | Meridian Advisory' });
  });

  it('shows the loading text, then the failure texts', async () => {
    const { unmount } = renderPublic(<App />, { path: '/imprint', mocks: [SITE, pending(SimplePageDocument)] });
    expect(screen.getByText('Loading page...')).toBeInTheDocument();
    unmount();
    renderPublic(<App />, { path: '/imprint', mocks: [SITE, failing(SimplePageDocument)] });
    expect(await screen.findByText('Failed to load the page')).toBeInTheDocument();
    expect(screen.getByText('Please try again later')).toBeInTheDocument();
  });
});

describe("the server's not-found page in the browser", () => {
  /** The browser's start: the data the server embedded, at the path the page was served for. */
  function hydrateAt(path: string, serverNotFoundPath: string | null) {
    const asked: string[] = [];
    const store = new PublicDataStore(
      async (_document, name) => {
        asked.push(name);
        return name === 'SimplePage' ? { pageBySlug: null } : publicSite();
      },
      // What the server embeds with its not-found page (rendered at /404, served for every unknown path).
      { PublicSite: publicSite(), 'SimplePage{"slug":"404"}': { pageBySlug: null } },
    );
    render(
      <PublicDataProvider store={store}>
        <ChakraProvider value={system}>
          <ServerNotFoundContext.Provider value={serverNotFoundPath}>
            <MemoryRouter initialEntries={[path]}>
              <App />
            </MemoryRouter>
          </ServerNotFoundContext.Provider>
        </ChakraProvider>
      </PublicDataProvider>,
    );
    return asked;
  }

  it('is shown at the path it was served for at once, asking nothing (the markup the server sent)', () => {
    const asked = hydrateAt('/no-such-page', '/no-such-page');
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('without the server saying so, a path like a slug asks for its page', async () => {
    const asked = hydrateAt('/no-such-page', null);
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(asked).toEqual(['SimplePage']);
  });
});
