import { Badge, Box, Button, Flex, List, Stack, Text } from '@chakra-ui/react';
import { LogOut } from 'lucide-react';
import type { AdminAccountSessionFragment } from '../../graphql/generated/graphql';
import { formatDateTime } from '../shell/format-date';

export type Session = AdminAccountSessionFragment;

/** "Chrome 131 on macOS 15": a session as a person recognises it. */
export const sessionName = (session: Pick<Session, 'browser' | 'system'>) => `${session.browser} on ${session.system}`;

/** The current session first, then the server's order (the most recently used first). */
export const currentFirst = (sessions: readonly Session[]) => [...sessions].sort((a, b) => Number(b.current) - Number(a.current));

/**
 * Browsers where an account is signed in: browser and system, the coarse address, when it signed
 * in and was last active, "This browser" on the current one; the others each get an action button
 * (`actionLabel`: "Sign out" on your own account, "End" for an admin looking at someone's).
 */
export function SessionList({
  sessions,
  label,
  actionLabel,
  endingId,
  onEnd,
}: {
  sessions: readonly Session[];
  /** The list's accessible name. */
  label: string;
  actionLabel: string;
  /** The session being ended (its button spins). */
  endingId: string | null;
  onEnd(session: Session): void;
}) {
  return (
    <List.Root aria-label={label} listStyleType="none" gap="0">
      {currentFirst(sessions).map((session) => (
        <List.Item key={session.id} borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} py="3" display="block">
          <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} justify="space-between" direction={{ base: 'column', sm: 'row' }}>
            <Stack gap="0.5" minW="0">
              <Flex gap="2" align="center" wrap="wrap">
                <Text fontWeight="medium" wordBreak="break-word">
                  {sessionName(session)}
                </Text>
                {session.current && <Badge colorPalette="green">This browser</Badge>}
              </Flex>
              {session.address && (
                <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                  {session.address}
                </Text>
              )}
              <Text fontSize="sm" color="fg.muted">
                Signed in {formatDateTime(session.signedInAt)}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                Last active {formatDateTime(session.lastSeenAt)}
              </Text>
            </Stack>
            {!session.current && (
              <Box flexShrink={0}>
                <Button size="xs" variant="outline" colorPalette="red" loading={endingId === session.id} onClick={() => onEnd(session)}>
                  <LogOut aria-hidden /> {actionLabel}
                  <Box srOnly> {sessionName(session)}</Box>
                </Button>
              </Box>
            )}
          </Flex>
        </List.Item>
      ))}
    </List.Root>
  );
}
