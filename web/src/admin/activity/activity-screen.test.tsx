import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { axeViolations } from '../../test/axe-violations';
import { dashboardAnswer } from '../test/dashboard-answer';
import { SIGNED_IN, fakeServer, gqlError, renderAdmin, signedInAs, type Handler } from '../test/render-admin';
import { formatDateTime } from '../shell/format-date';
import { ACTIVITY_PAGE_SIZE } from './ActivityPage';

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const entry = (id: number, overrides: Record<string, unknown> = {}) => ({
  __typename: 'ActivityEntry',
  id: String(id),
  at: `2026-11-24T10:${String(id % 60).padStart(2, '0')}:00.000Z`,
  username: 'alice',
  kind: 'content.update',
  collection: 'news',
  recordId: 7,
  summary: `Updated News article “Story ${id}”`,
  ...overrides,
});

const ENTRIES = [
  entry(3, { kind: 'sign-in-failed', username: 'mallory', collection: null, recordId: null, summary: 'Failed sign-in as “mallory”' }),
  entry(2),
  entry(1, { kind: 'sign-in', collection: null, recordId: null, summary: 'Signed in' }),
];

/** The activity query's answer: `entries` as its page, `total` in all. */
const activityAnswer =
  (entries = ENTRIES, total = entries.length): Handler =>
  () => ({ data: { activity: { __typename: 'ActivityPage', total, items: entries } } });

function activityServer(activity: Handler = activityAnswer(), me: Handler = SIGNED_IN) {
  return fakeServer({ AdminMe: me, AdminActivity: activity, AdminDashboard: () => dashboardAnswer() });
}

/** The variables of the last activity query. */
const lastQuery = (server: ReturnType<typeof activityServer>) => server.callsOf('AdminActivity').at(-1)!;

describe('the activity screen', () => {
  it('lists who did what and when, newest first, with the kind named; the sidebar links to it', async () => {
    const server = activityServer();
    renderAdmin('/admin/activity', { server });
    const table = await screen.findByRole('table', { name: 'Activity' });
    const rows = await within(table).findAllByRole('row');
    // The header, then one row per entry in the server's order.
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      [formatDateTime(ENTRIES[0].at), 'mallory', 'Failed sign-in as “mallory”', 'Failed sign-in'],
      [formatDateTime(ENTRIES[1].at), 'alice', 'Updated News article “Story 2”', 'Updated'],
      [formatDateTime(ENTRIES[2].at), 'alice', 'Signed in', 'Sign-in'],
    ]);
    // Phones show each row as a card naming its columns.
    expect(within(rows[1]).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'))).toEqual(['When', 'Who', 'What', 'Kind']);
    expect(lastQuery(server)).toEqual({ limit: ACTIVITY_PAGE_SIZE, offset: 0 });
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/admin/activity');
    expect(await axeViolations()).toEqual([]);
  });

  it('filters by kind group, person (once typing pauses) and days, and exports the same entries as CSV', async () => {
    const server = activityServer();
    renderAdmin('/admin/activity', { server });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('table', { name: 'Activity' });
    const exportLink = screen.getByRole('link', { name: /Export CSV/ });
    expect(exportLink).toHaveAttribute('href', '/api/admin/activity.csv');
    expect(exportLink).toHaveAttribute('download');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Sign-ins');
    await waitFor(() => expect(lastQuery(server)).toEqual({ kind: 'sign-', limit: ACTIVITY_PAGE_SIZE, offset: 0 }));

    const calls = server.callsOf('AdminActivity').length;
    await user.type(screen.getByRole('textbox', { name: 'Person' }), 'alice');
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ username: 'alice', kind: 'sign-' }));
    // One request for the whole name, not one per key.
    expect(server.callsOf('AdminActivity').length).toBe(calls + 1);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-24' } });
    // Both days count, on the editor's clock: from the start of the first to the start of the day after the last.
    const from = new Date(2026, 10, 1).toISOString();
    const to = new Date(2026, 10, 25).toISOString();
    await waitFor(() => expect(lastQuery(server)).toEqual({ username: 'alice', kind: 'sign-', from, to, limit: ACTIVITY_PAGE_SIZE, offset: 0 }));
    const href = new URL(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/admin/activity.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({ username: 'alice', kind: 'sign-', from, to });
  });

  it('says when the days are the wrong way round, asks nothing and offers no export (axe in the invalid state)', async () => {
    const server = activityServer();
    renderAdmin('/admin/activity', { server });
    await screen.findByRole('table', { name: 'Activity' });
    const calls = server.callsOf('AdminActivity').length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-24' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText('The end date is before the start date')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsOf('AdminActivity').length).toBe(calls + 1); // the From change only
    expect(screen.getByText(/Export CSV/).closest('a')).not.toHaveAttribute('href');
    expect(await axeViolations()).toEqual([]);
  });

  it('pages through the entries with the total', async () => {
    const server = activityServer(({ offset }) => {
      const start = Number(offset);
      const page = Array.from({ length: Math.min(ACTIVITY_PAGE_SIZE, 120 - start) }, (_, i) => entry(1000 - start - i));
      return activityAnswer(page, 120)({});
    });
    renderAdmin('/admin/activity', { server });
    const pager = await screen.findByRole('navigation', { name: 'Activity pages' });
    expect(within(pager).getByText('1–50 of 120')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(within(pager).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(lastQuery(server)).toEqual({ limit: ACTIVITY_PAGE_SIZE, offset: 50 }));
    expect(await within(pager).findByText('51–100 of 120')).toBeInTheDocument();
    expect(await screen.findByText('Updated News article “Story 950”')).toBeInTheDocument();
  });

  it('says when there is nothing yet, and when nothing matches the filters', async () => {
    renderAdmin('/admin/activity', { server: activityServer(activityAnswer([])) });
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Webhooks');
    expect(await screen.findByText('No activity matches these filters.')).toBeInTheDocument();
  });

  it('says when the log cannot be read', async () => {
    renderAdmin('/admin/activity', { server: activityServer(() => gqlError('INTERNAL_SERVER_ERROR', 'Unexpected error')) });
    expect(await screen.findByText('Failed to load the activity log. Please try again later.')).toBeInTheDocument();
  });

  it('is not offered to a role without the activity permission: no link, and the screen says so', async () => {
    const server = activityServer(activityAnswer(), signedInAs('editor'));
    renderAdmin('/admin/activity', { server });
    expect(await screen.findByText('You do not have access to this screen.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).queryByRole('link', { name: 'Activity' })).not.toBeInTheDocument();
    expect(server.callsOf('AdminActivity')).toEqual([]);
  });
});
