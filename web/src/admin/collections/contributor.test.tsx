import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { axeViolations } from '../../test/axe-violations';
import { dashboardAnswer } from '../test/dashboard-answer';
import { fakeServer, renderAdmin, signedInAs } from '../test/render-admin';
import { listAnswer } from '../test/list-answer';
import { publicationAnswer } from '../test/workflow-answers';

// A Contributor (issue 23, item 4) drafts and submits: the admin shows Save draft, Submit for
// review, Preview and Share preview, and never Save (publish), Publish, Unpublish, Schedule,
// Delete of live items, reordering or bulk actions.

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const rows = [
  { __typename: 'Country', id: 1, version: 1, name: 'Kuwait', code: 'KW', flagImageUrl: '/uploads/kw.png', displayOrder: 0 },
  { __typename: 'Country', id: 2, version: 1, name: 'Oman', code: 'OM', flagImageUrl: '/uploads/om.png', displayOrder: 1 },
];

function server(role: 'contributor' | 'editor') {
  return fakeServer({
    AdminMe: signedInAs(role),
    AdminDashboard: () => dashboardAnswer([], { countries: 2 }),
    AdminCountries: (variables) => listAnswer('countries', rows, variables),
    AdminSaveCountryDraft: ({ id }) => ({ data: { saveCountryDraft: publicationAnswer('countries', Number(id), { state: 'CHANGED', hasDraft: true, draftVersion: 1 }) } }),
    AdminCreateCountryDraft: () => ({ data: { createCountryDraft: publicationAnswer('countries', 9, { state: 'DRAFT', live: false, hasDraft: true, draftVersion: 1 }) } }),
    AdminSubmitForReview: ({ id }) => ({ data: { submitForReview: publicationAnswer('countries', Number(id), { submittedAt: new Date().toISOString() }) } }),
  });
}

describe('what a contributor sees', () => {
  it('a table without delete, reorder or selection; a dialog with Save draft, Submit for review, Preview and Share preview only', async () => {
    renderAdmin('/admin/countries', { server: server('contributor') });
    const user = userEvent.setup({ delay: null });
    const kuwait = await screen.findByRole('row', { name: /Kuwait/ });
    expect(within(kuwait).queryByRole('button', { name: 'Delete Kuwait' })).not.toBeInTheDocument();
    expect(within(kuwait).queryByRole('button', { name: 'Reorder Kuwait' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByText('Drag ⋮⋮ to reorder')).not.toBeInTheDocument();

    await user.click(within(kuwait).getByRole('button', { name: 'Edit Kuwait' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Country' });
    for (const name of ['Save draft', 'Submit for review', 'Share preview']) expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Preview/ })).toHaveAttribute('href', '/preview/countries/1');
    for (const name of ['Save', 'Publish', 'Unpublish', /Schedule/]) expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('Enter keeps a draft (it never publishes), and Submit for review keeps the changes first', async () => {
    const fake = server('contributor');
    renderAdmin('/admin/countries', { server: fake });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Kuwait' }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), ' City{Enter}');
    expect(await screen.findByText(/^Draft saved/)).toBeInTheDocument();
    expect(fake.callsOf('AdminSaveCountryDraft')).toMatchObject([{ id: 1, input: { name: 'Kuwait City' } }]);
    expect(fake.callsOf('AdminUpdateCountry')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Country' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit Oman' }));
    await user.type(screen.getByRole('textbox', { name: /Code/ }), 'N');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Submitted for review')).toBeInTheDocument();
    expect(fake.callsOf('AdminSaveCountryDraft').at(-1)).toMatchObject({ id: 2, input: { code: 'OMN' } });
    expect(fake.callsOf('AdminSubmitForReview')).toEqual([{ collection: 'countries', id: 2 }]);
  });

  it('the History tab offers no Restore (a restore goes on the site)', async () => {
    const fake = server('contributor');
    const state = (name: string) => JSON.stringify({ id: 1, version: 1, name, code: 'KW' });
    fake.handlers.AdminContentHistory = () => ({
      data: {
        contentHistory: [
          { __typename: 'ContentHistoryEntry', id: 3, action: 'update', username: 'lee', at: '2026-11-20T10:00:00.000Z', changed: ['name'], before: state('Kuwait City'), after: state('Kuwait') },
          { __typename: 'ContentHistoryEntry', id: 2, action: 'update', username: 'lee', at: '2026-11-19T10:00:00.000Z', changed: ['name'], before: state('KW'), after: state('Kuwait City') },
        ],
      },
    });
    renderAdmin('/admin/countries', { server: fake });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Kuwait' }));
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByRole('list', { name: 'Changes, newest first' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
  });

  it('a new item starts as a draft and can be submitted at once', async () => {
    const fake = server('contributor');
    renderAdmin('/admin/countries', { server: fake });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Add Country/ }));
    const dialog = screen.getByRole('dialog', { name: 'Add Country' });
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Qatar');
    await user.click(within(dialog).getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Submitted for review')).toBeInTheDocument();
    expect(fake.callsOf('AdminCreateCountryDraft')).toEqual([{ input: { name: 'Qatar' } }]);
    expect(fake.callsOf('AdminSubmitForReview')).toEqual([{ collection: 'countries', id: 9 }]);
  });

  it('the dashboard has no "Coming up" or "Waiting for review" for a contributor; an editor gets both', async () => {
    const contributor = server('contributor');
    const view = renderAdmin('/admin', { server: contributor });
    expect(await screen.findByRole('heading', { name: 'Recent changes' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Coming up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Waiting for review' })).not.toBeInTheDocument();
    expect(contributor.callsOf('AdminScheduledJobs')).toHaveLength(0);
    view.unmount();

    renderAdmin('/admin', { server: server('editor') });
    expect(await screen.findByRole('heading', { name: 'Coming up' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Waiting for review' })).toBeInTheDocument();
  });
});
