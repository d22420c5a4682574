import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { toaster } from '../../components/notifications';
import { dashboardAnswer } from '../test/dashboard-answer';
import { fakeServer, linkFor, renderAdmin, signedInAs, SIGNED_OUT } from '../test/render-admin';
import { usePermissions } from './use-permissions';

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

/** axe-core's rules on the page as it is (jsdom: no layout, so no colour contrast). */
async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } }, resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const serverFor = (role: 'admin' | 'editor' | 'contributor') =>
  fakeServer({
    AdminMe: signedInAs(role),
    AdminDashboard: () => dashboardAnswer(),
    AdminWebhooks: () => ({ data: { webhooks: [], webhookCollections: [] } }),
    AdminAccounts: () => ({ data: { me: { __typename: 'User', id: 'u1', username: 'admin' }, admins: [] } }),
  });

const sidebarLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Admin' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

describe('usePermissions', () => {
  function Probe() {
    const { role, can, loading } = usePermissions();
    return <output data-testid="probe">{loading ? 'loading' : `${role} publish:${can('content.publish')} accounts:${can('accounts')} draft:${can('content.draft')}`}</output>;
  }
  const renderProbe = (server: ReturnType<typeof fakeServer>) =>
    render(
      <ApolloProvider client={new ApolloClient({ link: linkFor(server), cache: new InMemoryCache() })}>
        <Probe />
      </ApolloProvider>,
    );

  it("gives the role and what it may do from the `me` query: nothing while loading or signed out", async () => {
    renderProbe(fakeServer({ AdminMe: signedInAs('contributor') }));
    expect(screen.getByTestId('probe')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('contributor publish:false accounts:false draft:true'));
  });

  it('says an editor publishes but has no accounts, and a signed-out visitor nothing', async () => {
    renderProbe(fakeServer({ AdminMe: signedInAs('editor') }));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('editor publish:true accounts:false draft:true'));
    document.body.innerHTML = '';
    renderProbe(fakeServer({ AdminMe: SIGNED_OUT }));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('null publish:false accounts:false draft:false'));
  });
});

describe('screens a role cannot open', () => {
  it('are not in the sidebar of an editor or a contributor (Webhooks, Admins), and are for an admin', async () => {
    const { unmount } = renderAdmin('/admin', { server: serverFor('admin') });
    expect(await sidebarLinks()).toEqual(expect.arrayContaining(['Webhooks', 'Admins', 'Account', 'News']));
    unmount();
    for (const role of ['editor', 'contributor'] as const) {
      const view = renderAdmin('/admin', { server: serverFor(role) });
      await waitFor(async () => expect(await sidebarLinks()).not.toContain('Webhooks'));
      const links = await sidebarLinks();
      expect(links).not.toContain('Admins');
      // What every role has stays: the content screens and one's own account.
      expect(links).toEqual(expect.arrayContaining(['Dashboard', 'News', 'Account']));
      view.unmount();
    }
  });

  it('show an editor "You do not have access to this screen" inside the shell, without asking the server for them', async () => {
    const server = serverFor('editor');
    renderAdmin('/admin/webhooks', { server });
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(screen.getByText('You do not have access to this screen.')).toBeInTheDocument();
    expect(screen.getByText(/Your role \(Editor\) does not include this screen/)).toBeInTheDocument();
    // The shell is still there, with the way back.
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the dashboard/ })).toHaveAttribute('href', '/admin');
    expect(document.title).toBe('No access · Admin Panel');
    expect(server.callsOf('AdminWebhooks')).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it('show a contributor the no-access page for the Admins screen too, and an admin the screen', async () => {
    const contributor = serverFor('contributor');
    const view = renderAdmin('/admin/admins', { server: contributor });
    expect(await screen.findByText('You do not have access to this screen.')).toBeInTheDocument();
    expect(contributor.callsOf('AdminAccounts')).toEqual([]);
    view.unmount();
    renderAdmin('/admin/admins', { server: serverFor('admin') });
    expect(await screen.findByRole('heading', { name: 'Admins' })).toBeInTheDocument();
    expect(screen.queryByText('You do not have access to this screen.')).not.toBeInTheDocument();
  });
});

describe('the activity log', () => {
  it('is in an admin’s sidebar only, and an editor visiting it gets the no-access page', async () => {
    const admin = renderAdmin('/admin', { server: serverFor('admin') });
    expect(await sidebarLinks()).toContain('Activity');
    admin.unmount();
    const server = serverFor('editor');
    renderAdmin('/admin/activity', { server });
    expect(await screen.findByText('You do not have access to this screen.')).toBeInTheDocument();
    expect(await sidebarLinks()).not.toContain('Activity');
    expect(server.calls.map((call) => call.operationName)).not.toContain('AdminActivity');
  });
});
