import { useEffect, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import { KeyRound, MonitorSmartphone, Plus, Trash, UserCog } from 'lucide-react';
import { AdminAccountAuthPolicyDocument, AdminAccountFactorsDocument, type SignInMethod } from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { serverMessage } from '../errors';
import { ScreenHeader } from '../shell/ScreenHeader';
import { formatDateTime } from '../shell/format-date';
import { cardActionsCell, cardBody, cardCell, cardRow, cardScrollArea, cardTable, stickyEnd, visuallyHiddenOnPhones } from '../shell/card-table';
import { AdminSessionsDialog, type SessionsTarget } from './AdminSessionsDialog';
import { AdminStepDialog } from './AdminStepDialog';
import { SecondFactorPolicy } from './SecondFactorPolicy';
import { LAST_ADMIN_NOTE, roleLabel, useAdminAccounts } from './use-admin-accounts';

const when = (value: unknown) => (value ? formatDateTime(String(value)) : 'Never');

/** "App, passkey": the second factors an account signs in with (recovery codes go with them). */
export function factorNames(methods: readonly SignInMethod[]): string {
  const names = [methods.includes('TOTP') && 'app', methods.includes('PASSKEY') && 'passkey'].filter((n): n is string => Boolean(n));
  const text = names.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Every account's second factors, by account id (undefined until the answer comes; an account it does not list has none). */
function useAccountFactors() {
  const failures = useAdminFailures();
  const query = useQuery(AdminAccountFactorsDocument, { fetchPolicy: 'cache-and-network' });
  useEffect(() => {
    if (query.error) failures.report(query.error, serverMessage(query.error) ?? 'Failed to load who has two-step verification');
  }, [query.error, failures]);
  return query.data ? new Map(query.data.accountFactors.map((f) => [f.userId, f.methods.filter((m) => m !== 'RECOVERY_CODE')])) : undefined;
}

/** The Two-step cell: On (with what) or Off (under the policy: set up at the next sign-in). */
function TwoStepState({ methods, required }: { methods: readonly SignInMethod[] | undefined; required: boolean }) {
  if (!methods) return <Text as="span" color="fg.muted">…</Text>;
  if (methods.length === 0) {
    return (
      <span>
        <Badge colorPalette="gray">Off</Badge>
        {required && (
          <Text as="span" display="block" fontSize="xs" color="fg.muted">
            Sets it up at the next sign-in
          </Text>
        )}
      </span>
    );
  }
  return (
    <span>
      <Badge colorPalette="green">On</Badge>
      <Text as="span" display="block" fontSize="xs" color="fg.muted">
        {factorNames(methods)}
      </Text>
    </span>
  );
}

/**
 * Admins: who can sign in, their role, two-step verification, their last sign-in; add (generated
 * password shown once), see and end their sessions, change the role, reset, remove; and the policy
 * that requires two-step verification of every account.
 */
export function AdminsPage() {
  const accounts = useAdminAccounts();
  const factors = useAccountFactors();
  const policy = useQuery(AdminAccountAuthPolicyDocument);
  const [sessionsOf, setSessionsOf] = useState<SessionsTarget | null>(null);
  if (accounts.loading) return null;
  const required = policy.data?.authPolicy.requireSecondFactor ?? false;
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
      <SecondFactorPolicy />
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
              <Table.ColumnHeader py="3">Two-step</Table.ColumnHeader>
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
                  <Table.Cell data-label="Two-step" {...cardCell}>
                    <TwoStepState methods={factors && (factors.get(admin.id) ?? [])} required={required} />
                  </Table.Cell>
                  <Table.Cell data-label="Last sign-in" {...cardCell}>
                    {when(admin.lastSignInAt)}
                  </Table.Cell>
                  <Table.Cell data-label="Added" {...cardCell}>
                    {when(admin.createdAt)}
                  </Table.Cell>
                  <Table.Cell {...cardActionsCell}>
                    {!isMe && (
                      <HStack gap="1" justify="end" wrap={{ base: 'wrap', md: 'nowrap' }}>
                        <Button size="xs" variant="outline" onClick={() => setSessionsOf({ id: admin.id, username: admin.username })}>
                          <MonitorSmartphone /> Sessions<Box srOnly> of {admin.username}</Box>
                        </Button>
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
      <AdminSessionsDialog account={sessionsOf} onClose={() => setSessionsOf(null)} />
    </Box>
  );
}
