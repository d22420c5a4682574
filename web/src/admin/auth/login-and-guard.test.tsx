import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { afterSignIn } from './LoginPage';
import { SIGNED_IN, SIGNED_OUT, deferred, fakeServer, gqlError, renderAdmin, type Answer } from '../test/render-admin';
import { dashboardAnswer } from '../test/dashboard-answer';
import { listAnswer } from '../test/list-answer';

const dashboard = { AdminDashboard: () => dashboardAnswer([], { countries: 1, brands: 0 }) };

// Whole screens in jsdom, driven keystroke by keystroke, take a few seconds each.
jest.setTimeout(30_000);

afterEach(() => toaster.remove());

describe('admin login', () => {
  it('asks for a username and password, both required', async () => {
    renderAdmin('/admin/login', { server: fakeServer({}) });
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByText('Enter your credentials to access the admin panel')).toBeInTheDocument();
    expect(screen.getByLabelText(/Username/)).toBeRequired();
    expect(screen.getByLabelText(/Password/)).toBeRequired();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it("reads 'Logging in...' while busy, then says so and opens the dashboard", async () => {
    const answer = deferred<Answer>();
    let signedIn = false;
    const server = fakeServer({
      AdminLogin: () => {
        signedIn = true;
        return answer.promise;
      },
      AdminMe: () => (signedIn ? SIGNED_IN({}) : SIGNED_OUT({})),
      ...dashboard,
    });
    renderAdmin('/admin/login', { server });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/Username/), 'admin');
    await user.type(screen.getByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    answer.release({ data: { login: { __typename: 'User', id: 'u1', username: 'admin' } } });

    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
    expect(server.callsOf('AdminLogin')).toEqual([{ username: 'admin', password: 'secret' }]);
  });

  it('goes back where it was sent from (?next=, an admin screen or a preview), never to another site', async () => {
    expect(afterSignIn('/admin/news')).toEqual({ path: '/admin/news', page: false });
    expect(afterSignIn('/preview/news/7?from=mail')).toEqual({ path: '/preview/news/7?from=mail', page: true });
    for (const next of [null, '', '//evil.example/admin', 'https://evil.example/admin', '/administrator', '/news', 'javascript:alert(1)', '/admin\\evil']) {
      expect(afterSignIn(next)).toEqual({ path: '/admin', page: false });
    }

    let signedIn = false;
    const server = fakeServer({
      AdminLogin: () => {
        signedIn = true;
        return { data: { login: { __typename: 'User', id: 'u1', username: 'admin' } } };
      },
      AdminMe: () => (signedIn ? SIGNED_IN({}) : SIGNED_OUT({})),
      ...dashboard,
      AdminCountries: (variables) => listAnswer('countries', [], variables),
    });
    renderAdmin(`/admin/login?next=${encodeURIComponent('/admin/countries')}`, { server });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/Username/), 'admin');
    await user.type(screen.getByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/countries$/));
  });

  it("shows the server's refusal in an 'Error' toast and stays on the login", async () => {
    const server = fakeServer({ AdminLogin: () => gqlError('UNAUTHENTICATED', 'Invalid credentials') });
    const { redirectToLogin } = renderAdmin('/admin/login', { server });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/Username/), 'admin');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('passes on other server messages, such as too many attempts', async () => {
    const server = fakeServer({
      AdminLogin: () => gqlError('TOO_MANY_REQUESTS', 'Too many login attempts. Try again in 15 minutes.'),
    });
    renderAdmin('/admin/login', { server });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/Username/), 'admin');
    await user.type(screen.getByLabelText(/Password/), 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Too many login attempts. Try again in 15 minutes.')).toBeInTheDocument();
  });

  it("says 'Failed to login. Please try again.' when the server cannot be reached", async () => {
    const server = fakeServer({ AdminLogin: () => new TypeError('Failed to fetch') });
    renderAdmin('/admin/login', { server });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/Username/), 'admin');
    await user.type(screen.getByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Failed to login. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});

describe('admin guard', () => {
  it("shows 'Loading...' while checking, then sends an anonymous visitor to the login", async () => {
    const answer = deferred<Answer>();
    renderAdmin('/admin/countries', { server: fakeServer({ AdminMe: () => answer.promise }) });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    answer.release({ data: { me: null } });
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
  });

  it('sends the visitor to the login when the check itself fails', async () => {
    renderAdmin('/admin', { server: fakeServer({ AdminMe: () => new TypeError('Failed to fetch') }) });
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
  });

  it('guards every admin screen', async () => {
    for (const path of ['/admin', '/admin/content', '/admin/statistics', '/admin/brands', '/admin/news', '/admin/contact-info']) {
      const view = renderAdmin(path, { server: fakeServer({ AdminMe: SIGNED_OUT }) });
      expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
      view.unmount();
    }
  });

  it('shows the dashboard to a signed-in user', async () => {
    renderAdmin('/admin', { server: fakeServer({ AdminMe: SIGNED_IN, ...dashboard }) });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Manage your landing page content')).toBeInTheDocument();
    // Issue 22: the dashboard's cards became recent changes and each screen with its count ("Content: Active" said nothing).
    expect(await screen.findByRole('link', { name: 'Countries 1 item' })).toHaveAttribute('href', '/admin/countries');
    expect(screen.getByRole('link', { name: 'Brands 0 items' })).toHaveAttribute('href', '/admin/brands');
    expect(screen.getByText(/No changes yet/)).toBeInTheDocument();
  });

  it("answers a session that ended mid-use with 'Unauthorized' and then the login", async () => {
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminCountries: (variables) => listAnswer('countries', [], variables),
      AdminCreateCountry: () => gqlError('UNAUTHENTICATED', 'Unauthorized'),
    });
    const { redirectToLogin } = renderAdmin('/admin/countries', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Add Country/ }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Kuwait');
    await user.type(screen.getByRole('textbox', { name: /Code/ }), 'KW');
    await user.type(screen.getByRole('textbox', { name: /Flag Image URL/ }), 'https://flagcdn.com/kw.png');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(screen.getByText('Unauthorized')).toBeInTheDocument();
    expect(redirectToLogin).not.toHaveBeenCalled(); // only after the 500 ms pause
    await waitFor(() => expect(redirectToLogin).toHaveBeenCalledTimes(1));
  });

  it('logs out with a POST and returns to the login', async () => {
    let signedIn = true;
    const server = fakeServer({
      AdminMe: () => (signedIn ? SIGNED_IN({}) : SIGNED_OUT({})),
      AdminLogout: () => {
        signedIn = false;
        return { data: { logout: true } };
      },
      ...dashboard,
    });
    renderAdmin('/admin', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Logout/ }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(server.callsOf('AdminLogout')).toHaveLength(1);
  });

  it('stays put when logout fails', async () => {
    const server = fakeServer({ AdminMe: SIGNED_IN, AdminLogout: () => new TypeError('Failed to fetch'), ...dashboard });
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      renderAdmin('/admin', { server });
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: /Logout/ }));
      await waitFor(() => expect(logged.length).toBeGreaterThan(0));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
      expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    } finally {
      console.error = original;
    }
  });
});
