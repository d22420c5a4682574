import { useState } from 'react';
import { Box, Button, type ButtonProps, Container, HStack, IconButton, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { Menu, X } from 'lucide-react';
import { Logo } from '../../components/Logo';
import { HEADER_HEIGHT, LANDING_SECTIONS, scrollToSection } from '../sections';

/**
 * Fixed header: Home link plus one button per landing section. On the landing page a button
 * scrolls smoothly to its section; elsewhere it navigates to /#section. Below 768px (md) the
 * buttons move into a menu that closes once a section is chosen.
 */
export function SiteHeader() {
  const location = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const onLanding = location.pathname === '/';

  function goToSection(id: string) {
    setMenuOpen(false);
    if (onLanding && scrollToSection(id)) return;
    void navigate(`/#${id}`);
  }

  function goHome(event: React.MouseEvent) {
    setMenuOpen(false);
    if (onLanding) {
      event.preventDefault();
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  }

  const navButtonStyle = {
    variant: 'ghost',
    color: 'whiteAlpha.900',
    fontWeight: 'medium',
    _hover: { bg: 'whiteAlpha.200', color: 'white' },
    _focusVisible: { outline: '3px solid', outlineColor: 'accent.400', outlineOffset: '0' },
  } as const;

  /** Home plus one button per section; the desktop bar and the mobile menu differ only in size. */
  const navItems = (buttonProps: ButtonProps) => (
    <>
      <li>
        <Button asChild {...navButtonStyle} {...buttonProps}>
          <RouterLink to="/" onClick={goHome}>
            Home
          </RouterLink>
        </Button>
      </li>
      {LANDING_SECTIONS.map((section) => (
        <li key={section.id}>
          <Button {...navButtonStyle} {...buttonProps} onClick={() => goToSection(section.id)}>
            {section.label}
          </Button>
        </li>
      ))}
    </>
  );

  return (
    <Box
      as="header"
      position="fixed"
      top="0"
      insetX="0"
      zIndex="sticky"
      bg="brand.900/95"
      backdropFilter="saturate(180%) blur(8px)"
      borderBottomWidth="1px"
      borderColor="whiteAlpha.200"
      color="white"
    >
      <Container maxW="6xl" h={HEADER_HEIGHT} display="flex" alignItems="center" justifyContent="space-between" gap="4">
        <RouterLink to="/" onClick={goHome} aria-label="Home">
          <Logo inverted compact />
        </RouterLink>
        <Box as="nav" aria-label="Main" hideBelow="md">
          <HStack as="ul" gap={{ md: '0', xl: '1' }} listStyleType="none">
            {navItems({ size: { md: 'xs', lg: 'sm' }, px: { md: '1.5', xl: '3' } })}
          </HStack>
        </Box>
        <IconButton
          hideFrom="md"
          variant="ghost"
          color="white"
          _hover={{ bg: 'whiteAlpha.200' }}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X /> : <Menu />}
        </IconButton>
      </Container>
      {menuOpen && (
        <Box id="mobile-menu" as="nav" aria-label="Mobile" hideFrom="md" bg="brand.900" borderTopWidth="1px" borderColor="whiteAlpha.200">
          <Stack as="ul" listStyleType="none" gap="0" py="2" px="4">
            {navItems({ w: 'full', justifyContent: 'flex-start', size: 'lg' })}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
