import { Box, Heading, Text } from '@chakra-ui/react';
import type { TeamPageQuery } from '../../graphql/generated/graphql';
import { CardImage } from '../../components/CardImage';
import { LinkCard } from '../../components/LinkCard';

type TeamMember = TeamPageQuery['teamMembers'][number];

export function TeamMemberCard({ member }: { member: TeamMember }) {
  return (
    <LinkCard>
      <CardImage src={member.pictureUrl} alt={member.altText || `Portrait of ${member.name}`} ratio={4 / 5} />
      <Box p="6" display="flex" flexDirection="column" gap="1.5">
        <Heading as="h2" fontSize="xl" fontFamily="heading" color="brand.900">
          {member.name}
        </Heading>
        <Text fontSize="sm" fontWeight="semibold" textTransform="uppercase" letterSpacing="0.08em" color="accent.700">
          {member.position}
        </Text>
        {member.brief && (
          <Text mt="2" color="gray.700">
            {member.brief}
          </Text>
        )}
      </Box>
    </LinkCard>
  );
}
