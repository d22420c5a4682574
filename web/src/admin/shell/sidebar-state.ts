import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/** The sidebar state: cookie `sidebar_state`, kept 7 days; mobile below 768px. */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const MOBILE_QUERY = '(max-width: 767px)';

export function readSidebarCookie(cookie: string): boolean {
  const match = cookie.match(/(?:^|;\s*)sidebar_state=(true|false)/);
  return match ? match[1] === 'true' : true;
}

function writeSidebarCookie(expanded: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

function subscribeMobile(onChange: () => void) {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeMobile,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

export interface SidebarState {
  isMobile: boolean;
  /** Desktop: 16rem with labels, or 3rem of icons. Remembered in the cookie. */
  expanded: boolean;
  /** Mobile: the off-canvas sheet. */
  mobileOpen: boolean;
  setMobileOpen(open: boolean): void;
  toggle(): void;
}

/** Sidebar open state: the header button and Ctrl/Cmd+B toggle it. */
export function useSidebarState(): SidebarState {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState(() => (typeof document === 'undefined' ? true : readSidebarCookie(document.cookie)));
  const [mobileOpen, setMobileOpen] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setMobileOpen((open) => !open);
      return;
    }
    setExpanded((value) => {
      writeSidebarCookie(!value);
      return !value;
    });
  }, [isMobile]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === 'b' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        toggle();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { isMobile, expanded, mobileOpen, setMobileOpen, toggle };
}
