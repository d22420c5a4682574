import { Badge, Box, Heading, Text } from '@chakra-ui/react';
import type { ProjectCardFragment } from '../../graphql/generated/graphql';
import { CardImage, CARD_IMAGE_SIZES } from '../../components/CardImage';
import { CardTitleLink, ContentCard } from '../../components/ContentCard';
import { cardLayoutProps, COMPACT_THUMB_SIZES, type CardLayout } from '../../components/card-layout';
import { projectPath } from '../item-paths';

interface ProjectCardProps {
  /** Without a slug (none is published so) the card has no page to lead to. */
  project: Omit<ProjectCardFragment, 'slug'> & { slug?: string | null };
  /** h2 on the projects page (under its h1), h3 in the landing section (under its h2). */
  headingLevel?: 'h2' | 'h3';
  layout?: CardLayout;
  eager?: boolean;
}

export function ProjectCard({ project, headingLevel = 'h3', layout = 'stacked', eager }: ProjectCardProps) {
  const look = cardLayoutProps(layout);
  const page = project.slug ? projectPath(project.slug) : undefined;
  return (
    <ContentCard linked={Boolean(page)} {...look.card}>
      <Box {...look.picture}>
        <CardImage
          src={project.pictureUrl}
          alt={project.altText || project.title}
          ratio={look.ratio}
          fillHeight={look.fillHeight}
          sizes={layout === 'compact' ? COMPACT_THUMB_SIZES : CARD_IMAGE_SIZES}
          eager={eager}
        />
      </Box>
      <Box display="flex" flexDirection="column" flex="1" minW="0" {...look.body}>
        {project.country && (
          <Badge alignSelf="flex-start" bg="accent.100" color="accent.800" px="2.5" py="0.5" rounded="full" fontSize="xs">
            {project.country}
          </Badge>
        )}
        <Heading as={headingLevel} fontFamily="heading" lineHeight="1.3" color="brand.900" {...look.title}>
          {page ? <CardTitleLink to={page}>{project.title}</CardTitleLink> : project.title}
        </Heading>
        {project.brief && (
          <Text color="gray.700" fontSize={{ base: layout === 'compact' ? 'sm' : 'md', md: 'md' }} lineClamp={layout === 'compact' ? { base: 2, md: 'none' } : undefined}>
            {project.brief}
          </Text>
        )}
        {page && (
          <Text mt="auto" pt="2" fontSize="sm" fontWeight="semibold" color="brand.700" aria-hidden="true" hideBelow={layout === 'compact' ? 'md' : undefined}>
            View project →
          </Text>
        )}
      </Box>
    </ContentCard>
  );
}
