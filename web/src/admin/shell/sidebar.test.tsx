import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { SIGNED_IN, fakeServer, renderAdmin } from '../test/render-admin';
import { dashboardAnswer } from '../test/dashboard-answer';
import { listAnswer } from '../test/list-answer';
import { readSidebarCookie } from './sidebar-state';

jest.setTimeout(30_000);

const server = () =>
  fakeServer({
    AdminMe: SIGNED_IN,
    AdminCountries: (variables) => listAnswer('countries', [], variables),
    AdminDashboard: () => dashboardAnswer(),
  });

function clearCookie() {
  document.cookie = 'sidebar_state=; path=/; max-age=0';
}

beforeEach(clearCookie);
afterEach(() => toaster.remove());

describe('admin sidebar', () => {
  it("lists the twelve screens under 'Content Management' (the spec's, then Site and Pages) and marks the current one", async () => {
    renderAdmin('/admin/countries', { server: server() });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByText('Content Management')).toBeInTheDocument();
    expect(screen.getByText('Admin Panel')).toBeInTheDocument();
    const links = within(within(nav).getByRole('list', { name: 'Content Management' })).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin'],
      ['Landing Content', '/admin/content'],
      ['Statistics', '/admin/statistics'],
      ['Countries', '/admin/countries'],
      ['Brands', '/admin/brands'],
      ['Team Members', '/admin/team-members'],
      ['News', '/admin/news'],
      ['Clients', '/admin/clients'],
      ['Contact Info', '/admin/contact-info'],
      ['Site', '/admin/site'],
      ['Pages', '/admin/pages'],
      ['Webhooks', '/admin/webhooks'],
    ]);
    // The inbox of enquiries has a group of its own (admins).
    const inbox = within(within(nav).getByRole('list', { name: 'Inbox' })).getAllByRole('link');
    expect(inbox.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([['Enquiries', '/admin/enquiries']]);
    // The account screens follow in their own group, then the activity log (an Admin sees it).
    const settings = within(within(nav).getByRole('list', { name: 'Settings' })).getAllByRole('link');
    expect(settings.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Account', '/admin/account'],
      ['Admins', '/admin/admins'],
      ['Activity', '/admin/activity'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Countries' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: /View Landing Page/ })).toHaveAttribute('href', '/');
  });

  it('collapses to icons with the header toggle and Ctrl/Cmd+B, remembering it in a 7-day cookie', async () => {
    renderAdmin('/admin', { server: server() });
    const aside = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(aside).toHaveAttribute('data-state', 'expanded');

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(aside).toHaveAttribute('data-state', 'collapsed');
    expect(readSidebarCookie(document.cookie)).toBe(false);
    expect(screen.queryByText('Content Management')).not.toBeInTheDocument();
    expect(within(aside).getByRole('link', { name: 'Countries' })).toBeInTheDocument(); // icon keeps its name

    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    await waitFor(() => expect(aside).toHaveAttribute('data-state', 'expanded'));
    expect(readSidebarCookie(document.cookie)).toBe(true);
    fireEvent.keyDown(window, { key: 'b', metaKey: true });
    await waitFor(() => expect(aside).toHaveAttribute('data-state', 'collapsed'));
  });

  it('starts collapsed when the cookie says so', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    renderAdmin('/admin', { server: server() });
    expect(await screen.findByRole('complementary', { name: 'Sidebar' })).toHaveAttribute('data-state', 'collapsed');
  });
});
