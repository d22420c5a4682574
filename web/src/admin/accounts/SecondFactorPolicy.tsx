import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Flex, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { notify } from '../../components/notifications';
import { AdminAccountAuthPolicyDocument, AdminAccountSetSecondFactorRequiredDocument } from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { fieldErrors, serverMessage } from '../errors';
import { SecurityConfirmDialog } from './SecurityDialogs';

export const POLICY_LABEL = 'Require two-step verification for every account';

/** The sign-in policy: one switch, asked before it changes (switching it on ends password-only sessions). */
export function SecondFactorPolicy() {
  const failures = useAdminFailures();
  const policy = useQuery(AdminAccountAuthPolicyDocument);
  const [save, saving] = useMutation(AdminAccountSetSecondFactorRequiredDocument, {
    update(cache, { data }) {
      if (data) cache.writeQuery({ query: AdminAccountAuthPolicyDocument, data: { authPolicy: data.setSecondFactorRequired } });
    },
  });
  /** The value being asked about; null: no question open. */
  const [asking, setAsking] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (policy.error) failures.report(policy.error, serverMessage(policy.error) ?? 'Failed to load the sign-in policy');
  }, [policy.error, failures]);
  const required = policy.data?.authPolicy.requireSecondFactor ?? false;

  const close = () => {
    setAsking(null);
    setError(null);
  };

  async function confirm(value: boolean) {
    try {
      await save({ variables: { required: value } });
      close();
      if (value) notify('success', 'Two-step verification is required', 'Accounts without an app or a passkey set one up at their next sign-in.');
      else notify('success', 'Two-step verification is optional', 'Accounts may sign in with a password alone again.');
    } catch (refusal) {
      const fields = fieldErrors(refusal);
      if (fields.required) setError(fields.required);
      else {
        close();
        failures.report(refusal, serverMessage(refusal) ?? 'Failed to change the sign-in policy');
      }
    }
  }

  return (
    <Box borderWidth="1px" rounded="lg" bg="bg" p="4" mb="6">
      <Flex gap="3" align="flex-start">
        {/* A button with the switch role: it states the policy as it is (the question may be cancelled). */}
        <chakra.button
          type="button"
          id="second-factor-policy"
          role="switch"
          aria-checked={required}
          aria-describedby="second-factor-policy-help"
          disabled={!policy.data}
          onClick={() => {
            setError(null);
            setAsking(!required);
          }}
          colorPalette="brand"
          position="relative"
          flexShrink={0}
          mt="0.5"
          w="10"
          h="6"
          rounded="full"
          bg={required ? 'colorPalette.solid' : 'bg.emphasized'}
          cursor="pointer"
          transition="background 0.2s"
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
          _disabled={{ opacity: 0.5, cursor: 'not-allowed' }}
        >
          <chakra.span position="absolute" top="0.5" insetStart={required ? '4.5' : '0.5'} w="5" h="5" rounded="full" bg="white" shadow="sm" transition="inset 0.2s" />
        </chakra.button>
        <Stack gap="0.5">
          <chakra.label htmlFor="second-factor-policy" fontWeight="medium" cursor="pointer">
            {POLICY_LABEL}
          </chakra.label>
          <Text id="second-factor-policy-help" fontSize="sm" color="fg.muted">
            {required
              ? 'On: every account signs in with an authenticator app or a passkey after its password; accounts without one set it up first.'
              : 'Off: accounts without an authenticator app or a passkey sign in with their password alone. Recommended on for a live site.'}
          </Text>
        </Stack>
      </Flex>
      <SecurityConfirmDialog
        open={asking !== null}
        title={asking ? `${POLICY_LABEL}?` : 'Stop requiring two-step verification?'}
        confirmLabel={asking ? 'Require it' : 'Stop requiring'}
        destructive={!asking}
        busy={saving.loading}
        error={error}
        errorAction={
          <Text fontSize="sm">
            <Link asChild textDecoration="underline">
              <RouterLink to="/admin/account">Set it up on your Account page</RouterLink>
            </Link>
            . Already have one? Sign out and sign in again with it first.
          </Text>
        }
        onConfirm={() => asking !== null && void confirm(asking)}
        onClose={close}
      >
        {asking ? (
          <>
            <Text>Every account will need an authenticator app or a passkey. Accounts without one set it up right after their password at their next sign-in.</Text>
            <Text>Sessions signed in with a password alone end now, and those people sign in again.</Text>
          </>
        ) : (
          <Text>Accounts without an authenticator app or a passkey will sign in with their password alone. Accounts that have one keep using it.</Text>
        )}
      </SecurityConfirmDialog>
    </Box>
  );
}
