import type { Request, RequestHandler } from 'express';
import helmet from 'helmet';
import type { HeaderPolicy } from './route.js';
import { headerPolicyOf, isLandingPagePath } from './route-table.js';

// Security headers on every response (pages, API, static files, uploads, errors), set before any
// route runs. Helmet writes them; this module decides which policy a path gets:
// - the admin panel and the API: nothing may frame them;
// - public pages and static files: framing by the site itself only;
// - uploaded files: a sandboxed document that can run nothing, even when opened directly;
// - the Apollo Sandbox landing page (GET /graphql, development or GRAPHQL_INTROSPECTION):
//   Apollo's own page, which loads its scripts from Apollo's CDN (see below).
// Scripts: 'self' only. The one inline script the pages had (the Apollo cache state) is now a
// JSON data block, which a CSP does not govern. Styles allow 'unsafe-inline': Emotion (Chakra UI)
// writes <style> elements at run time. Content may show images from any http(s) URL.

type Directives = Record<string, string[]>;

const BASE: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'media-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
};

const PUBLIC: Directives = { ...BASE, 'frame-ancestors': ["'self'"] };
const LOCKED: Directives = { ...BASE, 'frame-ancestors': ["'none'"] };
const UPLOAD: Directives = {
  'default-src': ["'none'"],
  'img-src': ["'self'"],
  'style-src': ["'unsafe-inline'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  sandbox: [],
};

// Apollo's landing page brings its own CSP (a <meta> with a per-request nonce for its inline
// scripts). Both policies apply, so this header only has to let that page's sources through;
// 'unsafe-inline' here is narrowed by the nonce of Apollo's own policy.
const APOLLO_CDNS = [
  'https://apollo-server-landing-page.cdn.apollographql.com',
  'https://embeddable-sandbox.cdn.apollographql.com',
  'https://embeddable-explorer.cdn.apollographql.com',
];
const GRAPHQL_LANDING: Directives = {
  ...LOCKED,
  'script-src': ["'self'", "'unsafe-inline'", ...APOLLO_CDNS],
  'style-src': ["'self'", "'unsafe-inline'", ...APOLLO_CDNS, 'https://fonts.googleapis.com'],
  'font-src': ["'self'", 'https://fonts.gstatic.com'],
  'img-src': ["'self'", 'data:', ...APOLLO_CDNS],
  'manifest-src': ["'self'", ...APOLLO_CDNS],
  'frame-src': ['https://sandbox.embed.apollographql.com', 'https://explorer.embed.apollographql.com'],
};

/** A route's policy (route.ts), or Apollo's landing page. */
type Policy = HeaderPolicy | 'graphql-landing';

/** The policy of a request: its route's (route-table.ts), or Apollo's landing page for a browser's GET of it. */
export function policyFor(req: Request, landingPageEnabled: boolean): Policy {
  if (landingPageEnabled && req.method === 'GET' && isLandingPagePath(req.path) && req.accepts(['json', 'html']) === 'html') return 'graphql-landing';
  return headerPolicyOf(req.path);
}

function helmetFor(directives: Directives, framing: 'deny' | 'sameorigin', resourcePolicy: 'same-origin' | 'cross-origin') {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginResourcePolicy: { policy: resourcePolicy },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: framing },
    // Set below, on HTTPS requests only: over plain HTTP the header means nothing.
    strictTransportSecurity: false,
  });
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The security headers middleware, and the same headers as a fixed list for answering before Express. */
export interface SecurityHeaders extends RequestHandler {
  /**
   * The headers the middleware sets on a plain-HTTP response for `path` under the page or API
   * policy (they do not depend on anything else), for the public cache's hits, which are answered
   * before Express runs (app.ts). Null for the paths whose policy depends on more (uploads, a
   * GET of /graphql, which may be the landing page): those go through the middleware. `method`:
   * the request's (a POST of /graphql is never the landing page: the API's policy).
   * The policy of a path comes from the route table (route-table.ts).
   */
  fixedHeaders(path: string, method?: string): ReadonlyArray<readonly [string, string]> | null;
}

/** Mount first in app.ts. `graphqlLandingPage`: the Apollo Sandbox is served at GET /graphql. */
export function securityHeaders({ graphqlLandingPage }: { graphqlLandingPage: boolean }): SecurityHeaders {
  const policies: Record<Policy, RequestHandler> = {
    public: helmetFor(PUBLIC, 'sameorigin', 'same-origin'),
    locked: helmetFor(LOCKED, 'deny', 'same-origin'),
    // Other sites (integrators, a CDN) may show uploaded images.
    upload: helmetFor(UPLOAD, 'deny', 'cross-origin'),
    'graphql-landing': helmetFor(GRAPHQL_LANDING, 'deny', 'same-origin'),
  };
  const middleware: RequestHandler = (req, res, next) => {
    // req.secure follows TRUST_PROXY: TLS terminated by a trusted proxy counts.
    if (req.secure) res.set('Strict-Transport-Security', `max-age=${ONE_YEAR_SECONDS}`);
    policies[policyFor(req, graphqlLandingPage)](req, res, next);
  };
  const fixed = { public: capture(policies.public), locked: capture(policies.locked) };
  return Object.assign(middleware, {
    fixedHeaders(path: string, method = 'GET') {
      const policy = headerPolicyOf(path);
      if (policy === 'upload' || (method !== 'POST' && isLandingPagePath(path))) return null;
      return fixed[policy];
    },
  });
}

/** What a helmet middleware writes (helmet's headers are fixed per configuration), as a list. */
function capture(middleware: RequestHandler): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  let done = false;
  middleware({} as never, res as never, () => (done = true));
  if (!done) throw new Error('a security headers middleware did not finish synchronously');
  return [...headers];
}
