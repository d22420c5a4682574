import { useQuery } from '@apollo/client/react';
import { Container } from '@chakra-ui/react';
import { ProjectsPageDocument } from '../../graphql/generated/graphql';
import { ContentGrid } from '../../components/ContentGrid';
import { EmptyState, ErrorState, LoadingState } from '../../components/PageStatus';
import { PageHero } from '../layout/PageHero';
import { PageMeta } from '../page-meta';
import { FIRM_NAME } from '../firm';
import { ProjectCard } from './ProjectCard';

export function ProjectsPage() {
  const { data, loading, error } = useQuery(ProjectsPageDocument);
  return (
    <>
      <PageMeta
        title={`Our Projects | ${FIRM_NAME}`}
        description={`Selected client projects delivered by ${FIRM_NAME} across our countries of presence.`}
      />
      <PageHero title="Our Projects" subtitle="A selection of the engagements we have delivered for our clients." />
      <Container maxW="6xl" py={{ base: '10', md: '16' }}>
        {loading ? (
          <LoadingState text="Loading projects..." />
        ) : error || !data ? (
          <ErrorState title="Failed to load projects" text="Please try again later" />
        ) : data.clients.length === 0 ? (
          <EmptyState text="No projects to display yet." />
        ) : (
          <ContentGrid>
            {data.clients.map((project) => (
              <ProjectCard key={project.id} project={project} />
            ))}
          </ContentGrid>
        )}
      </Container>
    </>
  );
}
