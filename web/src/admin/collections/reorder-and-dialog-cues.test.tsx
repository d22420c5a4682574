import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { SIGNED_IN, fakeServer, renderAdmin } from '../test/render-admin';
import { listAnswer } from '../test/list-answer';

// What an editor is told while reordering (screen-reader announcements, the saved cue) and what
// the edit dialog offers on its History tab.

jest.setTimeout(30_000);
afterEach(() => {
  toaster.remove();
  jest.restoreAllMocks();
});

/**
 * jsdom has no layout: every box is 0x0 at the top, so dnd-kit would find a dragged row over the
 * first row. Rows here are 40 px high, one under the other, in the order shown.
 */
function layOutRows() {
  const real = Element.prototype.getBoundingClientRect;
  jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('tr[data-row-id]');
    if (!row) return real.call(this);
    const index = [...row.parentElement!.querySelectorAll('tr[data-row-id]')].indexOf(row);
    const top = 100 + index * 40;
    return { x: 0, y: top, top, left: 0, width: 800, height: 40, right: 800, bottom: top + 40, toJSON: () => ({}) } as DOMRect;
  });
}

const country = (id: number, name: string, code: string, displayOrder: number) => ({
  __typename: 'Country', id, name, code, flagImageUrl: `/uploads/${code}.png`, displayOrder, version: 1,
});

function server() {
  let rows = [country(1, 'Kuwait', 'KW', 1), country(2, 'Oman', 'OM', 2), country(3, 'Bahrain', 'BH', 3)];
  const moves: Record<string, unknown>[] = [];
  const fake = fakeServer({
    AdminMe: SIGNED_IN,
    AdminCountries: (variables) => listAnswer('countries', rows, variables),
    AdminPlaceCountry: (variables) => {
      moves.push(variables);
      const ordered = [...rows].sort((a, b) => a.displayOrder - b.displayOrder);
      const moved = ordered.find((r) => r.id === variables.id)!;
      const rest = ordered.filter((r) => r !== moved);
      rest.splice(variables.toIndex as number, 0, moved);
      rows = rest.map((r, i) => ({ ...r, displayOrder: i + 1 }));
      const placed = rows.find((r) => r.id === variables.id)!;
      return { data: { placeCountry: { __typename: 'Country', id: placed.id, displayOrder: placed.displayOrder, version: placed.version } } };
    },
    AdminContentHistory: () => ({
      data: {
        contentHistory: [
          // Two edits of the name by one editor within a minute: alike but for which one they are.
          { __typename: 'ContentHistoryEntry', id: 14, action: 'update', username: 'editor', at: '2026-11-20T10:00:40.000Z', changed: ['name'] },
          { __typename: 'ContentHistoryEntry', id: 13, action: 'update', username: 'editor', at: '2026-11-20T10:00:20.000Z', changed: ['name'] },
          { __typename: 'ContentHistoryEntry', id: 12, action: 'update', username: 'editor', at: '2026-11-20T10:00:00.000Z', changed: ['name'] },
          { __typename: 'ContentHistoryEntry', id: 11, action: 'create', username: 'admin', at: '2026-11-19T10:00:00.000Z', changed: ['name', 'code'] },
        ],
      },
    }),
  });
  return { fake, moves };
}

/** dnd-kit's live region (assertive, for the drag itself). */
const dragAnnouncement = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';

describe('reorder cues', () => {
  it('says "Picked up" (not "moved") when a row is picked up by keyboard', async () => {
    layOutRows();
    const { fake } = server();
    renderAdmin('/admin/countries', { server: fake });
    const handle = await screen.findByRole('button', { name: 'Move Oman' });
    handle.focus();
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    await waitFor(() => expect(dragAnnouncement()).toMatch(/^Picked up Oman, position 2 of 3\.$/));
    // Still the pick-up a moment later: the row being over itself is no move.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(dragAnnouncement()).not.toMatch(/moved/);
    fireEvent.keyDown(handle, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(dragAnnouncement()).toMatch(/cancelled/));
  });

  it('gives a polite "Order saved" cue once a dragged row is stored', async () => {
    layOutRows();
    const { fake, moves } = server();
    renderAdmin('/admin/countries', { server: fake });
    const handle = await screen.findByRole('button', { name: 'Move Bahrain' });
    handle.focus();
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    await waitFor(() => expect(dragAnnouncement()).toMatch(/^Picked up Bahrain/));
    fireEvent.keyDown(handle, { key: 'ArrowUp', code: 'ArrowUp' });
    await waitFor(() => expect(dragAnnouncement()).toBe('Bahrain moved to position 2 of 3.'));
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    await waitFor(() => expect(moves).toHaveLength(1));
    expect(moves[0]).toEqual({ id: 3, toIndex: 1 });
    expect(await screen.findByText('Order saved')).toBeInTheDocument();
    expect(screen.getByText('Country moved to position 2')).toBeInTheDocument();
  });
});

describe('the edit dialog', () => {
  it('has no Save or Cancel on the History tab (nothing to save there), only Done', async () => {
    const { fake } = server();
    renderAdmin('/admin/countries', { server: fake });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Kuwait' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'History' }));
    expect((await within(dialog).findAllByText('Edited')).length).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names every Restore button differently: when, what, who, and which one when those are alike', async () => {
    const { fake } = server();
    renderAdmin('/admin/countries', { server: fake });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Kuwait' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('tab', { name: 'History' }));
    const buttons = await screen.findAllByRole('button', { name: /^Restore the version of/ });
    const names = buttons.map((b) => b.getAttribute('aria-label'));
    expect(buttons).toHaveLength(3); // every entry but the newest (the current state)
    expect(new Set(names).size).toBe(3);
    expect(names.at(-1)).toMatch(/\(Created Name, Code by admin\)$/);
    expect(names[0]).toMatch(/\(Edited Name by editor\), change 2 from the newest$/);
  });

  it('asks for no Display Order when adding, and keeps it when editing', async () => {
    const { fake } = server();
    renderAdmin('/admin/countries', { server: fake });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Add Country/ }));
    expect(within(screen.getByRole('dialog')).queryByRole('spinbutton', { name: /Display Order/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Edit Oman' }));
    expect(within(screen.getByRole('dialog')).getByRole('spinbutton', { name: /Display Order/ })).toHaveValue(2);
  });
});
