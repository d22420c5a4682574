import { Badge, Box, Heading, Text } from '@chakra-ui/react';
import type { ProjectCardFragment } from '../../graphql/generated/graphql';
import { CardImage } from '../../components/CardImage';
import { LinkCard } from '../../components/LinkCard';

export function ProjectCard({ project }: { project: ProjectCardFragment }) {
  return (
    <LinkCard>
      <CardImage src={project.pictureUrl} alt={project.altText || project.title} />
      <Box p="6" display="flex" flexDirection="column" gap="3" flex="1">
        {project.country && (
          <Badge alignSelf="flex-start" bg="accent.100" color="accent.800" px="2.5" py="0.5" rounded="full" fontSize="xs">
            {project.country}
          </Badge>
        )}
        <Heading as="h3" fontSize="xl" fontFamily="heading" lineHeight="1.3" color="brand.900">
          {project.title}
        </Heading>
        {project.brief && <Text color="gray.700">{project.brief}</Text>}
      </Box>
    </LinkCard>
  );
}
