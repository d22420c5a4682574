import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Badge, Box, Button, Card, Flex, Stack, Text } from '@chakra-ui/react';
import { RefreshCw, ShieldCheck, Trash } from 'lucide-react';
import { notify } from '../../components/notifications';
import { AdminAccountRegenerateRecoveryCodesDocument, AdminAccountRemoveTotpDocument } from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { fieldErrors, serverMessage } from '../errors';
import { RecoveryCodes } from '../security/RecoveryCodes';
import { TotpSetup } from '../security/TotpSetup';
import { formatDateTime } from '../shell/format-date';
import { SecurityConfirmDialog, SecurityStepDialog } from './SecurityDialogs';
import { loadingText, type AccountSecurityState } from './use-account-security';

type Step = { kind: 'setup' } | { kind: 'remove' } | { kind: 'regenerate' } | { kind: 'codes'; codes: string[] };

export const codesLeft = (n: number) => `${n} left`;

/**
 * "Two-step verification": the authenticator app (on since when, or off: set it up; remove it), and
 * the recovery codes (how many are left; new ones replace them, shown once).
 */
export function TwoStepCard({ state }: { state: AccountSecurityState }) {
  const failures = useAdminFailures();
  const [removeTotp, removing] = useMutation(AdminAccountRemoveTotpDocument);
  const [regenerate, regenerating] = useMutation(AdminAccountRegenerateRecoveryCodesDocument);
  const [step, setStep] = useState<Step | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { security } = state;

  const close = () => {
    setStep(null);
    setError(null);
  };

  async function setUp(result: { recoveryCodes: string[] | null }) {
    if (result.recoveryCodes?.length) setStep({ kind: 'codes', codes: result.recoveryCodes });
    else close();
    notify('success', 'Two-step verification is on', 'You will be asked for a code from the app when you sign in.');
    await state.refetch();
  }

  async function confirmRemove() {
    try {
      await removeTotp();
      close();
      notify('success', 'Authenticator app removed', 'Its codes no longer sign you in.');
      await state.refetch();
    } catch (refusal) {
      // The last factor under the policy: the server says why, the dialog stays.
      const fields = fieldErrors(refusal);
      if (fields.factor) setError(fields.factor);
      else {
        close();
        failures.report(refusal, serverMessage(refusal) ?? 'Failed to remove the authenticator app');
      }
    }
  }

  async function confirmRegenerate() {
    try {
      const { data } = await regenerate();
      setStep({ kind: 'codes', codes: data?.regenerateRecoveryCodes ?? [] });
      await state.refetch();
    } catch (refusal) {
      close();
      failures.report(refusal, serverMessage(refusal) ?? 'Failed to make new recovery codes');
    }
  }

  const hasFactor = Boolean(security && (security.totpEnabled || security.passkeys.length > 0));
  return (
    <Card.Root as="section" variant="outline" aria-labelledby="two-step-title">
      <Card.Header>
        <Card.Title as="h2" id="two-step-title">
          Two-step verification
        </Card.Title>
        <Text color="fg.muted" fontSize="sm">
          After your password, a code from an app on your phone: a stolen password alone is then not enough.
        </Text>
      </Card.Header>
      <Card.Body>
        {!security ? (
          <Text color={state.failed ? 'fg.error' : 'fg.muted'}>{loadingText(state, 'your two-step verification')}</Text>
        ) : (
          <Stack gap="5">
            {security.secondFactorRequired && (
              <Text fontSize="sm" data-testid="second-factor-required">
                This site requires an authenticator app or a passkey for every account.
              </Text>
            )}
            <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} justify="space-between" direction={{ base: 'column', sm: 'row' }}>
              <Stack gap="0.5" minW="0">
                <Flex gap="2" align="center" wrap="wrap">
                  <Text fontWeight="medium">Authenticator app</Text>
                  <Badge colorPalette={security.totpEnabled ? 'green' : 'gray'}>{security.totpEnabled ? 'On' : 'Off'}</Badge>
                </Flex>
                <Text fontSize="sm" color="fg.muted">
                  {security.totpEnabled
                    ? security.totpEnabledAt
                      ? `On since ${formatDateTime(security.totpEnabledAt)}`
                      : 'On'
                    : 'Google Authenticator, Microsoft Authenticator, 1Password or another app that shows 6-digit codes.'}
                </Text>
              </Stack>
              <Box flexShrink={0}>
                {security.totpEnabled ? (
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => setStep({ kind: 'remove' })}>
                    <Trash aria-hidden /> Remove<Box srOnly> the authenticator app</Box>
                  </Button>
                ) : (
                  <Button size="sm" colorPalette="brand" onClick={() => setStep({ kind: 'setup' })}>
                    <ShieldCheck aria-hidden /> Set up<Box srOnly> an authenticator app</Box>
                  </Button>
                )}
              </Box>
            </Flex>
            {hasFactor && (
              <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} justify="space-between" direction={{ base: 'column', sm: 'row' }}>
                <Stack gap="0.5" minW="0">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text fontWeight="medium">Recovery codes</Text>
                    <Badge colorPalette={security.recoveryCodesLeft > 2 ? 'gray' : 'orange'} data-testid="recovery-codes-left">
                      {codesLeft(security.recoveryCodesLeft)}
                    </Badge>
                  </Flex>
                  <Text fontSize="sm" color="fg.muted">
                    Each signs you in once when you cannot use your app or passkey.
                  </Text>
                </Stack>
                <Box flexShrink={0}>
                  <Button size="sm" variant="outline" onClick={() => setStep({ kind: 'regenerate' })}>
                    <RefreshCw aria-hidden /> Generate new codes
                  </Button>
                </Box>
              </Flex>
            )}
          </Stack>
        )}
      </Card.Body>

      <SecurityStepDialog open={step?.kind === 'setup'} title="Set up an authenticator app" onClose={close}>
        {step?.kind === 'setup' && <TotpSetup onDone={(result) => void setUp(result)} />}
      </SecurityStepDialog>
      <SecurityStepDialog open={step?.kind === 'codes'} title="Save your recovery codes" onClose={close}>
        {step?.kind === 'codes' && <RecoveryCodes codes={step.codes} onDone={close} />}
      </SecurityStepDialog>
      <SecurityConfirmDialog
        open={step?.kind === 'remove'}
        title="Remove the authenticator app?"
        confirmLabel="Remove app"
        busy={removing.loading}
        error={error}
        onConfirm={() => void confirmRemove()}
        onClose={close}
      >
        <Text>Its codes will no longer sign you in. Without a passkey, your recovery codes stop working too. You can set up an app again at any time.</Text>
      </SecurityConfirmDialog>
      <SecurityConfirmDialog
        open={step?.kind === 'regenerate'}
        title="Generate new recovery codes?"
        confirmLabel="Generate new codes"
        destructive={false}
        busy={regenerating.loading}
        onConfirm={() => void confirmRegenerate()}
        onClose={close}
      >
        <Text>Ten new codes are shown once. Your current codes stop working.</Text>
      </SecurityConfirmDialog>
    </Card.Root>
  );
}
