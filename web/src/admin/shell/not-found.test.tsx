import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { SIGNED_IN, fakeServer, renderAdmin } from '../test/render-admin';

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

describe('an admin address that names no screen', () => {
  it('says so inside the admin shell, keeps the address, and links back to the dashboard', async () => {
    const server = fakeServer({ AdminMe: SIGNED_IN, AdminDashboard: () => ({ data: null, errors: [{ message: 'not asked for' }] }) });
    renderAdmin('/admin/unknown', { server });
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Nothing lives at /admin/unknown');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/unknown');
    // Inside the shell: the sidebar's navigation is there.
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Admin Panel');
    expect(server.callsOf('AdminDashboard')).toEqual([]);

    await userEvent.setup({ delay: null }).click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
  });
});
