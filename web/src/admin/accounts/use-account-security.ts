import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { AdminAccountSecurityDocument } from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { isUnauthenticated } from '../errors';

/** Your own second factors (the Two-step verification and Passkeys cards share one answer). */
export function useAccountSecurity() {
  const failures = useAdminFailures();
  const query = useQuery(AdminAccountSecurityDocument, { fetchPolicy: 'cache-and-network' });
  useEffect(() => {
    if (query.error && isUnauthenticated(query.error)) failures.loggedOut();
  }, [query.error, failures]);
  return { security: query.data?.mySecurity ?? null, failed: Boolean(query.error) && !query.data, refetch: () => query.refetch() };
}

export type AccountSecurityState = ReturnType<typeof useAccountSecurity>;

/** The sentence under a card while its answer is missing. */
export function loadingText(state: AccountSecurityState, what: string) {
  return state.failed ? `Failed to load ${what}. Please try again later.` : `Loading ${what}...`;
}
