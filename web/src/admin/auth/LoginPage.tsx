import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Button, Field, Flex, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { Fingerprint, LockKeyhole } from 'lucide-react';
import { notify } from '../../components/notifications';
import { AdminLoginDocument, AdminMeDocument } from '../../graphql/generated/graphql';
import { graphQLErrors, serverMessage } from '../errors';
import { useDocumentTitle } from '../shell/ScreenHeader';
import { browserHasWebAuthn, passkeyFailure } from '../security/webauthn';
import { useFinishSignIn } from './finish-sign-in';
import { SecondStep } from './SecondStep';
import { SignInCard } from './SignInCard';
import { nextStepOf, type PendingStep } from './sign-in-steps';
import { usePasskeySignIn } from './use-passkey-sign-in';

export { afterSignIn } from './finish-sign-in';

/** The server's words for a refused login, or 'Invalid credentials'; null when the server was not reached. */
function refusalMessage(error: unknown): string | null {
  if (CombinedGraphQLErrors.is(error) || graphQLErrors(error).length > 0) return serverMessage(error) ?? 'Invalid credentials';
  return null;
}

/** What the enrolment screen (/admin/enrol) is given in the history's state. */
export interface EnrolState extends PendingStep {
  next: string | null;
}

export function LoginPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const next = search.get('next');
  const [secondStep, setSecondStep] = useState<PendingStep | null>(null);
  useDocumentTitle(secondStep ? 'Two-step verification' : 'Login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [login, { loading }] = useMutation(AdminLoginDocument, {
    // The guard of /admin asks `me` again; the cached anonymous answer must not be reused.
    update(cache, { data }) {
      if (data) cache.writeQuery({ query: AdminMeDocument, data: { me: data.login } });
    },
  });
  const passkey = usePasskeySignIn();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await login({ variables: { username, password } });
      finish(next);
    } catch (error) {
      // A right password that is not enough: the second step here, or setting one up first.
      const step = nextStepOf(error);
      if (step) {
        setPassword('');
        if (step.kind === 'second-step') setSecondStep(step);
        else navigate('/admin/enrol', { state: { token: step.token, methods: step.methods, expiresAt: step.expiresAt, next } satisfies EnrolState });
        return;
      }
      const refusal = refusalMessage(error);
      notify('error', 'Error', refusal ?? 'Failed to login. Please try again.');
    }
  }

  async function signInWithPasskey() {
    try {
      await passkey.signIn(null);
      finish(next);
    } catch (error) {
      notify('error', 'Error', passkeyFailure(error, 'Failed to login. Please try again.'));
    }
  }

  if (secondStep) {
    return <SecondStep step={secondStep} onSignedIn={() => finish(next)} onBack={() => setSecondStep(null)} />;
  }

  return (
    <SignInCard icon={<LockKeyhole size={22} aria-hidden />} title="Admin Login" description="Enter your credentials to access the admin panel">
      <form onSubmit={submit}>
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>Username</Field.Label>
            <Input
              name="username"
              autoComplete="username"
              // Back from the second step, the name is kept: the password is what is typed again.
              autoFocus={!username}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </Field.Root>
          <Field.Root required>
            <Field.Label>Password</Field.Label>
            <Input
              name="password"
              type="password"
              autoComplete="current-password"
              autoFocus={Boolean(username)}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field.Root>
          <Button type="submit" colorPalette="brand" w="full" mt="2" disabled={loading}>
            {loading ? 'Logging in...' : 'Login'}
          </Button>
        </Stack>
      </form>
      {browserHasWebAuthn() && (
        <Stack gap="4" mt="4">
          <Flex align="center" gap="3" aria-hidden>
            <Separator flex="1" />
            <Text color="fg.muted" fontSize="sm">
              or
            </Text>
            <Separator flex="1" />
          </Flex>
          <Button variant="outline" w="full" onClick={() => void signInWithPasskey()} loading={passkey.busy} loadingText="Waiting for the passkey...">
            <Fingerprint aria-hidden /> Sign in with a passkey
          </Button>
        </Stack>
      )}
    </SignInCard>
  );
}
