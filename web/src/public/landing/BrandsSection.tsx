import { Box, Button, Heading, Image, SimpleGrid, Text } from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import type { LandingPageQuery } from '../../graphql/generated/graphql';
import { SectionHeading } from '../../components/SectionHeading';
import { NEW_TAB } from '../../components/ExternalLink';
import { LandingSection } from './LandingSection';
import { brandLogoFor } from './bundled-brand-logos';

export function BrandsSection({ brands }: { brands: LandingPageQuery['brands'] }) {
  return (
    <LandingSection id="brands">
      <SectionHeading
        id="brands-heading"
        eyebrow="Our group"
        title="Companies"
        subtitle="Sister companies that extend what we can offer our clients."
      />
      {brands.length === 0 ? (
        <Text textAlign="center" color="fg.muted">
          Our group companies will be listed here soon.
        </Text>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, xl: 4 }} gap="6">
          {brands.map((brand) => (
            <Box
              as="li"
              key={brand.id}
              bg="white"
              rounded="xl"
              borderWidth="1px"
              borderColor="gray.200"
              boxShadow="xs"
              p="7"
              display="flex"
              flexDirection="column"
              gap="4"
            >
              <Box h="64px" display="flex" alignItems="center">
                <Image src={brandLogoFor(brand)} alt={brand.altText || `${brand.name} logo`} width={200} height={64} maxH="64px" w="auto" maxW="200px" objectFit="contain" loading="lazy" />
              </Box>
              <Heading as="h3" fontSize="lg" fontFamily="heading" color="brand.900">
                {brand.name}
              </Heading>
              {brand.description && (
                <Text color="gray.700" fontSize="sm" lineHeight="1.7">
                  {brand.description}
                </Text>
              )}
              <Box mt="auto" pt="2">
                <Button asChild variant="outline" colorPalette="brand" size="sm">
                  <a href={brand.websiteUrl} {...NEW_TAB}>
                    Visit Website <ExternalLink size={14} aria-hidden="true" />
                  </a>
                </Button>
              </Box>
            </Box>
          ))}
        </SimpleGrid>
      )}
    </LandingSection>
  );
}
