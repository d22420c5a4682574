import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { Center, Text } from '@chakra-ui/react';
import { AdminMeDocument } from '../../graphql/generated/graphql';
import { firstFetchPolicy } from '../first-screen-data';

/**
 * Every /admin route but the login: 'Loading...' while the session is checked, then the screen,
 * or the login page when there is no signed-in user (or the check failed).
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  // Asked of the server on every entry (the visit's first check may already be on its way).
  const [fetchPolicy] = useState(() => firstFetchPolicy(AdminMeDocument, {}, 'network-only'));
  const { data, loading, error } = useQuery(AdminMeDocument, { fetchPolicy });
  if (loading && !data) {
    return (
      <Center minH="100dvh">
        <Text color="fg.muted">Loading...</Text>
      </Center>
    );
  }
  if (error || !data?.me) return <Navigate to="/admin/login" replace />;
  return <>{children}</>;
}
