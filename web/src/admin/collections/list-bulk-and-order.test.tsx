import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { toaster } from '../../components/notifications';
import { renderAdmin } from '../test/render-admin';
import { installPointerEventShim, newsServer } from './news-fixture';

// The collection screen at any size, what is done to its rows: selected rows are deleted (with
// undo) and featured in one request; rows move to the top, the bottom or a position in one
// request. Paging, search, sort and filter: list-at-scale.test.tsx.

jest.setTimeout(60_000);
afterEach(() => toaster.remove());
// Fifty rows of Chakra components take a while to draw in jsdom.
configure({ asyncUtilTimeout: 8000 });
installPointerEventShim();

/** axe-core's rules on the page as it is (jsdom: no layout, so no colour contrast). */
async function axeViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } }, resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the News screen with 120 articles', () => {
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
    // Where focus lands is checked in a real browser (e2e/admin-scale): jsdom has no layout, so the
    // dialog's focus trap finds no visible field and focuses the dialog itself.

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
