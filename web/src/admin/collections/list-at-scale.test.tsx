import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { toaster } from '../../components/notifications';
import { SIGNED_IN, fakeServer, renderAdmin } from '../test/render-admin';
import { listAnswer } from '../test/list-answer';

// The collection screen at any size. The list is a page of 50 asked of the server with
// its counts; search, sort and the featured filter are the server's; rows are selected for bulk
// delete (with undo) and feature; rows move to the top, the bottom or a position in one request.

jest.setTimeout(60_000);
afterEach(() => toaster.remove());
// Fifty rows of Chakra components take a while to draw in jsdom.
configure({ asyncUtilTimeout: 8000 });

// jsdom has no PointerEvent, which Chakra's checkbox needs when focus leaves it after a click.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventShim extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  window.PointerEvent = PointerEventShim as unknown as typeof PointerEvent;
}

type NewsRow = ReturnType<typeof article>;

const article = (n: number) => ({
  __typename: 'News',
  id: n,
  version: 1,
  title: `Article ${String(n).padStart(3, '0')}${n % 10 === 0 ? ' from Muscat' : ''}`,
  pictureUrl: `/uploads/n${n}.png`,
  altText: null,
  brief: `Brief ${n}`,
  content: null,
  link: null,
  featured: n % 3 === 0,
  displayOrder: n,
  createdAt: `2025-01-01T10:00:00.000Z`,
});

/** A news collection of `size` articles behind a fake API that honours the list contract. */
function newsServer(size = 120) {
  let rows: NewsRow[] = Array.from({ length: size }, (_, i) => article(i + 1));
  let deleted: NewsRow[] = [];
  const reorder = (id: number, toIndex: number) => {
    const ordered = [...rows].sort((a, b) => a.displayOrder - b.displayOrder);
    const moved = ordered.find((r) => r.id === id)!;
    const rest = ordered.filter((r) => r !== moved);
    rest.splice(Math.min(toIndex, rest.length), 0, moved);
    rows = rest.map((r, i) => ({ ...r, displayOrder: i + 1 }));
    return rows.find((r) => r.id === id)!;
  };
  const server = fakeServer({
    AdminMe: SIGNED_IN,
    AdminNewsList: (variables) => listAnswer('news', rows, variables),
    AdminDeleteNewsMany: ({ ids }) => {
      const gone = new Set(ids as number[]);
      deleted = rows.filter((r) => gone.has(r.id));
      rows = rows.filter((r) => !gone.has(r.id));
      return { data: { deleteNewsMany: deleted.length } };
    },
    AdminUndoDeleteMany: ({ ids }) => {
      const back = deleted.filter((r) => (ids as number[]).includes(r.id));
      rows = [...rows, ...back];
      return { data: { undoDeleteMany: back.length } };
    },
    AdminUpdateNewsFlags: ({ ids, featured }) => {
      rows = rows.map((r) => ((ids as number[]).includes(r.id) ? { ...r, featured: featured as boolean } : r));
      return { data: { updateNewsFlags: rows.filter((r) => (ids as number[]).includes(r.id)).map(({ id, version }) => ({ __typename: 'News', id, featured, version })) } };
    },
    AdminPlaceNews: ({ id, toIndex }) => {
      const moved = reorder(id as number, toIndex as number);
      return { data: { placeNews: { __typename: 'News', id: moved.id, displayOrder: moved.displayOrder, version: moved.version } } };
    },
  });
  return { server, rows: () => rows };
}

/** The titles of the table's rows, top to bottom. */
const titles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryByRole('img')?.getAttribute('alt'));
const lastList = (server: ReturnType<typeof newsServer>['server']) => server.callsOf('AdminNewsList').at(-1);

/** axe-core's rules on the page as it is (jsdom: no layout, so no colour contrast). */
async function axeViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } }, resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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

  it('deletes the selected rows in one request after a confirmation, and Undo brings them all back', async () => {
    const { server, rows } = newsServer();
    renderAdmin('/admin/news', { server });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('1–50 of 120');
    await user.click(screen.getByRole('checkbox', { name: 'Select Article 002' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Article 004' }));
    const bar = screen.getByRole('toolbar', { name: 'Selected rows' });
    expect(within(bar).getByText('2 news articles selected')).toBeInTheDocument();
    // The count is announced to screen readers as it changes.
    expect(screen.getAllByText('2 news articles selected').some((el) => el.getAttribute('aria-live') === 'polite')).toBe(true);
    expect(await axeViolations()).toEqual([]);

    await user.click(within(bar).getByRole('button', { name: 'Delete selected' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 2 news articles?' });
    expect(await axeViolations()).toEqual([]);
    expect(server.callsOf('AdminDeleteNewsMany')).toHaveLength(0); // nothing before the answer
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 news articles deleted successfully')).toBeInTheDocument();
    expect(server.callsOf('AdminDeleteNewsMany')).toEqual([{ ids: [2, 4] }]);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Article 002/ })).not.toBeInTheDocument());
    expect(screen.getByText('1–50 of 118')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Selected rows' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('2 news articles restored')).toBeInTheDocument();
    expect(server.callsOf('AdminUndoDeleteMany')).toEqual([{ collection: 'news', ids: [2, 4] }]);
    expect(await screen.findByRole('row', { name: /Article 002/ })).toBeInTheDocument();
    expect(rows()).toHaveLength(120);
  });

  it('selects every row of the page at once and features or unfeatures them in one request', async () => {
    const { server } = newsServer();
    renderAdmin('/admin/news?page=3', { server });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('101–120 of 120');
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' });
    await user.click(all);
    expect(all).toBeChecked();
    expect(screen.getByText('20 news articles selected', { selector: 'p' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Feature' }));
    expect(await screen.findByText('20 news articles featured')).toBeInTheDocument();
    expect(server.callsOf('AdminUpdateNewsFlags')).toEqual([{ ids: Array.from({ length: 20 }, (_, i) => 101 + i), featured: true }]);
    await waitFor(() => expect(screen.queryAllByText('Not Featured')).toHaveLength(0));

    await user.click(screen.getByRole('checkbox', { name: 'Select Article 101' }));
    await user.click(screen.getByRole('button', { name: 'Unfeature' }));
    expect(await screen.findByText('1 news article unfeatured')).toBeInTheDocument();
    expect(server.callsOf('AdminUpdateNewsFlags')[1]).toEqual({ ids: [101], featured: false });
  });

  it("makes a row's Reorder menu when it is first opened, not one per row with the page", async () => {
    const { server } = newsServer();
    renderAdmin('/admin/news', { server });
    await screen.findByText('1–50 of 120');
    const triggers = screen.getAllByRole('button', { name: /^Reorder / });
    expect(triggers).toHaveLength(50);
    // A menu's trigger carries the menu's data-scope; until opened these are plain buttons.
    expect(document.querySelectorAll('[data-scope="menu"]')).toHaveLength(0);
    for (const trigger of triggers) expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Reorder Article 002' }));
    expect(await screen.findAllByRole('menuitem')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Reorder Article 002' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves a row to the top and to the bottom from its menu, each one request', async () => {
    const { server, rows } = newsServer();
    renderAdmin('/admin/news?page=2', { server });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('51–100 of 120');
    await user.click(screen.getByRole('button', { name: 'Reorder Article 061' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to top' }));
    expect(await screen.findByText('News article moved to position 1')).toBeInTheDocument();
    expect(server.callsOf('AdminPlaceNews')).toEqual([{ id: 61, toIndex: 0 }]);
    expect([...rows()].sort((a, b) => a.displayOrder - b.displayOrder)[0]!.id).toBe(61);
    // The row left this page: focus goes to its neighbour's edit button.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Article 062' })).toHaveFocus());

    // By keyboard: the menu opens with Enter, the arrows choose, Enter picks.
    const trigger = await screen.findByRole('button', { name: 'Reorder Article 071' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Move to bottom' })).toHaveAttribute('data-highlighted'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.callsOf('AdminPlaceNews')[1]).toEqual({ id: 71, toIndex: 119 }));
    expect(await screen.findByText('News article moved to position 120')).toBeInTheDocument();
  });

  it('moves a row to a position typed in a dialog, refusing positions outside 1..total', async () => {
    const { server } = newsServer();
    renderAdmin('/admin/news?page=2', { server });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('51–100 of 120');
    await user.click(screen.getByRole('button', { name: 'Reorder Article 055' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to position…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Article 055”' });
    const position = within(dialog).getByRole('spinbutton', { name: /New position/ });
    expect(position).toHaveValue(55); // where it is now
    expect(position).toHaveFocus();

    await user.clear(position);
    await user.type(position, '121');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('Position must be a whole number from 1 to 120')).toBeInTheDocument();
    expect(position).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations()).toEqual([]);
    await user.clear(position);
    await user.type(position, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(within(dialog).getByText('Position must be a whole number from 1 to 120')).toBeInTheDocument();
    expect(server.callsOf('AdminPlaceNews')).toHaveLength(0);

    await user.clear(position);
    await user.type(position, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsOf('AdminPlaceNews')).toEqual([{ id: 55, toIndex: 2 }]);
    expect(await screen.findByText('News article moved to position 3')).toBeInTheDocument();
  });

  it('has no axe violations with the row menu open', async () => {
    const { server } = newsServer(3);
    renderAdmin('/admin/news', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Reorder Article 002' }));
    await screen.findByRole('menuitem', { name: 'Move to top' });
    expect(await axeViolations()).toEqual([]);
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
