import { Button, Code, Dialog, Field, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { notify } from '../../components/notifications';
import { ROLES, type AdminAccounts } from './use-admin-accounts';

/** A role select with what the chosen role may do under it. */
function RoleField({ id, value, onChange, error }: { id: string; value: string; onChange(role: string): void; error?: string | null }) {
  const chosen = ROLES.find((role) => role.value === value);
  return (
    <Field.Root invalid={Boolean(error)} ids={{ control: id, errorText: `${id}-error`, helperText: `${id}-help` }}>
      <Field.Label>Role</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name="role" value={value} onChange={(event) => onChange(event.currentTarget.value)} aria-describedby={error ? `${id}-error` : `${id}-help`}>
          {ROLES.map((role) => (
            <option key={role.value} value={role.value}>
              {role.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{chosen?.description}</Field.HelperText>}
    </Field.Root>
  );
}

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
                  <Stack gap="4">
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
                    <RoleField id="new-account-role" value={accounts.newRole} onChange={accounts.setNewRole} />
                  </Stack>
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
            {step?.kind === 'role' && (
              <form onSubmit={(e) => void accounts.saveRole(e, step)} noValidate>
                <Dialog.Header>
                  <Dialog.Title>Change the role of {step.username}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <RoleField id="account-role" value={accounts.chosenRole} onChange={accounts.setChosenRole} error={accounts.roleError} />
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={close}>
                    Cancel
                  </Button>
                  <Button type="submit" colorPalette="brand" loading={busy.changingRole}>
                    Save role
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
