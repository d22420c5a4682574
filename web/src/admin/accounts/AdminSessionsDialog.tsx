import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { LogOut } from 'lucide-react';
import { notify } from '../../components/notifications';
import { AdminAccountEndSessionDocument, AdminAccountEndSessionsOfDocument, AdminAccountSessionsOfDocument } from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { serverMessage } from '../errors';
import { SessionList, sessionName, type Session } from './SessionList';
import { sessionCount } from './SessionsCard';

export interface SessionsTarget {
  id: string;
  username: string;
}

/** An account's sessions, for an admin: each with "End", and "End all". */
export function AdminSessionsDialog({ account, onClose }: { account: SessionsTarget | null; onClose(): void }) {
  return (
    <Dialog.Root open={account !== null} onOpenChange={(e) => !e.open && onClose()} placement="center" size={{ base: 'xs', sm: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">{account && <SessionsOf account={account} onClose={onClose} />}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function SessionsOf({ account, onClose }: { account: SessionsTarget; onClose(): void }) {
  const failures = useAdminFailures();
  const list = useQuery(AdminAccountSessionsOfDocument, { variables: { userId: account.id }, fetchPolicy: 'network-only' });
  const [endOne] = useMutation(AdminAccountEndSessionDocument);
  const [endAll, endingAll] = useMutation(AdminAccountEndSessionsOfDocument);
  const [endingId, setEndingId] = useState<string | null>(null);
  useEffect(() => {
    if (list.error) failures.report(list.error, serverMessage(list.error) ?? `Failed to load the sessions of ${account.username}`);
  }, [list.error, failures, account.username]);
  const sessions = list.data?.sessionsOf ?? [];

  async function end(session: Session) {
    setEndingId(session.id);
    try {
      await endOne({ variables: { id: session.id } });
      notify('success', 'Session ended', `${sessionName(session)} of ${account.username} is signed out.`);
      await list.refetch();
    } catch (error) {
      failures.report(error, serverMessage(error) ?? 'Failed to end the session');
    } finally {
      setEndingId(null);
    }
  }

  async function endEverywhere() {
    try {
      const { data } = await endAll({ variables: { userId: account.id } });
      notify('success', 'Sessions ended', `${sessionCount(data?.endSessionsOf ?? 0)} of ${account.username} ended.`);
      await list.refetch();
    } catch (error) {
      failures.report(error, serverMessage(error) ?? 'Failed to end the sessions');
    }
  }

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Sessions of {account.username}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Text color="fg.muted" fontSize="sm" mb="2">
          Where {account.username} is signed in. An ended session is signed out at its next request.
        </Text>
        {list.data ? (
          sessions.length === 0 ? (
            <Text>{account.username} is not signed in anywhere.</Text>
          ) : (
            <SessionList sessions={sessions} label={`Sessions of ${account.username}`} actionLabel="End" endingId={endingId} onEnd={(s) => void end(s)} />
          )
        ) : list.error ? (
          <Text color="fg.error">Failed to load the sessions. Please try again later.</Text>
        ) : (
          <Text color="fg.muted">Loading the sessions...</Text>
        )}
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button colorPalette="red" disabled={sessions.length === 0} loading={endingAll.loading} onClick={() => void endEverywhere()}>
          <LogOut aria-hidden /> End all<Box srOnly> sessions of {account.username}</Box>
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </>
  );
}
