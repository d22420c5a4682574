import { Box, Container, type BoxProps } from '@chakra-ui/react';
import { HEADER_HEIGHT, type SectionId } from '../sections';

/**
 * A landing section with its anchor id; scrolled-to sections keep clear of the fixed header and take
 * keyboard focus, so the next Tab continues inside the chosen section.
 */
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
      py={{ base: '12', md: '20' }}
      // Focus lands on the section a visitor chose in the header (no ring on the whole band).
      tabIndex={-1}
      _focus={{ outline: 'none' }}
      {...rest}
    >
      <Container maxW="6xl">{children}</Container>
    </Box>
  );
}
