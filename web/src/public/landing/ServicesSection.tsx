import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { Cpu, Globe, Landmark, Lightbulb, Scale, Target, type LucideIcon } from 'lucide-react';
import { IconBadge } from '../../components/IconBadge';
import { SectionHeading } from '../../components/SectionHeading';
import { LandingSection } from './LandingSection';

/** The six services are fixed by the firm, not edited in the admin panel. */
export const SERVICES: { title: string; summary: string; icon: LucideIcon }[] = [
  {
    title: 'Strategic Planning and Development',
    summary: 'Long-term strategies, operating models and roadmaps that turn ambition into measurable results.',
    icon: Target,
  },
  {
    title: 'Public Reform and Institutional Development',
    summary: 'Helping public bodies modernise structures, processes and services for citizens.',
    icon: Landmark,
  },
  {
    title: 'Feasibility Studies, Valuation, Merges and Acquisitions',
    summary: 'Independent analysis to support investment decisions, valuations and transactions.',
    icon: Scale,
  },
  {
    title: 'Export Planning and International Market Research',
    summary: 'Market entry research and export plans that open new markets with confidence.',
    icon: Globe,
  },
  {
    title: 'Innovation Management',
    summary: 'Building the processes and culture that let organisations innovate repeatedly.',
    icon: Lightbulb,
  },
  {
    title: 'Technology & AI Solutions',
    summary: 'Practical digital and AI solutions, from strategy to working systems.',
    icon: Cpu,
  },
];

export function ServicesSection() {
  return (
    <LandingSection id="services">
      <SectionHeading
          id="services-heading"
          eyebrow="What we do"
          title="Services"
          subtitle="Advisory services for governments, institutions and companies at every stage of growth."
      />
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap={{ base: '3', md: '6' }}>
        {SERVICES.map(({ title, summary, icon: Icon }) => (
          <Box
            as="li"
            key={title}
            bg="white"
            p={{ base: '5', md: '7' }}
            // Phones: icon beside the text, so six cards do not make a very long page.
            display={{ base: 'grid', md: 'block' }}
            gridTemplateColumns="auto 1fr"
            columnGap="4"
            rounded="xl"
            borderWidth="1px"
            borderColor="gray.200"
            borderTopWidth="3px"
            borderTopColor="accent.500"
            boxShadow="xs"
          >
            <IconBadge icon={Icon} mb={{ base: '0', md: '5' }} gridRow="span 2" w={{ base: '10', md: '12' }} h={{ base: '10', md: '12' }} />
            <Heading as="h3" fontSize={{ base: 'md', md: 'lg' }} fontFamily="heading" color="brand.900" lineHeight="1.35" mb={{ base: '1', md: '2' }}>
              {title}
            </Heading>
            <Text color="gray.600" fontSize="sm" lineHeight={{ base: '1.6', md: '1.7' }}>
              {summary}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
