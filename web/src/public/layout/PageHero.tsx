import type { ReactNode } from 'react';
import { Box, Container, Heading, Text } from '@chakra-ui/react';

/** The navy band that opens the team, news and projects pages and the firm's own pages. */
export function PageHero({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <Box
      bgGradient="to-br"
      gradientFrom="brand.900"
      gradientTo="brand.700"
      color="white"
      pt={{ base: '14', md: '20' }}
      pb={{ base: '12', md: '16' }}
    >
      <Container maxW="6xl">
        <Heading as="h1" fontFamily="heading" fontWeight="semibold" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1.1" overflowWrap="break-word">
          {title}
        </Heading>
        <Box h="3px" w="14" bg="accent.400" mt="5" rounded="full" aria-hidden="true" />
        {subtitle && (
          <Text mt="5" maxW="2xl" fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.900">
            {subtitle}
          </Text>
        )}
      </Container>
    </Box>
  );
}
