import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { SIGNED_IN, fakeServer, renderAdmin } from '../test/render-admin';

// A singleton form (statistics, landing content) keeps its history too: below the form, the
// changes newest first (the first-start state last, without an author), each earlier one restorable.

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

describe('singleton history', () => {
  it('lists the changes on request and restores an earlier state into the form', async () => {
    let stats = { __typename: 'Statistics', id: 3, version: 2, yearEstablished: '2011', expertCount: 41, projectCount: 250, partnerCount: 12 };
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminStatistics: () => ({ data: { statistics: stats } }),
      AdminContentHistory: () => ({
        data: {
          contentHistory: [
            { __typename: 'ContentHistoryEntry', id: 8, action: 'update', username: 'maria', at: '2026-11-20T10:00:00.000Z', changed: ['expertCount'] },
            { __typename: 'ContentHistoryEntry', id: 5, action: 'create', username: null, at: '2026-11-01T08:00:00.000Z', changed: [] },
          ],
        },
      }),
      AdminRestoreRevision: () => {
        stats = { ...stats, version: 3, expertCount: 40 };
        return { data: { restoreRevision: { __typename: 'ContentHistoryEntry', id: 9 } } };
      },
    });
    renderAdmin('/admin/statistics', { server });
    const user = userEvent.setup({ delay: null });
    const show = await screen.findByRole('button', { name: 'Show changes' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(server.callsOf('AdminContentHistory')).toHaveLength(0);

    await user.click(show);
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    expect(server.callsOf('AdminContentHistory')[0]).toEqual({ collection: 'statistics', id: 3 });
    const [latest, first] = within(list).getAllByRole('listitem');
    expect(latest).toHaveTextContent(/Edited.*maria.*Expert Consultants Count/);
    expect(first).toHaveTextContent(/Created.*initial content/);
    // The newest entry is the current state: only earlier ones offer a restore.
    expect(within(latest!).queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: /Restore the version of/ }));
    expect(server.callsOf('AdminRestoreRevision')[0]).toEqual({ revisionId: 5 });
    expect(await screen.findByText('Earlier version restored')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: /Expert Consultants Count/ })).toHaveValue(40));
  });
});
