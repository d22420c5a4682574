import { Box, Button, Grid, Image, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ArrowRight } from 'lucide-react';
import teamIllustrationUrl from '../../assets/team.svg?no-inline';
import { SectionHeading } from '../../components/SectionHeading';
import { LandingSection } from './LandingSection';

export function TeamSection() {
  return (
    <LandingSection id="team" tone="white">
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap={{ base: '6', lg: '16' }} alignItems="center">
        <Box rounded="2xl" overflow="hidden" boxShadow="lg" bg="brand.50" aspectRatio={{ base: 16 / 9, lg: 4 / 3 }}>
          <Image
            src={teamIllustrationUrl}
            alt="Illustration of our consultants working together"
            width={640}
            height={480}
            w="full"
            h="full"
            objectFit="cover"
            loading="lazy"
          />
        </Box>
        <Stack gap="2" order={{ base: -1, lg: 0 }}>
          <SectionHeading id="team-heading" eyebrow="Our people" title="Team" align="start" />
          <Text fontSize={{ base: 'md', md: 'lg' }} color="gray.700" lineHeight="1.8" mt="-4">
            Senior consultants, economists, engineers and public policy specialists who combine local knowledge with
            international experience.
          </Text>
          <Box pt="6">
            <Button asChild colorPalette="brand" size="lg">
              <RouterLink to="/team">
                Get to Know Our Team <ArrowRight aria-hidden="true" />
              </RouterLink>
            </Button>
          </Box>
        </Stack>
      </Grid>
    </LandingSection>
  );
}
