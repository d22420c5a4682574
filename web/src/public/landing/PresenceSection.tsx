import { Badge, Box, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import type { LandingPageQuery } from '../../graphql/generated/graphql';
import { SectionHeading } from '../../components/SectionHeading';
import { EmptyState } from '../../components/PageStatus';
import { ResponsiveImage } from '../../components/ResponsiveImage';
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
        <EmptyState text="Our countries of presence will be listed here soon." />
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 3, lg: 4 }} gap={{ base: '3', md: '4' }}>
          {countries.map((country) => (
            <Flex
              as="li"
              key={country.id}
              align="center"
              gap={{ base: '2.5', md: '4' }}
              p={{ base: '3', md: '4' }}
              rounded="lg"
              borderWidth="1px"
              borderColor="gray.200"
              bg="gray.50"
              minW="0"
            >
              <Box flexShrink={0} w={{ base: '36px', md: '48px' }} aspectRatio={3 / 2} rounded="sm" overflow="hidden" boxShadow="xs" bg="gray.100">
                <ResponsiveImage
                  src={country.flagImageUrl}
                  alt={`Flag of ${country.name}`}
                  sizes="48px"
                  width={48}
                  height={32}
                  w="full"
                  h="full"
                  objectFit="cover"
                />
              </Box>
              {/* Phones: the code under the name, so names like "Netherlands" keep their line. */}
              <Flex flex="1" minW="0" direction={{ base: 'column', md: 'row' }} align={{ base: 'flex-start', md: 'center' }} gap={{ base: '1', md: '3' }}>
                <Text flex={{ md: '1' }} fontWeight="semibold" color="brand.900" fontSize={{ base: 'sm', md: 'md' }} lineHeight="1.3" hyphens="auto">
                  {country.name}
                </Text>
                <Badge variant="outline" colorPalette="brand" fontFamily="mono" flexShrink={0} size={{ base: 'xs', md: 'sm' }}>
                  {country.code}
                </Badge>
              </Flex>
            </Flex>
          ))}
        </SimpleGrid>
      )}
    </LandingSection>
  );
}
