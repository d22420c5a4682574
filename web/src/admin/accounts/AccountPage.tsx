import { useState, type FormEvent } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Card, Field, Input, Stack, Text } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { notify } from '../../components/notifications';
import { AdminChangeOwnPasswordDocument, AdminMeDocument } from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { fieldErrors, serverMessage } from '../errors';
import { ScreenHeader } from '../shell/ScreenHeader';
import { PasskeysCard } from './PasskeysCard';
import { SessionsCard } from './SessionsCard';
import { TwoStepCard } from './TwoStepCard';
import { useAccountSecurity } from './use-account-security';

const MIN_PASSWORD = 8;

/**
 * Your own account: change your password (the current one is required; your other sessions end),
 * two-step verification and recovery codes, passkeys, and where you are signed in.
 */
export function AccountPage() {
  const me = useQuery(AdminMeDocument);
  const security = useAccountSecurity();
  const client = useApolloClient();
  const failures = useAdminFailures();
  const [change, { loading }] = useMutation(AdminChangeOwnPasswordDocument);
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  function check(): Record<string, string> {
    const found: Record<string, string> = {};
    if (!values.currentPassword) found.currentPassword = 'Current password is required';
    if (values.newPassword.length < MIN_PASSWORD) found.newPassword = `Password must be at least ${MIN_PASSWORD} characters`;
    if (values.confirmPassword !== values.newPassword) found.confirmPassword = 'The passwords do not match';
    return found;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await change({ variables: { currentPassword: values.currentPassword, newPassword: values.newPassword } });
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
      notify('success', 'Password changed', 'Your other sessions have been signed out.');
      // The list of sessions shows only this browser now.
      client.refetchQueries({ include: ['AdminAccountMySessions'] }).catch(() => undefined);
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else failures.report(error, serverMessage(error) ?? 'Failed to change the password');
    }
  }

  const field = (name: keyof typeof values, label: string, autoComplete: string, help?: string) => {
    const error = errors[name];
    const errorId = `account-${name}-error`;
    return (
      <Field.Root invalid={Boolean(error)} required ids={{ errorText: errorId }}>
        <Field.Label>
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          type="password"
          name={name}
          autoComplete={autoComplete}
          aria-describedby={error ? errorId : undefined}
          value={values[name]}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        />
        {help && !error && <Field.HelperText>{help}</Field.HelperText>}
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
    );
  };

  return (
    <Box maxW="xl">
      <ScreenHeader title="Account" description="Your sign-in details." />
      <Stack gap="6">
        <Card.Root variant="outline">
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Card.Header>
              <Card.Title as="h2">Change password</Card.Title>
              <Text color="fg.muted" fontSize="sm">
                Signed in as <strong>{me.data?.me?.username ?? '…'}</strong>. Changing your password signs you out everywhere
                else.
              </Text>
            </Card.Header>
            <Card.Body>
              <Stack gap="4">
                {field('currentPassword', 'Current password', 'current-password')}
                {field('newPassword', 'New password', 'new-password', `At least ${MIN_PASSWORD} characters.`)}
                {field('confirmPassword', 'Confirm new password', 'new-password')}
              </Stack>
            </Card.Body>
            <Card.Footer justifyContent="flex-end">
              <Button type="submit" colorPalette="brand" loading={loading} loadingText="Saving...">
                <KeyRound /> Change password
              </Button>
            </Card.Footer>
          </form>
        </Card.Root>
        <TwoStepCard state={security} />
        <PasskeysCard state={security} />
        <SessionsCard />
      </Stack>
    </Box>
  );
}
