import { Box, Button, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import type { LandingPageQuery } from '../../graphql/generated/graphql';
import { SectionHeading } from '../../components/SectionHeading';
import { EmptyState } from '../../components/PageStatus';
import { NEW_TAB } from '../../components/ExternalLink';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { useSite } from '../site/use-site';
import { LandingSection } from './LandingSection';
import { brandLogoFor } from './bundled-brand-logos';

type Brand = LandingPageQuery['brands'][number];

/** The website's host name ("northwind.example"), shown under the brand's name. */
export function websiteHost(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

function BrandCard({ brand }: { brand: Brand }) {
  const host = websiteHost(brand.websiteUrl);
  const { firmName } = useSite();
  return (
    <Flex
      as="li"
      direction="column"
      gap={{ base: '2', md: '3' }}
      bg="white"
      rounded="xl"
      borderWidth="1px"
      borderColor="gray.200"
      boxShadow="xs"
      p={{ base: '4', md: '6' }}
      minW="0"
    >
      {/* Every logo in the same square frame, whatever its own size or shape. */}
      <Box w={{ base: '12', md: '16' }} h={{ base: '12', md: '16' }} mb={{ base: '1', md: '2' }} flexShrink={0}>
        <ResponsiveImage
          src={brandLogoFor(brand)}
          alt={brand.altText || `${brand.name} logo`}
          sizes="64px"
          width={64}
          height={64}
          w="full"
          h="full"
          objectFit="contain"
        />
      </Box>
      <Heading as="h3" fontSize={{ base: 'md', md: 'lg' }} fontFamily="heading" color="brand.900" lineHeight="1.3">
        {brand.name}
      </Heading>
      {host && (
        <Text fontSize="xs" color="fg.muted" mt="-1" truncate>
          {host}
        </Text>
      )}
      <Text color="gray.700" fontSize="sm" lineHeight="1.6">
        {brand.description || `A company of the ${firmName} group.`}
      </Text>
      <Box mt="auto" pt={{ base: '1', md: '2' }}>
        <Button asChild variant="outline" colorPalette="brand" size={{ base: 'xs', md: 'sm' }}>
          <a href={brand.websiteUrl} {...NEW_TAB}>
            Visit Website <ExternalLink size={14} aria-hidden="true" />
            <Box as="span" srOnly>
              {' '}
              of {brand.name} (opens in a new tab)
            </Box>
          </a>
        </Button>
      </Box>
    </Flex>
  );
}

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
        <EmptyState text="Our group companies will be listed here soon." />
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '6' }}>
          {brands.map((brand) => (
            <BrandCard key={brand.id} brand={brand} />
          ))}
        </SimpleGrid>
      )}
    </LandingSection>
  );
}
