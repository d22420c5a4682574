import { Grid, Link, Stack, Text } from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import { SectionHeading } from '../../components/SectionHeading';
import { NEW_TAB } from '../../components/ExternalLink';
import { LandingSection } from './LandingSection';

export function WhoWeAreSection({ description, websiteUrl }: { description: string; websiteUrl?: string }) {
  const paragraphs = description.split(/\n\s*\n/).filter((p) => p.trim() !== '');
  return (
    <LandingSection id="who-we-are" tone="white">
      <Grid templateColumns={{ base: '1fr', lg: '5fr 7fr' }} gap={{ base: '0', lg: '16' }} alignItems="start">
        <SectionHeading id="who-we-are-heading" eyebrow="About us" title="Who We Are" align="start" />
        <Stack gap="5" fontSize={{ base: 'md', md: 'lg' }} color="gray.700" lineHeight="1.8">
          {paragraphs.map((paragraph, index) => (
            <Text key={index} whiteSpace="pre-line">
              {paragraph}
            </Text>
          ))}
          {websiteUrl && (
            <Link href={websiteUrl} {...NEW_TAB} color="brand.700" fontWeight="semibold" alignSelf="flex-start">
              Visit our main website <ExternalLink size={16} aria-hidden="true" />
            </Link>
          )}
        </Stack>
      </Grid>
    </LandingSection>
  );
}
