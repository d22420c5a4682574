import { useQuery } from '@apollo/client/react';
import { Container } from '@chakra-ui/react';
import { TeamPageDocument } from '../../graphql/generated/graphql';
import { ContentGrid } from '../../components/ContentGrid';
import { EmptyState, ErrorState, LoadingState } from '../../components/PageStatus';
import { PageHero } from '../layout/PageHero';
import { PageMeta } from '../page-meta';
import { FIRM_NAME } from '../firm';
import { TeamMemberCard } from './TeamMemberCard';

export function TeamPage() {
  const { data, loading, error } = useQuery(TeamPageDocument);
  return (
    <>
      <PageMeta
        title={`Our Team | ${FIRM_NAME}`}
        description={`Meet the consultants and advisers of ${FIRM_NAME}.`}
      />
      <PageHero title="Our Team" subtitle="Meet the consultants and advisers who bring our expertise to every engagement." />
      <Container maxW="6xl" py={{ base: '10', md: '16' }}>
        {loading ? (
          <LoadingState text="Loading team members..." />
        ) : error || !data ? (
          <ErrorState title="Failed to load team members" text="Please try again later" />
        ) : data.teamMembers.length === 0 ? (
          <EmptyState text="No team members to display yet." />
        ) : (
          <ContentGrid>
            {data.teamMembers.map((member) => (
              <TeamMemberCard key={member.id} member={member} />
            ))}
          </ContentGrid>
        )}
      </Container>
    </>
  );
}
