import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { axeViolations } from '../../test/axe-violations';
import { fakeServer, renderAdmin, signedInAs } from '../test/render-admin';
import { publicationAnswer } from '../test/workflow-answers';

// The singletons (landing content, statistics) have drafts too (issue 23): the form opens with
// the draft, Save draft keeps it private, Save Changes still publishes; Preview, Share preview and
// Schedule… are there; a singleton cannot be taken off the site.

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const landing = {
  __typename: 'LandingContent',
  id: 1,
  version: 5,
  heroTagline: 'Clarity for complex decisions',
  heroSubtitle: 'Strategy and reform advisory',
  companyDescription: 'A fictional consulting firm.',
  mainWebsiteUrl: 'https://example.com',
};
const draft = publicationAnswer('landing-content', 1, {
  state: 'CHANGED',
  hasDraft: true,
  draftVersion: 2,
  values: { heroTagline: 'Clarity, now with drafts' },
  label: 'Clarity, now with drafts',
  updatedBy: 'lee',
  updatedAt: new Date(2026, 10, 23, 11, 0).toISOString(),
});

function server(role: 'editor' | 'contributor') {
  let current = draft;
  return fakeServer({
    AdminMe: signedInAs(role),
    AdminLandingContent: () => ({ data: { landingContent: landing } }),
    AdminPublication: () => ({ data: { publication: current } }),
    AdminSaveLandingContentDraft: ({ input }) => {
      current = { ...draft, draftVersion: 3, values: input as Record<string, unknown> };
      return { data: { saveLandingContentDraft: current } };
    },
    AdminUpdateLandingContent: ({ input }) => ({ data: { updateLandingContent: { ...landing, ...(input as object) } } }),
    AdminSubmitForReview: () => ({ data: { submitForReview: draft } }),
  });
}

describe('singleton drafts', () => {
  it("opens on the draft's values, saves the draft privately, and keeps Save Changes for publishing", async () => {
    const fake = server('editor');
    renderAdmin('/admin/content', { server: fake });
    const tagline = await screen.findByRole('textbox', { name: /Hero Tagline/ });
    expect(tagline).toHaveValue('Clarity, now with drafts');
    expect(screen.getByRole('textbox', { name: /Hero Subtitle/ })).toHaveValue('Strategy and reform advisory');
    expect(screen.getByTestId('draft-note')).toHaveTextContent('This form shows the draft saved by lee on Nov 23, 2026, 11:00 AM.');
    expect(screen.getByRole('link', { name: /Preview/ })).toHaveAttribute('href', '/preview/landing-content/1');
    expect(screen.getByRole('button', { name: 'Share preview' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Schedule/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    const user = userEvent.setup({ delay: null });
    await user.type(tagline, '!');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/^Draft saved/)).toBeInTheDocument();
    expect(fake.callsOf('AdminSaveLandingContentDraft')).toEqual([
      {
        id: 1,
        input: { heroTagline: 'Clarity, now with drafts!', heroSubtitle: 'Strategy and reform advisory', companyDescription: 'A fictional consulting firm.', mainWebsiteUrl: 'https://example.com' },
        expectedDraftVersion: 2,
      },
    ]);
    expect(fake.callsOf('AdminUpdateLandingContent')).toHaveLength(0);

    // The form goes on with the saved draft; Save Changes publishes it.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Hero Tagline/ })).toHaveValue('Clarity, now with drafts!'));
    await user.click(await screen.findByRole('button', { name: /Save Changes/ }));
    expect(await screen.findByText('Landing content updated successfully')).toBeInTheDocument();
    expect(fake.callsOf('AdminUpdateLandingContent')[0]).toMatchObject({ id: 1, input: { heroTagline: 'Clarity, now with drafts!' }, expectedVersion: 5 });
  });

  it('a contributor gets Save draft and Submit for review, never Save Changes or Schedule', async () => {
    const fake = server('contributor');
    renderAdmin('/admin/content', { server: fake });
    await screen.findByRole('textbox', { name: /Hero Tagline/ });
    expect(screen.queryByRole('button', { name: /Save Changes/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Schedule/ })).not.toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Submitted for review')).toBeInTheDocument();
    expect(fake.callsOf('AdminSubmitForReview')).toEqual([{ collection: 'landing-content', id: 1 }]);
    expect(fake.callsOf('AdminSaveLandingContentDraft')).toHaveLength(0); // nothing changed: nothing to keep first
    expect(within(document.body).queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });
});
