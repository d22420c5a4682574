import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { toaster } from '../../components/notifications';
import { SIGNED_IN, fakeServer, gqlError, renderAdmin, type Handler } from '../test/render-admin';

// The Account screen's Two-step verification, Passkeys and "Where you are signed in" cards, and the
// Admins screen's Two-step column, Sessions dialog and sign-in policy, against a fake GraphQL server.

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

/** axe-core's rules on the page as it is (jsdom: no layout, so no colour contrast). */
async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } }, resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const session = (id: string, browser: string, system: string, current = false) => ({
  __typename: 'SignedInSession',
  id,
  browser,
  system,
  address: '203.0.113.0/24',
  signedInAt: '2026-11-24T08:00:00.000Z',
  lastSeenAt: '2026-11-24T09:30:00.000Z',
  current,
  secondFactor: 'totp',
});

const passkey = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'Passkey',
  id,
  name,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
  ...extra,
});

type Security = {
  totpEnabled: boolean;
  totpEnabledAt: string | null;
  recoveryCodesLeft: number;
  passkeysAvailable: boolean;
  secondFactorRequired: boolean;
  passkeys: ReturnType<typeof passkey>[];
};
const security = (overrides: Partial<Security> = {}): Security => ({
  totpEnabled: false,
  totpEnabledAt: null,
  recoveryCodesLeft: 0,
  passkeysAvailable: true,
  secondFactorRequired: false,
  passkeys: [],
  ...overrides,
});
const securityAnswer = (state: () => Security): Handler => () => ({ data: { mySecurity: { __typename: 'AccountSecurity', ...state() } } });

const CODES = ['aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff', 'ggggg-hhhhh', 'jjjjj-kkkkk', 'mmmmm-nnnnn', 'ppppp-qqqqq', 'rrrrr-sssss', 'ttttt-uuuuu', 'vvvvv-wwwww'];

const LAST_FACTOR = 'Every account needs a second factor: add another before removing this one';

describe('the Account screen: where you are signed in', () => {
  it('marks this browser, signs out one other session, then all the others with their count', async () => {
    let sessions = [session('s2', 'Firefox 130', 'Windows 11'), session('s1', 'Chrome 131', 'macOS 15', true), session('s3', 'Safari 18', 'iOS 18')];
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminAccountSecurity: securityAnswer(() => security()),
      AdminAccountMySessions: () => ({ data: { mySessions: [...sessions] } }),
      AdminAccountEndSession: ({ id }) => {
        sessions = sessions.filter((s) => s.id !== id);
        return { data: { endSession: true } };
      },
      AdminAccountEndOtherSessions: () => {
        const ended = sessions.filter((s) => !s.current).length;
        sessions = sessions.filter((s) => s.current);
        return { data: { endOtherSessions: ended } };
      },
    });
    renderAdmin('/admin/account', { server });
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    // This browser first, marked, without a sign-out button of its own.
    expect(items[0]).toHaveTextContent('Chrome 131 on macOS 15');
    expect(within(items[0]!).getByText('This browser')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Firefox 130 on Windows 11');
    expect(items[1]).toHaveTextContent('203.0.113.0/24');
    expect(items[1]).toHaveTextContent(/Signed in Nov 24, 2026/);
    expect(items[1]).toHaveTextContent(/Last active Nov 24, 2026/);
    expect(await axeViolations()).toEqual([]);

    await user.click(within(list).getByRole('button', { name: 'Sign out Firefox 130 on Windows 11' }));
    expect(await screen.findByText('Firefox 130 on Windows 11 is signed out.')).toBeInTheDocument();
    expect(server.callsOf('AdminAccountEndSession')).toEqual([{ id: 's2' }]);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: /Sign out all other sessions/ }));
    expect(await screen.findByText('1 session signed out. This browser stays signed in.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('button', { name: /Sign out all other sessions/ })).toBeDisabled();
  });

  it('says how many sessions ended when several did', async () => {
    let sessions = [session('s1', 'Chrome 131', 'macOS 15', true), session('s2', 'Firefox 130', 'Windows 11'), session('s3', 'Safari 18', 'iOS 18')];
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminAccountSecurity: securityAnswer(() => security()),
      AdminAccountMySessions: () => ({ data: { mySessions: [...sessions] } }),
      AdminAccountEndOtherSessions: () => {
        sessions = sessions.filter((s) => s.current);
        return { data: { endOtherSessions: 2 } };
      },
    });
    renderAdmin('/admin/account', { server });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Your sessions' });
    await user.click(screen.getByRole('button', { name: /Sign out all other sessions/ }));
    expect(await screen.findByText('2 sessions signed out. This browser stays signed in.')).toBeInTheDocument();
    expect(server.callsOf('AdminAccountEndOtherSessions')).toHaveLength(1);
  });
});

describe('the Account screen: passkeys', () => {
  it('lists passkeys with when they were added and used, renames one (checking the name) and removes one after confirming', async () => {
    let passkeys = [passkey('p1', 'Work laptop', { backedUp: true, lastUsedAt: '2026-11-23T12:00:00.000Z' }), passkey('p2', 'YubiKey')];
    let refuseRemoval = true;
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminAccountSecurity: securityAnswer(() => security({ passkeys: [...passkeys], recoveryCodesLeft: 10, secondFactorRequired: true })),
      AdminAccountMySessions: () => ({ data: { mySessions: [session('s1', 'Chrome 131', 'macOS 15', true)] } }),
      AdminAccountRenamePasskey: ({ id, name }) => {
        if (name === 'YubiKey') return gqlError('BAD_USER_INPUT', 'Invalid input', { errors: [{ field: 'name', message: 'You already have a passkey with that name' }] });
        passkeys = passkeys.map((p) => (p.id === id ? { ...p, name: String(name) } : p));
        return { data: { renamePasskey: { __typename: 'Passkey', id, name } } };
      },
      AdminAccountRemovePasskey: ({ id }) => {
        if (refuseRemoval) return gqlError('BAD_USER_INPUT', 'Invalid input', { errors: [{ field: 'factor', message: LAST_FACTOR }] });
        passkeys = passkeys.filter((p) => p.id !== id);
        return { data: { removePasskey: true } };
      },
    });
    renderAdmin('/admin/account', { server });
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const [laptop, key] = within(list).getAllByRole('listitem');
    expect(laptop).toHaveTextContent('Work laptop');
    expect(within(laptop!).getByText('Synced')).toBeInTheDocument();
    expect(laptop).toHaveTextContent(/Added Nov 20, 2026/);
    expect(laptop).toHaveTextContent(/Last used Nov 23, 2026/);
    expect(key).toHaveTextContent('Last used never');
    expect(within(key!).queryByText('Synced')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add a passkey/ })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    // Rename: an empty name is refused here, a taken one by the server, then it is saved.
    await user.click(within(list).getByRole('button', { name: 'Rename Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the passkey' });
    const name = within(dialog).getByRole('textbox', { name: /Passkey name/ });
    expect(name).toHaveValue('Work laptop');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByText('Give the passkey a name')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations()).toEqual([]);
    await user.type(name, 'YubiKey');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    const taken = await within(dialog).findByText('You already have a passkey with that name');
    expect(name.getAttribute('aria-describedby')).toContain(taken.id);
    await user.clear(name);
    await user.type(name, '  Home desktop ');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('It is now called Home desktop.')).toBeInTheDocument();
    expect(await within(list).findByRole('button', { name: 'Rename Home desktop' })).toBeInTheDocument();
    expect(server.callsOf('AdminAccountRenamePasskey').at(-1)).toEqual({ id: 'p1', name: 'Home desktop' });

    // Remove: confirmed first; the server's refusal (the policy's last factor) is said in the dialog.
    await user.click(within(list).getByRole('button', { name: 'Remove YubiKey' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove the passkey YubiKey?' });
    expect(server.callsOf('AdminAccountRemovePasskey')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Remove passkey' }));
    expect(await within(confirm).findByText(LAST_FACTOR)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    refuseRemoval = false;
    await user.click(within(confirm).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('YubiKey no longer signs you in.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(server.callsOf('AdminAccountRemovePasskey')).toEqual([{ id: 'p2' }, { id: 'p2' }]);

    // Adding one opens the shared setup (a name, then the browser's own prompt).
    await user.click(screen.getByRole('button', { name: /Add a passkey/ }));
    const add = await screen.findByRole('dialog', { name: 'Add a passkey' });
    expect(within(add).getByRole('textbox', { name: /Passkey name/ })).toBeInTheDocument();
    expect(within(add).getByRole('button', { name: /Create passkey/ })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.click(within(add).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says why passkeys cannot be used when the site is on an IP address', async () => {
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminAccountSecurity: securityAnswer(() => security({ passkeysAvailable: false })),
      AdminAccountMySessions: () => ({ data: { mySessions: [] } }),
    });
    renderAdmin('/admin/account', { server });
    expect(await screen.findByText(/Passkeys are not available on this site: they need it on a domain name \(its PUBLIC_URL\), not an IP address/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add a passkey/ })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});

describe('the Account screen: two-step verification', () => {
  it('is off: sets up the app, then shows the first recovery codes once', async () => {
    let state = security();
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminAccountSecurity: securityAnswer(() => state),
      AdminAccountMySessions: () => ({ data: { mySessions: [] } }),
      AdminSecurityBeginTotp: () => ({
        data: { beginTotpEnrolment: { __typename: 'TotpEnrolment', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' } },
      }),
      AdminSecurityConfirmTotp: () => {
        state = security({ totpEnabled: true, totpEnabledAt: '2026-11-25T01:00:00.000Z', recoveryCodesLeft: 10 });
        return { data: { confirmTotpEnrolment: { __typename: 'EnrolmentResult', recoveryCodes: CODES, user: null } } };
      },
    });
    renderAdmin('/admin/account', { server });
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('region', { name: 'Two-step verification' });
    expect(await within(card).findByText('Off')).toBeInTheDocument();
    expect(within(card).queryByText(/Recovery codes/)).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Set up an authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    expect(await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Code from the app/ }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and turn on' }));

    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    const shown = within(within(codes).getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem');
    expect(shown.map((item) => item.textContent)).toEqual(CODES);
    expect(await axeViolations()).toEqual([]);
    await user.click(within(codes).getByRole('button', { name: 'I have saved these codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(card).findByText('On')).toBeInTheDocument();
    expect(within(card).getByText(/On since Nov 25, 2026/)).toBeInTheDocument();
    expect(within(card).getByTestId('recovery-codes-left')).toHaveTextContent('10 left');
    expect(server.callsOf('AdminSecurityConfirmTotp')).toEqual([{ code: '123456', token: null }]);
  });

  it('is on: removing the app is confirmed (and the server may refuse), new recovery codes are shown after confirming', async () => {
    let state = security({ totpEnabled: true, totpEnabledAt: '2026-11-20T10:00:00.000Z', recoveryCodesLeft: 2, secondFactorRequired: true });
    let refuse = true;
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminAccountSecurity: securityAnswer(() => state),
      AdminAccountMySessions: () => ({ data: { mySessions: [] } }),
      AdminAccountRegenerateRecoveryCodes: () => {
        state = { ...state, recoveryCodesLeft: 10 };
        return { data: { regenerateRecoveryCodes: CODES } };
      },
      AdminAccountRemoveTotp: () => {
        if (refuse) return gqlError('BAD_USER_INPUT', 'Invalid input', { errors: [{ field: 'factor', message: LAST_FACTOR }] });
        state = security({ secondFactorRequired: true });
        return { data: { removeTotp: true } };
      },
    });
    renderAdmin('/admin/account', { server });
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('region', { name: 'Two-step verification' });
    expect(await within(card).findByText('On')).toBeInTheDocument();
    expect(within(card).getByText(/On since Nov 20, 2026/)).toBeInTheDocument();
    expect(within(card).getByText('This site requires an authenticator app or a passkey for every account.')).toBeInTheDocument();
    expect(within(card).getByTestId('recovery-codes-left')).toHaveTextContent('2 left');

    // New recovery codes: asked first, then shown.
    await user.click(within(card).getByRole('button', { name: /Generate new codes/ }));
    const ask = await screen.findByRole('alertdialog', { name: 'Generate new recovery codes?' });
    expect(within(ask).getByText(/Your current codes stop working/)).toBeInTheDocument();
    expect(server.callsOf('AdminAccountRegenerateRecoveryCodes')).toEqual([]);
    expect(await axeViolations()).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Generate new codes' }));
    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(within(codes).getByText('aaaaa-bbbbb')).toBeInTheDocument();
    expect(within(codes).getByText('vvvvv-wwwww')).toBeInTheDocument();
    await user.click(within(codes).getByRole('button', { name: 'I have saved these codes' }));
    await waitFor(() => expect(within(card).getByTestId('recovery-codes-left')).toHaveTextContent('10 left'));

    // Removing the app: confirmed; the policy's refusal stays in the dialog; then removed.
    await user.click(within(card).getByRole('button', { name: 'Remove the authenticator app' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove the authenticator app?' });
    expect(server.callsOf('AdminAccountRemoveTotp')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Remove app' }));
    expect(await within(confirm).findByText(LAST_FACTOR)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    refuse = false;
    await user.click(within(confirm).getByRole('button', { name: 'Remove app' }));
    expect(await screen.findByText('Its codes no longer sign you in.')).toBeInTheDocument();
    expect(await within(card).findByText('Off')).toBeInTheDocument();
    expect(within(card).queryByTestId('recovery-codes-left')).not.toBeInTheDocument();
    expect(server.callsOf('AdminAccountRemoveTotp')).toHaveLength(2);
  });
});

const ME = { __typename: 'User', id: 'id-admin', username: 'admin' };
const account = (username: string) => ({ __typename: 'User', id: `id-${username}`, username, role: 'admin', createdAt: '2026-11-01T10:00:00.000Z', lastSignInAt: null });
const factors = (userId: string, methods: string[]) => ({ __typename: 'AccountFactors', userId, methods });
const policyAnswer = (required: boolean) => ({ __typename: 'AuthPolicy', requireSecondFactor: required, updatedAt: required ? '2026-11-25T01:00:00.000Z' : null });

describe('the Admins screen: second factors, sessions and the sign-in policy', () => {
  it('shows who has two-step verification on, and ends one session of an account, then all of them', async () => {
    let sessions = [session('s2', 'Firefox 130', 'Windows 11'), session('s3', 'Safari 18', 'iOS 18')];
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      // lee was added after the factors were read: not listed there, so no factor.
      AdminAccounts: () => ({ data: { me: ME, admins: [account('admin'), account('sam'), account('kim'), account('lee')] } }),
      AdminAccountFactors: () => ({
        data: { accountFactors: [factors('id-admin', ['TOTP', 'RECOVERY_CODE']), factors('id-sam', []), factors('id-kim', ['PASSKEY', 'TOTP', 'RECOVERY_CODE'])] },
      }),
      AdminAccountAuthPolicy: () => ({ data: { authPolicy: policyAnswer(false) } }),
      AdminAccountSessionsOf: () => ({ data: { sessionsOf: [...sessions] } }),
      AdminAccountEndSession: ({ id }) => {
        sessions = sessions.filter((s) => s.id !== id);
        return { data: { endSession: true } };
      },
      AdminAccountEndSessionsOf: () => {
        const ended = sessions.length;
        sessions = [];
        return { data: { endSessionsOf: ended } };
      },
    });
    renderAdmin('/admin/admins', { server });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('columnheader', { name: 'Two-step' })).toBeInTheDocument();
    const sam = await screen.findByRole('row', { name: /^sam/ });
    await waitFor(() => expect(within(sam).getByText('Off')).toBeInTheDocument());
    const kim = screen.getByRole('row', { name: /^kim/ });
    expect(within(kim).getByText('On')).toBeInTheDocument();
    expect(within(kim).getByText('App, passkey')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /^lee/ })).getByText('Off')).toBeInTheDocument();
    const me = screen.getByRole('row', { name: /admin You/ });
    expect(within(me).getByText('On')).toBeInTheDocument();
    expect(within(me).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(sam).getByRole('button', { name: 'Sessions of sam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sessions of sam' });
    const list = await within(dialog).findByRole('list', { name: 'Sessions of sam' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Firefox 130 on Windows 11', { selector: 'p' })).toBeInTheDocument();
    expect(within(list).queryByText('This browser')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.click(within(list).getByRole('button', { name: 'End Firefox 130 on Windows 11' }));
    expect(await screen.findByText('Firefox 130 on Windows 11 of sam is signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(server.callsOf('AdminAccountEndSession')).toEqual([{ id: 's2' }]);

    await user.click(within(dialog).getByRole('button', { name: 'End all sessions of sam' }));
    expect(await screen.findByText('1 session of sam ended.')).toBeInTheDocument();
    expect(await within(dialog).findByText('sam is not signed in anywhere.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'End all sessions of sam' })).toBeDisabled();
    expect(server.callsOf('AdminAccountEndSessionsOf')).toEqual([{ userId: 'id-sam' }]);
    expect(server.callsOf('AdminAccountSessionsOf').every((v) => v.userId === 'id-sam')).toBe(true);
    expect(await axeViolations()).toEqual([]);
  });

  it('asks before requiring two-step verification, says in the dialog why the server refused, then switches it on and off', async () => {
    let required = false;
    let refuse = true;
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminAccounts: () => ({ data: { me: ME, admins: [account('admin'), account('sam')] } }),
      AdminAccountFactors: () => ({ data: { accountFactors: [factors('id-admin', []), factors('id-sam', [])] } }),
      AdminAccountAuthPolicy: () => ({ data: { authPolicy: policyAnswer(required) } }),
      AdminAccountSetSecondFactorRequired: (variables) => {
        if (variables.required && refuse) {
          return gqlError('BAD_USER_INPUT', 'Invalid input', { errors: [{ field: 'required', message: 'Set up a second factor for your own account first' }] });
        }
        required = Boolean(variables.required);
        return { data: { setSecondFactorRequired: policyAnswer(required) } };
      },
    });
    renderAdmin('/admin/admins', { server });
    const user = userEvent.setup({ delay: null });
    const toggle = await screen.findByRole('switch', { name: 'Require two-step verification for every account' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(await axeViolations()).toEqual([]);

    await user.click(toggle);
    const confirm = await screen.findByRole('alertdialog', { name: 'Require two-step verification for every account?' });
    expect(within(confirm).getByText(/Sessions signed in with a password alone end now/)).toBeInTheDocument();
    expect(server.callsOf('AdminAccountSetSecondFactorRequired')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Require it' }));
    expect(await within(confirm).findByText('Set up a second factor for your own account first')).toBeInTheDocument();
    expect(within(confirm).getByRole('link', { name: /your Account page/ })).toHaveAttribute('href', '/admin/account');
    expect(await axeViolations()).toEqual([]);
    expect(toggle).not.toBeChecked();

    refuse = false;
    await user.click(within(confirm).getByRole('button', { name: 'Require it' }));
    expect(await screen.findByText('Accounts without an app or a passkey set one up at their next sign-in.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(toggle).toBeChecked());

    // Switching it off is asked too.
    await user.click(toggle);
    const off = await screen.findByRole('alertdialog', { name: 'Stop requiring two-step verification?' });
    await user.click(within(off).getByRole('button', { name: 'Stop requiring' }));
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(server.callsOf('AdminAccountSetSecondFactorRequired')).toEqual([{ required: true }, { required: true }, { required: false }]);
  });

  it('cancelling the question leaves the policy as it was', async () => {
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminAccounts: () => ({ data: { me: ME, admins: [account('admin')] } }),
      AdminAccountFactors: () => ({ data: { accountFactors: [factors('id-admin', ['TOTP'])] } }),
      AdminAccountAuthPolicy: () => ({ data: { authPolicy: policyAnswer(false) } }),
    });
    renderAdmin('/admin/admins', { server });
    const user = userEvent.setup({ delay: null });
    const toggle = await screen.findByRole('switch', { name: 'Require two-step verification for every account' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    const confirm = await screen.findByRole('alertdialog', { name: 'Require two-step verification for every account?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(toggle).not.toBeChecked();
    expect(server.callsOf('AdminAccountSetSecondFactorRequired')).toEqual([]);
  });
});
