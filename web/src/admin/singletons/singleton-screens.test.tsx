import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { SIGNED_IN, fakeServer, gqlError, renderAdmin } from '../test/render-admin';

// Whole screens in jsdom, driven keystroke by keystroke, take a few seconds each.
jest.setTimeout(30_000);

afterEach(() => toaster.remove());

const landing = {
  __typename: 'LandingContent',
  id: 1,
  heroTagline: 'Clarity for complex decisions',
  heroSubtitle: 'Strategy and reform advisory',
  companyDescription: 'A fictional consulting firm.',
  mainWebsiteUrl: 'https://example.com',
};

describe('landing content and statistics forms', () => {
  it("saves the landing content: 'Saving...', then 'Landing content updated successfully'", async () => {
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminLandingContent: () => ({ data: { landingContent: landing } }),
      AdminUpdateLandingContent: ({ id, input }) => ({ data: { updateLandingContent: { ...landing, id, ...(input as object) } } }),
    });
    renderAdmin('/admin/content', { server });
    const tagline = await screen.findByRole('textbox', { name: /Hero Tagline/ });
    expect(tagline).toHaveValue('Clarity for complex decisions');
    expect(screen.getByRole('textbox', { name: /Company Description/ }).tagName).toBe('TEXTAREA');
    const user = userEvent.setup({ delay: null });
    await user.clear(tagline);
    await user.type(tagline, 'New tagline');
    await user.click(screen.getByRole('button', { name: /Save Changes/ }));
    expect(await screen.findByText('Landing content updated successfully')).toBeInTheDocument();
    expect(server.callsOf('AdminUpdateLandingContent')[0]).toEqual({
      id: 1,
      input: {
        heroTagline: 'New tagline',
        heroSubtitle: 'Strategy and reform advisory',
        companyDescription: 'A fictional consulting firm.',
        mainWebsiteUrl: 'https://example.com',
      },
    });
  });

  it("says 'No content ID' when there is no record to update", async () => {
    const server = fakeServer({ AdminMe: SIGNED_IN, AdminLandingContent: () => ({ data: { landingContent: null } }) });
    renderAdmin('/admin/content', { server });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /Hero Tagline/ }), 'x');
    await user.type(screen.getByRole('textbox', { name: /Hero Subtitle/ }), 'x');
    await user.type(screen.getByRole('textbox', { name: /Company Description/ }), 'x');
    await user.type(screen.getByRole('textbox', { name: /Main Website URL/ }), 'https://example.com');
    await user.click(screen.getByRole('button', { name: /Save Changes/ }));
    expect(await screen.findByText('No content ID')).toBeInTheDocument();
  });

  it('edits statistics with number inputs and reports failures', async () => {
    const stats = { __typename: 'Statistics', id: 3, yearEstablished: '2011', expertCount: 40, projectCount: 250, partnerCount: 12 };
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminStatistics: () => ({ data: { statistics: stats } }),
      AdminUpdateStatistics: () => gqlError('INTERNAL_SERVER_ERROR', 'Internal server error'),
    });
    renderAdmin('/admin/statistics', { server });
    const experts = await screen.findByRole('spinbutton', { name: /Expert Consultants Count/ });
    expect(experts).toHaveValue(40);
    const user = userEvent.setup({ delay: null });
    await user.clear(experts);
    await user.type(experts, '-1');
    await user.click(screen.getByRole('button', { name: /Save Changes/ }));
    expect(await screen.findByText('Expert consultants count must be at least 0')).toBeInTheDocument();
    await user.clear(experts);
    await user.type(experts, '45');
    await user.click(screen.getByRole('button', { name: /Save Changes/ }));
    expect(await screen.findByText('Failed to update statistics')).toBeInTheDocument();
    expect(server.callsOf('AdminUpdateStatistics')[0]).toEqual({
      id: 3,
      input: { yearEstablished: '2011', expertCount: 45, projectCount: 250, partnerCount: 12 },
    });
  });
});
