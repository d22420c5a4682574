import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { SIGNED_IN, fakeServer, renderAdmin } from '../test/render-admin';
import { listAnswer } from '../test/list-answer';

// Search, sort, undo of a delete, keyboard reorder and the History tab of the table screen.

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const country = (id: number, name: string, code: string, displayOrder: number) => ({
  __typename: 'Country', id, name, code, flagImageUrl: `/uploads/${code}.png`, displayOrder, version: 1,
});

function server() {
  let rows = [country(1, 'Kuwait', 'KW', 1), country(2, 'Oman', 'OM', 2), country(3, 'Bahrain', 'BH', 3)];
  const deleted: typeof rows = [];
  const calls: { name: string; variables: Record<string, unknown> }[] = [];
  const fake = fakeServer({
    AdminMe: SIGNED_IN,
    AdminCountries: (variables) => listAnswer('countries', rows, variables),
    AdminDeleteCountry: ({ id }) => {
      deleted.push(...rows.filter((r) => r.id === id));
      rows = rows.filter((r) => r.id !== id);
      return { data: { deleteCountry: true } };
    },
    AdminUndoDelete: (variables) => {
      calls.push({ name: 'undo', variables });
      rows = [...rows, ...deleted.filter((r) => r.id === variables.id)];
      return { data: { undoDelete: { __typename: 'ContentHistoryEntry', id: 9 } } };
    },
    AdminMoveCountry: (variables) => {
      calls.push({ name: 'move', variables });
      const ordered = [...rows].sort((a, b) => a.displayOrder - b.displayOrder);
      const moved = ordered.find((r) => r.id === variables.id)!;
      const rest = ordered.filter((r) => r !== moved);
      rest.splice(variables.toIndex as number, 0, moved);
      rows = rest.map((r, i) => ({ ...r, displayOrder: i + 1 }));
      return { data: { moveCountry: rows.map(({ id, displayOrder, version }) => ({ __typename: 'Country', id, displayOrder, version })) } };
    },
    AdminPlaceCountry: (variables) => {
      calls.push({ name: 'move', variables });
      const ordered = [...rows].sort((a, b) => a.displayOrder - b.displayOrder);
      const moved = ordered.find((r) => r.id === variables.id)!;
      const rest = ordered.filter((r) => r !== moved);
      rest.splice(variables.toIndex as number, 0, moved);
      rows = rest.map((r, i) => ({ ...r, displayOrder: i + 1 }));
      const placed = rows.find((r) => r.id === variables.id)!;
      return { data: { placeCountry: { __typename: 'Country', id: placed.id, displayOrder: placed.displayOrder, version: placed.version } } };
    },
    AdminContentHistory: (variables) => {
      calls.push({ name: 'history', variables });
      return {
        data: {
          contentHistory: [
            { __typename: 'ContentHistoryEntry', id: 12, action: 'update', username: 'editor', at: '2026-11-20T10:00:00.000Z', changed: ['name'] },
            { __typename: 'ContentHistoryEntry', id: 11, action: 'create', username: 'admin', at: '2026-11-19T10:00:00.000Z', changed: ['name', 'code'] },
          ],
        },
      };
    },
    AdminRestoreRevision: (variables) => {
      calls.push({ name: 'restore', variables });
      return { data: { restoreRevision: { __typename: 'ContentHistoryEntry', id: 13 } } };
    },
  });
  return { fake, calls };
}

const names = () => screen.getAllByRole('row').slice(1).map((row) => within(row).queryByRole('img')?.getAttribute('alt'));

describe('table tools', () => {
  it('filters rows with the search box and sorts by a column', async () => {
    const { fake } = server();
    renderAdmin('/admin/countries', { server: fake });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('row', { name: /Kuwait/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search countries' }), 'om');
    // The search goes to the server after a pause in typing.
    await waitFor(() => expect(screen.queryByRole('row', { name: /Kuwait/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Oman/ })).toBeInTheDocument();
    expect(screen.getByText('1 of 3 shown')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search countries' }));

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(names()).toEqual(['Bahrain flag', 'Kuwait flag', 'Oman flag']));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(names()).toEqual(['Oman flag', 'Kuwait flag', 'Bahrain flag']));
    // Reordering is offered only while the table shows the public order.
    expect(screen.queryByRole('button', { name: 'Move Oman' })).not.toBeInTheDocument();
  });

  it('offers Undo after a delete, which restores the row', async () => {
    const { fake, calls } = server();
    renderAdmin('/admin/countries', { server: fake });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete Oman' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Oman/ })).not.toBeInTheDocument());
    expect(await screen.findByText('Country deleted successfully')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('row', { name: /Oman/ })).toBeInTheDocument();
    expect(calls).toContainEqual({ name: 'undo', variables: { collection: 'countries', id: 2 } });
  });

  it('moves a row with the keyboard: one move request with the new index', async () => {
    const { fake, calls } = server();
    renderAdmin('/admin/countries', { server: fake });
    const handle = await screen.findByRole('button', { name: 'Move Bahrain' });
    handle.focus();
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    // The live region announces the move (jsdom has no layout, so the position it names is not checked).
    await waitFor(() => expect(document.body.textContent).toMatch(/(Picked up|moved to position .* of 3).*|Bahrain/));
    expect(document.body.textContent).toContain('press Space or Enter, use the arrow keys');
    fireEvent.keyDown(handle, { key: 'ArrowUp', code: 'ArrowUp' });
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    await waitFor(() => expect(calls.filter((c) => c.name === 'move')).toHaveLength(1));
    expect(calls.find((c) => c.name === 'move')!.variables).toMatchObject({ id: 3 });
  });

  it('lists the history in the edit dialog and restores an earlier version', async () => {
    const { fake, calls } = server();
    renderAdmin('/admin/countries', { server: fake });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Kuwait' }));
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('Edited')).toBeInTheDocument();
    expect(screen.getByText('Created')).toBeInTheDocument();
    expect(screen.getByText(/editor/)).toBeInTheDocument();
    const restore = screen.getAllByRole('button', { name: /Restore the version of/ });
    expect(restore).toHaveLength(1); // the newest entry is the current state
    await user.click(restore[0]!);
    await waitFor(() => expect(calls).toContainEqual({ name: 'restore', variables: { revisionId: 11 } }));
    expect(calls.filter((c) => c.name === 'history').every((c) => c.variables.collection === 'countries' && c.variables.id === 1)).toBe(true);
  });
});
