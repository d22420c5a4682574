import { Box, Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { ProjectCardFragment } from '../../graphql/generated/graphql';
import { ContentGrid } from '../../components/ContentGrid';
import { SectionHeading } from '../../components/SectionHeading';
import { EmptyState } from '../../components/PageStatus';
import { ProjectCard } from '../clients/ProjectCard';
import { LandingSection } from './LandingSection';

/** `preview`: the projects the server chose for the landing page (featured, else the first 6). */
export function ProjectsPreviewSection({ preview }: { preview: ProjectCardFragment[] }) {
  return (
    <LandingSection id="clients" tone="white">
      <SectionHeading
        id="clients-heading"
        eyebrow="Our clients"
        title="Projects"
        subtitle="A selection of engagements delivered for public and private clients."
      />
      {preview.length === 0 ? (
        <EmptyState text="No projects to display yet." />
      ) : (
        <ContentGrid>
          {preview.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </ContentGrid>
      )}
      <Box textAlign="center" mt="12">
        <Button asChild colorPalette="brand" variant="outline" size="lg">
          <RouterLink to="/clients">
            View All Projects <ArrowRight aria-hidden="true" />
          </RouterLink>
        </Button>
      </Box>
    </LandingSection>
  );
}
