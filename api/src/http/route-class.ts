import type { RouteClass } from '../ops/request-counts.js';
import { routeOf, servedBeforePages, SITE_PATHS } from './route-table.js';
import { ADMIN_API_ROOT, API_ROOT, GRAPHQL_PATH, type Route } from './route.js';

// The class of a request for the metrics (http/request-metrics.ts): one of ROUTE_CLASSES
// (ops/request-counts.ts), derived from the route table's row, never the path itself.

/**
 * A row's class: GraphQL; the site's rows (the web app's files, the admin panel's shell, the
 * pages); stored files and image uploads; the public reads the read cache keeps; staff routes;
 * the rest of the REST API; the files among the pages (robots.txt, sitemap.xml, feeds) count as
 * pages; anything else (health, metrics) is `other`.
 */
export function routeClassOfRow(route: Route): RouteClass {
  if (route.metricsClass) return route.metricsClass;
  if (route.serve === 'graphql' || route.path === GRAPHQL_PATH) return 'graphql';
  if (route.serve === 'site') return route.path === SITE_PATHS.assets ? 'asset' : route.path === SITE_PATHS.adminPanel ? 'admin' : 'page';
  if (route.headers === 'upload') return 'upload';
  if (route.cached) return 'read';
  if (route.access !== 'public') return 'admin';
  if (route.path.startsWith(`${API_ROOT}/`)) return 'api';
  if (route.headers === 'public') return 'page';
  return 'other';
}

/** Distinct method + path pairs whose class is remembered; more are matched each time. */
const REMEMBERED = 2_000;
const known = new Map<string, RouteClass>();

/** A path no row serves (a 404, a method a path does not take): its area's class. */
function unservedClass(path: string): RouteClass {
  if (path === ADMIN_API_ROOT || path.startsWith(`${ADMIN_API_ROOT}/`)) return 'admin';
  if (path.startsWith(`${API_ROOT}/`)) return 'api';
  return 'other';
}

/** The class of `method` `path` (no query string): its row's, or for a path no row serves, its area's. */
export function routeClassOf(method: string, path: string): RouteClass {
  const key = `${method} ${path}`;
  let found = known.get(key);
  if (found === undefined) {
    const row = routeOf(method, path);
    // The pages' row takes any GET; under the API's areas (/api, /graphql, ...) the pages leave a path alone.
    const served = row && !(row.route.path === SITE_PATHS.pages && servedBeforePages(path)) ? row.route : null;
    found = served ? routeClassOfRow(served) : unservedClass(path.toLowerCase());
    if (known.size < REMEMBERED) known.set(key, found);
  }
  return found;
}
