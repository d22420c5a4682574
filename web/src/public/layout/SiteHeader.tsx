import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { Box, Button, type ButtonProps, Container, HStack, IconButton, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import { Logo } from '../../components/Logo';
import { useSite } from '../site/use-site';
import { darkBandLogo } from '../site/site';
import { HEADER_HEIGHT, goToSection } from '../sections';
import { navTargets, type NavTarget } from './nav-targets';

const noSubscription = () => () => {};

/**
 * Whether this render is the server's markup: the server's own render and React's hydration of it
 * (true), or the app's render (false, from the render after hydration on).
 */
function useServerMarkup(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * Fixed header: the logo, a Home link and one link per landing section (`/#news`). On the landing
 * page a section link scrolls smoothly to its section and moves focus there; elsewhere it goes to
 * /#section, except on a section's own page (/news for News), where it stays. The current page's
 * entry carries aria-current. Below 1024px (lg), where ten links and the firm's name do not fit
 * in one row, the links move into a menu that holds keyboard focus while open (Tab cycles through
 * its button and links) and closes on Escape (focus back on its button), a tap outside it, or any
 * navigation.
 *
 * A public page may be read a while before the app runs it (entry-boot.ts), and its menu works from
 * the start: the server's markup carries the menu as an HTML popover its button opens and closes
 * (Escape and a tap outside too), with no script. When the app takes over, a menu opened meanwhile
 * stays open as the app's own.
 */
export function SiteHeader() {
  const location = useLocation();
  const site = useSite();
  const [menuOpen, setMenuOpen] = useState(false);
  const serverMarkup = useServerMarkup();
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);
  const onLanding = location.pathname === '/';

  // Opened as the server's popover before the app ran: it stays open (the app's render then drops the popover).
  useLayoutEffect(() => {
    if (menu.current?.matches(':popover-open')) setMenuOpen(true);
  }, []);

  // Any navigation (header, footer, in-page links, back/forward) closes the menu; not the app's start.
  const place = `${location.key} ${location.pathname}${location.hash}`;
  const shownAt = useRef(place);
  useEffect(() => {
    if (shownAt.current === place) return;
    shownAt.current = place;
    setMenuOpen(false);
  }, [place]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') {
        holdFocus(event);
        return;
      }
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    // Focus stays on the menu's button and links: past the last it wraps to the button, and back.
    const holdFocus = (event: KeyboardEvent) => {
      const links = [...(header.current?.querySelectorAll<HTMLElement>('#mobile-menu a[href]') ?? [])];
      const ring = [toggle.current, ...links].filter((element): element is HTMLElement => element !== null);
      if (ring.length === 0) return;
      const at = ring.indexOf(document.activeElement as HTMLElement);
      const next = at === -1 ? 0 : (at + (event.shiftKey ? ring.length - 1 : 1)) % ring.length;
      event.preventDefault();
      ring[next]!.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!header.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  function follow(event: MouseEvent<HTMLAnchorElement>, target: NavTarget) {
    setMenuOpen(false);
    // Modified clicks (new tab, new window) keep the browser's own behaviour.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    if (target.sectionId && onLanding) {
      if (!goToSection(target.sectionId)) return;
      event.preventDefault();
      window.history.replaceState(window.history.state, '', target.href);
    } else if (target.current) {
      // The page being shown: back to its top, focus on its content.
      event.preventDefault();
      window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
      if (onLanding) window.history.replaceState(window.history.state, '', '/');
      document.getElementById('main')?.focus({ preventScroll: true });
    }
  }

  const navLinkStyle = {
    variant: 'ghost',
    color: 'whiteAlpha.900',
    fontWeight: 'medium',
    _hover: { bg: 'whiteAlpha.200', color: 'white' },
    _focusVisible: { outline: '3px solid', outlineColor: 'accent.400', outlineOffset: '0' },
    _currentPage: { color: 'white', boxShadow: 'inset 0 -2px 0 0 {colors.accent.400}' },
  } as const;

  /** The entries; the desktop bar and the mobile menu differ only in size. */
  const navItems = (buttonProps: ButtonProps) =>
    navTargets(location.pathname).map((target) => (
      <li key={target.label}>
        <Button asChild {...navLinkStyle} {...buttonProps}>
          <RouterLink to={target.href} aria-current={target.current ? 'page' : undefined} onClick={(event) => follow(event, target)}>
            {target.label}
          </RouterLink>
        </Button>
      </li>
    ));

  return (
    <Box
      ref={header}
      as="header"
      css={serverMarkup ? POPOVER_ICONS : undefined}
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
        <RouterLink to="/" onClick={(event) => follow(event, navTargets(location.pathname)[0])}>
          <Logo name={site.firmName} {...darkBandLogo(site)} inverted />
        </RouterLink>
        <Box as="nav" aria-label="Main" hideBelow="lg">
          <HStack as="ul" gap={{ lg: '0', xl: '1' }} listStyleType="none">
            {navItems({ size: 'sm', px: { lg: '1.5', xl: '3' } })}
          </HStack>
        </Box>
        <IconButton
          ref={toggle}
          hideFrom="lg"
          variant="ghost"
          color="white"
          // Open, the ghost button's light "expanded" fill would put the white X on #F4F4F5.
          _hover={{ bg: 'whiteAlpha.200' }}
          _expanded={{ bg: 'whiteAlpha.200', color: 'white' }}
          _focusVisible={{ outline: '3px solid', outlineColor: 'accent.400', outlineOffset: '0' }}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          popoverTarget={serverMarkup ? 'mobile-menu' : undefined}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {serverMarkup ? (
            <>
              <Menu data-menu-icon="closed" />
              <X data-menu-icon="open" />
            </>
          ) : menuOpen ? (
            <X />
          ) : (
            <Menu />
          )}
        </IconButton>
      </Container>
      {(menuOpen || serverMarkup) && (
        <Box
          ref={menu}
          id="mobile-menu"
          as="nav"
          aria-label="Mobile"
          hideFrom="lg"
          bg="brand.900"
          borderTopWidth="1px"
          borderColor="whiteAlpha.200"
          {...(serverMarkup && { popover: 'auto', css: POPOVER_MENU })}
        >
          <Stack as="ul" listStyleType="none" gap="0" py="2" px="4">
            {navItems({ w: 'full', justifyContent: 'flex-start', size: 'lg' })}
          </Stack>
        </Box>
      )}
    </Box>
  );
}

/**
 * The server's menu as a popover: in the top layer, so placed where the app's menu sits (under the
 * bar, over the header's bottom line, the screen's width, that line under it), not where a popover
 * goes by default.
 */
const POPOVER_MENU = {
  position: 'fixed',
  insetInline: '0',
  top: HEADER_HEIGHT,
  bottom: 'auto',
  width: 'auto',
  height: 'auto',
  margin: '0',
  padding: '0',
  overflow: 'visible',
  color: 'inherit',
  borderBottomWidth: '1px',
} as const;

/** The server's menu button shows the X while its popover is open. */
const POPOVER_ICONS = {
  '& [data-menu-icon="open"]': { display: 'none' },
  '&:has(#mobile-menu:popover-open)': {
    '& [data-menu-icon="open"]': { display: 'block' },
    '& [data-menu-icon="closed"]': { display: 'none' },
  },
} as const;
