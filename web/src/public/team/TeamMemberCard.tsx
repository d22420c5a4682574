import { Box, Heading, Text } from '@chakra-ui/react';
import type { TeamPageQuery } from '../../graphql/generated/graphql';
import { CardImage } from '../../components/CardImage';
import { ContentCard } from '../../components/ContentCard';

type TeamMember = TeamPageQuery['teamMembers'][number];

/** Portraits are shown square at most ~270 px wide (2, 3 or 4 per row), so small uploads stay sharp. */
export const PORTRAIT_SIZES = '(min-width: 75rem) 270px, (min-width: 62rem) calc((100vw - 8rem) / 4), (min-width: 48rem) calc((100vw - 6rem) / 3), calc((100vw - 3rem) / 2)';

export function TeamMemberCard({ member, eager }: { member: TeamMember; eager?: boolean }) {
  return (
    <ContentCard>
      <CardImage src={member.pictureUrl} alt={member.altText || `Portrait of ${member.name}`} ratio={1} sizes={PORTRAIT_SIZES} eager={eager} />
      <Box p={{ base: '4', md: '5' }} display="flex" flexDirection="column" gap="1.5">
        <Heading as="h2" fontSize={{ base: 'md', md: 'lg' }} fontFamily="heading" color="brand.900" lineHeight="1.3">
          {member.name}
        </Heading>
        <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="0.08em" color="accent.700">
          {member.position}
        </Text>
        {member.brief && (
          <Text mt="1" color="gray.700" fontSize="sm">
            {member.brief}
          </Text>
        )}
      </Box>
    </ContentCard>
  );
}
