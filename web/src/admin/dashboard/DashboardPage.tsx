import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { Box, Grid, Text } from '@chakra-ui/react';
import { AdminDashboardDocument } from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { usePermissions } from '../auth/use-permissions';
import { ScreenHeader } from '../shell/ScreenHeader';
import { EnquiriesCard } from '../enquiries/EnquiriesCard';
import { ComingUp } from './ComingUp';
import { ContentOverview } from './ContentOverview';
import { RecentChanges } from './RecentChanges';
import { WaitingForReview } from './WaitingForReview';

/**
 * The admin's first screen: for a role that publishes, what is waiting for review and what is
 * scheduled; then what changed lately (who, when, where), and every content screen with its size.
 */
export function DashboardPage() {
  // Asked again on each visit: what changed since is the point of the screen (the last answer shows meanwhile).
  const { data, error } = useQuery(AdminDashboardDocument, { fetchPolicy: 'cache-and-network' });
  const failures = useAdminFailures();
  const canPublish = usePermissions().can('content.publish');
  useEffect(() => {
    if (error) failures.report(error, 'Failed to load content');
  }, [error, failures]);

  return (
    <Box>
      <ScreenHeader title="Dashboard" description="Manage your landing page content" />
      <EnquiriesCard />
      {canPublish && (
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6" alignItems="start" mb="6">
          <WaitingForReview />
          <ComingUp />
        </Grid>
      )}
      {!data ? (
        <Text color="fg.muted">{error ? 'Failed to load content' : 'Loading...'}</Text>
      ) : (
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6" alignItems="start">
          <RecentChanges changes={data.recentChanges} />
          <ContentOverview counts={data.collectionCounts} />
        </Grid>
      )}
    </Box>
  );
}
