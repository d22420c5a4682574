import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { Box, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { Fingerprint } from 'lucide-react';
import { notify } from '../../components/notifications';
import { AdminSecurityPasskeyRegistrationOptionsDocument, AdminSecurityRegisterPasskeyDocument } from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { fieldErrors, graphQLErrors } from '../errors';
import { writeSignedInUser } from './signed-in-user';
import type { SetupProps } from './TotpSetup';
import { loadWebAuthn, parseOptions, passkeyFailure, passkeyNameFor } from './webauthn';

const MAX_NAME = 100;

/**
 * Creating a passkey: a name to tell it apart (this browser and system by default), then the
 * browser's own prompt (fingerprint, face, screen lock or security key). With an enrolment token
 * this also completes the sign-in.
 */
export function PasskeySetup({ token = null, onDone }: SetupProps) {
  const failures = useAdminFailures();
  const [askOptions] = useMutation(AdminSecurityPasskeyRegistrationOptionsDocument);
  const [register] = useMutation(AdminSecurityRegisterPasskeyDocument, {
    update(cache, { data }) {
      writeSignedInUser(cache, data?.registerPasskey.user);
    },
  });
  const [name, setName] = useState(() => passkeyNameFor(typeof navigator === 'undefined' ? '' : navigator.userAgent));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const errorId = `${ids}-name-error`;
  const helpId = `${ids}-name-help`;

  function nameError(message: string) {
    setError(message);
    nameRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return nameError('Give the passkey a name');
    if (trimmed.length > MAX_NAME) return nameError(`At most ${MAX_NAME} characters`);
    setError(null);
    setBusy(true);
    try {
      const options = await askOptions({ variables: { token } });
      const optionsJSON = parseOptions<PublicKeyCredentialCreationOptionsJSON>(options.data?.passkeyRegistrationOptions ?? '{}');
      const { startRegistration } = await loadWebAuthn();
      const response = await startRegistration({ optionsJSON });
      const result = await register({ variables: { name: trimmed, response: JSON.stringify(response), token } });
      const done = result.data?.registerPasskey;
      onDone({ recoveryCodes: done?.recoveryCodes ?? null, signedIn: Boolean(done?.user) });
    } catch (refusal) {
      const fields = fieldErrors(refusal);
      if (fields.name) nameError(fields.name);
      else if (graphQLErrors(refusal).length > 0 && !token) failures.report(refusal, passkeyFailure(refusal, 'Failed to create the passkey'));
      else notify('error', 'Error', passkeyFailure(refusal, 'Failed to create the passkey'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="4">
        <Text>A passkey signs you in with your fingerprint, face, screen lock or a security key. Nothing to type, nothing to steal.</Text>
        <Field.Root invalid={Boolean(error)} required ids={{ errorText: errorId, helperText: helpId }}>
          <Field.Label>
            Passkey name
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            ref={nameRef}
            name="passkeyName"
            autoComplete="off"
            maxLength={MAX_NAME}
            value={name}
            aria-describedby={error ? errorId : helpId}
            onChange={(e) => setName(e.target.value)}
          />
          <Box aria-live="polite" w="full">
            {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>To tell your passkeys apart, such as “Work laptop”.</Field.HelperText>}
          </Box>
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={busy} loadingText="Waiting for the passkey...">
          <Fingerprint aria-hidden /> Create passkey
        </Button>
      </Stack>
    </form>
  );
}
