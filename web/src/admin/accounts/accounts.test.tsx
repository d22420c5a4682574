import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { toaster } from '../../components/notifications';
import { SIGNED_IN, fakeServer, gqlError, renderAdmin } from '../test/render-admin';

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const ME = { __typename: 'User', id: 'u1', username: 'admin' };
const admin = (username: string, lastSignInAt: string | null, role = 'admin') => ({
  __typename: 'User',
  id: `id-${username}`,
  username,
  role,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSignInAt,
});

describe('the Admins screen', () => {
  it('lists admins with their last sign-in; yourself has no actions', async () => {
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminAccounts: () => ({ data: { me: ME, admins: [admin('admin', '2026-11-23T09:00:00.000Z'), admin('sam', null)] } }) as never,
    });
    renderAdmin('/admin/admins', { server });
    const sam = await screen.findByRole('row', { name: /sam/ });
    expect(within(sam).getByText('Never')).toBeInTheDocument();
    expect(within(sam).getByRole('button', { name: 'Remove sam' })).toBeEnabled();
    const me = screen.getByRole('row', { name: /admin You/ });
    expect(within(me).queryByRole('button')).not.toBeInTheDocument();
    expect(document.title).toBe('Admins · Admin Panel');
  });

  it('adds an admin and shows the generated password once', async () => {
    const admins = [admin('admin', null)];
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminAccounts: () => ({ data: { me: ME, admins: [...admins] } }) as never,
      AdminCreateAccount: ({ username }) => {
        if (username === 'taken') return gqlError('BAD_USER_INPUT', 'Invalid input', { errors: [{ field: 'username', message: 'That username is already taken' }] });
        admins.push(admin(String(username), null));
        return { data: { createAdmin: { __typename: 'AdminWithPassword', password: 'Gen-Pass-1234', user: { __typename: 'User', id: 'n', username, role: 'editor' } } } };
      },
    });
    renderAdmin('/admin/admins', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Add Admin/ }));
    const name = screen.getByRole('textbox', { name: /Username/ });
    await user.type(name, 'taken');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Admin' }));
    expect(await screen.findByText('That username is already taken')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Username/ })).toHaveAttribute('aria-invalid', 'true');
    await user.clear(name);
    await user.type(name, 'new.person');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Admin' }));
    expect(await screen.findByTestId('generated-password')).toHaveTextContent('Gen-Pass-1234');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('row', { name: /new\.person/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Gen-Pass-1234')).not.toBeInTheDocument());
  });

  it('removes another admin after confirming', async () => {
    let admins = [admin('admin', null), admin('sam', null)];
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminAccounts: () => ({ data: { me: ME, admins: [...admins] } }) as never,
      AdminDeleteAccount: ({ username }) => {
        admins = admins.filter((a) => a.username !== username);
        return { data: { deleteAdmin: true } };
      },
    });
    renderAdmin('/admin/admins', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Remove sam' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('sam was removed and signed out')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /sam/ })).not.toBeInTheDocument());
    expect(server.callsOf('AdminDeleteAccount')).toEqual([{ username: 'sam' }]);
  });
});

describe('the Account screen', () => {
  it('checks the fields, shows the server refusal on the current password, then changes it', async () => {
    let attempts = 0;
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminChangeOwnPassword: () =>
        ++attempts === 1
          ? gqlError('BAD_USER_INPUT', 'Invalid input', { errors: [{ field: 'currentPassword', message: 'The current password is not correct' }] })
          : { data: { changeOwnPassword: true } },
    });
    renderAdmin('/admin/account', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Change password/ }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    const current = screen.getByLabelText(/Current password/);
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current.getAttribute('aria-describedby')).toContain(screen.getByText('Current password is required').id);

    await user.type(current, 'wrong-one');
    await user.type(screen.getByLabelText(/^New password/), 'brand new secret');
    await user.type(screen.getByLabelText(/Confirm new password/), 'brand new secret');
    await user.click(screen.getByRole('button', { name: /Change password/ }));
    expect(await screen.findByText('The current password is not correct')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Change password/ }));
    expect(await screen.findByText('Your other sessions have been signed out.')).toBeInTheDocument();
    expect(server.callsOf('AdminChangeOwnPassword')[1]).toEqual({ currentPassword: 'wrong-one', newPassword: 'brand new secret' });
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
  });
});

/** axe-core's rules on the page as it is (jsdom: no layout, so no colour contrast). */
async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } }, resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('roles on the Admins screen', () => {
  it('shows each account’s role, and says the only Admin keeps the role', async () => {
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminAccounts: () => ({ data: { me: ME, admins: [admin('admin', null), admin('ed', null, 'editor'), admin('cora', null, 'contributor')] } }) as never,
    });
    renderAdmin('/admin/admins', { server });
    expect(await screen.findByRole('columnheader', { name: 'Role' })).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /^ed/ })).getByText('Editor')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /^cora/ })).getByText('Contributor')).toBeInTheDocument();
    const me = screen.getByRole('row', { name: /admin You/ });
    expect(within(me).getByText('Admin')).toBeInTheDocument();
    expect(within(me).getByText('The last Admin keeps the Admin role: make another account an Admin first.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('adds an account as an Editor unless another role is chosen', async () => {
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminAccounts: () => ({ data: { me: ME, admins: [admin('admin', null)] } }) as never,
      AdminCreateAccount: ({ username, role }) => ({
        data: { createAdmin: { __typename: 'AdminWithPassword', password: 'Gen-Pass-1234', user: { __typename: 'User', id: `n-${String(username)}`, username, role } } },
      }),
    });
    renderAdmin('/admin/admins', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Add Admin/ }));
    const role = within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveValue('editor');
    expect(within(screen.getByRole('dialog')).getByText(/All content: create, edit, publish/)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /Username/ }), 'ed');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Admin' }));
    await screen.findByTestId('generated-password');
    await user.click(screen.getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('button', { name: /Add Admin/ }));
    await user.type(screen.getByRole('textbox', { name: /Username/ }), 'cora');
    await user.selectOptions(within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Role' }), 'contributor');
    expect(within(screen.getByRole('dialog')).getByText(/Drafts: create and edit them/)).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Admin' }));
    await screen.findByTestId('generated-password');
    expect(server.callsOf('AdminCreateAccount')).toEqual([
      { username: 'ed', role: 'editor' },
      { username: 'cora', role: 'contributor' },
    ]);
  });

  it('changes another account’s role, and says in the dialog why the server refused one', async () => {
    let admins = [admin('admin', null), admin('sam', null), admin('ed', null, 'editor')];
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminAccounts: () => ({ data: { me: ME, admins: [...admins] } }) as never,
      AdminSetAccountRole: ({ id, role }) => {
        if (id === 'id-sam') return gqlError('FORBIDDEN', 'The last Admin keeps the Admin role: make another account an Admin first');
        admins = admins.map((a) => (a.id === id ? { ...a, role: String(role) } : a));
        return { data: { setUserRole: { __typename: 'User', id, role } } };
      },
    });
    renderAdmin('/admin/admins', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Change role of ed' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Change the role of ed' })).toBeInTheDocument();
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveValue('editor');
    await user.selectOptions(role, 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('ed is now an Admin')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('row', { name: /^ed/ })).getByText('Admin')).toBeInTheDocument());

    // The server refuses (here: it says sam is the last Admin): the dialog stays and says why.
    await user.click(screen.getByRole('button', { name: 'Change role of sam' }));
    const refused = await screen.findByRole('dialog');
    await user.selectOptions(within(refused).getByRole('combobox', { name: 'Role' }), 'editor');
    await user.click(within(refused).getByRole('button', { name: 'Save role' }));
    const message = await within(refused).findByText('The last Admin keeps the Admin role: make another account an Admin first');
    expect(within(refused).getByRole('combobox', { name: 'Role' })).toHaveAttribute('aria-describedby', message.id);
    expect(within(refused).getByRole('combobox', { name: 'Role' })).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations()).toEqual([]);
    expect(server.callsOf('AdminSetAccountRole')).toEqual([
      { id: 'id-ed', role: 'admin' },
      { id: 'id-sam', role: 'editor' },
    ]);
  });
});
