import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Box, Button, Field, Input, Stack } from '@chakra-ui/react';
import { ShieldCheck } from 'lucide-react';
import { notify } from '../../components/notifications';
import { AdminSecuritySignInWithCodeDocument } from '../../graphql/generated/graphql';
import { fieldErrors, graphQLErrors, serverMessage } from '../errors';
import { writeSignedInUser } from '../security/signed-in-user';
import { browserHasWebAuthn, passkeyFailure } from '../security/webauthn';
import { SignInCard } from './SignInCard';
import { EXPIRED_SIGN_IN, type PendingStep } from './sign-in-steps';
import { usePasskeySignIn } from './use-passkey-sign-in';

type Mode = 'totp' | 'recovery-code' | 'passkey';

export const CODE_SHAPE_MESSAGE = 'Enter the 6-digit code from your app or a recovery code';

const PROMPTS: Record<Mode, string> = {
  totp: 'Enter the 6-digit code from your authenticator app.',
  'recovery-code': 'Enter one of your recovery codes. Each code works once.',
  passkey: 'Use your passkey to finish signing in.',
};

/**
 * The second step after a right password, in the login's card: the code from the authenticator app,
 * or a recovery code, or a passkey (whichever the account has). `onSignedIn` once the server has
 * started the session; `onBack` to the password (also when the step's time is up).
 */
export function SecondStep({ step, onSignedIn, onBack }: { step: PendingStep; onSignedIn(): void; onBack(expired: boolean): void }) {
  const has = (method: Mode) => step.methods.includes(method);
  const canUsePasskey = has('passkey') && browserHasWebAuthn();
  const [mode, setMode] = useState<Mode>(() => (has('totp') ? 'totp' : canUsePasskey ? 'passkey' : 'recovery-code'));
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verifyCode, verifying] = useMutation(AdminSecuritySignInWithCodeDocument, {
    update(cache, { data }) {
      writeSignedInUser(cache, data?.signInWithCode.user);
    },
  });
  const passkey = usePasskeySignIn();
  const codeRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const promptId = `${ids}-prompt`;
  const errorId = `${ids}-error`;

  // A new step or way: focus goes to its field (or, for a passkey, the step's heading).
  useEffect(() => {
    if (mode === 'passkey') headingRef.current?.focus();
    else codeRef.current?.focus();
  }, [mode]);

  function switchTo(next: Mode) {
    setMode(next);
    setCode('');
    setError(null);
  }

  /** A refusal the form cannot show beside its field: the 'Error' toast; an expired step goes back. */
  function refused(refusal: unknown, fallback: string) {
    const message = graphQLErrors(refusal).length > 0 ? (serverMessage(refusal) ?? fallback) : fallback;
    notify('error', 'Error', message);
    if (message === EXPIRED_SIGN_IN) onBack(true);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = mode === 'totp' ? code.replace(/\s+/g, '') : code.trim();
    if (mode === 'totp' ? !/^\d{6}$/.test(typed) : !typed) {
      setError(mode === 'totp' ? CODE_SHAPE_MESSAGE : 'Enter one of your recovery codes');
      codeRef.current?.focus();
      return;
    }
    setError(null);
    try {
      await verifyCode({ variables: { token: step.token, code: typed } });
      onSignedIn();
    } catch (refusal) {
      const fields = fieldErrors(refusal);
      setCode('');
      if (fields.code) setError(fields.code);
      else refused(refusal, 'Failed to login. Please try again.');
      codeRef.current?.focus();
    }
  }

  async function signInWithPasskey() {
    try {
      await passkey.signIn(step.token);
      onSignedIn();
    } catch (refusal) {
      refused(refusal, passkeyFailure(refusal, 'Failed to login. Please try again.'));
    }
  }

  const alternatives = (
    <Stack gap="1" align="center">
      {mode !== 'totp' && has('totp') && (
        <Button variant="plain" size="sm" colorPalette="brand" onClick={() => switchTo('totp')}>
          Use your authenticator app
        </Button>
      )}
      {mode !== 'recovery-code' && has('recovery-code') && (
        <Button variant="plain" size="sm" colorPalette="brand" onClick={() => switchTo('recovery-code')}>
          Use a recovery code
        </Button>
      )}
      {mode !== 'passkey' && canUsePasskey && (
        <Button variant="plain" size="sm" colorPalette="brand" onClick={() => void signInWithPasskey()} disabled={passkey.busy}>
          {passkey.busy ? 'Waiting for the passkey...' : 'Use a passkey'}
        </Button>
      )}
      <Button variant="plain" size="sm" onClick={() => onBack(false)}>
        Back
      </Button>
    </Stack>
  );

  return (
    <SignInCard
      icon={<ShieldCheck size={22} aria-hidden />}
      title="Two-step verification"
      description={PROMPTS[mode]}
      descriptionId={promptId}
      headingRef={headingRef}
    >
      {mode === 'passkey' ? (
        <Stack gap="4">
          <Button colorPalette="brand" w="full" onClick={() => void signInWithPasskey()} loading={passkey.busy} loadingText="Waiting for the passkey...">
            Use a passkey
          </Button>
          {alternatives}
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="4">
            <Field.Root invalid={Boolean(error)} required ids={{ errorText: errorId }}>
              <Field.Label>
                {mode === 'totp' ? 'Authentication code' : 'Recovery code'}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                key={mode}
                ref={codeRef}
                name={mode === 'totp' ? 'code' : 'recoveryCode'}
                inputMode={mode === 'totp' ? 'numeric' : 'text'}
                autoComplete={mode === 'totp' ? 'one-time-code' : 'off'}
                autoCapitalize="none"
                spellCheck={false}
                maxLength={mode === 'totp' ? 8 : 20}
                value={code}
                aria-describedby={error ? `${promptId} ${errorId}` : promptId}
                onChange={(e) => setCode(e.target.value)}
              />
              <Box aria-live="polite" w="full">
                {error && <Field.ErrorText>{error}</Field.ErrorText>}
              </Box>
            </Field.Root>
            <Button type="submit" colorPalette="brand" w="full" loading={verifying.loading} loadingText="Verifying...">
              Verify
            </Button>
            {alternatives}
          </Stack>
        </form>
      )}
    </SignInCard>
  );
}
