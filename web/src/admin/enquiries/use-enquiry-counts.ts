import { useQuery } from '@apollo/client/react';
import { AdminEnquiryCountsDocument } from '../../graphql/generated/graphql';
import { usePermissions } from '../auth/use-permissions';

/** How often the sidebar and the dashboard ask again how many enquiries are unread (new ones arrive at any time). */
export const ENQUIRY_COUNTS_POLL_MS = 60_000;

/**
 * How many enquiries are unread and how many there are, for roles that may read them (admins);
 * null for the others (never asked) and until the first answer; `failed` when that could not be read. Asked again every minute while
 * the tab is visible, and after each change the inbox makes (its actions evict the counts).
 */
export function useEnquiryCounts(): { counts: { unread: number; total: number } | null; failed: boolean } {
  const { can, loading } = usePermissions();
  const allowed = !loading && can('enquiries');
  const { data, error } = useQuery(AdminEnquiryCountsDocument, {
    skip: !allowed,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    pollInterval: ENQUIRY_COUNTS_POLL_MS,
    skipPollAttempt: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  });
  return { counts: allowed && data ? data.enquiryCounts : null, failed: allowed && !!error && !data };
}
