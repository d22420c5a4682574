import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { axeViolations } from '../../test/axe-violations';
import { fakeServer, renderAdmin, signedInAs } from '../test/render-admin';
import { listAnswer } from '../test/list-answer';
import { jobAnswer, publicationAnswer } from '../test/workflow-answers';

// Schedule… and Share preview in the record dialog (issue 23, items 2 and 3): times chosen and
// shown on the firm's clock (siteTimeZone) and sent in UTC, a past time refused, the item's
// entries with Change and Cancel; preview links made, shown once with Copy, listed with Revoke.

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const kuwait = {
  __typename: 'Country',
  id: 1,
  version: 1,
  name: 'Kuwait',
  code: 'KW',
  flagImageUrl: '/uploads/kw.png',
  displayOrder: 0,
  publication: publicationAnswer('countries', 1, { label: 'Kuwait' }),
};
const pending = jobAnswer({ id: '17', kind: 'unpublish', runAt: '2030-01-01T06:00:00.000Z', collection: 'countries', recordId: 1, label: 'Kuwait' });

function server() {
  let links: Array<{ __typename: string; id: string; expiresAt: string; createdAt: string; createdBy: string; revokedAt: string | null }> = [
    { __typename: 'PreviewLink', id: 'l1', expiresAt: '2099-01-08T10:00:00.000Z', createdAt: '2026-11-20T10:00:00.000Z', createdBy: 'maria', revokedAt: null },
    { __typename: 'PreviewLink', id: 'l0', expiresAt: '2026-11-01T10:00:00.000Z', createdAt: '2026-10-25T10:00:00.000Z', createdBy: 'sam', revokedAt: null },
  ];
  return fakeServer({
    AdminMe: signedInAs('editor'),
    AdminSiteTimeZone: () => ({ data: { siteTimeZone: 'Asia/Kuwait' } }),
    AdminCountries: (variables) => listAnswer('countries', [kuwait], variables),
    AdminPublication: () => ({ data: { publication: publicationAnswer('countries', 1, { label: 'Kuwait', scheduled: [pending] }) } }),
    AdminSchedulePublication: (v) => ({ data: { schedulePublication: jobAnswer({ id: '18', kind: String(v.action), runAt: String(v.at) }) } }),
    AdminRescheduleJob: (v) => ({ data: { rescheduleJob: jobAnswer({ id: String(v.id), kind: 'unpublish', runAt: String(v.at) }) } }),
    AdminCancelScheduledJob: () => ({ data: { cancelScheduledJob: true } }),
    AdminPreviewLinks: () => ({ data: { previewLinks: links } }),
    AdminCreatePreviewLink: ({ days }) => {
      const link = { __typename: 'PreviewLink', id: 'l2', expiresAt: '2099-01-01T00:00:00.000Z', createdAt: '2026-11-24T10:00:00.000Z', createdBy: 'editor', revokedAt: null };
      links = [link, ...links];
      return { data: { createPreviewLink: { ...link, url: `/preview/shared/token-for-${String(days)}-days` } } };
    },
    AdminRevokePreviewLink: ({ id }) => {
      links = links.map((l) => (l.id === id ? { ...l, revokedAt: '2026-11-24T11:00:00.000Z' } : l));
      return { data: { revokePreviewLink: true } };
    },
  });
}

async function openDialog() {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Edit Kuwait' }));
  return user;
}

describe('Schedule…', () => {
  it("shows the firm's time zone, refuses a past time, and sends the chosen wall-clock time in UTC", async () => {
    const fake = server();
    renderAdmin('/admin/countries', { server: fake });
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: /Schedule/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule “Kuwait”' }, { timeout: 5000 });
    expect(await within(dialog).findByText('Times are on the firm’s clock: Asia/Kuwait (GMT+3).')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Time \(Asia\/Kuwait\)/)).toBeInTheDocument();
    // On the site with no draft: taking it off is what there is to schedule.
    expect(within(dialog).getByLabelText('Action')).toHaveValue('unpublish');
    expect(within(dialog).getByText('At that time the item is taken off the site (it is not deleted).')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Date/), { target: { value: '2020-01-15' } });
    fireEvent.change(within(dialog).getByLabelText(/Time/), { target: { value: '09:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Choose a time in the future')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Time/)).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations()).toEqual([]); // the invalid state
    expect(fake.callsOf('AdminSchedulePublication')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Action'), 'Publish at');
    fireEvent.change(within(dialog).getByLabelText(/Date/), { target: { value: '2030-01-15' } });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Publish scheduled for Jan 15, 2030, 9:00 AM (Asia/Kuwait)')).toBeInTheDocument();
    // 09:00 in Kuwait (UTC+3) is 06:00 UTC.
    expect(fake.callsOf('AdminSchedulePublication')).toEqual([{ collection: 'countries', id: 1, action: 'publish', at: '2030-01-15T06:00:00.000Z' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schedule “Kuwait”' })).not.toBeInTheDocument());
    // The schedule's form is not the record's: nothing was saved or published with it.
    expect(fake.callsOf('AdminUpdateCountry')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Edit Country' })).toBeInTheDocument();
  });

  it("lists the item's scheduled entries: Change moves one, Cancel removes one", async () => {
    const fake = server();
    renderAdmin('/admin/countries', { server: fake });
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: /Schedule/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule “Kuwait”' }, { timeout: 5000 });
    const entries = await within(dialog).findByRole('list', { name: 'Scheduled for this item' });
    expect(entries).toHaveTextContent('Unpublish · Jan 1, 2030, 9:00 AM');

    await user.click(within(entries).getByRole('button', { name: 'Change Unpublish · Jan 1, 2030, 9:00 AM' }));
    expect(within(dialog).getByText('Unpublish now set for Jan 1, 2030, 9:00 AM. Choose the new time.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Time/), { target: { value: '10:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Change time' }));
    await waitFor(() => expect(fake.callsOf('AdminRescheduleJob')).toEqual([{ id: '17', at: '2030-01-01T07:30:00.000Z' }]));

    await user.click(screen.getByRole('button', { name: /Schedule/ }));
    const again = await screen.findByRole('dialog', { name: 'Schedule “Kuwait”' }, { timeout: 5000 });
    await user.click(await within(again).findByRole('button', { name: 'Cancel Unpublish · Jan 1, 2030, 9:00 AM' }));
    expect(await screen.findByText('Scheduled unpublish cancelled')).toBeInTheDocument();
    expect(fake.callsOf('AdminCancelScheduledJob')).toEqual([{ id: '17' }]);
  });
});

describe('Preview and Share preview', () => {
  it('Preview opens the public page of the item in a new tab', async () => {
    renderAdmin('/admin/countries', { server: server() });
    await openDialog();
    const preview = screen.getByRole('link', { name: 'Preview (opens in a new tab)' });
    expect(preview).toHaveAttribute('href', '/preview/countries/1');
    expect(preview).toHaveAttribute('target', '_blank');
  });

  it('makes a link for the days chosen, shows it with Copy, and lists the links with Revoke on the working ones', async () => {
    const fake = server();
    renderAdmin('/admin/countries', { server: fake });
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Share preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share a preview of “Kuwait”' }, { timeout: 5000 });
    const list = await within(dialog).findByRole('list', { name: 'Preview links' });
    const [active, expired] = within(list).getAllByRole('listitem');
    expect(active).toHaveTextContent('Active');
    expect(active).toHaveTextContent('by maria');
    expect(expired).toHaveTextContent('Expired');
    expect(within(expired!).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Link works for'), '14 days');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const url = await within(dialog).findByLabelText('New preview link');
    expect(url).toHaveValue(`${window.location.origin}/preview/shared/token-for-14-days`);
    expect(fake.callsOf('AdminCreatePreviewLink')).toEqual([{ collection: 'countries', id: 1, days: 14 }]);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/preview/shared/token-for-14-days`);
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(3));

    await user.click(within(dialog).getByRole('button', { name: /^Revoke link 2, made Nov 20, 2026/ }));
    expect(await screen.findByText('Preview link revoked. It no longer opens.')).toBeInTheDocument();
    expect(fake.callsOf('AdminRevokePreviewLink')).toEqual([{ id: 'l1' }]);
    await waitFor(() => expect(within(dialog).getAllByText('Revoked')).toHaveLength(1));
  });
});
