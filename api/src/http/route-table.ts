import { match, type MatchFunction } from 'path-to-regexp';
import { activityRoutes } from '../activity/activity.routes.js';
import { accountRoutes } from '../auth/accounts.routes.js';
import { authRoutes } from '../auth/auth.routes.js';
import { contentRoutes } from '../content/content.routes.js';
import { enquiryRoutes } from '../enquiries/enquiries.routes.js';
import { inboxRoutes } from '../enquiries/inbox.routes.js';
import { publicationRoutes } from '../content/publication/publication.routes.js';
import { healthRoutes } from '../ops/health.routes.js';
import { metricsRoutes } from '../ops/metrics.routes.js';
import { previewRoutes } from '../preview/preview.routes.js';
import { referenceRoutes } from '../rest/reference.routes.js';
import { PUBLIC_PAGE_PATHS } from '../seo/seo-files.js';
import { seoRoutes } from '../seo/seo.routes.js';
import { siteIdentityRoutes } from '../site-identity/site-identity.routes.js';
import { uploadRoutes } from '../uploads/upload.routes.js';
import { jobRoutes } from '../jobs/jobs.routes.js';
import { webhookRoutes } from '../webhooks/webhooks.routes.js';
import { ADMIN_PANEL_ROOT, ASSETS_ROOT, GRAPHQL_PATH, type CachedRead, type HeaderPolicy, type Method, type Route } from './route.js';

// The route table: every route the app serves, once, as data (route.ts). What the HTTP layer
// decides about a path is read from here: Express mounting (mount-routes.ts), the OpenAPI
// document (rest/openapi.ts), CORS (cors.ts), the security headers (security-headers.ts), the
// read cache's classification and the path before Express (site/public-reads.ts), and which
// first path segments are not pages (site/mount.ts). A new route is one row in its feature's
// `*.routes.ts`.

/** GraphQL (graphql/mount.ts serves it: Apollo Server; queries are readable cross-origin). */
const graphqlRoutes: Route[] = [
  { method: 'GET', path: GRAPHQL_PATH, access: 'public', headers: 'locked', cors: true, landingPage: true, serve: 'graphql' },
  { method: 'POST', path: GRAPHQL_PATH, access: 'public', headers: 'locked', cors: true, serve: 'graphql' },
];

/** The paths site/mount.ts serves: the web app's files, the admin panel's shell, the pages (last). */
export const SITE_PATHS = { assets: `${ASSETS_ROOT}/{*file}`, adminPanel: `${ADMIN_PANEL_ROOT}{/*screen}`, pages: '/{*page}' } as const;

const siteRoutes: Route[] = [
  { method: 'GET', path: SITE_PATHS.assets, access: 'public', headers: 'public', serve: 'site' },
  { method: 'GET', path: SITE_PATHS.adminPanel, access: 'public', headers: 'locked', serve: 'site' },
  { method: 'GET', path: SITE_PATHS.pages, access: 'public', headers: 'public', serve: 'site' },
];

let table: readonly Route[] | null = null;

/** Every route, in the order Express tries them. */
export function routes(): readonly Route[] {
  table ??= [
    ...graphqlRoutes,
    ...authRoutes(),
    ...accountRoutes(),
    ...uploadRoutes(),
    ...referenceRoutes(routes),
    ...webhookRoutes(),
    ...jobRoutes(),
    ...activityRoutes(),
    ...enquiryRoutes(),
    ...inboxRoutes(),
    ...publicationRoutes(),
    ...contentRoutes(),
    ...previewRoutes(),
    ...healthRoutes(),
    ...metricsRoutes(),
    ...seoRoutes(),
    ...siteIdentityRoutes(),
    ...siteRoutes,
  ];
  return table;
}

interface Compiled {
  route: Route;
  match: MatchFunction<Record<string, string>>;
}

let compiled: Compiled[] | null = null;

/** Matched as Express's router matches (case-insensitive, an optional trailing slash, %-decoded parameters). */
function compiledRoutes(): Compiled[] {
  compiled ??= routes().map((route) => ({ route, match: match<Record<string, string>>(route.path, { sensitive: false, end: true, trailing: true }) }));
  return compiled;
}

/** The routes whose path matches `path` (whatever their method), in table order, with their parameters. */
function* matching(path: string): Generator<{ route: Route; params: Record<string, string> }> {
  for (const { route, match: matches } of compiledRoutes()) {
    let found: ReturnType<typeof matches>;
    try {
      found = matches(path);
    } catch {
      // A parameter that is not valid %-encoding: Express answers it 400; it names no route here.
      continue;
    }
    if (found) yield { route, params: found.params };
  }
}

/** The route `method` + `path` names (HEAD as GET), with its parameters; null when none does. */
export function routeOf(method: string, path: string): { route: Route; params: Record<string, string> } | null {
  const wanted = (method === 'HEAD' ? 'GET' : method) as Method;
  for (const found of matching(path)) if (found.route.method === wanted) return found;
  return null;
}

/** The first segment of a path, lower case (Express routes case-insensitively): `/API/news` -> `api`. */
const firstSegment = (path: string) => path.slice(1).split('/', 1)[0].replace(/[{:*].*$/, '').toLowerCase();

let pageSegments: Set<string> | null = null;

/**
 * Whether a row is a file among the pages (`/news/feed.xml`): under a public page's first segment,
 * it owns its own path only, never the segment (the pages under /news stay pages). It must carry
 * the pages' header policy.
 */
function amongPages(route: Route): boolean {
  pageSegments ??= new Set(PUBLIC_PAGE_PATHS.map(firstSegment).filter((segment) => segment !== ''));
  if (route.serve === 'site' || !pageSegments.has(firstSegment(route.path))) return false;
  if (route.headers !== 'public') throw new Error(`route table: ${route.path} is among the pages but has the ${route.headers} header policy`);
  return true;
}

let policies: Map<string, HeaderPolicy> | null = null;

/**
 * The header policy of the routes under each first path segment (`api` -> locked), from the rows;
 * a path under none of them is a page's. Every route under one segment has the same policy (a
 * segment is one area: the API, the admin, stored files, ...), so a path no route serves (an
 * unknown /api/... or /ADMIN/...) gets its area's policy too.
 */
function policyBySegment(): Map<string, HeaderPolicy> {
  if (policies) return policies;
  policies = new Map();
  for (const route of routes()) {
    const { path, headers } = route;
    const segment = firstSegment(path);
    if (amongPages(route)) continue;
    if (segment === '') continue;
    const known = policies.get(segment);
    if (known && known !== headers) throw new Error(`route table: /${segment} has routes with the ${known} and the ${headers} header policies`);
    policies.set(segment, headers);
  }
  return policies;
}

export function headerPolicyOf(path: string): HeaderPolicy {
  return policyBySegment().get(firstSegment(path)) ?? 'public';
}

/** The first path segments (lower case) that are no page: served by the API, GraphQL, files, ... */
export function notPageSegments(): string[] {
  return [...policyBySegment().keys()];
}

/** Whether `path` belongs to the API's areas (not the pages', the admin shell's or the web app's files'), so the pages leave it alone. */
export function servedBeforePages(path: string): boolean {
  apiSegments ??= new Set(
    routes()
      .filter((route) => route.serve !== 'site' && !amongPages(route))
      .map((route) => firstSegment(route.path)),
  );
  return apiSegments.has(firstSegment(path));
}

let apiSegments: Set<string> | null = null;

/** Paths whose CORS methods are remembered (asked on every request while CORS_ORIGINS is set); more are matched each time. */
const CORS_PATHS_REMEMBERED = 1_000;
const corsByPath = new Map<string, string | null>();

/** The methods a path may be read with cross-origin (CORS_ORIGINS), e.g. 'GET, POST', or null. */
export function corsMethodsOf(path: string): string | null {
  const known = corsByPath.get(path);
  if (known !== undefined) return known;
  const methods = new Set<string>();
  for (const { route } of matching(path)) if (route.cors) methods.add(route.method);
  const answer = methods.size > 0 ? [...methods].join(', ') : null;
  if (corsByPath.size < CORS_PATHS_REMEMBERED) corsByPath.set(path, answer);
  return answer;
}

/** The public read a GET of `path?search` is, for the read cache; null: not one (the route answers it). */
export function cachedReadOf(path: string, search: string): CachedRead | null {
  const found = routeOf('GET', path);
  return found?.route.cached ? found.route.cached(found.params, search) : null;
}

let landingPages: Compiled[] | null = null;

/**
 * Whether a GET of `path` is a route that may be Apollo's landing page (GET /graphql). Asked on
 * every hit answered before Express, so only the rows marked `landingPage` are matched.
 */
export function isLandingPagePath(path: string): boolean {
  landingPages ??= compiledRoutes().filter(({ route }) => route.landingPage);
  return landingPages.some(({ match: matches }) => {
    try {
      return matches(path) !== false;
    } catch {
      return false;
    }
  });
}
