import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { Box, Grid, Text } from '@chakra-ui/react';
import { AdminDashboardDocument } from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { ScreenHeader } from '../shell/ScreenHeader';
import { ContentOverview } from './ContentOverview';
import { RecentChanges } from './RecentChanges';

/** The admin's first screen: what changed lately (who, when, where), and every content screen with its size. */
export function DashboardPage() {
  // Asked again on each visit: what changed since is the point of the screen (the last answer shows meanwhile).
  const { data, error } = useQuery(AdminDashboardDocument, { fetchPolicy: 'cache-and-network' });
  const failures = useAdminFailures();
  useEffect(() => {
    if (error) failures.report(error, 'Failed to load content');
  }, [error, failures]);

  return (
    <Box>
      <ScreenHeader title="Dashboard" description="Manage your landing page content" />
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
