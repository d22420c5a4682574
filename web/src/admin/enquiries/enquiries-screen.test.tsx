import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { axeViolations } from '../../test/axe-violations';
import { dashboardAnswer } from '../test/dashboard-answer';
import { SIGNED_IN, fakeServer, gqlError, renderAdmin, signedInAs, type Handler } from '../test/render-admin';
import { formatDateTimeIn } from '../shell/format-date';
import { ENQUIRY_PAGE_SIZE } from './enquiry-list-state';

// The inbox (issue 27): admins read the contact form's enquiries, newest first, a page at a
// time, search and filter them, mark them handled, delete them (with Undo) and export them; the
// sidebar and the dashboard say how many are unread. Other roles are not offered any of it.

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const enquiry = (id: number, overrides: Record<string, unknown> = {}): Record<string, unknown> & { id: number; createdAt: string; handledAt: string | null; handledBy: string | null } => ({
  __typename: 'Enquiry',
  id,
  createdAt: `2026-12-0${(id % 5) + 1}T06:${String(id % 60).padStart(2, '0')}:00.000Z`,
  name: `Visitor ${id}`,
  email: `visitor${id}@example.com`,
  organisation: null,
  service: 'strategy',
  serviceLabel: 'Strategy',
  message: `Message number ${id}`,
  consentText: 'We use your details only to answer your message. See our privacy policy.',
  handledAt: null,
  handledBy: null,
  ...overrides,
});

const ENQUIRIES = [
  enquiry(3, { name: 'Dana Reyes', email: 'dana@acme.example', organisation: 'Acme Ltd', message: 'We need a market entry plan.\nCan we talk next week?' }),
  enquiry(2, { name: 'Sam Lee', serviceLabel: 'Something else', service: 'other' }),
  enquiry(1, { name: 'Old Friend', handledAt: '2026-12-02T09:00:00.000Z', handledBy: 'admin' }),
];

const listAnswer =
  (items = ENQUIRIES, total = items.length): Handler =>
  ({ page, perPage }) => ({ data: { enquiries: { __typename: 'EnquiryPage', items, total, page: page ?? 1, perPage: perPage ?? ENQUIRY_PAGE_SIZE } } });

const countsAnswer =
  (unread: number, total: number): Handler =>
  () => ({ data: { enquiryCounts: { __typename: 'EnquiryCounts', unread, total } } });

function inboxServer(handlers: Record<string, Handler> = {}) {
  return fakeServer({
    AdminMe: SIGNED_IN,
    AdminDashboard: () => dashboardAnswer(),
    AdminEnquiries: listAnswer(),
    AdminEnquiryCounts: countsAnswer(2, 3),
    AdminEnquiry: ({ id }) => ({ data: { enquiry: ENQUIRIES.find((e) => e.id === id) ?? null } }),
    ...handlers,
  });
}

const lastList = (server: ReturnType<typeof inboxServer>) => server.callsOf('AdminEnquiries').at(-1)!;
const sidebar = () => screen.getByRole('navigation', { name: 'Admin' });
const findSidebar = () => screen.findByRole('navigation', { name: 'Admin' });

describe('the enquiries inbox', () => {
  it('lists the enquiries newest first, unread ones marked in words, each opening its own screen; the sidebar says how many are unread', async () => {
    const server = inboxServer();
    renderAdmin('/admin/enquiries', { server });
    const table = await screen.findByRole('table', { name: 'Enquiries' });
    expect(await within(table).findByText('Dana Reyes')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Unread', 'Dana Reyesdana@acme.exampleAcme Ltd', 'Strategy', 'We need a market entry plan.\nCan we talk next week?', formatDateTimeIn(ENQUIRIES[0]!.createdAt, 'UTC')],
      ['Unread', 'Sam Leevisitor2@example.com', 'Something else', 'Message number 2', formatDateTimeIn(ENQUIRIES[1]!.createdAt, 'UTC')],
      ['Handled', 'Old Friendvisitor1@example.com', 'Strategy', 'Message number 1', formatDateTimeIn(ENQUIRIES[2]!.createdAt, 'UTC')],
    ]);
    // Phones show each row as a card naming its columns.
    expect(within(rows[0]!).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'))).toEqual(['Status', 'From', 'Service', 'Message', 'Received']);
    expect(within(table).getByRole('link', { name: 'Dana Reyes' })).toHaveAttribute('href', '/admin/enquiries/3');
    expect(lastList(server)).toEqual({ page: 1, perPage: ENQUIRY_PAGE_SIZE, status: 'ALL' });

    const link = await within(sidebar()).findByRole('link', { name: 'Enquiries, 2 unread' });
    expect(link).toHaveAttribute('href', '/admin/enquiries');
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar()).getByRole('list', { name: 'Inbox' })).toContainElement(link);
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', '/api/enquiries.csv');
    expect(await axeViolations()).toEqual([]);
  });

  it('filters by unread or handled and searches (once typing pauses), the CSV link following both', async () => {
    const server = inboxServer();
    renderAdmin('/admin/enquiries', { server });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Dana Reyes');
    const show = screen.getByRole('group', { name: 'Show' });
    expect(within(show).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(show).getByRole('button', { name: 'Unread' }));
    await waitFor(() => expect(lastList(server)).toEqual({ page: 1, perPage: ENQUIRY_PAGE_SIZE, status: 'UNREAD' }));
    expect(within(show).getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');

    const calls = server.callsOf('AdminEnquiries').length;
    await user.type(screen.getByRole('searchbox', { name: 'Search enquiries' }), 'acme');
    await waitFor(() => expect(lastList(server)).toEqual({ page: 1, perPage: ENQUIRY_PAGE_SIZE, status: 'UNREAD', search: 'acme' }));
    expect(server.callsOf('AdminEnquiries').length).toBe(calls + 1); // one request for the word, not one per key
    const href = new URL(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/enquiries.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({ search: 'acme', status: 'unread' });

    await user.click(within(show).getByRole('button', { name: 'Handled' }));
    await waitFor(() => expect(lastList(server)).toEqual({ page: 1, perPage: ENQUIRY_PAGE_SIZE, status: 'HANDLED', search: 'acme' }));
  });

  it('pages through the enquiries with the total', async () => {
    const server = inboxServer({
      AdminEnquiries: ({ page }) => {
        const start = (Number(page) - 1) * ENQUIRY_PAGE_SIZE;
        const items = Array.from({ length: Math.min(ENQUIRY_PAGE_SIZE, 120 - start) }, (_, i) => enquiry(1000 - start - i));
        return listAnswer(items, 120)({ page, perPage: ENQUIRY_PAGE_SIZE });
      },
    });
    renderAdmin('/admin/enquiries', { server });
    const pager = await screen.findByRole('navigation', { name: 'Enquiry pages' });
    expect(within(pager).getByText('1–50 of 120')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(within(pager).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(lastList(server)).toEqual({ page: 2, perPage: ENQUIRY_PAGE_SIZE, status: 'ALL' }));
    expect(await screen.findByRole('link', { name: 'Visitor 950' })).toBeInTheDocument();
  });

  it('says when there are none yet (axe), and when nothing matches', async () => {
    renderAdmin('/admin/enquiries', { server: inboxServer({ AdminEnquiries: listAnswer([]), AdminEnquiryCounts: countsAnswer(0, 0) }) });
    expect(await screen.findByText('No enquiries yet.')).toBeInTheDocument();
    // No unread ones: the sidebar link is the plain name.
    expect(within(sidebar()).getByRole('link', { name: 'Enquiries' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Unread' }));
    expect(await screen.findByText('No unread enquiries.')).toBeInTheDocument();
  });

  it('says when the inbox cannot be read', async () => {
    renderAdmin('/admin/enquiries', { server: inboxServer({ AdminEnquiries: () => gqlError('INTERNAL_SERVER_ERROR', 'Unexpected error') }) });
    expect(await screen.findByText('Failed to load enquiries. Please try again later.')).toBeInTheDocument();
  });

  it('opens an enquiry in full: every field, the consent given, the time on the firm’s clock, a reply link; reading marks nothing', async () => {
    const server = inboxServer({ AdminSiteTimeZone: () => ({ data: { siteTimeZone: 'Asia/Kuwait' } }) });
    renderAdmin('/admin/enquiries', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: 'Dana Reyes' }));

    expect(await screen.findByRole('heading', { name: 'Enquiry from Dana Reyes', level: 1 })).toBeInTheDocument();
    const received = formatDateTimeIn(ENQUIRIES[0]!.createdAt, 'Asia/Kuwait');
    expect(received).toMatch(/9:03 AM$/); // 06:03 UTC is 09:03 in Kuwait
    expect(screen.getByText(`Received ${received} (Asia/Kuwait)`)).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('StatusUnread');
    expect(details).toHaveTextContent(`Received${received}`);
    expect(details).toHaveTextContent('NameDana Reyes');
    expect(details).toHaveTextContent('Emaildana@acme.example');
    expect(details).toHaveTextContent('OrganisationAcme Ltd');
    expect(details).toHaveTextContent('ServiceStrategy');
    expect(screen.getByRole('region', { name: 'Message' })).toHaveTextContent('We need a market entry plan. Can we talk next week?');
    expect(screen.getByRole('region', { name: 'Consent' })).toHaveTextContent('We use your details only to answer your message. See our privacy policy.');
    const reply = screen.getByRole('link', { name: 'Reply by email' });
    expect(reply.getAttribute('href')).toBe(`mailto:dana@acme.example?subject=${encodeURIComponent('Re: your enquiry about Strategy')}`);
    expect(within(details).getByRole('link', { name: 'dana@acme.example' })).toHaveAttribute('href', reply.getAttribute('href'));
    expect(server.callsOf('AdminEnquiry')).toEqual([{ id: 3 }]);
    expect(server.callsOf('AdminMarkEnquiryHandled')).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    // Back returns to the list.
    await user.click(screen.getByRole('link', { name: 'All enquiries' }));
    expect(await screen.findByRole('table', { name: 'Enquiries' })).toBeInTheDocument();
  });

  it('marks an enquiry handled and back, the unread count following', async () => {
    let unread = 2;
    let current = ENQUIRIES[0]!;
    const server = inboxServer({
      AdminEnquiry: () => ({ data: { enquiry: current } }),
      AdminEnquiryCounts: () => countsAnswer(unread, 3)({}),
      AdminMarkEnquiryHandled: ({ id, handled }) => {
        unread += handled ? -1 : 1;
        current = { ...current, handledAt: handled ? '2026-12-06T10:00:00.000Z' : null, handledBy: handled ? 'admin' : null };
        return { data: { markEnquiryHandled: { __typename: 'Enquiry', id, handledAt: current.handledAt, handledBy: current.handledBy } } };
      },
    });
    renderAdmin('/admin/enquiries/3', { server });
    const user = userEvent.setup({ delay: null });
    expect(await within(await findSidebar()).findByRole('link', { name: 'Enquiries, 2 unread' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Mark handled' }));
    expect(server.callsOf('AdminMarkEnquiryHandled')).toEqual([{ id: 3, handled: true }]);
    expect(await screen.findByRole('button', { name: 'Mark unhandled' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent(`StatusHandledby admin · ${formatDateTimeIn('2026-12-06T10:00:00.000Z', 'UTC')}`);
    expect(await within(sidebar()).findByRole('link', { name: 'Enquiries, 1 unread' })).toBeInTheDocument();
    expect(screen.getByText('Enquiry marked as handled')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark unhandled' }));
    expect(await screen.findByRole('button', { name: 'Mark handled' })).toBeInTheDocument();
    expect(server.callsOf('AdminMarkEnquiryHandled').at(-1)).toEqual({ id: 3, handled: false });
    expect(await within(sidebar()).findByRole('link', { name: 'Enquiries, 2 unread' })).toBeInTheDocument();
  });

  it('deletes an enquiry at once and goes back to the list; Undo in the message brings it back (axe with the message open)', async () => {
    let deleted = false;
    const server = inboxServer({
      AdminEnquiries: () => listAnswer(deleted ? ENQUIRIES.slice(1) : ENQUIRIES)({ page: 1 }),
      AdminDeleteEnquiry: () => {
        deleted = true;
        return { data: { deleteEnquiry: true } };
      },
      AdminRestoreEnquiry: ({ id }) => {
        deleted = false;
        return { data: { restoreEnquiry: { __typename: 'Enquiry', id, handledAt: null, handledBy: null } } };
      },
    });
    renderAdmin('/admin/enquiries?status=unread', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: 'Dana Reyes' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    expect(server.callsOf('AdminDeleteEnquiry')).toEqual([{ id: 3 }]);
    // Back on the list it came from (the same filter), without it.
    expect(await screen.findByRole('table', { name: 'Enquiries' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/enquiries');
    expect(lastList(server)).toMatchObject({ status: 'UNREAD' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Dana Reyes' })).not.toBeInTheDocument());
    expect(screen.getByText('Enquiry from Dana Reyes deleted')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(server.callsOf('AdminRestoreEnquiry')).toEqual([{ id: 3 }]);
    expect(await screen.findByText('Enquiry restored')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Dana Reyes' })).toBeInTheDocument();
  });

  it('says when an enquiry is not there (deleted, or a wrong address)', async () => {
    renderAdmin('/admin/enquiries/99', { server: inboxServer() });
    expect(await screen.findByRole('heading', { name: 'Enquiry not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All enquiries' })).toHaveAttribute('href', '/admin/enquiries');
  });

  it('puts the unread count on the dashboard, linking to the unread ones', async () => {
    renderAdmin('/admin', { server: inboxServer() });
    const card = await screen.findByRole('region', { name: 'Enquiries' });
    expect(await within(card).findByText('2 unread')).toBeInTheDocument();
    expect(card).toHaveTextContent('2 unread of 3');
    expect(within(card).getByRole('link', { name: 'Read the unread enquiries' })).toHaveAttribute('href', '/admin/enquiries?status=unread');
  });

  it('is not offered to a role without the enquiries permission: no link, no dashboard line, the screen says so, nothing asked', async () => {
    const server = inboxServer({ AdminMe: signedInAs('editor') });
    renderAdmin('/admin/enquiries', { server });
    expect(await screen.findByText('You do not have access to this screen.')).toBeInTheDocument();
    expect(within(sidebar()).queryByRole('link', { name: /Enquiries/ })).not.toBeInTheDocument();
    expect(within(sidebar()).queryByRole('list', { name: 'Inbox' })).not.toBeInTheDocument();
    expect(server.callsOf('AdminEnquiries')).toEqual([]);
    expect(server.callsOf('AdminEnquiryCounts')).toEqual([]);

    await userEvent.setup({ delay: null }).click(within(sidebar()).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Enquiries' })).not.toBeInTheDocument();
    expect(server.callsOf('AdminEnquiryCounts')).toEqual([]);
  });
});
