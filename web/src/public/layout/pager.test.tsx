import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { NewsPageDocument, ProjectsPageDocument, PublicSiteDocument } from '../../graphql/generated/graphql';
import { answering, renderPublic } from '../../test/render';
import { newsItem, project, publicSite } from '../../test/fixtures';
import { system } from '../../theme';
import { NewsPage } from '../news/NewsPage';
import { listPagePath, pageNumberOf, pagerEntries, pageVariables, LIST_PAGE_SIZE } from './list-paging';
import { Pager } from './Pager';
import { App } from '../../App';
import { PageMetaCollector, type PageMetaValues } from '../page-meta';
import { PublicDataProvider, PublicDataStore } from '../page-data/public-data';
import { MemoryRouter } from 'react-router';

// The pages of /news and /clients: the page rules, the pager (a compact line on a phone, numbered
// links with ellipses on wider screens, both in one labelled nav) and the paged list pages.

describe('page rules', () => {
  it('a page size that fills whole rows of 1, 2 and 3 columns', () => {
    expect(LIST_PAGE_SIZE % 6).toBe(0);
    expect(pageVariables(1)).toEqual({ limit: LIST_PAGE_SIZE, offset: 0 });
    expect(pageVariables(3)).toEqual({ limit: LIST_PAGE_SIZE, offset: 2 * LIST_PAGE_SIZE });
  });

  it('page 1 lives at the list path, later pages under /page/n; only plain numbers from 2 name a page', () => {
    expect([listPagePath('/news', 1), listPagePath('/news', 2)]).toEqual(['/news', '/news/page/2']);
    expect(pageNumberOf(undefined)).toBe(1);
    expect(pageNumberOf('2')).toBe(2);
    expect(pageNumberOf('417')).toBe(417);
    for (const bad of ['1', '0', '02', '-2', '2.0', 'two', '', '1234567890']) expect({ bad, page: pageNumberOf(bad) }).toEqual({ bad, page: null });
  });

  it('numbered entries: first, last and the neighbours of the current page, a gap for each run left out', () => {
    expect(pagerEntries(1, 1)).toEqual([1]);
    expect(pagerEntries(2, 3)).toEqual([1, 2, 3]);
    expect(pagerEntries(1, 417)).toEqual([1, 2, 'gap', 417]);
    expect(pagerEntries(6, 417)).toEqual([1, 'gap', 5, 6, 7, 'gap', 417]);
    // A single page left out is shown rather than an ellipsis.
    expect(pagerEntries(4, 417)).toEqual([1, 2, 3, 4, 5, 'gap', 417]);
    expect(pagerEntries(417, 417)).toEqual([1, 'gap', 416, 417]);
  });
});

function renderPager(page: number, last: number) {
  return render(
    <ChakraProvider value={system}>
      <Pager basePath="/news" page={page} last={last} />
    </ChakraProvider>,
  );
}

/** The phone form (hidden from the medium breakpoint) and the wide form (hidden below it). */
function forms(nav: HTMLElement) {
  const [compact, numbered] = [...nav.children] as HTMLElement[];
  return { compact, numbered };
}

describe('pager', () => {
  it('is one nav labelled Pagination with a compact form for phones and a numbered one for wider screens', () => {
    renderPager(2, 417);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const { compact, numbered } = forms(nav);
    // Phone: previous, "Page 2 of 417", next; no numbered links.
    expect(within(compact).getAllByRole('link').map((a) => [a.getAttribute('href'), a.textContent?.replace(/\u00a0/g, ' ')])).toEqual([
      ['/news', '‹ Previous page'],
      ['/news/page/3', 'Next page ›'],
    ]);
    expect(within(compact).getByText('Page 2 of 417')).toHaveAttribute('aria-current', 'page');
    // Wide: previous, 1 2 3 … 417, next; the current page marked.
    const numberedLinks = within(numbered).getAllByRole('link');
    expect(numberedLinks.map((a) => a.getAttribute('href'))).toEqual(['/news', '/news', '/news/page/2', '/news/page/3', '/news/page/417', '/news/page/3']);
    expect(within(numbered).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(numbered).getByRole('link', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
    expect(within(numbered).getByText('…')).toHaveAttribute('aria-hidden', 'true');
  });

  it('names previous and next for assistive technology and marks them rel=prev / rel=next', () => {
    renderPager(5, 9);
    const { numbered } = forms(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(within(numbered).getByRole('link', { name: 'Previous page' })).toHaveAttribute('rel', 'prev');
    expect(within(numbered).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/news/page/4');
    expect(within(numbered).getByRole('link', { name: 'Next page' })).toHaveAttribute('rel', 'next');
    expect(within(numbered).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/news/page/6');
    expect(within(numbered).getAllByRole('link').map((a) => a.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      '‹ Previous page',
      'Page 1',
      'Page 4',
      'Page 5',
      'Page 6',
      'Page 9',
      'Next page ›',
    ]);
  });

  it('has no previous link on the first page and no next link on the last', () => {
    const { unmount } = renderPager(1, 3);
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Next page' })).toHaveLength(2);
    unmount();
    renderPager(3, 3);
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Previous page' })).toHaveLength(2);
  });

  it('is not shown for a list of one page', () => {
    renderPager(1, 1);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

const news = (from: number, count: number) => Array.from({ length: count }, (_, i) => newsItem(from + i));

describe('paged news page', () => {
  it('shows its page of cards and the pager; the title and prev/next say which page it is', async () => {
    const meta: { current?: PageMetaValues } = {};
    renderPublic(
      <PageMetaCollector.Provider value={meta}>
        <App />
      </PageMetaCollector.Provider>,
      { path: '/news/page/2', mocks: [answering(PublicSiteDocument, publicSite()), answering(NewsPageDocument, { news: news(25, LIST_PAGE_SIZE), newsCount: 3 * LIST_PAGE_SIZE + 1 })] },
    );
    expect(await screen.findByRole('heading', { name: 'News 25' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(LIST_PAGE_SIZE);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByText('Page 2 of 4')).toBeInTheDocument();
    expect(meta.current).toMatchObject({
      title: 'Our News — page 2 of 4 | Meridian Advisory',
      description: expect.stringMatching(/Page 2 of 4\.$/),
      prev: '/news',
      next: '/news/page/3',
    });
  });

  it('asks for its page only: the limit and offset of page 3, kept under a key of its own', async () => {
    const asked: unknown[] = [];
    const store = new PublicDataStore(async (_document, name, variables) => {
      asked.push([name, variables]);
      return name === 'PublicSite' ? publicSite() : { news: news(49, 3), newsCount: 51 };
    });
    render(
      <PublicDataProvider store={store}>
        <ChakraProvider value={system}>
          <MemoryRouter initialEntries={['/news/page/3']}>
            <App />
          </MemoryRouter>
        </ChakraProvider>
      </PublicDataProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'News 49' })).toBeInTheDocument();
    // Besides the firm's settings, which the layout asks for with every page (once, without variables).
    expect(asked).toEqual([
      ['PublicSite', undefined],
      ['NewsPage', { limit: LIST_PAGE_SIZE, offset: 2 * LIST_PAGE_SIZE }],
    ]);
    expect(Object.keys(store.answered())).toEqual(['PublicSite', `NewsPage{"limit":${LIST_PAGE_SIZE},"offset":${2 * LIST_PAGE_SIZE}}`]);
  });

  it('shows the not-found page past the last page and for a page number that is not plain', async () => {
    const meta: { current?: PageMetaValues } = {};
    const { unmount } = renderPublic(
      <PageMetaCollector.Provider value={meta}>
        <App />
      </PageMetaCollector.Provider>,
      { path: '/news/page/9', mocks: [answering(NewsPageDocument, { news: [], newsCount: 30 })] },
    );
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(meta.current?.status).toBe(404);
    unmount();
    renderPublic(<App />, { path: '/news/page/02', mocks: [] });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('with no more news than one page holds: no pager, no prev/next, the usual title', async () => {
    const meta: { current?: PageMetaValues } = {};
    renderPublic(
      <PageMetaCollector.Provider value={meta}>
        <NewsPage />
      </PageMetaCollector.Provider>,
      { mocks: [answering(PublicSiteDocument, publicSite()), answering(NewsPageDocument, { news: news(1, LIST_PAGE_SIZE), newsCount: LIST_PAGE_SIZE })] },
    );
    expect(await screen.findByRole('heading', { name: 'News 1' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(meta.current).toMatchObject({ title: 'Our News | Meridian Advisory', prev: undefined, next: undefined });
  });
});

describe('paged projects page', () => {
  it('page 2 of the projects with its pager', async () => {
    const clients = Array.from({ length: 5 }, (_, i) => project(25 + i));
    renderPublic(<App />, { path: '/clients/page/2', mocks: [answering(ProjectsPageDocument, { clients, clientsCount: LIST_PAGE_SIZE + 5 })] });
    expect(await screen.findByRole('heading', { name: clients[0].title })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getAllByRole('link', { name: 'Previous page' })[0]).toHaveAttribute('href', '/clients');
    expect(within(nav).queryByRole('link', { name: 'Next page' })).toBeNull();
  });
});
