import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { axeViolations } from '../../test/axe-violations';
import { fakeServer, renderAdmin, signedInAs } from '../test/render-admin';
import { listAnswer } from '../test/list-answer';
import { jobAnswer, publicationAnswer } from '../test/workflow-answers';

// "Not on the site" above a collection's table (issue 23): drafts never published and items
// taken off, with their state, "In review" and "Scheduled"; each opens the record dialog, where
// Publish checks every rule first.

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const kuwait = { __typename: 'Country', id: 1, version: 1, name: 'Kuwait', code: 'KW', flagImageUrl: '/uploads/kw.png', displayOrder: 0 };
const qatar = publicationAnswer('countries', 5, {
  state: 'DRAFT',
  live: false,
  hasDraft: true,
  draftVersion: 2,
  values: { name: 'Qatar', code: 'QA' }, // no flag yet: incomplete
  label: 'Qatar',
  updatedBy: 'sam',
  updatedAt: new Date(2026, 10, 21, 14, 30).toISOString(),
  submittedAt: new Date(2026, 10, 21, 15, 0).toISOString(),
  submittedBy: 'sam',
});
const bahrain = publicationAnswer('countries', 6, {
  state: 'UNPUBLISHED',
  live: false,
  hasDraft: true,
  draftVersion: 1,
  values: { name: 'Bahrain', code: 'BH', flagImageUrl: '/uploads/bh.png', displayOrder: 3 },
  label: 'Bahrain',
  scheduled: [jobAnswer({ id: '17', kind: 'publish', runAt: '2030-01-01T06:00:00.000Z' })],
});

function server(items = [qatar, bahrain]) {
  return fakeServer({
    AdminMe: signedInAs('editor'),
    AdminCountries: (variables) => listAnswer('countries', [kuwait], variables, items),
    AdminPublish: ({ id }) => ({ data: { publish: publicationAnswer('countries', Number(id)) } }),
    AdminSaveCountryDraft: ({ id }) => ({ data: { saveCountryDraft: publicationAnswer('countries', Number(id), { state: 'UNPUBLISHED', live: false, hasDraft: true }) } }),
  });
}

describe('the "Not on the site" section', () => {
  it('lists drafts and unpublished items with their state, review and schedule marks, above the table', async () => {
    renderAdmin('/admin/countries', { server: server() });
    const section = await screen.findByRole('region', { name: 'Not on the site (2)' });
    const [first, second] = within(section).getAllByRole('listitem');
    expect(first).toHaveTextContent('Qatar');
    expect(first).toHaveTextContent('Never published');
    expect(first).toHaveTextContent('In review');
    expect(first).toHaveTextContent('sam, Nov 21, 2026, 2:30 PM');
    expect(second).toHaveTextContent('Bahrain');
    expect(second).toHaveTextContent('Unpublished');
    expect(second).toHaveTextContent('Scheduled');
    expect(second).not.toHaveTextContent('In review');
    // Above the table.
    const table = screen.getByRole('table');
    expect(section.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows nothing when every item is on the site', async () => {
    renderAdmin('/admin/countries', { server: server([]) });
    expect(await screen.findByRole('row', { name: /Kuwait/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Not on the site/ })).not.toBeInTheDocument();
  });

  it("opens an item with its draft; Publish refuses an incomplete one beside its fields", async () => {
    const fake = server();
    renderAdmin('/admin/countries', { server: fake });
    const user = userEvent.setup({ delay: null });
    const section = await screen.findByRole('region', { name: 'Not on the site (2)' });
    await user.click(within(section).getByRole('button', { name: 'Qatar' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Country' });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Qatar');
    expect(within(dialog).getByTestId('draft-note')).toHaveTextContent('It is not on the site. Submitted for review by sam, Nov 21, 2026, 3:00 PM.');
    // Not on the site: Publish instead of Save, and nothing to unpublish.
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Flag image URL is required')).toBeInTheDocument();
    expect(fake.callsOf('AdminPublish')).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
  });

  it('publishes a complete item: the form\'s changes are kept first, then it goes on the site', async () => {
    const fake = server();
    renderAdmin('/admin/countries', { server: fake });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Bahrain' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Country' });
    // Untouched: published as saved, no draft save.
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Country published')).toBeInTheDocument();
    expect(fake.callsOf('AdminSaveCountryDraft')).toHaveLength(0);
    expect(fake.callsOf('AdminPublish')).toEqual([{ collection: 'countries', id: 6 }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Country' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Bahrain' }));
    await user.clear(screen.getByRole('textbox', { name: /Name/ }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Kingdom of Bahrain');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(fake.callsOf('AdminPublish')).toHaveLength(2));
    expect(fake.callsOf('AdminSaveCountryDraft')).toEqual([
      { id: 6, input: { name: 'Kingdom of Bahrain', code: 'BH', flagImageUrl: '/uploads/bh.png', displayOrder: 3 }, expectedDraftVersion: 1 },
    ]);
    const names = fake.calls.map((c) => c.operationName);
    expect(names.lastIndexOf('AdminSaveCountryDraft')).toBeLessThan(names.lastIndexOf('AdminPublish'));
  });
});
