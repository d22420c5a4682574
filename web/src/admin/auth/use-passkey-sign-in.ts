import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { AdminSecurityPasskeySignInOptionsDocument, AdminSecuritySignInWithPasskeyDocument } from '../../graphql/generated/graphql';
import { writeSignedInUser } from '../security/signed-in-user';
import { loadWebAuthn, parseOptions } from '../security/webauthn';

/**
 * Signing in with a passkey: the server's challenge, the browser's prompt, the server's check. With
 * a second-step token the passkey completes that sign-in; without, it signs in alone (discoverable).
 * Resolves once signed in (the account in the `me` cache); rejects with the refusal.
 */
export function usePasskeySignIn() {
  const [askOptions] = useMutation(AdminSecurityPasskeySignInOptionsDocument);
  const [verify] = useMutation(AdminSecuritySignInWithPasskeyDocument, {
    update(cache, { data }) {
      writeSignedInUser(cache, data?.signInWithPasskey.user);
    },
  });
  const [busy, setBusy] = useState(false);

  async function signIn(token: string | null): Promise<void> {
    setBusy(true);
    try {
      const options = await askOptions({ variables: { token } });
      const optionsJSON = parseOptions<PublicKeyCredentialRequestOptionsJSON>(options.data?.passkeySignInOptions ?? '{}');
      const { startAuthentication } = await loadWebAuthn();
      const response = await startAuthentication({ optionsJSON });
      await verify({ variables: { response: JSON.stringify(response), token } });
    } finally {
      setBusy(false);
    }
  }

  return { signIn, busy };
}
