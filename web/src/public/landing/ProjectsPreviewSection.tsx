import { Box, Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { ProjectCardFragment } from '../../graphql/generated/graphql';
import { ContentGrid } from '../../components/ContentGrid';
import { PREVIEW_COLUMNS } from '../../components/card-layout';
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
        <ContentGrid as="ul" listStyleType="none" columns={PREVIEW_COLUMNS} gap={{ base: '4', md: '6', lg: '8' }}>
          {preview.map((project) => (
            <li key={project.id}>
              <ProjectCard project={project} layout="compact" />
            </li>
          ))}
        </ContentGrid>
      )}
      {/* A button to an empty page would read as broken on a fresh install. */}
      {preview.length > 0 && (
        <Box textAlign="center" mt={{ base: '8', md: '12' }}>
          <Button asChild colorPalette="brand" variant="outline" size="lg">
            <RouterLink to="/clients">
              View All Projects <ArrowRight aria-hidden="true" />
            </RouterLink>
          </Button>
        </Box>
      )}
    </LandingSection>
  );
}
