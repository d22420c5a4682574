import { Box, Heading, Text } from '@chakra-ui/react';

interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  /** Heading level: h1 on a page of its own, h2 for a landing section. */
  as?: 'h1' | 'h2';
  inverted?: boolean;
  align?: 'center' | 'start';
}

/** The heading block that opens each section and page: small eyebrow, serif title, brass rule. */
export function SectionHeading({ id, eyebrow, title, subtitle, as = 'h2', inverted, align = 'center' }: SectionHeadingProps) {
  return (
    <Box textAlign={align} mb={{ base: '8', md: '12' }} maxW="3xl" mx={align === 'center' ? 'auto' : undefined}>
      {eyebrow && (
        <Text
          textTransform="uppercase"
          letterSpacing="0.18em"
          fontSize="xs"
          fontWeight="semibold"
          color={inverted ? 'accent.300' : 'accent.700'}
          mb="3"
        >
          {eyebrow}
        </Text>
      )}
      <Heading
        id={id}
        as={as}
        fontFamily="heading"
        fontWeight="semibold"
        fontSize={as === 'h1' ? { base: '3xl', md: '5xl' } : { base: '2xl', md: '4xl' }}
        lineHeight="1.15"
        color={inverted ? 'white' : 'brand.900'}
      >
        {title}
      </Heading>
      <Box
        h="3px"
        w="14"
        bg="accent.500"
        mt="4"
        mx={align === 'center' ? 'auto' : undefined}
        rounded="full"
        aria-hidden="true"
      />
      {subtitle && (
        <Text mt="5" fontSize={{ base: 'md', md: 'lg' }} color={inverted ? 'whiteAlpha.900' : 'fg.muted'}>
          {subtitle}
        </Text>
      )}
    </Box>
  );
}
