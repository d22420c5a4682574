import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import type { LandingPageQuery } from '../../graphql/generated/graphql';
import { SectionHeading } from '../../components/SectionHeading';
import { LandingSection } from './LandingSection';

export const DEFAULT_YEAR_ESTABLISHED = '2011';

type Statistics = LandingPageQuery['statistics'];

/**
 * The figures of the statistics band; counts carry the '+' prefix, the year does not. A count not
 * entered yet (0, as on a fresh install) is left out: '+0' would read as broken.
 */
export function statisticsFigures(statistics: Statistics) {
  const year = statistics?.yearEstablished?.trim() || DEFAULT_YEAR_ESTABLISHED;
  const counts = [
    { label: 'Expert Consultants', count: statistics?.expertCount ?? 0 },
    { label: 'Completed Projects', count: statistics?.projectCount ?? 0 },
    { label: 'Partners', count: statistics?.partnerCount ?? 0 },
  ];
  return [
    { label: 'Year Established', value: year },
    ...counts.filter(({ count }) => count > 0).map(({ label, count }) => ({ label, value: `+${count}` })),
  ];
}

export function StatisticsSection({ statistics }: { statistics: Statistics }) {
  const figures = statisticsFigures(statistics);
  return (
    <LandingSection id="statistics" tone="dark" bgGradient="to-br" gradientFrom="brand.950" gradientTo="brand.800">
      <SectionHeading id="statistics-heading" eyebrow="By the numbers" title="Statistics" inverted />
      <SimpleGrid
        as="dl"
        columns={{ base: Math.min(2, figures.length), lg: figures.length }}
        gap={{ base: '3', md: '6' }}
        maxW={figures.length < 4 ? `${figures.length * 18}rem` : undefined}
        mx="auto"
      >
        {figures.map((figure) => (
          <Box
            key={figure.label}
            textAlign="center"
            py={{ base: '5', md: '8' }}
            px={{ base: '2', md: '4' }}
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
            <Text as="dd" fontFamily="heading" fontSize={{ base: '3xl', md: '5xl' }} fontWeight="semibold" color="accent.300" lineHeight="1">
              {figure.value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
