import { Box, Button, Container, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PageMeta } from '../page-meta';
import { useSite } from '../site/use-site';

export function NotFoundPage() {
  const { firmName } = useSite();
  return (
    <>
      <PageMeta title={`404 Page Not Found | ${firmName}`} description="The page you are looking for does not exist." status={404} />
      <Container maxW="3xl" py={{ base: '24', md: '32' }} textAlign="center">
        {/* The large numeral is decoration (the heading says it): drawn as generated content, not text. */}
        <Text
          fontFamily="heading"
          fontSize={{ base: '6xl', md: '8xl' }}
          color="brand.100"
          lineHeight="1"
          aria-hidden="true"
          _before={{ content: '"404"' }}
        />
        <Heading as="h1" mt="4" fontFamily="heading" fontSize={{ base: '2xl', md: '4xl' }} color="brand.900">
          404 Page Not Found
        </Heading>
        <Text mt="4" color="fg.muted" fontSize="lg">
          Did you forget to add the page to the router?
        </Text>
        <Box mt="8">
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to="/">Back to the home page</RouterLink>
          </Button>
        </Box>
      </Container>
    </>
  );
}
