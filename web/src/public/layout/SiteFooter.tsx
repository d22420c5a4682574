import { Box, Container, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Logo } from '../../components/Logo';
import { FIRM_NAME, FIRM_SHORT_DESCRIPTION } from '../firm';

const FOOTER_LINKS = [
  { to: '/team', label: 'Team' },
  { to: '/news', label: 'News' },
  { to: '/clients', label: 'Projects' },
];

/** A footer link's page is being shown: the list itself or one of its later pages, not an item's own page. */
export const isCurrentSection = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/page/`);

export function SiteFooter() {
  const year = new Date().getFullYear();
  const { pathname } = useLocation();
  return (
    <Box as="footer" bg="brand.950" color="whiteAlpha.800" py={{ base: '10', md: '14' }}>
      <Container maxW="6xl">
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="8">
          <Stack gap="4" maxW="md">
            <Logo name={FIRM_NAME} inverted />
            <Text fontSize="sm">{FIRM_SHORT_DESCRIPTION}</Text>
          </Stack>
          <Box as="nav" aria-label="Footer">
            <Stack as="ul" listStyleType="none" gap="3" fontSize="sm" align={{ base: 'flex-start', md: 'flex-end' }}>
              {FOOTER_LINKS.map(({ to, label }) => (
                <li key={to}>
                  <Link asChild color="whiteAlpha.900" _hover={{ color: 'white' }} _currentPage={{ color: 'white', textDecoration: 'underline' }}>
                    <RouterLink to={to} aria-current={isCurrentSection(pathname, to) ? 'page' : undefined}>
                      {label}
                    </RouterLink>
                  </Link>
                </li>
              ))}
            </Stack>
          </Box>
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
