import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { toaster } from '../../components/notifications';
import { dashboardAnswer } from '../test/dashboard-answer';
import { fakeServer, renderAdmin, signedInAs } from '../test/render-admin';

// The dashboard's list of screens offers only what the account's role opens, as the sidebar does:
// an Editor or a Contributor is not sent to Webhooks to meet "You do not have access".

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const serverFor = (role: 'admin' | 'editor' | 'contributor') =>
  fakeServer({
    AdminMe: signedInAs(role),
    AdminDashboard: () => dashboardAnswer(),
    AdminSiteTimeZone: () => ({ data: { siteTimeZone: 'UTC' } }),
    AdminScheduledJobs: () => ({ data: { scheduledJobs: [] } }),
    AdminReviewQueue: () => ({ data: { reviewQueue: [] } }),
  });

const screenLinks = async () => within(await screen.findByRole('list', { name: 'Content screens' })).getAllByRole('link').map((link) => link.getAttribute('href'));

describe('the dashboard’s content screens by role', () => {
  it.each(['editor', 'contributor'] as const)('leave out Webhooks for the %s role', async (role) => {
    renderAdmin('/admin', { server: serverFor(role) });
    const links = await screenLinks();
    expect(links).toContain('/admin/news');
    expect(links).not.toContain('/admin/webhooks');
  });

  it('list Webhooks for an admin', async () => {
    renderAdmin('/admin', { server: serverFor('admin') });
    expect(await screenLinks()).toContain('/admin/webhooks');
  });
});
