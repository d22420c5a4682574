// The roles and what each may do, as data (no database): permissions.ts re-exports it with
// requirePermission; the User entity reads it for User.permissions.

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
 * - `enquiries`: the inbox of the contact form's enquiries (read, mark handled, delete, export).
 */
export const PERMISSIONS = ['content.draft', 'content.publish', 'accounts', 'webhooks', 'activity', 'settings', 'enquiries'] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTED: Record<Role, ReadonlySet<Permission>> = {
  admin: new Set(PERMISSIONS),
  editor: new Set(['content.draft', 'content.publish']),
  contributor: new Set(['content.draft']),
};

export const can = (role: Role, permission: Permission): boolean => GRANTED[role].has(permission);

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

export const isPermission = (value: unknown): value is Permission => typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);

/** The permissions of a role, in the order of PERMISSIONS (the admin hides what is missing). */
export const permissionsOf = (role: Role): Permission[] => PERMISSIONS.filter((permission) => can(role, permission));
