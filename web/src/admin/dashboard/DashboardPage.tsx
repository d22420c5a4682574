import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { Box, Card, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { Building, ChartColumn, FileText, Globe, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { AdminDashboardDocument } from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { ScreenHeader } from '../shell/ScreenHeader';

function DashboardCard({ title, icon: Icon, to, children }: { title: string; icon: LucideIcon; to: string; children: ReactNode }) {
  return (
    <Card.Root asChild variant="outline" _hover={{ borderColor: 'brand.emphasized', shadow: 'sm' }} transition="all 0.15s">
      <Link to={to}>
        <Card.Body gap="3">
          <Flex justify="space-between" align="center">
            <Text fontSize="sm" fontWeight="medium" color="fg.muted">
              {title}
            </Text>
            <Box color="brand.fg" bg="brand.subtle" rounded="md" p="1.5">
              <Icon size={16} aria-hidden />
            </Box>
          </Flex>
          <Heading as="p" size="2xl" fontWeight="semibold">
            {children}
          </Heading>
        </Card.Body>
      </Link>
    </Card.Root>
  );
}

export function DashboardPage() {
  const { data, loading, error } = useQuery(AdminDashboardDocument);
  const failures = useAdminFailures();
  useEffect(() => {
    if (error) failures.report(error, 'Failed to load content');
  }, [error, failures]);

  return (
    <Box>
      <ScreenHeader title="Dashboard" description="Manage your landing page content" />
      {loading || !data ? (
        <Text color="fg.muted">{error ? 'Failed to load content' : 'Loading...'}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          <DashboardCard title="Statistics" icon={ChartColumn} to="/admin/statistics">
            {data.statistics?.expertCount ?? 0}+ Experts
          </DashboardCard>
          <DashboardCard title="Countries" icon={Globe} to="/admin/countries">
            {data.countriesCount} Branches
          </DashboardCard>
          <DashboardCard title="Brands" icon={Building} to="/admin/brands">
            {data.brandsCount} Brands
          </DashboardCard>
          <DashboardCard title="Content" icon={FileText} to="/admin/content">
            Active
          </DashboardCard>
        </SimpleGrid>
      )}
    </Box>
  );
}
