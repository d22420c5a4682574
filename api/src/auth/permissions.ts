import type { EntityManager } from '@mikro-orm/postgresql';
import { Forbidden, Unauthorized } from '../shared/errors.js';
import type { Caller } from './caller.js';
import { can, ROLE_LABELS, type Permission, type Role } from './roles.js';
import { User } from './user.entity.js';

// Who may do what: the one table every adapter and service asks. A REST row names the permission
// it needs (http/route.ts `access`), a GraphQL field its @Authorized permission, and the services
// check again with requirePermission, so no surface can be more generous than another.

export { can, isPermission, isRole, PERMISSIONS, permissionsOf, ROLE_LABELS, ROLES, type Permission, type Role } from './roles.js';

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
