import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Badge, Box, Button, Card, Dialog, Field, Flex, Input, List, Portal, Stack, Text } from '@chakra-ui/react';
import { Pencil, Plus, Trash } from 'lucide-react';
import { notify } from '../../components/notifications';
import { AdminAccountRemovePasskeyDocument, AdminAccountRenamePasskeyDocument, type AdminAccountSecurityQuery } from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { fieldErrors, serverMessage } from '../errors';
import { PasskeySetup } from '../security/PasskeySetup';
import { RecoveryCodes } from '../security/RecoveryCodes';
import { formatDateTime } from '../shell/format-date';
import { SecurityConfirmDialog, SecurityStepDialog } from './SecurityDialogs';
import { loadingText, type AccountSecurityState } from './use-account-security';

type Passkey = AdminAccountSecurityQuery['mySecurity']['passkeys'][number];

const MAX_NAME = 100;

/** Why passkeys cannot be used here (the server says the same when asked for options). */
export const PASSKEYS_UNAVAILABLE =
  'Passkeys are not available on this site: they need it on a domain name (its PUBLIC_URL), not an IP address. Ask whoever runs the site to set one.';

type Step = { kind: 'add' } | { kind: 'codes'; codes: string[] } | { kind: 'rename'; passkey: Passkey } | { kind: 'remove'; passkey: Passkey };

/** "Passkeys": yours, with when each was added and last used; add, rename, remove. */
export function PasskeysCard({ state }: { state: AccountSecurityState }) {
  const failures = useAdminFailures();
  const [rename, renaming] = useMutation(AdminAccountRenamePasskeyDocument);
  const [remove, removing] = useMutation(AdminAccountRemovePasskeyDocument);
  const [step, setStep] = useState<Step | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { security } = state;

  const close = () => {
    setStep(null);
    setError(null);
  };

  function startRenaming(passkey: Passkey) {
    setName(passkey.name);
    setError(null);
    setStep({ kind: 'rename', passkey });
  }

  async function saveName(event: FormEvent<HTMLFormElement>, passkey: Passkey) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Give the passkey a name');
    // Characters as the server counts them (code points: an emoji is one).
    if ([...trimmed].length > MAX_NAME) return setError(`At most ${MAX_NAME} characters`);
    try {
      await rename({ variables: { id: passkey.id, name: trimmed } });
      close();
      notify('success', 'Passkey renamed', `It is now called ${trimmed}.`);
      await state.refetch();
    } catch (refusal) {
      const fields = fieldErrors(refusal);
      if (fields.name) setError(fields.name);
      else {
        close();
        failures.report(refusal, serverMessage(refusal) ?? 'Failed to rename the passkey');
      }
    }
  }

  async function confirmRemove(passkey: Passkey) {
    try {
      await remove({ variables: { id: passkey.id } });
      close();
      notify('success', 'Passkey removed', `${passkey.name} no longer signs you in.`);
      await state.refetch();
    } catch (refusal) {
      // The last factor under the policy: the server says why, the dialog stays.
      const fields = fieldErrors(refusal);
      if (fields.factor) setError(fields.factor);
      else {
        close();
        failures.report(refusal, serverMessage(refusal) ?? 'Failed to remove the passkey');
      }
    }
  }

  async function added(result: { recoveryCodes: string[] | null }) {
    if (result.recoveryCodes?.length) setStep({ kind: 'codes', codes: result.recoveryCodes });
    else close();
    notify('success', 'Passkey created', 'You can sign in with it now.');
    await state.refetch();
  }

  const passkeys = security?.passkeys ?? [];
  return (
    <Card.Root as="section" variant="outline" aria-labelledby="passkeys-title">
      <Card.Header>
        <Card.Title as="h2" id="passkeys-title">
          Passkeys
        </Card.Title>
        <Text color="fg.muted" fontSize="sm">
          Sign in with your fingerprint, face, screen lock or a security key, instead of a password and code.
        </Text>
      </Card.Header>
      <Card.Body>
        {!security ? (
          <Text color={state.failed ? 'fg.error' : 'fg.muted'}>{loadingText(state, 'your passkeys')}</Text>
        ) : (
          <Stack gap="3">
            {!security.passkeysAvailable && (
              <Text data-testid="passkeys-unavailable" color="fg.muted">
                {PASSKEYS_UNAVAILABLE}
              </Text>
            )}
            {passkeys.length === 0 ? (
              security.passkeysAvailable && <Text color="fg.muted">No passkeys yet.</Text>
            ) : (
              <List.Root aria-label="Your passkeys" listStyleType="none" gap="0">
                {passkeys.map((passkey) => (
                  <List.Item key={passkey.id} display="block" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
                    <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} justify="space-between" direction={{ base: 'column', sm: 'row' }}>
                      <Stack gap="0.5" minW="0">
                        <Flex gap="2" align="center" wrap="wrap">
                          <Text fontWeight="medium" wordBreak="break-word">
                            {passkey.name}
                          </Text>
                          {passkey.backedUp && <Badge colorPalette="blue">Synced</Badge>}
                        </Flex>
                        <Text fontSize="sm" color="fg.muted">
                          Added {formatDateTime(passkey.createdAt)}
                        </Text>
                        <Text fontSize="sm" color="fg.muted">
                          Last used {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : 'never'}
                        </Text>
                      </Stack>
                      <Flex gap="2" wrap="wrap" flexShrink={0}>
                        <Button size="xs" variant="outline" onClick={() => startRenaming(passkey)}>
                          <Pencil aria-hidden /> Rename<Box srOnly> {passkey.name}</Box>
                        </Button>
                        <Button size="xs" variant="outline" colorPalette="red" onClick={() => setStep({ kind: 'remove', passkey })}>
                          <Trash aria-hidden /> Remove<Box srOnly> {passkey.name}</Box>
                        </Button>
                      </Flex>
                    </Flex>
                  </List.Item>
                ))}
              </List.Root>
            )}
          </Stack>
        )}
      </Card.Body>
      {security?.passkeysAvailable && (
        <Card.Footer justifyContent="flex-end">
          <Button variant="outline" onClick={() => setStep({ kind: 'add' })}>
            <Plus aria-hidden /> Add a passkey
          </Button>
        </Card.Footer>
      )}

      <SecurityStepDialog open={step?.kind === 'add'} title="Add a passkey" onClose={close}>
        {step?.kind === 'add' && <PasskeySetup onDone={(result) => void added(result)} />}
      </SecurityStepDialog>
      <SecurityStepDialog open={step?.kind === 'codes'} title="Save your recovery codes" onClose={close}>
        {step?.kind === 'codes' && <RecoveryCodes codes={step.codes} onDone={close} />}
      </SecurityStepDialog>
      <SecurityConfirmDialog
        open={step?.kind === 'remove'}
        title={step?.kind === 'remove' ? `Remove the passkey ${step.passkey.name}?` : 'Remove the passkey?'}
        confirmLabel="Remove passkey"
        busy={removing.loading}
        error={error}
        onConfirm={() => step?.kind === 'remove' && void confirmRemove(step.passkey)}
        onClose={close}
      >
        <Text>It will no longer sign you in. You can also delete it from your device or password manager.</Text>
      </SecurityConfirmDialog>
      <Dialog.Root open={step?.kind === 'rename'} onOpenChange={(e) => !e.open && close()} placement="center" size={{ base: 'xs', sm: 'sm' }}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx="4">
              {step?.kind === 'rename' && (
                <form onSubmit={(e) => void saveName(e, step.passkey)} noValidate>
                  <Dialog.Header>
                    <Dialog.Title>Rename the passkey</Dialog.Title>
                  </Dialog.Header>
                  <Dialog.Body>
                    <Field.Root invalid={Boolean(error)} required ids={{ errorText: 'passkey-name-error', helperText: 'passkey-name-help' }}>
                      <Field.Label>
                        Passkey name
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input
                        name="passkeyName"
                        autoComplete="off"
                        maxLength={MAX_NAME + 20}
                        aria-describedby={error ? 'passkey-name-error' : 'passkey-name-help'}
                        value={name}
                        onChange={(e) => setName(e.target.value)}
                      />
                      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>To tell your passkeys apart, such as “Work laptop”.</Field.HelperText>}
                    </Field.Root>
                  </Dialog.Body>
                  <Dialog.Footer>
                    <Button variant="outline" onClick={close}>
                      Cancel
                    </Button>
                    <Button type="submit" colorPalette="brand" loading={renaming.loading}>
                      Save name
                    </Button>
                  </Dialog.Footer>
                </form>
              )}
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Card.Root>
  );
}
