import type { GraphQLField, GraphQLSchema } from 'graphql';
import { getMetadataStorage, type AuthChecker } from 'type-graphql';
import { currentUser } from '../auth/auth.service.js';
import { isPermission, requirePermission, type Permission } from '../auth/permissions.js';
import type { Access } from '../http/route.js';
import { Unauthorized } from '../shared/errors.js';
import type { GraphQLContext } from './context.js';

// Who may resolve a GraphQL field: `@Authorized()` (any signed-in account) or
// `@Authorized('<permission>')` (auth/permissions.ts), checked by this one auth checker before
// the resolver runs. Anonymous callers get UNAUTHENTICATED, roles without the permission
// FORBIDDEN (the services' own Unauthorized and Forbidden: graphql/errors.ts maps them).

export const authChecker: AuthChecker<GraphQLContext, Permission> = async ({ context }, permissions) => {
  if (permissions.length === 0) {
    if (!(await currentUser(context.em, context.caller))) throw new Unauthorized();
    return true;
  }
  for (const permission of permissions) await requirePermission(context.em, context.caller, permission);
  return true;
};

/** The access a root field declares, as the schema's field extension `access` (read by the role walk and by tools). */
export const accessOf = (field: GraphQLField<unknown, unknown>): Access => (field.extensions as { access?: Access }).access ?? 'public';

/**
 * Writes each Query and Mutation field's declared access into its extensions (`access`:
 * 'public', 'signed-in' or a permission), from the @Authorized decorators type-graphql collected.
 * `resolvers`: the classes given to buildSchema. A permission that is not one of PERMISSIONS fails the build.
 */
export function annotateAccess(schema: GraphQLSchema, resolvers: readonly Function[]): GraphQLSchema {
  const storage = getMetadataStorage();
  // The classes the schema was built from and those they extend (generated resolvers inherit fields).
  const classes = new Set<unknown>();
  for (const resolver of resolvers) {
    for (let target: unknown = resolver; typeof target === 'function' && target !== Function.prototype; target = Object.getPrototypeOf(target)) classes.add(target);
  }
  const rolesOf = (target: Function, methodName: string): unknown[] | undefined =>
    storage.authorizedFields.find((entry) => entry.target === target && entry.fieldName === methodName)?.roles ??
    storage.authorizedResolver.find((entry) => entry.target === target)?.roles;
  for (const [root, handlers] of [
    [schema.getQueryType(), storage.queries],
    [schema.getMutationType(), storage.mutations],
  ] as const) {
    if (!root) continue;
    const fields = root.getFields();
    for (const handler of handlers.filter((entry) => classes.has(entry.target))) {
      const field = fields[handler.schemaName];
      if (!field) continue;
      const roles = rolesOf(handler.target, handler.methodName);
      if (roles && roles.length > 1) throw new Error(`${root.name}.${field.name}: one permission per field`);
      const access: Access = roles === undefined ? 'public' : roles.length === 0 ? 'signed-in' : (roles[0] as Permission);
      if (access !== 'public' && access !== 'signed-in' && !isPermission(access)) throw new Error(`${root.name}.${field.name}: unknown permission "${String(access)}"`);
      field.extensions = { ...field.extensions, access };
    }
  }
  return schema;
}
