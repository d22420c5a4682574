import { Box, Container, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../components/Logo';
import { FIRM_NAME, FIRM_SHORT_DESCRIPTION } from '../firm';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <Box as="footer" bg="brand.950" color="whiteAlpha.800" py={{ base: '10', md: '14' }}>
      <Container maxW="6xl">
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="8">
          <Stack gap="4" maxW="md">
            <Logo inverted />
            <Text fontSize="sm">{FIRM_SHORT_DESCRIPTION}</Text>
          </Stack>
          <Stack gap="3" fontSize="sm" align={{ base: 'flex-start', md: 'flex-end' }}>
            <Link asChild color="whiteAlpha.900" _hover={{ color: 'white' }}>
              <RouterLink to="/team">Team</RouterLink>
            </Link>
            <Link asChild color="whiteAlpha.900" _hover={{ color: 'white' }}>
              <RouterLink to="/news">News</RouterLink>
            </Link>
            <Link asChild color="whiteAlpha.900" _hover={{ color: 'white' }}>
              <RouterLink to="/clients">Projects</RouterLink>
            </Link>
          </Stack>
        </Flex>
        <Flex
          mt="10"
          pt="6"
          borderTopWidth="1px"
          borderColor="whiteAlpha.200"
          direction={{ base: 'column', sm: 'row' }}
          justify="space-between"
          gap="3"
          fontSize="sm"
        >
          <Text>
            © {year} {FIRM_NAME}. All rights reserved.
          </Text>
          <Link href="/admin" color="whiteAlpha.900" textDecoration="underline" _hover={{ color: 'white' }}>
            Admin Panel
          </Link>
        </Flex>
      </Container>
    </Box>
  );
}
