import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { axeViolations } from '../../test/axe-violations';
import { fakeServer, gqlError, renderAdmin, signedInAs, type FakeServer } from '../test/render-admin';
import { listAnswer } from '../test/list-answer';
import { publicationAnswer } from '../test/workflow-answers';

// Drafts in the record dialog (issue 23, item 1): Save keeps publishing; Save draft keeps the
// change private (incomplete is fine, malformed is not); a record with a draft opens with it and
// says whose it is; its row is marked; Discard draft and Unpublish.

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const kuwait = { __typename: 'Country', id: 1, version: 4, name: 'Kuwait', code: 'KW', flagImageUrl: '/uploads/kw.png', displayOrder: 0 };
const drafted = {
  __typename: 'Country',
  id: 2,
  version: 7,
  name: 'Oman',
  code: 'OM',
  flagImageUrl: '/uploads/om.png',
  displayOrder: 1,
  publication: publicationAnswer('countries', 2, {
    state: 'CHANGED',
    hasDraft: true,
    draftVersion: 3,
    values: { name: 'Sultanate of Oman', code: 'OM' },
    label: 'Sultanate of Oman',
    updatedBy: 'maria',
    updatedAt: new Date(2026, 10, 20, 9, 5).toISOString(),
  }),
};

function server(overrides: Partial<FakeServer['handlers']> = {}) {
  return fakeServer({
    AdminMe: signedInAs('editor'),
    AdminCountries: (variables) => listAnswer('countries', [kuwait, drafted], variables),
    AdminSaveCountryDraft: ({ id }) => ({ data: { saveCountryDraft: publicationAnswer('countries', Number(id), { state: 'CHANGED', hasDraft: true, draftVersion: 1 }) } }),
    AdminUpdateCountry: ({ id }) => ({ data: { updateCountry: { __typename: 'Country', id } } }),
    AdminDiscardDraft: () => ({ data: { discardDraft: true } }),
    AdminUnpublish: ({ id }) => ({ data: { unpublish: publicationAnswer('countries', Number(id), { state: 'UNPUBLISHED', live: false }) } }),
    ...overrides,
  });
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const dialogGone = () => waitFor(() => expect(screen.queryByRole('dialog', { name: /Edit Country/ })).not.toBeInTheDocument());

describe('drafts in the record dialog', () => {
  it('marks the row with a pending draft, and only that row', async () => {
    renderAdmin('/admin/countries', { server: server() });
    const oman = await screen.findByRole('row', { name: /Oman/ });
    expect(within(oman).getByText('Draft changes')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Kuwait/ })).queryByText('Draft changes')).not.toBeInTheDocument();
  });

  it("opens a record with a draft on the draft's values and says whose draft it is", async () => {
    const fake = server();
    renderAdmin('/admin/countries', { server: fake });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Oman' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Country' });
    expect(field(/Name/)).toHaveValue('Sultanate of Oman'); // the draft's value
    expect(field(/Flag Image URL/)).toHaveValue('/uploads/om.png'); // the live value where the draft has none
    expect(within(dialog).getByTestId('draft-note')).toHaveTextContent('This form shows the draft saved by maria on Nov 20, 2026, 9:05 AM. The site still shows the published version.');
    expect(within(dialog).getByText('Draft changes')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    // A draft save names the draft version it started from.
    await user.clear(field(/Code/));
    await user.type(field(/Code/), 'OMN');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved. The site still shows the published version.')).toBeInTheDocument();
    expect(fake.callsOf('AdminSaveCountryDraft')).toEqual([{ id: 2, input: { name: 'Sultanate of Oman', code: 'OMN', flagImageUrl: '/uploads/om.png', displayOrder: 1 }, expectedDraftVersion: 3 }]);
    expect(fake.callsOf('AdminUpdateCountry')).toHaveLength(0); // nothing published
    await dialogGone();
  });

  it('keeps an incomplete draft, refuses a malformed one beside its field, and Save still publishes', async () => {
    const fake = server();
    renderAdmin('/admin/countries', { server: fake });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Kuwait' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Country' });

    await user.type(field(/Code/), 'TOO-LONG-CODE');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Code must be at most 10 characters')).toBeInTheDocument();
    expect(fake.callsOf('AdminSaveCountryDraft')).toHaveLength(0);
    expect(await axeViolations()).toEqual([]); // the invalid state

    await user.clear(field(/Code/));
    await user.clear(field(/Name/));
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/^Draft saved/)).toBeInTheDocument();
    // Empty required fields are left out of a draft, not refused.
    expect(fake.callsOf('AdminSaveCountryDraft')).toEqual([{ id: 1, input: { flagImageUrl: '/uploads/kw.png', displayOrder: 0 }, expectedDraftVersion: null }]);
    await dialogGone();

    await user.click(screen.getByRole('button', { name: 'Edit Kuwait' }));
    await user.clear(field(/Name/));
    await user.type(field(/Name/), 'State of Kuwait');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Country updated successfully')).toBeInTheDocument();
    expect(fake.callsOf('AdminUpdateCountry')[0]).toMatchObject({ id: 1, input: { name: 'State of Kuwait' }, expectedVersion: 4 });
  });

  it('discards a draft after asking, and unpublishes a live record', async () => {
    const fake = server();
    renderAdmin('/admin/countries', { server: fake });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Oman' }));
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    // A dialog over the dialog: given a moment on a busy machine.
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard this draft?' }, { timeout: 5000 });
    expect(confirm).toHaveTextContent('The form goes back to the published version');
    expect(fake.callsOf('AdminDiscardDraft')).toHaveLength(0); // nothing before the answer
    await user.click(within(confirm).getByRole('button', { name: 'Discard draft' }));
    expect(await screen.findByText('Draft discarded')).toBeInTheDocument();
    expect(fake.callsOf('AdminDiscardDraft')).toEqual([{ collection: 'countries', id: 2 }]);
    await dialogGone();

    // Kuwait has no draft: nothing to discard; it is live: it can be taken off the site.
    await user.click(screen.getByRole('button', { name: 'Edit Kuwait' }));
    expect(screen.queryByRole('button', { name: 'Discard draft' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('Country taken off the site')).toBeInTheDocument();
    expect(fake.callsOf('AdminUnpublish')).toEqual([{ collection: 'countries', id: 1 }]);
    await dialogGone();
  });

  it('Schedule… offers to publish the draft of a record that has one', async () => {
    renderAdmin('/admin/countries', { server: server() });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Oman' }));
    await user.click(screen.getByRole('button', { name: /Schedule/ }));
    const schedule = await screen.findByRole('dialog', { name: 'Schedule “Sultanate of Oman”' }, { timeout: 5000 });
    expect(await within(schedule).findByLabelText('Action')).toHaveValue('publish');
    expect(within(schedule).getByText('At that time the draft as last saved goes on the site.')).toBeInTheDocument();
  });

  it('a refused draft save says so and keeps the dialog open', async () => {
    const fake = server({ AdminSaveCountryDraft: () => gqlError('INTERNAL_SERVER_ERROR', 'Internal server error') });
    renderAdmin('/admin/countries', { server: fake });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Kuwait' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Failed to save the draft')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Country' })).toBeInTheDocument();
  });

  it('adds a new record as a draft, not on the site', async () => {
    const fake = server({
      AdminCreateCountryDraft: () => ({ data: { createCountryDraft: publicationAnswer('countries', 9, { state: 'DRAFT', live: false, hasDraft: true }) } }),
    });
    renderAdmin('/admin/countries', { server: fake });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Add Country/ }));
    await user.type(field(/Name/), 'Qatar');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/^Draft saved/)).toBeInTheDocument();
    expect(fake.callsOf('AdminCreateCountryDraft')).toEqual([{ input: { name: 'Qatar' } }]);
    expect(fake.callsOf('AdminCreateCountry')).toHaveLength(0);
  });
});
