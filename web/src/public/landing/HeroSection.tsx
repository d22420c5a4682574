import { useEffect, useRef, useState } from 'react';
import { Box, Button, Container, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, Pause, Play } from 'lucide-react';
import heroVideoUrl from '../../assets/hero.mp4';
import heroPosterUrl from '../../assets/poster.jpg';
import { Logo } from '../../components/Logo';
import { useSite } from '../site/use-site';
import { darkBandLogo } from '../site/site';
import { goToSection } from '../sections';
import { HERO_VIDEO_MEDIA } from './hero-video-media';

export const HERO_POSTER_URL = heroPosterUrl;

interface HeroSectionProps {
  tagline: string;
  subtitle: string;
}


function wantsVideo(): boolean {
  const media = window.matchMedia?.bind(window);
  if (!media || !media(HERO_VIDEO_MEDIA).matches) return false;
  // Unsupported media features simply do not match, so this only ever turns the video off.
  if (media('(prefers-reduced-data: reduce)').matches) return false;
  return !(navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
}

/** A visitor who paused the video keeps it paused for the rest of the visit. */
const PAUSED_KEY = 'hero-video-paused';

function pausedBefore(): boolean {
  try {
    return sessionStorage.getItem(PAUSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberPaused(paused: boolean) {
  try {
    if (paused) sessionStorage.setItem(PAUSED_KEY, '1');
    else sessionStorage.removeItem(PAUSED_KEY);
  } catch {
    // Storage unavailable: the choice holds for this page only.
  }
}

/**
 * Looping, muted background video behind the firm's logo, tagline and subtitle. The page arrives
 * with the poster only (a background image): no <video> element, so a browser without scripts
 * shows no video controls. The video is added in the browser for visitors who get it (see
 * HERO_VIDEO_MEDIA), so small screens and visitors asking for reduced motion or data never download it,
 * with a button to pause and play it (WCAG 2.2.2: moving content that lasts has a pause).
 * Reduced motion also hides the element (CSS).
 */
export function HeroSection({ tagline, subtitle }: HeroSectionProps) {
  const site = useSite();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'none' | 'playing' | 'paused'>('none');
  useEffect(() => {
    if (wantsVideo()) setState(pausedBefore() ? 'paused' : 'playing');
  }, []);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (state === 'playing') void element.play()?.catch(() => {});
    else element.pause();
  }, [state]);
  const toggle = () => {
    const paused = state === 'playing';
    rememberPaused(paused);
    setState(paused ? 'paused' : 'playing');
  };
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
      {state !== 'none' && (
        <Box
          asChild
          position="absolute"
          inset="0"
          w="full"
          h="full"
          objectFit="cover"
          css={{ '@media (prefers-reduced-motion: reduce)': { display: 'none' } }}
        >
          <video ref={video} autoPlay={state === 'playing'} muted loop playsInline preload={state === 'playing' ? 'auto' : 'none'} poster={heroPosterUrl} aria-hidden="true" tabIndex={-1}>
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
          <Logo name={site.firmName} {...darkBandLogo(site)} inverted size="lg" />
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
      {state !== 'none' && (
        <IconButton
          position="absolute"
          bottom={{ base: '4', md: '6' }}
          right={{ base: '4', md: '6' }}
          size="sm"
          rounded="full"
          bg="brand.950/70"
          color="white"
          borderWidth="1px"
          borderColor="whiteAlpha.500"
          _hover={{ bg: 'brand.950' }}
          _focusVisible={{ outline: '3px solid', outlineColor: 'accent.400', outlineOffset: '2px' }}
          aria-label={state === 'playing' ? 'Pause background video' : 'Play background video'}
          onClick={toggle}
        >
          {state === 'playing' ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </IconButton>
      )}
    </Box>
  );
}
