import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Box, Button, Code, Field, Flex, Image, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { Copy } from 'lucide-react';
import { notify } from '../../components/notifications';
import { AdminSecurityBeginTotpDocument, AdminSecurityConfirmTotpDocument } from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { fieldErrors, serverMessage } from '../errors';
import { writeSignedInUser } from './signed-in-user';

export interface SetupResult {
  /** New recovery codes to show once (the account's first second factor), else null. */
  recoveryCodes: string[] | null;
  /** The setup completed a sign-in (an enrolment token was given): the account is now signed in. */
  signedIn: boolean;
}

export interface SetupProps {
  /** The enrolment token from the sign-in (ENROLMENT_REQUIRED); none when signed in already. */
  token?: string | null;
  onDone(result: SetupResult): void;
}

export const CODE_FORMAT_MESSAGE = 'Enter the 6-digit code from your app';

/** The QR code's SVG document as an image address. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The base32 secret in groups of four, easier to type (apps ignore the spaces). */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Setting up an authenticator app: the QR code to scan, the secret in text (with Copy) for typing
 * in, then the first code to confirm it. With an enrolment token this also completes the sign-in.
 */
export function TotpSetup({ token = null, onDone }: SetupProps) {
  const failures = useAdminFailures();
  const [begin, started] = useMutation(AdminSecurityBeginTotpDocument);
  const [confirm, confirming] = useMutation(AdminSecurityConfirmTotpDocument, {
    update(cache, { data }) {
      writeSignedInUser(cache, data?.confirmTotpEnrolment.user);
    },
  });
  const [failed, setFailed] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const errorId = `${ids}-code-error`;
  const helpId = `${ids}-code-help`;

  /** A refusal: the caller's session ended (signed in), or the server's words in the 'Error' toast. */
  function report(refusal: unknown, fallback: string) {
    if (token) notify('error', 'Error', serverMessage(refusal) ?? fallback);
    else failures.report(refusal, serverMessage(refusal) ?? fallback);
  }

  async function start() {
    setFailed(false);
    try {
      await begin({ variables: { token } });
    } catch (refusal) {
      setFailed(true);
      report(refusal, 'Failed to start setting up the app');
    }
  }

  // Once per setup: a new secret each time would break a scan already made.
  const firstStart = useRef<(() => Promise<void>) | null>(start);
  useEffect(() => {
    const run = firstStart.current;
    firstStart.current = null;
    if (run) void run();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(CODE_FORMAT_MESSAGE);
      codeRef.current?.focus();
      return;
    }
    setError(null);
    try {
      const result = await confirm({ variables: { code: digits, token } });
      const done = result.data?.confirmTotpEnrolment;
      onDone({ recoveryCodes: done?.recoveryCodes ?? null, signedIn: Boolean(done?.user) });
    } catch (refusal) {
      const fields = fieldErrors(refusal);
      if (fields.code) {
        setError(fields.code);
        setCode('');
        codeRef.current?.focus();
      } else report(refusal, 'Failed to turn on the authenticator app');
    }
  }

  async function copySecret(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      notify('success', 'Copied', 'The key is on the clipboard');
    } catch {
      notify('error', 'Could not copy', 'Select the key and copy it yourself');
    }
  }

  const enrolment = started.data?.beginTotpEnrolment;
  if (!enrolment) {
    if (failed) {
      return (
        <Stack gap="3" align="flex-start">
          <Text>The authenticator app could not be set up just now.</Text>
          <Button variant="outline" onClick={() => void start()} loading={started.loading}>
            Try again
          </Button>
        </Stack>
      );
    }
    return (
      <Flex gap="3" align="center" role="status">
        <Spinner size="sm" />
        <Text color="fg.muted">Preparing your authenticator app...</Text>
      </Flex>
    );
  }

  return (
    <Stack gap="5">
      <Stack gap="2">
        <Text fontWeight="medium">Scan this QR code with your authenticator app</Text>
        <Text color="fg.muted" fontSize="sm">
          Google Authenticator, Microsoft Authenticator, 1Password and most password managers can read it.
        </Text>
        <Box alignSelf="center" bg="white" p="2" rounded="md" borderWidth="1px">
          <Image src={svgDataUrl(enrolment.qrSvg)} alt="QR code for your authenticator app" boxSize="44" />
        </Box>
      </Stack>
      <Stack gap="2">
        <Text fontWeight="medium">Or type this key into the app</Text>
        <Flex gap="2" align="center" wrap="wrap">
          <Code fontSize="sm" px="2" py="1" whiteSpace="normal" wordBreak="break-word" flex="1" minW="0" data-testid="totp-secret">
            {groupSecret(enrolment.secret)}
          </Code>
          <Button size="sm" variant="outline" onClick={() => void copySecret(enrolment.secret)}>
            <Copy aria-hidden /> Copy key
          </Button>
        </Flex>
      </Stack>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="3">
          <Field.Root invalid={Boolean(error)} required ids={{ errorText: errorId, helperText: helpId }}>
            <Field.Label>
              Code from the app
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              ref={codeRef}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={code}
              aria-describedby={error ? errorId : helpId}
              onChange={(e) => setCode(e.target.value)}
            />
            <Box aria-live="polite" w="full">
              {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>The 6 digits the app shows now.</Field.HelperText>}
            </Box>
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={confirming.loading} loadingText="Verifying...">
            Verify and turn on
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
