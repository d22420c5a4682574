import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../app-deps.js';
import type { ContentRevisionFeed } from '../site/content-revision-feed.js';
import type { PublicCache } from '../site/public-cache.js';
import type { Permission } from '../auth/permissions.js';
import type { AppMetrics } from '../ops/metrics.js';
import type { RouteClass } from '../ops/request-counts.js';

// One row of the route table (route-table.ts): everything the HTTP layer knows about a route,
// as data. Express mounting, the OpenAPI document, CORS, the security headers, the public read
// cache and the path before Express all read these rows; none of them names a path of its own.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route: anyone, any signed-in account, or a signed-in account whose role grants
 * the permission (auth/permissions.ts). Refused before the handler: 401 anonymous, 403 lacking.
 */
export type Access = 'public' | 'signed-in' | Permission;

/**
 * The security headers a route's answers carry (security-headers.ts): `locked` (the API and the
 * admin: never framed), `public` (pages and their files: framed by the site only), `upload`
 * (stored files: a sandboxed document).
 */
export type HeaderPolicy = 'public' | 'locked' | 'upload';

type Json = Record<string, unknown>;

/** The OpenAPI operation of a REST route: its request and response schemas, for people and for the tests that check real answers against them. */
export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
}

/** A public read the cache may keep (per content revision): its key and how to produce it. */
export interface CachedRead {
  /** The cache key: the path and the parameters the read depends on, normalised. */
  key: string;
  read(em: EntityManager): Promise<unknown>;
}

/** What a route's handler is built with (once, when the app is put together). */
export interface RouteContext {
  deps: AppDeps;
  /** The public read cache and the content revision it is kept by. */
  reads: { cache: PublicCache; feed: ContentRevisionFeed };
  /** The app's metrics (ops/metrics.ts), for the /metrics row. */
  metrics: AppMetrics;
}

export interface Route {
  method: Method;
  /** Express form: `/api/news/:id`. Matched as Express matches it (case-insensitive, an optional trailing slash). */
  path: string;
  access: Access;
  headers: HeaderPolicy;
  /** Readable from the origins of CORS_ORIGINS (public reads only; never with credentials). */
  cors?: boolean;
  /**
   * A public read whose answer the read cache keeps: the read named by the path's parameters and
   * query string, or null when this request is not one to cache (its parameters are wrong, or
   * ask for something that is not a public read: the route answers it).
   */
  cached?: (params: Record<string, string>, search: string) => CachedRead | null;
  /** The REST contract (OpenAPI); absent for routes outside the REST API (pages, GraphQL, health). */
  doc?: Operation;
  /**
   * The handler(s), built once with the app's dependencies; or the module that serves the route
   * itself at this row's path: `graphql` (graphql/mount.ts, Apollo Server) or `site` (site/mount.ts,
   * the pages and their files).
   */
  serve: ((context: RouteContext) => RequestHandler | RequestHandler[]) | 'graphql' | 'site';
  /** GET /graphql: Apollo's landing page when introspection is on (its own header policy). */
  landingPage?: boolean;
  /** The route class its requests are counted under (http/route-class.ts), when the row's other fields do not tell it. */
  metricsClass?: RouteClass;
}

export { ADMIN_API_ROOT, ADMIN_PANEL_ROOT, API_ROOT, ASSETS_ROOT, GRAPHQL_PATH, HEALTH_PATH, METRICS_PATH, READY_PATH, UPLOADS_ROOT } from '../shared/url-paths.js';

type RouteInput = Omit<Route, 'access' | 'headers'> & Partial<Pick<Route, 'headers'>>;

/** Who may call a staff route: any signed-in account, or those whose role grants the permission. Every staff row says which. */
export type StaffAccess = Exclude<Access, 'public'>;

/** A route of the REST API anyone may call (the API's locked header policy). */
export const publicApiRoute = (route: RouteInput): Route => ({ access: 'public', headers: 'locked', ...route });

/** A route of the REST API for signed-in staff: `access` names the permission it needs (or 'signed-in'). */
export const adminApiRoute = (route: RouteInput & { access: StaffAccess }): Route => ({ headers: 'locked', ...route });

interface RowText {
  path: string;
  access: StaffAccess;
  tags: string[];
  operationId: string;
  summary: string;
}

/** `DELETE` of one thing for administrators: 204 once `remove` has done it (`parameters`: the path's, documented). */
export function adminRemoveRoute({ parameters, remove, ...text }: RowText & { parameters: Record<string, unknown>[]; remove(req: Request): Promise<unknown> }): Route {
  return adminApiRoute({
    method: 'DELETE',
    access: text.access,
    path: text.path,
    doc: { tags: text.tags, operationId: text.operationId, summary: text.summary, parameters, responses: { 204: { description: 'Removed.' } } },
    serve: () => async (req, res) => {
      await remove(req);
      res.status(204).end();
    },
  });
}

/** `GET` of every one of a kind for administrators: a JSON array of `item` (an OpenAPI schema), as `read` gives it. */
export function adminListRoute({ item, read, ...text }: RowText & { item: Record<string, unknown>; read(req: Request): Promise<unknown> }): Route {
  return adminApiRoute({
    method: 'GET',
    access: text.access,
    path: text.path,
    doc: { tags: text.tags, operationId: text.operationId, summary: text.summary, responses: { 200: { description: 'Every one.', content: { 'application/json': { schema: { type: 'array', items: item } } } } } },
    serve: () => async (req, res) => {
      res.json(await read(req));
    },
  });
}
