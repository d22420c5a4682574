import { Badge, Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import { KeyRound, Plus, Trash, UserCog } from 'lucide-react';
import { ScreenHeader } from '../shell/ScreenHeader';
import { formatDateTime } from '../shell/format-date';
import { cardActionsCell, cardBody, cardCell, cardRow, cardScrollArea, cardTable, stickyEnd, visuallyHiddenOnPhones } from '../shell/card-table';
import { AdminStepDialog } from './AdminStepDialog';
import { LAST_ADMIN_NOTE, roleLabel, useAdminAccounts } from './use-admin-accounts';

const when = (value: unknown) => (value ? formatDateTime(String(value)) : 'Never');

/** Admins: who can sign in, their role, their last sign-in; add (generated password shown once), change the role, reset, remove. */
export function AdminsPage() {
  const accounts = useAdminAccounts();
  if (accounts.loading) return null;
  const { admins, myName, setStep } = accounts;
  // The last Admin keeps the role and the account (the server refuses both; the row says why).
  const adminCount = admins.filter((account) => account.role === 'admin').length;
  const isLastAdmin = (account: { role: string }) => account.role === 'admin' && adminCount <= 1;

  return (
    <Box>
      <ScreenHeader title="Admins" description="People who can sign in to this admin panel, and what their role lets them do.">
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
              <Table.ColumnHeader py="3">Role</Table.ColumnHeader>
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
                  <Table.Cell data-label="Role" {...cardCell}>
                    <span>
                      {roleLabel(admin.role)}
                      {isLastAdmin(admin) && (
                        <Text as="span" display="block" fontSize="xs" color="fg.muted" id={`last-admin-${admin.id}`}>
                          {LAST_ADMIN_NOTE}
                        </Text>
                      )}
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
                        <Button
                          size="xs"
                          variant="outline"
                          disabled={isLastAdmin(admin)}
                          aria-describedby={isLastAdmin(admin) ? `last-admin-${admin.id}` : undefined}
                          onClick={() => accounts.startChangingRole({ id: admin.id, username: admin.username, role: admin.role })}
                        >
                          <UserCog /> Change role<Box srOnly> of {admin.username}</Box>
                        </Button>
                        <Button size="xs" variant="outline" onClick={() => setStep({ kind: 'reset', username: admin.username })}>
                          <KeyRound /> Reset password<Box srOnly> of {admin.username}</Box>
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="red"
                          disabled={admins.length <= 1 || isLastAdmin(admin)}
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
