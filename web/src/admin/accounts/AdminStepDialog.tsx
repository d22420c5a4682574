import { Button, Code, Dialog, Field, Input, Portal, Text } from '@chakra-ui/react';
import { notify } from '../../components/notifications';
import type { AdminAccounts } from './use-admin-accounts';

/** The Admins screen's one dialog, at its step: the add form, a confirmation (reset, remove), a generated password. */
export function AdminStepDialog({ accounts }: { accounts: AdminAccounts }) {
  const { step, close, busy } = accounts;
  return (
    <Dialog.Root open={step !== null} onOpenChange={(e) => !e.open && close()} placement="center" size={{ base: 'xs', sm: 'sm' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            {step?.kind === 'add' && (
              <form onSubmit={(e) => void accounts.add(e)} noValidate>
                <Dialog.Header>
                  <Dialog.Title>Add Admin</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Field.Root invalid={Boolean(accounts.usernameError)} required ids={{ errorText: 'new-admin-username-error' }}>
                    <Field.Label>
                      Username
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      name="username"
                      autoComplete="off"
                      aria-describedby={accounts.usernameError ? 'new-admin-username-error' : undefined}
                      value={accounts.username}
                      onChange={(e) => accounts.setUsername(e.target.value)}
                    />
                    {accounts.usernameError ? (
                      <Field.ErrorText>{accounts.usernameError}</Field.ErrorText>
                    ) : (
                      <Field.HelperText>A first password is generated and shown once.</Field.HelperText>
                    )}
                  </Field.Root>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={close}>
                    Cancel
                  </Button>
                  <Button type="submit" colorPalette="brand" loading={busy.creating}>
                    Add Admin
                  </Button>
                </Dialog.Footer>
              </form>
            )}
            {(step?.kind === 'reset' || step?.kind === 'remove') && (
              <>
                <Dialog.Header>
                  <Dialog.Title>{step.kind === 'reset' ? `Reset the password of ${step.username}?` : `Remove ${step.username}?`}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text>
                    {step.kind === 'reset'
                      ? 'A new password is generated and shown once; they are signed out everywhere.'
                      : 'They can no longer sign in and are signed out everywhere.'}
                  </Text>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={close}>
                    Cancel
                  </Button>
                  {step.kind === 'reset' ? (
                    <Button colorPalette="brand" loading={busy.resetting} onClick={() => void accounts.confirmReset(step.username)}>
                      Reset password
                    </Button>
                  ) : (
                    <Button colorPalette="red" loading={busy.removing} onClick={() => void accounts.confirmRemove(step.username)}>
                      Remove
                    </Button>
                  )}
                </Dialog.Footer>
              </>
            )}
            {step?.kind === 'password' && (
              <>
                <Dialog.Header>
                  <Dialog.Title>{step.created ? `${step.username} was added` : `New password for ${step.username}`}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text mb="3">Give them this password. It is shown only now.</Text>
                  <Code data-testid="generated-password" size="lg" px="3" py="2" w="full" wordBreak="break-all" userSelect="all">
                    {step.password}
                  </Code>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button
                    variant="outline"
                    onClick={() =>
                      void navigator.clipboard?.writeText(step.password).then(
                        () => notify('success', 'Copied', 'The password is on the clipboard'),
                        () => undefined,
                      )
                    }
                  >
                    Copy
                  </Button>
                  <Button colorPalette="brand" onClick={close}>
                    Done
                  </Button>
                </Dialog.Footer>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
