import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import type { LandingPageQuery } from '../../graphql/generated/graphql';
import { SectionHeading } from '../../components/SectionHeading';
import { LandingSection } from './LandingSection';

export const DEFAULT_YEAR_ESTABLISHED = '2011';

type Statistics = LandingPageQuery['statistics'];

/** The four figures of the statistics band; counts carry the '+' prefix, the year does not. */
export function statisticsFigures(statistics: Statistics) {
  const year = statistics?.yearEstablished?.trim() || DEFAULT_YEAR_ESTABLISHED;
  return [
    { label: 'Year Established', value: year },
    { label: 'Expert Consultants', value: `+${statistics?.expertCount ?? 0}` },
    { label: 'Completed Projects', value: `+${statistics?.projectCount ?? 0}` },
    { label: 'Partners', value: `+${statistics?.partnerCount ?? 0}` },
  ];
}

export function StatisticsSection({ statistics }: { statistics: Statistics }) {
  return (
    <LandingSection id="statistics" tone="dark" bgGradient="to-br" gradientFrom="brand.950" gradientTo="brand.800">
      <SectionHeading id="statistics-heading" eyebrow="By the numbers" title="Statistics" inverted />
      <SimpleGrid as="dl" columns={{ base: 2, lg: 4 }} gap={{ base: '4', md: '6' }}>
        {statisticsFigures(statistics).map((figure) => (
          <Box
            key={figure.label}
            textAlign="center"
            py={{ base: '6', md: '8' }}
            px="4"
            rounded="xl"
            borderWidth="1px"
            borderColor="whiteAlpha.200"
            bg="whiteAlpha.50"
            display="flex"
            flexDirection="column-reverse"
          >
            <Text as="dt" mt="2" fontSize={{ base: 'sm', md: 'md' }} color="whiteAlpha.900">
              {figure.label}
            </Text>
            <Text as="dd" fontFamily="heading" fontSize={{ base: '4xl', md: '5xl' }} fontWeight="semibold" color="accent.300" lineHeight="1">
              {figure.value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
