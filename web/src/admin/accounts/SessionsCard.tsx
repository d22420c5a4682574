import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Card, Text } from '@chakra-ui/react';
import { LogOut } from 'lucide-react';
import { notify } from '../../components/notifications';
import { AdminAccountEndOtherSessionsDocument, AdminAccountEndSessionDocument, AdminAccountMySessionsDocument } from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { isUnauthenticated, serverMessage } from '../errors';
import { SessionList, sessionName, type Session } from './SessionList';

export const sessionCount = (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'}`;

/** "Where you are signed in": your sessions; sign out one, or all but this browser. */
export function SessionsCard() {
  const failures = useAdminFailures();
  const list = useQuery(AdminAccountMySessionsDocument, { fetchPolicy: 'cache-and-network' });
  const [endOne] = useMutation(AdminAccountEndSessionDocument);
  const [endOthers, endingOthers] = useMutation(AdminAccountEndOtherSessionsDocument);
  const [endingId, setEndingId] = useState<string | null>(null);
  useEffect(() => {
    if (list.error && isUnauthenticated(list.error)) failures.loggedOut();
  }, [list.error, failures]);

  const sessions = list.data?.mySessions ?? [];
  const others = sessions.filter((s) => !s.current).length;

  async function signOut(session: Session) {
    setEndingId(session.id);
    try {
      await endOne({ variables: { id: session.id } });
      notify('success', 'Signed out', `${sessionName(session)} is signed out.`);
      await list.refetch();
    } catch (error) {
      failures.report(error, serverMessage(error) ?? 'Failed to sign out that session');
    } finally {
      setEndingId(null);
    }
  }

  async function signOutOthers() {
    try {
      const { data } = await endOthers();
      const ended = data?.endOtherSessions ?? 0;
      notify('success', 'Signed out', ended === 0 ? 'You were signed in nowhere else.' : `${sessionCount(ended)} signed out. This browser stays signed in.`);
      await list.refetch();
    } catch (error) {
      failures.report(error, serverMessage(error) ?? 'Failed to sign out the other sessions');
    }
  }

  return (
    <Card.Root as="section" variant="outline" aria-labelledby="sessions-title">
      <Card.Header>
        <Card.Title as="h2" id="sessions-title">
          Where you are signed in
        </Card.Title>
        <Text color="fg.muted" fontSize="sm">
          Each browser signed in to your account. Sign out any you do not recognise, then change your password.
        </Text>
      </Card.Header>
      <Card.Body>
        {list.data ? (
          <SessionList sessions={sessions} label="Your sessions" actionLabel="Sign out" endingId={endingId} onEnd={(s) => void signOut(s)} />
        ) : list.error ? (
          <Text color="fg.error">Failed to load your sessions. Please try again later.</Text>
        ) : (
          <Text color="fg.muted">Loading your sessions...</Text>
        )}
      </Card.Body>
      {list.data && (
        <Card.Footer justifyContent="flex-end">
          <Button variant="outline" colorPalette="red" disabled={others === 0} loading={endingOthers.loading} onClick={() => void signOutOthers()}>
            <LogOut aria-hidden /> Sign out all other sessions
          </Button>
        </Card.Footer>
      )}
    </Card.Root>
  );
}
