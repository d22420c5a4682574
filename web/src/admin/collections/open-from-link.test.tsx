import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { dashboardAnswer } from '../test/dashboard-answer';
import { fakeServer, gqlError, renderAdmin, signedInAs } from '../test/render-admin';
import { listAnswer } from '../test/list-answer';
import { publicationAnswer } from '../test/workflow-answers';

// A link to one record (/admin/<screen>?open=<id>, as the dashboard's "Waiting for review" and
// "Coming up" give) opens its dialog: a published record with its draft, an item not on the site
// from its draft alone.

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const kuwait = { __typename: 'Country', id: 1, version: 1, name: 'Kuwait', code: 'KW', flagImageUrl: '/uploads/kw.png', displayOrder: 0 };
const oman = {
  __typename: 'Country',
  id: 2,
  version: 3,
  name: 'Oman',
  code: 'OM',
  flagImageUrl: '/uploads/om.png',
  displayOrder: 1,
  publication: publicationAnswer('countries', 2, { state: 'CHANGED', hasDraft: true, draftVersion: 1, values: { name: 'Sultanate of Oman' }, label: 'Sultanate of Oman', submittedAt: '2026-11-22T10:00:00.000Z', submittedBy: 'sam' }),
};
const qatar = publicationAnswer('countries', 5, { state: 'DRAFT', live: false, hasDraft: true, values: { name: 'Qatar', code: 'QA' }, label: 'Qatar', submittedAt: '2026-11-22T11:00:00.000Z', submittedBy: 'sam' });

function server() {
  return fakeServer({
    AdminMe: signedInAs('editor'),
    AdminDashboard: () => dashboardAnswer(),
    AdminReviewQueue: () => ({ data: { reviewQueue: [oman.publication, qatar] } }),
    AdminCountries: (variables) => listAnswer('countries', [kuwait], variables, [qatar]),
    AdminCountryItem: ({ id }) => (id === 2 ? { data: { country: oman } } : gqlError('NOT_FOUND', 'Not found')),
    AdminPublication: ({ id }) => ({ data: { publication: id === 5 ? qatar : oman.publication } }),
  });
}

describe('a link that opens a record', () => {
  it('opens a published record with its draft, even when it is not on the page shown', async () => {
    const fake = server();
    renderAdmin('/admin/countries?open=2', { server: fake });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Country' }, { timeout: 5000 });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Sultanate of Oman');
    expect(within(dialog).getByRole('textbox', { name: /Code/ })).toHaveValue('OM');
    expect(fake.callsOf('AdminCountryItem')).toEqual([{ id: 2 }]);
  });

  it('opens an item not on the site from its draft, from the dashboard', async () => {
    const fake = server();
    renderAdmin('/admin', { server: fake });
    const user = userEvent.setup({ delay: null });
    const review = await screen.findByRole('region', { name: 'Waiting for review' });
    await user.click(await within(review).findByRole('link', { name: 'Qatar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Country' }, { timeout: 5000 });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Qatar');
    expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(fake.callsOf('AdminPublication')).toContainEqual({ collection: 'countries', id: 5 });
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/countries');
  });
});
