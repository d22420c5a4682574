import { useEffect, useState } from 'react';
import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { ArrowRight } from 'lucide-react';
import heroVideoUrl from '../../assets/hero.mp4';
import heroPosterUrl from '../../assets/poster.jpg';
import { Logo } from '../../components/Logo';
import { FIRM_NAME } from '../firm';
import { goToSection } from '../sections';

export const HERO_POSTER_URL = heroPosterUrl;

interface HeroSectionProps {
  tagline: string;
  subtitle: string;
}

/**
 * Whether the background video may play: not on small screens, nor for visitors who ask for reduced
 * motion or reduced data (they keep the still poster, and the video is never downloaded).
 */
export function heroVideoAllowed(win: Window = window): boolean {
  const matches = (query: string) => win.matchMedia?.(query).matches === true;
  const saveData = (win.navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
  return matches('(min-width: 48em)') && !matches('(prefers-reduced-motion: reduce)') && !matches('(prefers-reduced-data: reduce)') && !saveData;
}

/**
 * Looping, muted background video behind the firm's logo, tagline and subtitle. The server sends
 * the poster only (as the section's background, preloaded from the head); the browser adds the
 * video over it after hydration where heroVideoAllowed says so, so nothing moves when it starts.
 */
export function HeroSection({ tagline, subtitle }: HeroSectionProps) {
  const [videoAllowed, setVideoAllowed] = useState(false);
  useEffect(() => setVideoAllowed(heroVideoAllowed()), []);
  return (
    <Box
      as="section"
      aria-labelledby="hero-heading"
      position="relative"
      overflow="hidden"
      minH={{ base: '520px', md: 'calc(100vh - 4.5rem)' }}
      display="flex"
      alignItems="center"
      bg="brand.900"
      bgImage={`url(${heroPosterUrl})`}
      bgSize="cover"
      bgPos="center"
      color="white"
    >
      {videoAllowed && (
        <Box asChild position="absolute" inset="0" w="full" h="full" objectFit="cover">
          <video autoPlay muted loop playsInline preload="auto" poster={heroPosterUrl} aria-hidden="true" tabIndex={-1}>
            <source src={heroVideoUrl} type="video/mp4" />
          </video>
        </Box>
      )}
      <Box
        position="absolute"
        inset="0"
        bgGradient="to-r"
        gradientFrom="brand.950/90"
        gradientVia="brand.900/70"
        gradientTo="brand.900/30"
        aria-hidden="true"
      />
      <Container maxW="6xl" position="relative" py={{ base: '16', md: '24' }}>
        <Stack gap={{ base: '6', md: '8' }} maxW="3xl">
          <Logo name={FIRM_NAME} inverted size="lg" />
          <Heading
            as="h1"
            id="hero-heading"
            fontFamily="heading"
            fontWeight="semibold"
            fontSize={{ base: '4xl', md: '6xl' }}
            lineHeight="1.08"
            letterSpacing="-0.01em"
          >
            {tagline}
          </Heading>
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="whiteAlpha.900" maxW="2xl">
            {subtitle}
          </Text>
          <Box>
            <Button
              size="xl"
              bg="accent.400"
              color="brand.950"
              fontWeight="semibold"
              _hover={{ bg: 'accent.300' }}
              onClick={() => goToSection('who-we-are')}
            >
              Explore Our Expertise <ArrowRight aria-hidden="true" />
            </Button>
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
