import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { BIDI_CONTROL_CHARACTERS, bidiControlsMessage } from '@consulting/model';
import { type FieldError, Forbidden, NotFound, ValidationFailed } from '../shared/errors.js';
import { findByUsernameIgnoringCase, MAX_USERNAME_LENGTH, newPasswordErrors } from './auth.service.js';
import type { Caller } from './caller.js';
import { generatePassword, hashPassword } from './passwords.js';
import { endSessionsOf } from './session-revocation.js';
import { User } from './user.entity.js';
import { usernameSkeleton } from './username-skeleton.js';
import { isRole, requirePermission, ROLE_LABELS, ROLES, type Role } from './permissions.js';
import { logActivity, type ActivityKind } from '../activity/activity.js';

// Staff accounts and their roles: listing, adding, changing the role, resetting and removing them,
// for the admin screens (REST, GraphQL) and the command line alike (the `accounts` permission).
// Signing in and one's own password: auth.service.ts.

/** Usernames given to new accounts: letters, digits and . _ - @ (no spaces, nothing invisible). */
const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]+$/u;

/** The operator at the command line (has the database already): allowed what an admin is. */
export const COMMAND_LINE = Symbol('command line');
export type Actor = Caller | typeof COMMAND_LINE;

async function requireActor(em: EntityManager, actor: Actor): Promise<User | null> {
  return actor === COMMAND_LINE ? null : requirePermission(em, actor, 'accounts');
}

/** An activity entry for a change to `user` by `acting` (null: the command line), in `em`'s unit of work. */
function logAccountChange(em: EntityManager, acting: User | null, kind: ActivityKind, summary: string, user: { id: string; username: string }, details: Record<string, unknown> = {}): void {
  logActivity(em, {
    kind,
    actor: acting ? { id: acting.id, username: acting.username } : null,
    summary: acting ? summary : `${summary} (command line)`,
    details: { account: user.username, accountId: user.id, ...details, ...(acting ? {} : { via: 'command line' }) },
  });
}

const labelOf = (role: Role) => ROLE_LABELS[role];

/** Every account, oldest first (the Admins screen). */
export async function listAdmins(em: EntityManager, actor: Actor): Promise<User[]> {
  await requireActor(em, actor);
  return em.find(User, {}, { orderBy: { createdAt: 'asc', username: 'asc' } });
}

const ROLE_MESSAGE = `Role must be one of ${ROLES.join(', ')}`;

/**
 * Creates an account with `role` (absent: admin, as before roles existed). Without a password one
 * is generated; the caller shows it once.
 */
export async function createUser(
  em: EntityManager,
  actor: Actor,
  input: { username: string; password?: string; role?: unknown },
): Promise<{ user: User; password: string }> {
  const acting = await requireActor(em, actor);
  const username = input.username.trim();
  const password = input.password ?? generatePassword();
  const role = input.role ?? 'admin';
  const errors = [...usernameErrors(username), ...newPasswordErrors(password), ...(isRole(role) ? [] : [{ field: 'role', message: ROLE_MESSAGE }])];
  if (errors.length === 0) errors.push(...(await usernameTakenErrors(em, username)));
  if (errors.length > 0 || !isRole(role)) throw new ValidationFailed(errors);
  const user = em.create(User, { username, usernameSkeleton: usernameSkeleton(username), passwordHash: await hashPassword(password), role });
  logAccountChange(em, acting, 'account.create', `Added ${labelOf(role)} account "${username}"`, user, { role });
  try {
    await em.flush();
  } catch (error) {
    // Created at the same moment as a look-alike (the unique skeleton refused the second): say which.
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    em.clear();
    const taken = await usernameTakenErrors(em, username);
    throw new ValidationFailed(taken.length > 0 ? taken : [{ field: 'username', message: 'That username is already taken' }]);
  }
  return { user, password };
}

/**
 * A username is taken when an account has it in another case, or one looks like it (the same
 * UTS #39 skeleton, case-insensitively: "аdmin" with a Cyrillic а beside "admin"). The unique
 * users.username_skeleton makes this hold under concurrency; this finds the account to name.
 */
async function usernameTakenErrors(em: EntityManager, username: string): Promise<FieldError[]> {
  if (await findByUsernameIgnoringCase(em, username)) return [{ field: 'username', message: 'That username is already taken' }];
  const key = usernameSkeleton(username);
  // Accounts without a stored skeleton (see User.usernameSkeleton) are few: compared here by name.
  const alike =
    (await em.findOne(User, { usernameSkeleton: key })) ??
    (await em.find(User, { usernameSkeleton: null })).find((user) => usernameSkeleton(user.username) === key);
  return alike ? [{ field: 'username', message: `That username looks too much like the existing username "${alike.username}"` }] : [];
}

/** Sets a new password for another admin (or via the CLI) and ends every session of theirs. */
export async function resetPassword(
  em: EntityManager,
  actor: Actor,
  username: string,
  newPassword?: string,
): Promise<{ user: User; password: string }> {
  const acting = await requireActor(em, actor);
  const user = await requireUser(em, username);
  const password = newPassword ?? generatePassword();
  const errors = newPasswordErrors(password);
  if (errors.length > 0) throw new ValidationFailed(errors);
  user.passwordHash = await hashPassword(password);
  logAccountChange(em, acting, 'account.password', `Reset the password of "${user.username}"`, user);
  await em.flush();
  await endSessionsOf(em, user.id);
  return { user, password };
}

/** Where a password change comes from: the caller's session (kept signed in), address and the limits. */
/**
 * Gives the account `id` another role (effective at its next request: permissions are read per
 * request). Never the last admin's (Forbidden): an account can demote itself only while another
 * admin remains.
 */
export async function setRole(em: EntityManager, actor: Actor, id: string, role: unknown): Promise<User> {
  const acting = await requireActor(em, actor);
  if (!isRole(role)) throw new ValidationFailed([{ field: 'role', message: ROLE_MESSAGE }]);
  const user = await requireUserById(em, id);
  if (user.role === role) return user;
  // A native update: a refused change leaves no changed entity behind for a later flush to write.
  const updatedAt = new Date();
  await keepingOneAdmin(em, LAST_ADMIN_ROLE, async (tx) => {
    await tx.nativeUpdate(User, { id: user.id }, { role, updatedAt });
    logAccountChange(tx, acting, 'account.role', `Changed "${user.username}" from ${labelOf(user.role)} to ${labelOf(role)}`, user, { from: user.role, to: role });
  });
  Object.assign(user, { role, updatedAt });
  return user;
}

/** setRole for the account named `username` (the command line). */
export async function setRoleByUsername(em: EntityManager, actor: Actor, username: string, role: unknown): Promise<User> {
  await requireActor(em, actor);
  return setRole(em, actor, (await requireUser(em, username)).id, role);
}

/** Why the last admin keeps their role. */
export const LAST_ADMIN_ROLE = 'The last Admin keeps the Admin role: make another account an Admin first';

/** Removes an account and ends their sessions. Not oneself, never the last admin (Forbidden). */
export async function deleteUser(em: EntityManager, actor: Actor, username: string): Promise<void> {
  const acting = await requireActor(em, actor);
  const user = await requireUser(em, username);
  if (acting?.id === user.id) throw new Forbidden('You cannot remove your own account');
  await keepingOneAdmin(em, 'The last admin cannot be removed', async (tx) => {
    await tx.nativeDelete(User, { id: user.id });
    logAccountChange(tx, acting, 'account.delete', `Removed ${labelOf(user.role)} account "${user.username}"`, user, { role: user.role });
  });
  // A session loads only while its user exists, so the user's cookies sign no one in already.
  await endSessionsOf(em, user.id);
}

/** Fixed key of the transaction-level advisory lock every change to the set of admins takes ("cnsltadm"). */
const ADMIN_SET_LOCK_KEY = 0x636e736c7461646dn;

/**
 * "Never the last admin", atomically: runs `change` (a removal; once roles exist, a demotion too)
 * in one transaction that first takes the admin-set lock, then counts the admins the change left
 * and rolls it back with Forbidden(`refusal`) when none is. Two such changes never interleave, so
 * two admins removing each other at the same moment leave one: the second sees the first's
 * removal and is refused.
 */
async function keepingOneAdmin<T>(em: EntityManager, refusal: string, change: (tx: EntityManager) => Promise<T>): Promise<T> {
  return em.transactional(async (tx) => {
    await tx.getConnection().execute('select pg_advisory_xact_lock(?::bigint)', [ADMIN_SET_LOCK_KEY.toString()], 'all', tx.getTransactionContext());
    const result = await change(tx);
    if ((await tx.count(User, { role: 'admin' satisfies Role })) < 1) throw new Forbidden(refusal);
    return result;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function requireUserById(em: EntityManager, id: string): Promise<User> {
  // Not a UUID: no account has it (PostgreSQL would refuse the comparison itself).
  const user = UUID.test(id) ? await em.findOne(User, { id }) : null;
  if (!user) throw new NotFound('No such account');
  return user;
}

async function requireUser(em: EntityManager, username: string): Promise<User> {
  // PostgreSQL text cannot hold NUL (the query itself would fail): no account has such a name.
  const user = username.includes('\u0000') ? null : await em.findOne(User, { username: username.trim() });
  if (!user) throw new NotFound(`No user "${username.trim()}"`);
  return user;
}

function usernameErrors(username: string): FieldError[] {
  const message = !username
    ? 'Username is required'
    : username.length > MAX_USERNAME_LENGTH
      ? `Username must be at most ${MAX_USERNAME_LENGTH} characters`
      : BIDI_CONTROL_CHARACTERS.test(username)
        ? bidiControlsMessage('Username')
        : !USERNAME_PATTERN.test(username)
          ? 'Username may contain only letters, digits and . _ - @'
          : null;
  return message ? [{ field: 'username', message }] : [];
}

