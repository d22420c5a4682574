import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';

// Every path that names no page gets the one not-found page, which the server renders once (at
// /404) and serves for them all. A path such as /no-such-page would route, in the browser, to a
// simple page asking for its slug: the hydration would then differ from the server's markup and
// make a request. So the server's not-found page says what it is in its embedded data, and the
// browser shows the not-found page at the path it arrived on, without asking.

/** The key in a not-found page's embedded data (entry-server.tsx adds it; entry-client.tsx reads it). */
export const NOT_FOUND_STATE_KEY = '__notFound';

/** The path the server answered with its not-found page (the visit's first), or null. */
export const ServerNotFoundContext = createContext<string | null>(null);

/** Whether the server answered the current path with its not-found page. */
export function useServerNotFound(): boolean {
  const path = useContext(ServerNotFoundContext);
  const { pathname } = useLocation();
  return path !== null && path === pathname;
}
