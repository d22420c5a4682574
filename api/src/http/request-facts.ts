import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { SESSION_COOKIE } from '../auth/session-store.js';

// What the path before Express needs to know about a request, judged exactly as the app judges
// it, from the app's own settings: whether it came over HTTPS (Express's req.secure under the
// app's `trust proxy`), and whether it carries the session cookie.

/** Express's compiled `trust proxy` setting: `app.get('trust proxy fn')`. */
export type TrustProxy = (address: string | undefined, hop: number) => boolean;

/**
 * Express's `req.secure` for a bare node:http request: the connection's protocol, or, when its
 * peer is a trusted proxy, the first value of X-Forwarded-Proto (as written: `HTTPS` is not https).
 */
export function isSecure(req: IncomingMessage, trust: TrustProxy): boolean {
  const own = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress, 0)) return own === 'https';
  const header = req.headers['x-forwarded-proto'];
  const forwarded = (Array.isArray(header) ? header.join(',') : header) || own;
  const comma = forwarded.indexOf(',');
  return (comma === -1 ? forwarded : forwarded.slice(0, comma)).trim() === 'https';
}

const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

/** Whether the request carries a session cookie (signed in, or was: it gets private answers). */
export function hasSessionCookie(req: IncomingMessage): boolean {
  return SESSION_COOKIE_PATTERN.test(req.headers.cookie ?? '');
}
