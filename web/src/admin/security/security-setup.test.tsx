import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../theme';
import { Notifications, toaster } from '../../components/notifications';
import { AdminMeDocument } from '../../graphql/generated/graphql';
import { AdminFailuresProvider } from '../auth/session-expiry';
import { deferred, fakeServer, gqlError, linkFor, type Answer, type FakeServer } from '../test/render-admin';
import { axeViolations } from '../../test/axe-violations';

// The browser's WebAuthn, replaced: the components load @simplewebauthn/browser with import().
const startRegistration = jest.fn<(options: { optionsJSON: unknown }) => Promise<unknown>>();
jest.unstable_mockModule('@simplewebauthn/browser', () => ({ startRegistration, startAuthentication: jest.fn() }));

const { TotpSetup, groupSecret, svgDataUrl } = await import('./TotpSetup');
const { RecoveryCodes, recoveryCodesFileName, recoveryCodesText } = await import('./RecoveryCodes');
const { PasskeySetup } = await import('./PasskeySetup');
const { passkeyNameFor } = await import('./webauthn');

jest.setTimeout(30_000);
afterEach(() => {
  toaster.remove();
  startRegistration.mockReset();
});

const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678', '9abcd-efghj', 'kmnpq-rstuv', 'wxyz2-3456a', 'bcdef-ghjkm', 'npqrs-tuvwx', 'yz234-56789', 'aabbc-cddee'];
const USER = { __typename: 'User', id: 'u1', username: 'admin', role: 'admin', permissions: ['accounts'] };

const beginAnswer = (): Answer => ({ data: { beginTotpEnrolment: { __typename: 'TotpEnrolment', qrSvg: QR, secret: SECRET, uri: `otpauth://totp/Firm:admin?secret=${SECRET}` } } });

function renderWith(server: FakeServer, children: ReactNode) {
  const client = new ApolloClient({ link: linkFor(server), cache: new InMemoryCache() });
  const redirect = jest.fn();
  const view = render(
    <ChakraProvider value={system}>
      <ApolloProvider client={client}>
        <AdminFailuresProvider redirect={redirect}>
          <main>{children}</main>
          <Notifications />
        </AdminFailuresProvider>
      </ApolloProvider>
    </ChakraProvider>,
  );
  return { ...view, client, redirect };
}

describe('TotpSetup', () => {
  it('shows the QR code and the secret, confirms a code, and hands back the recovery codes', async () => {
    const server = fakeServer({
      AdminSecurityBeginTotp: beginAnswer,
      AdminSecurityConfirmTotp: () => ({ data: { confirmTotpEnrolment: { __typename: 'EnrolmentResult', recoveryCodes: CODES, user: null } } }),
    });
    const onDone = jest.fn();
    renderWith(server, <TotpSetup onDone={onDone} />);

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr).toHaveAttribute('src', svgDataUrl(QR));
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(groupSecret(SECRET));
    expect(server.callsOf('AdminSecurityBeginTotp')).toEqual([{ token: null }]);
    expect(await axeViolations()).toEqual([]);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /Copy key/ }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('The key is on the clipboard')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Code from the app/ }), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ recoveryCodes: CODES, signedIn: false }));
    expect(server.callsOf('AdminSecurityConfirmTotp')).toEqual([{ code: '123456', token: null }]);
  });

  it('asks for six digits before sending, and shows the server’s field error beside the field', async () => {
    const server = fakeServer({
      AdminSecurityBeginTotp: beginAnswer,
      AdminSecurityConfirmTotp: () => gqlError('BAD_USER_INPUT', 'Invalid input', { errors: [{ field: 'code', message: 'The code is not correct' }] }),
    });
    const onDone = jest.fn();
    renderWith(server, <TotpSetup token="enrol-token" onDone={onDone} />);
    const field = await screen.findByRole('textbox', { name: /Code from the app/ });
    const user = userEvent.setup({ delay: null });

    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText('Enter the 6-digit code from your app')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(server.callsOf('AdminSecurityConfirmTotp')).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);

    await user.clear(field);
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText('The code is not correct')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(field).toHaveAccessibleDescription('The code is not correct');
    expect(server.callsOf('AdminSecurityConfirmTotp')).toEqual([{ code: '654321', token: 'enrol-token' }]);
    expect(onDone).not.toHaveBeenCalled();
    expect(await axeViolations()).toEqual([]);
  });

  it('with an enrolment token, writes the account that is now signed in into the cache', async () => {
    const server = fakeServer({
      AdminSecurityBeginTotp: beginAnswer,
      AdminSecurityConfirmTotp: () => ({ data: { confirmTotpEnrolment: { __typename: 'EnrolmentResult', recoveryCodes: null, user: USER } } }),
    });
    const onDone = jest.fn();
    const { client } = renderWith(server, <TotpSetup token="enrol-token" onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /Code from the app/ }), '000111');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ recoveryCodes: null, signedIn: true }));
    expect(client.readQuery({ query: AdminMeDocument })?.me?.username).toBe('admin');
  });

  it("says when the app could not be set up, with the server's words, and tries again", async () => {
    let attempts = 0;
    const server = fakeServer({
      AdminSecurityBeginTotp: () => (++attempts === 1 ? gqlError('UNAUTHENTICATED', 'This sign-in has expired. Sign in again.') : beginAnswer()),
    });
    renderWith(server, <TotpSetup token="old" onDone={jest.fn()} />);
    expect(await screen.findByText('This sign-in has expired. Sign in again.')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
  });
});

describe('RecoveryCodes', () => {
  const createObjectURL = jest.fn<(blob: Blob) => string>(() => 'blob:codes');
  const revokeObjectURL = jest.fn();
  beforeEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('lists the ten codes, copies them and downloads them as a text file', async () => {
    const onDone = jest.fn();
    renderWith(fakeServer({}), <RecoveryCodes codes={CODES} onDone={onDone} />);
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(await axeViolations()).toEqual([]);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    expect(await screen.findByText('The recovery codes are on the clipboard')).toBeInTheDocument();

    // jsdom does not download: the link the button clicks is caught instead.
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    let downloaded: HTMLAnchorElement | undefined;
    try {
      await user.click(screen.getByRole('button', { name: 'Download' }));
      expect(click).toHaveBeenCalledTimes(1);
      downloaded = click.mock.contexts[0] as HTMLAnchorElement;
    } finally {
      click.mockRestore();
    }
    expect(downloaded.download).toBe('recovery-codes-localhost.txt');
    expect(downloaded.href).toBe('blob:codes');
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('text/plain;charset=utf-8');
    // jsdom's Blob has no text(): read it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob);
    });
    expect(text).toBe(recoveryCodesText(CODES));
    for (const code of CODES) expect(text.split('\n')).toContain(code);

    await user.click(screen.getByRole('button', { name: 'I have saved these codes' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('has no continue button when nothing follows, and names files after the site', () => {
    renderWith(fakeServer({}), <RecoveryCodes codes={CODES} />);
    expect(screen.queryByRole('button', { name: 'I have saved these codes' })).not.toBeInTheDocument();
    expect(recoveryCodesFileName('cms.example.com')).toBe('recovery-codes-cms.example.com.txt');
    expect(recoveryCodesFileName('')).toBe('recovery-codes.txt');
    expect(recoveryCodesText(['a'], 'cms.example.com').split('\n')[0]).toBe('Recovery codes for cms.example.com');
  });
});

describe('PasskeySetup', () => {
  const OPTIONS = { challenge: 'c', rp: { name: 'Firm', id: 'localhost' }, user: { id: 'u', name: 'admin', displayName: 'admin' }, pubKeyCredParams: [] };
  const RESPONSE = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };

  it('names the passkey after the browser, asks the browser for it, and registers its answer', async () => {
    const registered = deferred<Answer>();
    const server = fakeServer({
      AdminSecurityPasskeyRegistrationOptions: () => ({ data: { passkeyRegistrationOptions: JSON.stringify(OPTIONS) } }),
      AdminSecurityRegisterPasskey: () => registered.promise,
    });
    startRegistration.mockResolvedValue(RESPONSE);
    const onDone = jest.fn();
    renderWith(server, <PasskeySetup token="enrol" onDone={onDone} />);
    const name = screen.getByRole('textbox', { name: /Passkey name/ });
    expect(name).toHaveValue(passkeyNameFor(navigator.userAgent));
    expect(await axeViolations()).toEqual([]);

    const user = userEvent.setup({ delay: null });
    await user.clear(name);
    await user.type(name, '  Work laptop ');
    await user.click(screen.getByRole('button', { name: /Create passkey/ }));
    expect(await screen.findByRole('button', { name: /Waiting for the passkey/ })).toBeDisabled();
    registered.release({
      data: { registerPasskey: { __typename: 'EnrolmentResult', passkey: { __typename: 'Passkey', id: 'p1', name: 'Work laptop', createdAt: '2026-11-25T00:00:00.000Z', lastUsedAt: null, backedUp: true }, recoveryCodes: CODES, user: USER } },
    });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ recoveryCodes: CODES, signedIn: true }));
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(server.callsOf('AdminSecurityPasskeyRegistrationOptions')).toEqual([{ token: 'enrol' }]);
    expect(server.callsOf('AdminSecurityRegisterPasskey')).toEqual([{ name: 'Work laptop', response: JSON.stringify(RESPONSE), token: 'enrol' }]);
  });

  it('needs a name, shows the server’s name error, and says when the browser prompt was cancelled', async () => {
    let registerAnswer: Answer = gqlError('BAD_USER_INPUT', 'Invalid input', { errors: [{ field: 'name', message: 'You already have a passkey with this name' }] });
    const server = fakeServer({
      AdminSecurityPasskeyRegistrationOptions: () => ({ data: { passkeyRegistrationOptions: JSON.stringify(OPTIONS) } }),
      AdminSecurityRegisterPasskey: () => registerAnswer,
    });
    startRegistration.mockResolvedValue(RESPONSE);
    const onDone = jest.fn();
    renderWith(server, <PasskeySetup onDone={onDone} />);
    const name = screen.getByRole('textbox', { name: /Passkey name/ });
    const user = userEvent.setup({ delay: null });

    await user.clear(name);
    await user.click(screen.getByRole('button', { name: /Create passkey/ }));
    expect(await screen.findByText('Give the passkey a name')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(server.callsOf('AdminSecurityPasskeyRegistrationOptions')).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);

    await user.type(name, 'Phone');
    await user.click(screen.getByRole('button', { name: /Create passkey/ }));
    expect(await screen.findByText('You already have a passkey with this name')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('You already have a passkey with this name');

    const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' });
    startRegistration.mockRejectedValue(cancelled);
    registerAnswer = { data: null };
    await user.click(screen.getByRole('button', { name: /Create passkey/ }));
    expect(await screen.findByText('The passkey request was cancelled or timed out.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("passes on the server's refusal when passkeys cannot be used on this site", async () => {
    const server = fakeServer({
      AdminSecurityPasskeyRegistrationOptions: () => gqlError('BAD_USER_INPUT', 'Passkeys need the site on a domain name (PUBLIC_URL), not an IP address'),
    });
    renderWith(server, <PasskeySetup onDone={jest.fn()} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /Create passkey/ }));
    expect(await screen.findByText('Passkeys need the site on a domain name (PUBLIC_URL), not an IP address')).toBeInTheDocument();
    expect(startRegistration).not.toHaveBeenCalled();
  });

  it('names passkeys after the browser and system', () => {
    expect(passkeyNameFor('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe('Chrome on macOS');
    expect(passkeyNameFor('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1')).toBe('Safari on iPhone');
    expect(passkeyNameFor('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Edge on Windows');
    expect(passkeyNameFor('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Linux');
    expect(passkeyNameFor('')).toBe('My passkey');
  });
});
