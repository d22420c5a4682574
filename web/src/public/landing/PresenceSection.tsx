import { Badge, Box, HStack, Image, SimpleGrid, Text } from '@chakra-ui/react';
import type { LandingPageQuery } from '../../graphql/generated/graphql';
import { SectionHeading } from '../../components/SectionHeading';
import { LandingSection } from './LandingSection';

export function PresenceSection({ countries }: { countries: LandingPageQuery['countries'] }) {
  return (
    <LandingSection id="presence" tone="white">
      <SectionHeading
        id="presence-heading"
        eyebrow="Where we work"
        title="Presence"
        subtitle="Offices and partners across the countries we serve."
      />
      {countries.length === 0 ? (
        <Text textAlign="center" color="fg.muted">
          Our countries of presence will be listed here soon.
        </Text>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          {countries.map((country) => (
            <HStack
              as="li"
              key={country.id}
              gap="4"
              p="4"
              rounded="lg"
              borderWidth="1px"
              borderColor="gray.200"
              bg="gray.50"
            >
              <Box flexShrink={0} w="48px" h="32px" rounded="sm" overflow="hidden" boxShadow="xs" bg="gray.100">
                <Image src={country.flagImageUrl} alt={`Flag of ${country.name}`} width={48} height={32} w="48px" h="32px" objectFit="cover" loading="lazy" />
              </Box>
              <Text flex="1" fontWeight="semibold" color="brand.900">
                {country.name}
              </Text>
              <Badge variant="outline" colorPalette="brand" fontFamily="mono">
                {country.code}
              </Badge>
            </HStack>
          ))}
        </SimpleGrid>
      )}
    </LandingSection>
  );
}
