import { createContext, useContext } from 'react';

/**
 * The site's public origin (https://www.example.com), for addresses that leave the site (share
 * links). The server renderer provides the configured origin (never the request's Host); in the
 * browser it is the origin of the canonical URL the server wrote in the head (the same value, so
 * hydration agrees), else the page's own.
 */
export const SiteOriginContext = createContext<string | null>(null);

function browserOrigin(): string {
  if (typeof document === 'undefined') return '';
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (canonical) {
    try {
      return new URL(canonical).origin;
    } catch {
      // An unreadable canonical URL: the page's own origin below.
    }
  }
  return window.location.origin;
}

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext) ?? browserOrigin();
}
