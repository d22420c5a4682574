import { Box, Container, type BoxProps } from '@chakra-ui/react';
import { HEADER_HEIGHT, type SectionId } from '../sections';

/** A landing section with its anchor id; scrolled-to sections keep clear of the fixed header. */
export function LandingSection({ id, children, tone = 'light', ...rest }: BoxProps & { id: SectionId; tone?: 'light' | 'white' | 'dark' }) {
  const background = tone === 'dark' ? 'brand.900' : tone === 'white' ? 'white' : 'gray.50';
  return (
    <Box
      as="section"
      id={id}
      aria-labelledby={`${id}-heading`}
      scrollMarginTop={HEADER_HEIGHT}
      bg={background}
      color={tone === 'dark' ? 'white' : undefined}
      py={{ base: '16', md: '24' }}
      {...rest}
    >
      <Container maxW="6xl">{children}</Container>
    </Box>
  );
}
