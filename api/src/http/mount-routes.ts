import express, { type Express, type RequestHandler } from 'express';
import { requireSignedIn } from '../auth/auth.routes.js';
import { requirePermission, type Permission } from '../auth/permissions.js';
import { callerOf } from '../auth/session.js';
import { NotFound } from '../shared/errors.js';
import { emOf } from '../shared/request-context.js';
import { discardBody } from '../uploads/multipart.js';
import { ADMIN_API_ROOT, API_ROOT, type Route, type RouteContext } from './route.js';
import { routes } from './route-table.js';

// Mounts the rows of the route table that have handlers (graphql/mount.ts and site/mount.ts serve
// theirs): JSON bodies for the REST API, the guard of each row's access, the handlers.

const METHODS = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete' } as const;

/** The REST API's rows and the other rows with handlers, then the API's own 404. */
export function mountRoutes(app: Express, context: RouteContext): void {
  app.use(API_ROOT, express.json({ limit: context.deps.config.jsonBodyLimit }));
  // Anything under the admin API, served or not, is closed to anonymous callers (401 before 404).
  app.use(ADMIN_API_ROOT, requireSignedIn);
  for (const route of routes()) {
    if (typeof route.serve !== 'function') continue;
    app[METHODS[route.method]](route.path, ...guardsOf(route), ...[route.serve(context)].flat());
  }
  app.use(API_ROOT, (_req, _res, next) => next(new NotFound()));
}

const permissionGuards = new Map<Permission, RequestHandler>();

/**
 * The guard of rows needing `permission` (one per permission): 401 for an anonymous caller (or a
 * session whose account is gone), 403 for a role without it, before the handler reads the body.
 */
export function permissionGuard(permission: Permission): RequestHandler {
  let guard = permissionGuards.get(permission);
  if (!guard) {
    guard = async (req, _res, next) => {
      try {
        await requirePermission(emOf(req), callerOf(req), permission);
      } catch (refusal) {
        discardBody(req);
        throw refusal;
      }
      next();
    };
    permissionGuards.set(permission, guard);
  }
  return guard;
}

function guardsOf(route: Route): RequestHandler[] {
  if (route.access === 'public') return [];
  if (route.access === 'signed-in') return [requireSignedIn];
  return [requireSignedIn, permissionGuard(route.access)];
}
