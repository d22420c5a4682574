import { Box, Button, Container, Heading, Text } from '@chakra-ui/react';
import { CheckCircle2 } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { PageMeta } from '../page-meta';
import { useSite } from '../site/use-site';

/** Where a message sent from the contact form without JavaScript lands (the API answers its post with a 303 here). */
export const CONTACT_THANKS_PATH = '/contact/thanks';

export function ContactThanksPage() {
  const { firmName } = useSite();
  return (
    <>
      <PageMeta title={`Thank you | ${firmName}`} description="Your message has reached us. We will get back to you soon." noindex />
      <Container maxW="3xl" py={{ base: '20', md: '32' }} textAlign="center">
        <Box display="inline-flex" color="accent.600" mb="6" aria-hidden="true">
          <CheckCircle2 size={56} strokeWidth={1.5} />
        </Box>
        <Heading as="h1" fontFamily="heading" fontSize={{ base: '3xl', md: '5xl' }} color="brand.900" lineHeight="1.15">
          Thank you
        </Heading>
        <Text mt="5" color="gray.700" fontSize={{ base: 'md', md: 'lg' }} maxW="xl" mx="auto">
          Your message has reached us. We will get back to you soon.
        </Text>
        <Box mt="10">
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to="/">Back to the home page</RouterLink>
          </Button>
        </Box>
      </Container>
    </>
  );
}
