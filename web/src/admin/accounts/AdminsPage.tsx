import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Code, Dialog, Field, HStack, Input, Portal, Table, Text } from '@chakra-ui/react';
import { KeyRound, Plus, Trash } from 'lucide-react';
import { notify } from '../../components/notifications';
import {
  AdminAccountsDocument,
  AdminCreateAccountDocument,
  AdminDeleteAccountDocument,
  AdminResetAccountPasswordDocument,
} from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { fieldErrors, serverMessage } from '../errors';
import { ScreenHeader } from '../shell/ScreenHeader';
import { cardActionsCell, cardBody, cardCell, cardRow, cardScrollArea, cardTable, stickyEnd, visuallyHiddenOnPhones } from '../shell/card-table';

type Step =
  | { kind: 'add' }
  | { kind: 'reset'; username: string }
  | { kind: 'remove'; username: string }
  | { kind: 'password'; username: string; password: string; created: boolean };

const when = (value: unknown) =>
  value ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(String(value))) : 'Never';

/** Admins: who can sign in, their last sign-in; add (generated password shown once), reset, remove. */
export function AdminsPage() {
  const failures = useAdminFailures();
  const list = useQuery(AdminAccountsDocument);
  const [create, creating] = useMutation(AdminCreateAccountDocument);
  const [reset, resetting] = useMutation(AdminResetAccountPasswordDocument);
  const [remove, removing] = useMutation(AdminDeleteAccountDocument);
  const [step, setStep] = useState<Step | null>(null);
  const [username, setUsername] = useState('');
  const [usernameError, setUsernameError] = useState<string | null>(null);
  useEffect(() => {
    if (list.error) failures.report(list.error, 'Failed to load the admins');
  }, [list.error, failures]);

  if (list.loading && !list.data) return null;
  const admins = list.data?.admins ?? [];
  const myName = list.data?.me?.username;
  const close = () => setStep(null);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim()) {
      setUsernameError('Username is required');
      return;
    }
    try {
      const { data } = await create({ variables: { username: username.trim() } });
      const created = data!.createAdmin;
      setStep({ kind: 'password', username: created.user.username, password: created.password, created: true });
      setUsername('');
      await list.refetch();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields.username || fields.password) setUsernameError(fields.username ?? fields.password);
      else failures.report(error, serverMessage(error) ?? 'Failed to add the admin');
    }
  }

  async function confirmReset(name: string) {
    try {
      const { data } = await reset({ variables: { username: name } });
      setStep({ kind: 'password', username: name, password: data!.resetAdminPassword.password, created: false });
    } catch (error) {
      close();
      failures.report(error, serverMessage(error) ?? 'Failed to reset the password');
    }
  }

  async function confirmRemove(name: string) {
    try {
      await remove({ variables: { username: name } });
      close();
      notify('success', 'Success', `${name} was removed and signed out`);
      await list.refetch();
    } catch (error) {
      close();
      failures.report(error, serverMessage(error) ?? 'Failed to remove the admin');
    }
  }

  return (
    <Box>
      <ScreenHeader title="Admins" description="People who can sign in to this admin panel.">
        <Button
          colorPalette="brand"
          onClick={() => {
            setUsername('');
            setUsernameError(null);
            setStep({ kind: 'add' });
          }}
        >
          <Plus /> Add Admin
        </Button>
      </ScreenHeader>
      {list.error && !list.data && (
        <Text color="fg.error" mb="4">
          Failed to load the admins. Please try again later.
        </Text>
      )}
      <Table.ScrollArea {...cardScrollArea}>
        <Table.Root size="sm" {...cardTable}>
          <Table.Header {...visuallyHiddenOnPhones}>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader py="3">Username</Table.ColumnHeader>
              <Table.ColumnHeader py="3">Last sign-in</Table.ColumnHeader>
              <Table.ColumnHeader py="3">Added</Table.ColumnHeader>
              <Table.ColumnHeader py="3" textAlign="end" w="1%" {...stickyEnd} bg="bg.subtle">
                Actions
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body {...cardBody}>
            {admins.map((admin) => {
              const isMe = admin.username === myName;
              return (
                <Table.Row key={admin.id} {...cardRow}>
                  <Table.Cell data-label="Username" {...cardCell} fontWeight="medium">
                    <span>
                      {admin.username} {isMe && <Badge ms="1" colorPalette="brand">You</Badge>}
                    </span>
                  </Table.Cell>
                  <Table.Cell data-label="Last sign-in" {...cardCell}>
                    {when(admin.lastSignInAt)}
                  </Table.Cell>
                  <Table.Cell data-label="Added" {...cardCell}>
                    {when(admin.createdAt)}
                  </Table.Cell>
                  <Table.Cell {...cardActionsCell}>
                    {!isMe && (
                      <HStack gap="1" justify="end">
                        <Button size="xs" variant="outline" onClick={() => setStep({ kind: 'reset', username: admin.username })}>
                          <KeyRound /> Reset password<Box srOnly> of {admin.username}</Box>
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="red"
                          disabled={admins.length <= 1}
                          onClick={() => setStep({ kind: 'remove', username: admin.username })}
                        >
                          <Trash /> Remove<Box srOnly> {admin.username}</Box>
                        </Button>
                      </HStack>
                    )}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>

      <Dialog.Root open={step !== null} onOpenChange={(e) => !e.open && close()} placement="center" size={{ base: 'xs', sm: 'sm' }}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx="4">
              {step?.kind === 'add' && (
                <form onSubmit={(e) => void add(e)} noValidate>
                  <Dialog.Header>
                    <Dialog.Title>Add Admin</Dialog.Title>
                  </Dialog.Header>
                  <Dialog.Body>
                    <Field.Root invalid={Boolean(usernameError)} required ids={{ errorText: 'new-admin-username-error' }}>
                      <Field.Label>
                        Username
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input name="username" autoComplete="off" aria-describedby={usernameError ? 'new-admin-username-error' : undefined} value={username} onChange={(e) => setUsername(e.target.value)} />
                      {usernameError ? (
                        <Field.ErrorText>{usernameError}</Field.ErrorText>
                      ) : (
                        <Field.HelperText>A first password is generated and shown once.</Field.HelperText>
                      )}
                    </Field.Root>
                  </Dialog.Body>
                  <Dialog.Footer>
                    <Button variant="outline" onClick={close}>
                      Cancel
                    </Button>
                    <Button type="submit" colorPalette="brand" loading={creating.loading}>
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
                      <Button colorPalette="brand" loading={resetting.loading} onClick={() => void confirmReset(step.username)}>
                        Reset password
                      </Button>
                    ) : (
                      <Button colorPalette="red" loading={removing.loading} onClick={() => void confirmRemove(step.username)}>
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
    </Box>
  );
}
