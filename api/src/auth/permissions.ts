import type { EntityManager } from '@mikro-orm/postgresql';
import { Forbidden, Unauthorized } from '../shared/errors.js';
import type { Caller } from './caller.js';
import { User } from './user.entity.js';

// Who may do what: the one table every adapter and service asks. A REST row names the permission
// it needs (http/route.ts `access`), a GraphQL field its @Authorized permission, and the services
// check again with requirePermission, so no surface can be more generous than another.

export const ROLES = ['admin', 'editor', 'contributor'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', editor: 'Editor', contributor: 'Contributor' };

/**
 * - `content.draft`: read the admin's view of content (drafts, history), create and edit drafts,
 *   submit them for review, delete what is not on the site, make preview links.
 * - `content.publish`: everything that changes the public site: save (publish), publish, unpublish,
 *   schedule, delete published items, restore, reorder, bulk changes, uploads' removal.
 * - `accounts`: accounts and their roles. `webhooks`: webhook endpoints and deliveries.
 * - `activity`: the activity log. `settings`: the site's settings.
 */
export const PERMISSIONS = ['content.draft', 'content.publish', 'accounts', 'webhooks', 'activity', 'settings'] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTED: Record<Role, ReadonlySet<Permission>> = {
  admin: new Set(PERMISSIONS),
  editor: new Set(['content.draft', 'content.publish']),
  contributor: new Set(['content.draft']),
};

export const can = (role: Role, permission: Permission): boolean => GRANTED[role].has(permission);

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** The permissions of a role, in the order of PERMISSIONS (the admin hides what is missing). */
export const permissionsOf = (role: Role): Permission[] => PERMISSIONS.filter((permission) => can(role, permission));

/**
 * The signed-in user, when their role grants `permission`: Unauthorized (401) for an anonymous
 * caller (or a session whose account is gone), Forbidden (403) for a role without it.
 */
export async function requirePermission(em: EntityManager, caller: Caller, permission: Permission): Promise<User> {
  const user = caller.userId ? await em.findOne(User, { id: caller.userId }) : null;
  if (!user) throw new Unauthorized();
  const role = user.role as Role;
  if (!can(role, permission)) throw new Forbidden(`Your role (${ROLE_LABELS[role]}) cannot do this`);
  return user;
}
