import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { axeViolations } from '../../test/axe-violations';
import { dashboardAnswer } from '../test/dashboard-answer';
import { fakeServer, renderAdmin, signedInAs } from '../test/render-admin';
import { jobAnswer, publicationAnswer } from '../test/workflow-answers';

// The dashboard's "Coming up" (what is scheduled, on the firm's clock, with Change and Cancel) and
// "Waiting for review" (what contributors submitted), for the roles that publish (issue 23).

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const jobs = [
  jobAnswer({ id: '3', kind: 'publish', runAt: '2030-03-01T05:00:00.000Z', collection: 'news', recordId: 12, label: 'Launch day', createdBy: 'maria' }),
  jobAnswer({ id: '4', kind: 'unpublish', runAt: '2030-03-08T05:00:00.000Z', collection: 'news', recordId: 12, label: 'Launch day' }),
  jobAnswer({ id: '2', kind: 'publish', runAt: '2026-11-23T05:00:00.000Z', collection: 'brands', recordId: 4, label: 'Acme', state: 'failed', error: 'Name is required' }),
];
const submitted = [
  publicationAnswer('news', 15, { state: 'DRAFT', live: false, hasDraft: true, label: 'Our new office', submittedBy: 'sam', submittedAt: new Date(2026, 10, 22, 16, 45).toISOString() }),
  publicationAnswer('countries', 2, { state: 'CHANGED', hasDraft: true, label: 'Oman', submittedBy: 'lee', submittedAt: new Date(2026, 10, 22, 17, 0).toISOString() }),
];

function server() {
  return fakeServer({
    AdminMe: signedInAs('editor'),
    AdminDashboard: () => dashboardAnswer(),
    AdminSiteTimeZone: () => ({ data: { siteTimeZone: 'Asia/Kuwait' } }),
    AdminScheduledJobs: () => ({ data: { scheduledJobs: jobs } }),
    AdminReviewQueue: () => ({ data: { reviewQueue: submitted } }),
    AdminRescheduleJob: (v) => ({ data: { rescheduleJob: { ...jobs[0], runAt: v.at } } }),
    AdminCancelScheduledJob: () => ({ data: { cancelScheduledJob: true } }),
  });
}

describe('the dashboard for an editor', () => {
  it('lists what is coming up on the firm’s clock, with failures said plainly', async () => {
    renderAdmin('/admin', { server: server() });
    const card = await screen.findByRole('region', { name: 'Coming up' });
    expect(within(card).getByText('Times in Asia/Kuwait')).toBeInTheDocument();
    const list = await within(card).findByRole('list', { name: 'Scheduled, soonest first' });
    const [publish, unpublish, failed] = within(list).getAllByRole('listitem');
    expect(publish).toHaveTextContent('Publish');
    expect(publish).toHaveTextContent('Launch day');
    expect(publish).toHaveTextContent('in News');
    expect(publish).toHaveTextContent('Mar 1, 2030, 8:00 AM · set by maria');
    expect(unpublish).toHaveTextContent('Unpublish');
    expect(unpublish).toHaveTextContent('Mar 8, 2030, 8:00 AM');
    expect(failed).toHaveTextContent('Failed: Name is required');
    expect(within(failed!).queryByRole('button', { name: /Change/ })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('Change moves an entry to a new time (refusing a past one), Cancel removes one', async () => {
    const fake = server();
    renderAdmin('/admin', { server: fake });
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('region', { name: 'Coming up' });
    await user.click(await within(card).findByRole('button', { name: 'Change publish of Launch day, Mar 1, 2030, 8:00 AM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change “Launch day”' }, { timeout: 5000 });
    expect(await within(dialog).findByText('Publish now set for Mar 1, 2030, 8:00 AM. Choose the new time.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Date/), { target: { value: '2001-03-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Change time' }));
    expect(await within(dialog).findByText('Choose a time in the future')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Date/), { target: { value: '2030-03-02' } });
    await user.click(within(dialog).getByRole('button', { name: 'Change time' }));
    expect(await screen.findByText('Publish scheduled for Mar 2, 2030, 8:00 AM (Asia/Kuwait)')).toBeInTheDocument();
    expect(fake.callsOf('AdminRescheduleJob')).toEqual([{ id: '3', at: '2030-03-02T05:00:00.000Z' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change “Launch day”' })).not.toBeInTheDocument());

    await user.click(within(card).getByRole('button', { name: 'Cancel unpublish of Launch day, Mar 8, 2030, 8:00 AM' }));
    expect(await screen.findByText('Scheduled unpublish of Launch day cancelled')).toBeInTheDocument();
    expect(fake.callsOf('AdminCancelScheduledJob')).toEqual([{ id: '4' }]);
  });

  it('lists what is waiting for review, each linking to its dialog', async () => {
    renderAdmin('/admin', { server: server() });
    const card = await screen.findByRole('region', { name: 'Waiting for review' });
    const [office, oman] = within(await within(card).findByRole('list', { name: 'Submitted for review' })).getAllByRole('listitem');
    expect(office).toHaveTextContent('Our new office');
    expect(office).toHaveTextContent('in News');
    expect(office).toHaveTextContent('Never published');
    expect(office).toHaveTextContent('by sam · Nov 22, 2026, 4:45 PM');
    // Each link opens the item's dialog on its screen.
    expect(within(office!).getByRole('link', { name: 'Our new office' })).toHaveAttribute('href', '/admin/news?open=15');
    expect(within(oman!).getByRole('link', { name: 'Oman' })).toHaveAttribute('href', '/admin/countries?open=2');
    expect(oman).toHaveTextContent('Draft changes');
  });

  it("names the workflow's actions in Recent changes", async () => {
    const at = new Date(2026, 10, 20, 9, 5).toISOString();
    const change = (id: number, action: string) => ({ id, collection: 'news', recordId: 12, recordName: 'Launch day', action, username: 'lee', at, changed: ['title'] });
    const fake = server();
    fake.handlers.AdminDashboard = () => dashboardAnswer([change(5, 'publish'), change(4, 'submit'), change(3, 'draft'), change(2, 'unpublish'), change(1, 'discard')]);
    renderAdmin('/admin', { server: fake });
    const recent = await screen.findByRole('list', { name: 'Recent changes, newest first' });
    const items = within(recent).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.split('Launch day')[0]?.trim())).toEqual(['Published', 'Submitted for review', 'Draft saved', 'Unpublished', 'Draft discarded']);
    expect(items[0]).toHaveTextContent('Title'); // what a publication changed
  });

  it('says when nothing is scheduled or waiting', async () => {
    renderAdmin('/admin', {
      server: fakeServer({ AdminMe: signedInAs('admin'), AdminDashboard: () => dashboardAnswer() }),
    });
    expect(await screen.findByText(/^Nothing scheduled/)).toBeInTheDocument();
    expect(screen.getByText('Nothing is waiting for review.')).toBeInTheDocument();
  });
});
