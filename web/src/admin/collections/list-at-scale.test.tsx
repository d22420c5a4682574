import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { renderAdmin } from '../test/render-admin';
import { installPointerEventShim, lastList, newsServer, titles } from './news-fixture';

// The collection screen at any size: the list is a page of 50 asked of the server with its
// counts; search, sort and the featured filter are the server's; the page is in the URL. Bulk
// actions and moves: list-bulk-and-order.test.tsx.

jest.setTimeout(60_000);
afterEach(() => toaster.remove());
// Fifty rows of Chakra components take a while to draw in jsdom.
configure({ asyncUtilTimeout: 8000 });
installPointerEventShim();

describe('the News screen with 120 articles', () => {
  it('shows a page of 50 with a pager, asks the server for the next page, and keeps the page in the URL', async () => {
    const { server } = newsServer();
    renderAdmin('/admin/news', { server });
    expect(await screen.findByText('1–50 of 120')).toBeInTheDocument();
    expect(server.callsOf('AdminNewsList')[0]).toEqual({ limit: 50, offset: 0 });
    expect(titles()).toHaveLength(50);
    expect(titles()[0]).toBe('Article 001');
    const pager = screen.getByRole('navigation', { name: 'News pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: /Previous/ })).toBeDisabled();

    const user = userEvent.setup({ delay: null });
    await user.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('51–100 of 120')).toBeInTheDocument();
    expect(lastList(server)).toEqual({ limit: 50, offset: 50 });
    await waitFor(() => expect(titles()[0]).toBe('Article 051'));
    expect(within(pager).getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('opens on the page its URL names (a reload or a shared link)', async () => {
    const { server } = newsServer();
    renderAdmin('/admin/news?page=3', { server });
    expect(await screen.findByText('101–120 of 120')).toBeInTheDocument();
    expect(server.callsOf('AdminNewsList')[0]).toEqual({ limit: 50, offset: 100 });
    expect(titles()).toHaveLength(20);
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
  });

  it('goes to the last page when the page its URL names is past the end (rows deleted, an old link)', async () => {
    const { server } = newsServer();
    renderAdmin('/admin/news?page=9', { server });
    expect(await screen.findByText('101–120 of 120')).toBeInTheDocument();
    expect(server.callsOf('AdminNewsList')[0]).toEqual({ limit: 50, offset: 400 });
    expect(lastList(server)).toEqual({ limit: 50, offset: 100 });
    expect(titles()).toHaveLength(20);
    expect(within(screen.getByRole('navigation', { name: 'News pages' })).getByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('searches on the server once typing pauses, and says how many of all match', async () => {
    const { server } = newsServer();
    renderAdmin('/admin/news', { server });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('1–50 of 120');
    await user.type(screen.getByRole('searchbox', { name: 'Search news' }), 'muscat');
    expect(await screen.findByText('12 of 120 shown')).toBeInTheDocument();
    // One request for the whole word, none per keystroke.
    expect(server.callsOf('AdminNewsList').filter((v) => v.search)).toEqual([{ limit: 50, offset: 0, search: 'muscat' }]);
    expect(titles()).toHaveLength(12);
    expect(screen.queryByRole('navigation', { name: 'News pages' })).not.toBeInTheDocument(); // one page
    // Reordering means the public order: not offered on search results.
    expect(screen.queryByRole('button', { name: /^Move Article/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reorder Article/ })).not.toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search news' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search news' }), 'nowhere');
    expect(await screen.findByText('Nothing matches “nowhere”.')).toBeInTheDocument();
    expect(screen.getByText('0 of 120 shown')).toBeInTheDocument();
  });

  it("says '1,000+' where a search's count stops (the API counts a search up to 1,000), and pages on while pages are full", async () => {
    const { server } = newsServer(1500);
    renderAdmin('/admin/news?q=article&page=21', { server });
    expect(await screen.findByText('1,000+ of 1,500 shown')).toBeInTheDocument();
    expect(server.callsOf('AdminNewsList')[0]).toEqual({ limit: 50, offset: 1000, search: 'article' });
    const pager = screen.getByRole('navigation', { name: 'News pages' });
    expect(within(pager).getByText('1,001–1,050 of 1,000+')).toBeInTheDocument();
    expect(within(pager).getByText('Page 21 of 21+')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: /Next/ })).toBeEnabled();
    expect(screen.getByRole('searchbox', { name: 'Search news' })).toHaveValue('article'); // the box shows the URL's search
  });

  it('sorts by a column on the server: ascending, descending, then the public order again', async () => {
    const { server } = newsServer();
    renderAdmin('/admin/news?page=2', { server });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('51–100 of 120');
    await user.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(lastList(server)).toEqual({ limit: 50, offset: 0, sort: 'title' })); // back to page 1
    expect(screen.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(lastList(server)).toEqual({ limit: 50, offset: 0, sort: '-title' }));
    await waitFor(() => expect(titles()[0]).toBe('Article 120 from Muscat'));
    expect(screen.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.queryByRole('button', { name: /^Move Article/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(lastList(server)).toEqual({ limit: 50, offset: 0 }));
    expect(await screen.findByRole('button', { name: 'Move Article 001' })).toBeInTheDocument();
  });

  it('filters by the featured flag on the server', async () => {
    const { server } = newsServer();
    renderAdmin('/admin/news', { server });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('1–50 of 120');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Featured');
    expect(await screen.findByText('40 of 120 shown')).toBeInTheDocument();
    expect(lastList(server)).toEqual({ limit: 50, offset: 0, featured: true });
    expect(screen.getAllByText('Featured', { selector: 'span' }).length).toBe(40);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Not featured');
    expect(await screen.findByText('80 of 120 shown')).toBeInTheDocument();
    expect(lastList(server)).toEqual({ limit: 50, offset: 0, featured: false });
    expect(screen.getByText('1–50 of 80')).toBeInTheDocument();
  });
});

describe('the History panel', () => {
  it('shows the newest 20 changes and fetches older ones a page at a time', async () => {
    const entries = Array.from({ length: 45 }, (_, i) => ({
      __typename: 'ContentHistoryEntry',
      id: 1000 - i,
      action: i === 44 ? 'create' : 'update',
      username: 'editor',
      at: new Date(Date.UTC(2026, 0, 1) + (45 - i) * 3_600_000).toISOString(),
      changed: ['title'],
    }));
    const { server: base } = newsServer(3);
    base.handlers.AdminContentHistory = ({ offset }) => {
      const from = typeof offset === 'number' ? offset : 0;
      return { data: { contentHistory: entries.slice(from, from + 21) } };
    };
    renderAdmin('/admin/news', { server: base });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Article 001' }));
    await user.click(screen.getByRole('tab', { name: 'History' }));
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(base.callsOf('AdminContentHistory')[0]).toEqual({ collection: 'news', id: 1 });

    await user.click(screen.getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(40));
    expect(base.callsOf('AdminContentHistory')[1]).toEqual({ collection: 'news', id: 1, offset: 20 });
    expect(within(list).getAllByRole('listitem')[20]).toHaveFocus(); // reading goes on at the first older entry

    await user.click(screen.getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(45));
    expect(base.callsOf('AdminContentHistory')[2]).toEqual({ collection: 'news', id: 1, offset: 40 });
    expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
    expect(within(list).getByText('Created')).toBeInTheDocument();
  });
});
