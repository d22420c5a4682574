import { Box, Container, Flex, Grid, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Logo } from '../../components/Logo';
import { NEW_TAB, NewTabHint } from '../../components/ExternalLink';
import { currentYear } from '../site/dates';
import { darkBandLogo, type SiteAddress, type SocialLink } from '../site/site';
import { SOCIAL_ICONS } from '../site/social-icons';
import { useSite } from '../site/use-site';

const FOOTER_LINKS = [
  { to: '/team', label: 'Team' },
  { to: '/news', label: 'News' },
  { to: '/clients', label: 'Projects' },
];

/** A footer link's page is being shown: the list itself or one of its later pages, not an item's own page. */
export const isCurrentSection = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/page/`);

/** The postal address as written on a letter: street (its own lines), postal code and city, region, country; only the parts given. */
export function addressLines({ streetAddress, postalCode, city, region, country }: SiteAddress): string[] {
  const street = (streetAddress ?? '').split('\n').map((line) => line.trim()).filter(Boolean);
  const town = [postalCode, city].filter(Boolean).join(' ');
  return [...street, ...(town ? [town] : []), ...(region ? [region] : []), ...(country ? [country] : [])];
}

const LINK_STYLE = { color: 'whiteAlpha.900', _hover: { color: 'white' }, _currentPage: { color: 'white', textDecoration: 'underline' } } as const;

function FooterLinks({ label, links }: { label: string; links: { to: string; label: string; current: boolean }[] }) {
  return (
    <Box as="nav" aria-label={label}>
      <Stack as="ul" listStyleType="none" gap="3" fontSize="sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link asChild {...LINK_STYLE}>
              <RouterLink to={link.to} aria-current={link.current ? 'page' : undefined}>
                {link.label}
              </RouterLink>
            </Link>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** The firm's profiles: each network's mark, named for screen readers, opening in a new tab. */
function SocialLinks({ links }: { links: SocialLink[] }) {
  return (
    <Flex as="ul" listStyleType="none" wrap="wrap" gap="2" aria-label="Social media">
      {links.map((link) => (
        <li key={link.label}>
          <Box
            asChild
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            boxSize="10"
            rounded="full"
            borderWidth="1px"
            borderColor="whiteAlpha.400"
            opacity="0.9"
            _hover={{ bg: 'whiteAlpha.200', opacity: 1 }}
            _focusVisible={{ outline: '3px solid', outlineColor: 'accent.400', outlineOffset: '2px' }}
          >
            <a href={link.url} {...NEW_TAB}>
              <img src={SOCIAL_ICONS[link.icon]} alt="" width={18} height={18} />
              <Box as="span" srOnly>
                {link.label}
              </Box>
              <NewTabHint />
            </a>
          </Box>
        </li>
      ))}
    </Flex>
  );
}

/**
 * The site's footer, from the firm's settings: its logo for dark backgrounds (or its name set in
 * type), footer text, postal address and social links; the site's lists and the pages the firm
 * links here (its legal pages); the copyright line and the Admin Panel link.
 */
export function SiteFooter() {
  const { pathname } = useLocation();
  const site = useSite();
  const lines = addressLines(site.address);
  // "Ltd." ends the holder's name and the sentence alike.
  const holder = site.copyrightHolder.replace(/\.+$/, '');
  return (
    <Box as="footer" bg="brand.950" color="whiteAlpha.800" py={{ base: '10', md: '14' }}>
      <Container maxW="6xl">
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr', md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)' }} columnGap="10" rowGap="8">
          <Stack gap="5" maxW="md" gridColumn={{ sm: '1 / -1', md: 'auto' }}>
            <Box>
              <Logo name={site.firmName} {...darkBandLogo(site)} inverted />
            </Box>
            <Text fontSize="sm" lineHeight="1.7" whiteSpace="pre-line">
              {site.footerText}
            </Text>
            {lines.length > 0 && (
              <Box as="address" fontStyle="normal" fontSize="sm" lineHeight="1.7">
                {lines.map((line, index) => (
                  <Box as="span" display="block" key={index}>
                    {line}
                  </Box>
                ))}
              </Box>
            )}
            {site.social.length > 0 && <SocialLinks links={site.social} />}
          </Stack>
          <FooterLinks label="Footer" links={FOOTER_LINKS.map((link) => ({ ...link, current: isCurrentSection(pathname, link.to) }))} />
          {site.footerPages.length > 0 && (
            <FooterLinks label="Legal" links={site.footerPages.map((page) => ({ to: `/${page.slug}`, label: page.title, current: pathname === `/${page.slug}` }))} />
          )}
        </Grid>
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
            © {currentYear(site)} {holder}. All rights reserved.
          </Text>
          <Link href="/admin" color="whiteAlpha.900" textDecoration="underline" _hover={{ color: 'white' }}>
            Admin Panel
          </Link>
        </Flex>
      </Container>
    </Box>
  );
}
