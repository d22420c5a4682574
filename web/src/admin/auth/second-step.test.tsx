import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { axeViolations } from '../../test/axe-violations';
import { SIGNED_IN, SIGNED_OUT, fakeServer, gqlError, renderAdmin, type Answer, type Handler } from '../test/render-admin';
import { dashboardAnswer } from '../test/dashboard-answer';
import { listAnswer } from '../test/list-answer';

// The browser's WebAuthn, replaced: the sign-in loads @simplewebauthn/browser with import() when a
// passkey is used.
const startAuthentication = jest.fn<(options: { optionsJSON: unknown }) => Promise<unknown>>();
const startRegistration = jest.fn<(options: { optionsJSON: unknown }) => Promise<unknown>>();
jest.unstable_mockModule('@simplewebauthn/browser', () => ({ startAuthentication, startRegistration }));

jest.setTimeout(30_000);

const USER = { __typename: 'User', id: 'u1', username: 'admin', role: 'admin', permissions: ['accounts'] };
const EXPIRES = () => new Date(Date.now() + 5 * 60_000).toISOString();
const SECOND_STEP = (methods: string[], token = 'step-token') =>
  gqlError('SECOND_STEP_REQUIRED', 'A second step is needed to sign in', { secondStep: { token, methods, expiresAt: EXPIRES() } });
const ENROLMENT = (methods: string[], token = 'enrol-token', expiresAt = EXPIRES()) =>
  gqlError('ENROLMENT_REQUIRED', 'Set up a second factor to sign in', { enrolment: { token, methods, expiresAt } });
const SIGNED_IN_WITH = (field: string): Answer => ({ data: { [field]: { __typename: 'SignInResult', status: 'SIGNED_IN', user: USER } } });
const CODES = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678', '9abcd-efghj', 'kmnpq-rstuv', 'wxyz2-3456a', 'bcdef-ghjkm', 'npqrs-tuvwx', 'yz234-56789', 'aabbc-cddee'];
const AUTH_OPTIONS = { challenge: 'challenge', allowCredentials: [], userVerification: 'required', rpId: 'localhost' };
const ASSERTION = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };

/** The API's answers around a sign-in: `me` is anonymous until one of `signing` succeeds. */
function signInServer(handlers: Record<string, Handler>) {
  const state = { signedIn: false };
  const signing = ['AdminSecuritySignInWithCode', 'AdminSecuritySignInWithPasskey', 'AdminSecurityConfirmTotp', 'AdminSecurityRegisterPasskey'];
  const wrapped: Record<string, Handler> = {};
  for (const [name, handler] of Object.entries(handlers)) {
    wrapped[name] = async (variables) => {
      const answer = await handler(variables);
      if (signing.includes(name) && !(answer instanceof Error) && !answer.errors) state.signedIn = true;
      return answer;
    };
  }
  const server = fakeServer({
    AdminMe: () => (state.signedIn ? SIGNED_IN({}) : SIGNED_OUT({})),
    AdminDashboard: () => dashboardAnswer([], { countries: 1, brands: 0 }),
    AdminCountries: (variables) => listAnswer('countries', [], variables),
    ...wrapped,
  });
  return { server, state };
}

async function typePassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/Username/), 'admin');
  await user.type(screen.getByLabelText(/Password/), 'secret');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

/** WebAuthn in the browser (jsdom has none): the passkey buttons show only where it exists. */
function withWebAuthn() {
  Object.defineProperty(window, 'PublicKeyCredential', { value: function PublicKeyCredential() {}, configurable: true, writable: true });
}

beforeEach(() => {
  startAuthentication.mockReset();
  startRegistration.mockReset();
});
afterEach(() => {
  toaster.remove();
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
});

describe('the second step after the password', () => {
  it("asks for the app's code in the same card, refuses a wrong one with 'Invalid code', and signs in with the right one", async () => {
    withWebAuthn();
    let attempt = 0;
    const { server } = signInServer({
      AdminLogin: () => SECOND_STEP(['totp', 'recovery-code']),
      AdminSecuritySignInWithCode: () => (++attempt === 1 ? gqlError('UNAUTHENTICATED', 'Invalid code') : SIGNED_IN_WITH('signInWithCode')),
    });
    renderAdmin('/admin/login', { server });
    const user = userEvent.setup({ delay: null });
    await typePassword(user);

    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: /Authentication code/ });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app.');
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    // The account has no passkey: no passkey button, even where the browser could use one.
    expect(screen.queryByRole('button', { name: /passkey/i })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
    expect(document.title).toBe('Two-step verification · Admin Panel');
    expect(await axeViolations()).toEqual([]);

    await user.type(field, '111 111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid code')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.type(field, '222222');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
    expect(server.callsOf('AdminSecuritySignInWithCode')).toEqual([
      { token: 'step-token', code: '111111' },
      { token: 'step-token', code: '222222' },
    ]);
    expect(server.callsOf('AdminLogin')).toHaveLength(1);
  });

  it('checks the shape of the code before sending it, and shows the server’s field error beside the field', async () => {
    const { server } = signInServer({
      AdminLogin: () => SECOND_STEP(['totp', 'recovery-code']),
      AdminSecuritySignInWithCode: () =>
        gqlError('BAD_USER_INPUT', 'Invalid input', { errors: [{ field: 'code', message: 'Enter the 6-digit code from your app or a recovery code' }] }),
    });
    renderAdmin('/admin/login', { server });
    const user = userEvent.setup({ delay: null });
    await typePassword(user);
    const field = await screen.findByRole('textbox', { name: /Authentication code/ });

    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your app or a recovery code')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Enter the 6-digit code from your app or a recovery code/);
    expect(server.callsOf('AdminSecuritySignInWithCode')).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);

    // A recovery code the server finds malformed: its field error, beside the field.
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByRole('textbox', { name: /Recovery code/ }), 'nope');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your app or a recovery code')).toBeInTheDocument();
    expect(server.callsOf('AdminSecuritySignInWithCode')).toEqual([{ token: 'step-token', code: 'nope' }]);
    expect(await axeViolations()).toEqual([]);
  });

  it('switches to a recovery code and back, and signs in with one', async () => {
    const { server } = signInServer({
      AdminLogin: () => SECOND_STEP(['TOTP', 'RECOVERY_CODE']),
      AdminSecuritySignInWithCode: () => SIGNED_IN_WITH('signInWithCode'),
    });
    renderAdmin(`/admin/login?next=${encodeURIComponent('/admin/countries')}`, { server });
    const user = userEvent.setup({ delay: null });
    await typePassword(user);

    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByRole('textbox', { name: /Recovery code/ });
    expect(field).toHaveFocus();
    expect(screen.getByText('Enter one of your recovery codes. Each code works once.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Use your authenticator app' }));
    expect(screen.getByRole('textbox', { name: /Authentication code/ })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));

    await user.type(screen.getByRole('textbox', { name: /Recovery code/ }), ' ABCDE-FGHJK ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/countries$/));
    expect(screen.getByText('Logged in successfully')).toBeInTheDocument();
    expect(server.callsOf('AdminSecuritySignInWithCode')).toEqual([{ token: 'step-token', code: 'ABCDE-FGHJK' }]);
  });

  it('offers a passkey only when the account has one, and signs in with it as the second step', async () => {
    withWebAuthn();
    const { server } = signInServer({
      AdminLogin: () => SECOND_STEP(['totp', 'recovery-code', 'passkey']),
      AdminSecurityPasskeySignInOptions: () => ({ data: { passkeySignInOptions: JSON.stringify(AUTH_OPTIONS) } }),
      AdminSecuritySignInWithPasskey: () => SIGNED_IN_WITH('signInWithPasskey'),
    });
    startAuthentication.mockResolvedValue(ASSERTION);
    renderAdmin('/admin/login', { server });
    const user = userEvent.setup({ delay: null });
    await typePassword(user);

    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Logged in successfully')).toBeInTheDocument();
    expect(server.callsOf('AdminSecurityPasskeySignInOptions')).toEqual([{ token: 'step-token' }]);
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: AUTH_OPTIONS });
    expect(server.callsOf('AdminSecuritySignInWithPasskey')).toEqual([{ response: JSON.stringify(ASSERTION), token: 'step-token' }]);
  });

  it('starts with the passkey when the account has no app, and says when the browser prompt was cancelled', async () => {
    withWebAuthn();
    const { server } = signInServer({
      AdminLogin: () => SECOND_STEP(['recovery-code', 'passkey']),
      AdminSecurityPasskeySignInOptions: () => ({ data: { passkeySignInOptions: JSON.stringify(AUTH_OPTIONS) } }),
    });
    startAuthentication.mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    renderAdmin('/admin/login', { server });
    const user = userEvent.setup({ delay: null });
    await typePassword(user);

    const heading = await screen.findByRole('heading', { name: 'Two-step verification' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Use your passkey to finish signing in.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use your authenticator app' })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('The passkey request was cancelled or timed out.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeEnabled();
  });

  it('goes back to the password with Back, and when the step has expired', async () => {
    let logins = 0;
    const { server } = signInServer({
      AdminLogin: () => (++logins, SECOND_STEP(['totp', 'recovery-code'])),
      AdminSecuritySignInWithCode: () => gqlError('UNAUTHENTICATED', 'This sign-in has expired. Sign in again.'),
    });
    renderAdmin('/admin/login', { server });
    const user = userEvent.setup({ delay: null });
    await typePassword(user);

    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Username/)).toHaveValue('admin');
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
    expect(screen.getByLabelText(/Password/)).toHaveFocus();
    expect(document.title).toBe('Login · Admin Panel');

    await user.type(screen.getByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByRole('textbox', { name: /Authentication code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This sign-in has expired. Sign in again.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(logins).toBe(2);
  });
});

describe('signing in with a passkey alone', () => {
  it('is offered only where the browser has WebAuthn', async () => {
    renderAdmin('/admin/login', { server: fakeServer({}) });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign in with a passkey/ })).not.toBeInTheDocument();
  });

  it('asks for the challenge without a token, lets the browser answer, and signs in', async () => {
    withWebAuthn();
    const { server } = signInServer({
      AdminSecurityPasskeySignInOptions: () => ({ data: { passkeySignInOptions: JSON.stringify(AUTH_OPTIONS) } }),
      AdminSecuritySignInWithPasskey: () => SIGNED_IN_WITH('signInWithPasskey'),
    });
    startAuthentication.mockResolvedValue(ASSERTION);
    renderAdmin(`/admin/login?next=${encodeURIComponent('/admin/countries')}`, { server });
    const user = userEvent.setup({ delay: null });
    const button = await screen.findByRole('button', { name: /Sign in with a passkey/ });
    expect(await axeViolations()).toEqual([]);
    await user.click(button);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/countries$/));
    expect(screen.getByText('Logged in successfully')).toBeInTheDocument();
    expect(server.callsOf('AdminSecurityPasskeySignInOptions')).toEqual([{ token: null }]);
    expect(server.callsOf('AdminSecuritySignInWithPasskey')).toEqual([{ response: JSON.stringify(ASSERTION), token: null }]);
    expect(server.callsOf('AdminLogin')).toHaveLength(0);
  });

  it("shows the server's refusal ('Invalid passkey') in the 'Error' toast", async () => {
    withWebAuthn();
    const { server } = signInServer({
      AdminSecurityPasskeySignInOptions: () => ({ data: { passkeySignInOptions: JSON.stringify(AUTH_OPTIONS) } }),
      AdminSecuritySignInWithPasskey: () => gqlError('UNAUTHENTICATED', 'Invalid passkey'),
    });
    startAuthentication.mockResolvedValue(ASSERTION);
    const { redirectToLogin } = renderAdmin('/admin/login', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Sign in with a passkey/ }));
    expect(await screen.findByText('Invalid passkey')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Sign in with a passkey/ })).toBeEnabled();
    expect(redirectToLogin).not.toHaveBeenCalled();
  });
});

describe('enrolment the policy requires (/admin/enrol)', () => {
  it('sets up the app (QR code and key), confirms a code, shows the recovery codes once, then goes on', async () => {
    withWebAuthn();
    let confirms = 0;
    const { server } = signInServer({
      AdminLogin: () => ENROLMENT(['totp', 'passkey']),
      AdminSecurityBeginTotp: () => ({
        data: { beginTotpEnrolment: { __typename: 'TotpEnrolment', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' } },
      }),
      AdminSecurityConfirmTotp: () =>
        ++confirms === 1
          ? gqlError('BAD_USER_INPUT', 'Invalid input', { errors: [{ field: 'code', message: 'The code is not correct' }] })
          : { data: { confirmTotpEnrolment: { __typename: 'EnrolmentResult', recoveryCodes: CODES, user: USER } } },
    });
    renderAdmin(`/admin/login?next=${encodeURIComponent('/admin/countries')}`, { server });
    const user = userEvent.setup({ delay: null });
    await typePassword(user);

    const choose = await screen.findByRole('heading', { name: 'Set up two-step verification' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/enrol$/);
    expect(choose).toHaveFocus();
    expect(screen.getByText('Your firm requires a second step to sign in. Choose how you will confirm it is you.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Use a passkey/ })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: /Use an authenticator app/ }));
    expect(await screen.findByRole('heading', { name: 'Set up your authenticator app' })).toHaveFocus();
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(server.callsOf('AdminSecurityBeginTotp')).toEqual([{ token: 'enrol-token' }]);
    expect(await axeViolations()).toEqual([]);

    const code = screen.getByRole('textbox', { name: /Code from the app/ });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText('The code is not correct')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus();
    for (const c of CODES) expect(screen.getByText(c)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/enrol$/);
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'I have saved these codes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/countries$/));
    expect(screen.getByText('Logged in successfully')).toBeInTheDocument();
    expect(server.callsOf('AdminSecurityConfirmTotp')).toEqual([
      { code: '000000', token: 'enrol-token' },
      { code: '123456', token: 'enrol-token' },
    ]);
  });

  it('creates a passkey instead, then the codes, then the dashboard', async () => {
    withWebAuthn();
    const { server } = signInServer({
      AdminLogin: () => ENROLMENT(['totp', 'passkey']),
      AdminSecurityPasskeyRegistrationOptions: () => ({ data: { passkeyRegistrationOptions: JSON.stringify({ challenge: 'c' }) } }),
      AdminSecurityRegisterPasskey: () => ({
        data: {
          registerPasskey: {
            __typename: 'EnrolmentResult',
            passkey: { __typename: 'Passkey', id: 'p1', name: 'Laptop', createdAt: '2026-11-25T00:00:00.000Z', lastUsedAt: null, backedUp: false },
            recoveryCodes: CODES,
            user: USER,
          },
        },
      }),
    });
    startRegistration.mockResolvedValue({ id: 'cred' });
    renderAdmin('/admin/login', { server });
    const user = userEvent.setup({ delay: null });
    await typePassword(user);
    await user.click(await screen.findByRole('button', { name: /Use a passkey/ }));
    expect(await screen.findByRole('heading', { name: 'Create a passkey' })).toHaveFocus();
    expect(await axeViolations()).toEqual([]);
    await user.clear(screen.getByRole('textbox', { name: /Passkey name/ }));
    await user.type(screen.getByRole('textbox', { name: /Passkey name/ }), 'Laptop');
    await user.click(screen.getByRole('button', { name: /Create passkey/ }));
    await user.click(await screen.findByRole('button', { name: 'I have saved these codes' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(server.callsOf('AdminSecurityRegisterPasskey')).toEqual([{ name: 'Laptop', response: JSON.stringify({ id: 'cred' }), token: 'enrol-token' }]);
  });

  it('goes straight to the app when it is the only way (passkeys unavailable on the site or in the browser)', async () => {
    for (const methods of [['totp'], ['totp', 'passkey']]) {
      // The second round: the site allows passkeys but this browser (jsdom) has no WebAuthn.
      const { server } = signInServer({
        AdminLogin: () => ENROLMENT(methods),
        AdminSecurityBeginTotp: () => ({
          data: { beginTotpEnrolment: { __typename: 'TotpEnrolment', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' } },
        }),
      });
      const view = renderAdmin('/admin/login', { server });
      const user = userEvent.setup({ delay: null });
      await typePassword(user);
      expect(await screen.findByRole('heading', { name: 'Set up two-step verification' })).toHaveFocus();
      expect(screen.getByText(/^Your firm requires a second step to sign in\. Scan the QR code or type the key/)).toBeInTheDocument();
      expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /passkey/i })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
      expect(await axeViolations()).toEqual([]);
      view.unmount();
    }
  });

  it('says the sign-in has expired when opened without a token, or after its time', async () => {
    const view = renderAdmin('/admin/enrol', { server: fakeServer({}) });
    expect(await screen.findByRole('heading', { name: 'This sign-in has expired' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/admin/login');
    expect(await axeViolations()).toEqual([]);
    view.unmount();

    const { server } = signInServer({ AdminLogin: () => ENROLMENT(['totp'], 'old', new Date(Date.now() - 1000).toISOString()) });
    renderAdmin(`/admin/login?next=${encodeURIComponent('/admin/news')}`, { server });
    const user = userEvent.setup({ delay: null });
    await typePassword(user);
    expect(await screen.findByRole('heading', { name: 'This sign-in has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', `/admin/login?next=${encodeURIComponent('/admin/news')}`);
    expect(server.callsOf('AdminSecurityBeginTotp')).toHaveLength(0);
  });
});
