import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { dashboardAnswer } from '../test/dashboard-answer';
import { SIGNED_IN, fakeServer, renderAdmin } from '../test/render-admin';
import { listAnswer } from '../test/list-answer';

// The dashboard gives an editor what they open it for (issue 22, item 13): recent changes with who
// and when, how many records each collection holds, and a link to every screen.

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const at = (hour: number) => new Date(2026, 10, 20, hour, 5).toISOString();
const changes = [
  { id: 40, collection: 'countries', recordId: 7, recordName: 'Lemuria', action: 'update', username: 'maria', at: at(9), changed: ['code', 'name'] },
  { id: 39, collection: 'brands', recordId: 3, recordName: 'Acme', action: 'delete', username: 'sam', at: at(8), changed: ['name'] },
  { id: 12, collection: 'statistics', recordId: 1, recordName: null, action: 'create', username: null, at: at(7), changed: [] },
];

describe('the dashboard', () => {
  it('lists recent changes with who, when and what, each linking to its screen', async () => {
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminDashboard: () => dashboardAnswer(changes, { countries: 12, brands: 1, 'team-members': 0, news: 30, clients: 5, 'contact-info': 3, pages: 2 }),
      AdminCountries: (variables) => listAnswer('countries', [], variables),
    });
    renderAdmin('/admin', { server });
    const recent = await screen.findByRole('list', { name: 'Recent changes, newest first' });
    const [edit, removal, first] = within(recent).getAllByRole('listitem');
    expect(edit).toHaveTextContent('Edited Lemuria in Countries');
    expect(edit).toHaveTextContent('by maria · Nov 20, 2026, 9:05 AM · Name, Code');
    expect(within(edit!).getByRole('link', { name: 'Lemuria' })).toHaveAttribute('href', '/admin/countries?q=Lemuria');
    expect(removal).toHaveTextContent('Deleted Acme in Brands');
    expect(removal).toHaveTextContent('by sam · Nov 20, 2026, 8:05 AM');
    expect(within(removal!).getByRole('link', { name: 'Acme' })).toHaveAttribute('href', '/admin/brands');
    expect(first).toHaveTextContent('Added Statistics');
    expect(first).toHaveTextContent('initial content · Nov 20, 2026, 7:05 AM');
    expect(within(first!).getByRole('link', { name: 'Statistics' })).toHaveAttribute('href', '/admin/statistics');

    const screens = screen.getByRole('list', { name: 'Content screens' });
    const links = within(screens).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Landing ContentOne page of settings', '/admin/content'],
      ['StatisticsOne page of settings', '/admin/statistics'],
      ['Countries12 items', '/admin/countries'],
      ['Brands1 item', '/admin/brands'],
      ['Team Members0 items', '/admin/team-members'],
      ['News30 items', '/admin/news'],
      ['Clients5 items', '/admin/clients'],
      ['Contact Info3 items', '/admin/contact-info'],
      ['SiteOne page of settings', '/admin/site'],
      ['Pages2 items', '/admin/pages'],
      ['WebhooksReceivers of change events', '/admin/webhooks'],
    ]);
    expect(screen.queryByText('Active')).not.toBeInTheDocument();

    await userEvent.setup({ delay: null }).click(within(edit!).getByRole('link', { name: 'Lemuria' }));
    expect(await screen.findByRole('heading', { name: 'Countries', level: 1 })).toBeInTheDocument();
    expect(server.callsOf('AdminCountries').at(-1)).toMatchObject({ search: 'Lemuria' });
  });

  it('asks for the latest changes again on each visit', async () => {
    let answers = 0;
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminDashboard: () => (answers++ === 0 ? dashboardAnswer() : dashboardAnswer(changes.slice(0, 1))),
      AdminCountries: (variables) => listAnswer('countries', [], variables),
    });
    renderAdmin('/admin', { server });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText(/No changes yet/)).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Countries' }));
    await screen.findByRole('heading', { name: 'Countries', level: 1 });
    await user.click(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('link', { name: 'Lemuria' })).toBeInTheDocument();
    expect(server.callsOf('AdminDashboard')).toHaveLength(2);
  });

  it('says when nothing has changed yet', async () => {
    renderAdmin('/admin', { server: fakeServer({ AdminMe: SIGNED_IN, AdminDashboard: () => dashboardAnswer() }) });
    expect(await screen.findByText(/No changes yet/)).toBeInTheDocument();
  });
});
