import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { BIDI_CONTROL_CHARACTERS, bidiControlsMessage } from '@consulting/model';
import { type FieldError, Forbidden, NotFound, ValidationFailed } from '../shared/errors.js';
import { findByUsernameIgnoringCase, MAX_USERNAME_LENGTH, newPasswordErrors, requireAdmin } from './auth.service.js';
import type { Caller } from './caller.js';
import { generatePassword, hashPassword } from './passwords.js';
import { endSessionsOf } from './session-revocation.js';
import { User } from './user.entity.js';
import { usernameSkeleton } from './username-skeleton.js';

// Administrator accounts: listing, adding, resetting and removing them, for the admin screens
// (REST, GraphQL) and the command line alike. Signing in and one's own password: auth.service.ts.

/** Usernames given to new accounts: letters, digits and . _ - @ (no spaces, nothing invisible). */
const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]+$/u;

/** The operator at the command line (has the database already): allowed what an admin is. */
export const COMMAND_LINE = Symbol('command line');
export type Actor = Caller | typeof COMMAND_LINE;

async function requireActor(em: EntityManager, actor: Actor): Promise<User | null> {
  return actor === COMMAND_LINE ? null : requireAdmin(em, actor);
}

/** Every admin, oldest account first (the Admins screen). */
export async function listAdmins(em: EntityManager, actor: Actor): Promise<User[]> {
  await requireActor(em, actor);
  return em.find(User, {}, { orderBy: { createdAt: 'asc', username: 'asc' } });
}

/** Creates an admin. Without a password one is generated; the caller shows it once. */
export async function createUser(
  em: EntityManager,
  actor: Actor,
  input: { username: string; password?: string },
): Promise<{ user: User; password: string }> {
  await requireActor(em, actor);
  const username = input.username.trim();
  const password = input.password ?? generatePassword();
  const errors = [...usernameErrors(username), ...newPasswordErrors(password)];
  if (errors.length === 0) errors.push(...(await usernameTakenErrors(em, username)));
  if (errors.length > 0) throw new ValidationFailed(errors);
  const user = em.create(User, { username, usernameSkeleton: usernameSkeleton(username), passwordHash: await hashPassword(password) });
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
  await requireActor(em, actor);
  const user = await requireUser(em, username);
  const password = newPassword ?? generatePassword();
  const errors = newPasswordErrors(password);
  if (errors.length > 0) throw new ValidationFailed(errors);
  user.passwordHash = await hashPassword(password);
  await em.flush();
  await endSessionsOf(em, user.id);
  return { user, password };
}

/** Where a password change comes from: the caller's session (kept signed in), address and the limits. */
/** Removes an admin and ends their sessions. Not oneself, never the last admin (Forbidden). */
export async function deleteUser(em: EntityManager, actor: Actor, username: string): Promise<void> {
  const acting = await requireActor(em, actor);
  const user = await requireUser(em, username);
  if (acting?.id === user.id) throw new Forbidden('You cannot remove your own account');
  await keepingOneAdmin(em, 'The last admin cannot be removed', (tx) => tx.nativeDelete(User, { id: user.id }));
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
    // Every user is an admin today; with roles this counts those whose role is admin.
    if ((await tx.count(User)) < 1) throw new Forbidden(refusal);
    return result;
  });
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

