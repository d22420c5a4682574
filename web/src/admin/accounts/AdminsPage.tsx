import { Badge, Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import { KeyRound, Plus, Trash } from 'lucide-react';
import { ScreenHeader } from '../shell/ScreenHeader';
import { formatDateTime } from '../shell/format-date';
import { cardActionsCell, cardBody, cardCell, cardRow, cardScrollArea, cardTable, stickyEnd, visuallyHiddenOnPhones } from '../shell/card-table';
import { AdminStepDialog } from './AdminStepDialog';
import { useAdminAccounts } from './use-admin-accounts';

const when = (value: unknown) => (value ? formatDateTime(String(value)) : 'Never');

/** Admins: who can sign in, their last sign-in; add (generated password shown once), reset, remove. */
export function AdminsPage() {
  const accounts = useAdminAccounts();
  if (accounts.loading) return null;
  const { admins, myName, setStep } = accounts;

  return (
    <Box>
      <ScreenHeader title="Admins" description="People who can sign in to this admin panel.">
        <Button colorPalette="brand" onClick={accounts.startAdding}>
          <Plus /> Add Admin
        </Button>
      </ScreenHeader>
      {accounts.failed && (
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
      <AdminStepDialog accounts={accounts} />
    </Box>
  );
}
