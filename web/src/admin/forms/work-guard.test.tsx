import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { SIGNED_IN, fakeServer, gqlError, renderAdmin } from '../test/render-admin';
import { listAnswer } from '../test/list-answer';

// Work is never lost: a dirty dialog or form asks before it is left, and what was typed
// when the session ended is kept in this tab and offered back.

jest.setTimeout(30_000);

afterEach(() => {
  toaster.remove();
  sessionStorage.clear();
});

const landing = {
  __typename: 'LandingContent',
  id: 1,
  version: 3,
  heroTagline: 'Clarity for complex decisions',
  heroSubtitle: 'Strategy and reform advisory',
  companyDescription: 'A fictional consulting firm.',
  mainWebsiteUrl: 'https://example.com',
};
const kuwait = { __typename: 'Country', id: 7, version: 1, name: 'Kuwait', code: 'KW', flagImageUrl: '/uploads/kw.png', displayOrder: 2 };

const landingServer = (update = () => ({ data: { updateLandingContent: landing } }) as never) =>
  fakeServer({ AdminMe: SIGNED_IN, AdminLandingContent: () => ({ data: { landingContent: landing } }), AdminUpdateLandingContent: update });
const countriesServer = () => fakeServer({ AdminMe: SIGNED_IN, AdminCountries: (variables) => listAnswer('countries', [kuwait], variables) });

describe('a dirty dialog', () => {
  it('asks before closing; Discard closes', async () => {
    renderAdmin('/admin/countries', { server: countriesServer() });
    // jsdom may still see the edit dialog's pointer-events lock on the question stacked above it
    // (Ark's layer stack settles asynchronously); Chromium clicks it in e2e/admin-work.test.ts.
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: 'Edit Kuwait' }));
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.type(name, ' City');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /close/i }));
    // Keep editing is driven in Chromium (e2e/admin-work.test.ts): in jsdom Ark's nested layer
    // stack does not always settle after that click. Here: the question appears, Discard closes.
    expect(await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Name/ })).not.toBeInTheDocument(), { timeout: 5000 });
  });

  it('closes without asking when nothing was changed', async () => {
    renderAdmin('/admin/countries', { server: countriesServer() });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Kuwait' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Name/ })).not.toBeInTheDocument(), { timeout: 5000 });
    // The question leaves with its own closing animation, slower on a loaded machine.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument(), { timeout: 5000 });
  });
});

describe('a dirty singleton form', () => {
  it('asks before a sidebar link leaves it, and stays on Keep editing', async () => {
    renderAdmin('/admin/content', { server: landingServer() });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /Hero Tagline/ }), '!');
    await user.click(screen.getByRole('link', { name: 'Statistics' }));
    await user.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/content');
    expect(screen.getByRole('textbox', { name: /Hero Tagline/ })).toHaveValue('Clarity for complex decisions!');

    await user.click(screen.getByRole('link', { name: 'Statistics' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/statistics'));
  });

  it('keeps what was typed when the session has ended, and offers it back on the next visit', async () => {
    const first = renderAdmin('/admin/content', {
      server: landingServer(() => gqlError('UNAUTHENTICATED', 'Not signed in') as never),
    });
    const user = userEvent.setup({ delay: null });
    const tagline = await screen.findByRole('textbox', { name: /Hero Tagline/ });
    await user.clear(tagline);
    await user.type(tagline, 'Typed before the session ended');
    await user.click(screen.getByRole('button', { name: /Save Changes/ }));
    await waitFor(() => expect(first.redirectToLogin).toHaveBeenCalled());
    first.unmount();

    // Signed in again (a new page load): the same screen offers the kept values.
    renderAdmin('/admin/content', { server: landingServer() });
    const offer = await screen.findByTestId('draft-offer');
    expect(screen.getByRole('textbox', { name: /Hero Tagline/ })).toHaveValue('Clarity for complex decisions');
    await user.click(within(offer).getByRole('button', { name: 'Restore changes' }));
    expect(screen.getByRole('textbox', { name: /Hero Tagline/ })).toHaveValue('Typed before the session ended');
    expect(screen.queryByTestId('draft-offer')).not.toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('field errors', () => {
  it('are linked to their inputs (aria-invalid, aria-describedby)', async () => {
    renderAdmin('/admin/content', { server: landingServer() });
    const user = userEvent.setup({ delay: null });
    const tagline = await screen.findByRole('textbox', { name: /Hero Tagline/ });
    await user.clear(tagline);
    await user.click(screen.getByRole('button', { name: /Save Changes/ }));
    await waitFor(() => expect(tagline).toHaveAttribute('aria-invalid', 'true'));
    const describedBy = tagline.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(document.getElementById(describedBy!)?.textContent).toMatch(/required/i);
    expect(document.title).toBe('Landing Content · Admin Panel');
  });
});
