import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { LoginLimits } from '../config.js';
import type { Caller } from './caller.js';
import { BIDI_CONTROL_CHARACTERS, bidiControlsMessage, forbiddenCharactersMessage } from '@consulting/model';
import { type FieldError, Forbidden, NotFound, Unauthorized, ValidationFailed } from '../shared/errors.js';
import { isKnownAddress, rememberAddress } from './known-addresses.js';
import { decoyPasswordHash, generatePassword, hashPassword, verifyPassword } from './passwords.js';
import { pruneLoginThrottle, releaseLoginAttempt, reserveLoginAttempt } from './rate-limit.js';
import { endSessionsOf } from './session-revocation.js';
import { User } from './user.entity.js';
import { usernameSkeleton } from './username-skeleton.js';

const MAX_USERNAME_LENGTH = 100;
const MAX_PASSWORD_LENGTH = 1000;
const MIN_NEW_PASSWORD_LENGTH = 8;
/** Usernames given to new accounts: letters, digits and . _ - @ (no spaces, nothing invisible). */
const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]+$/u;

/**
 * Checks credentials. Throws ValidationFailed for missing fields, TooManyRequests while the
 * username or IP is throttled, Unauthorized('Invalid credentials') for a wrong username or password.
 * The attempt is reserved in the throttle before the password is verified (rate-limit.ts).
 * Starting the session is the adapter's job (session.ts).
 */
export async function login(em: EntityManager, input: unknown, ip: string, limits: LoginLimits): Promise<User> {
  const { username, password } = parseCredentials(input);
  // A correct password from an address this account signed in from before passes the account's
  // lock that guesses from elsewhere set (its own guesses still count): rate-limit.ts.
  const knownAddress = await isKnownAddress(em, { username }, ip);
  const reservation = await reserveLoginAttempt(em, { username, ip, knownAddress }, limits);

  const user = await em.findOne(User, { username });
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!user || !valid) {
    await pruneLoginThrottle(em, limits);
    throw new Unauthorized('Invalid credentials');
  }
  await releaseLoginAttempt(em, reservation);
  await rememberAddress(em, user.id, ip);
  user.lastSignInAt = new Date();
  await em.flush();
  return user;
}

/** The signed-in user, or null for an anonymous caller (or a session whose user was deleted). */
export async function currentUser(em: EntityManager, caller: Caller): Promise<User | null> {
  if (!caller.userId) return null;
  return em.findOne(User, { id: caller.userId });
}

/** Every admin operation starts here. Throws Unauthorized for an anonymous caller. */
export async function requireAdmin(em: EntityManager, caller: Caller): Promise<User> {
  const user = await currentUser(em, caller);
  if (!user) throw new Unauthorized();
  return user;
}

// Account management: the admin CLI today, an Accounts screen later. The same rules for both.

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
export interface PasswordChangeContext {
  keepSessionId: string | null;
  ip: string;
  limits: LoginLimits;
}

/**
 * Changes the signed-in admin's own password (the current one is required) and ends their other
 * sessions; the session `keepSessionId` (the caller's own) stays signed in. The current password
 * is a password guess like a sign-in: reserved in the same throttle (same buckets) before it is
 * verified, so TooManyRequests once the account or the address has used its attempts.
 */
export async function changeOwnPassword(
  em: EntityManager,
  caller: Caller,
  input: { currentPassword: string; newPassword: string },
  { keepSessionId, ip, limits }: PasswordChangeContext,
): Promise<void> {
  const user = await requireAdmin(em, caller);
  // Checked before the guess is counted: a new password that cannot be used costs no attempt.
  const errors = newPasswordErrors(input.newPassword, 'newPassword');
  if (errors.length > 0) throw new ValidationFailed(errors);
  const knownAddress = await isKnownAddress(em, { userId: user.id }, ip);
  const reservation = await reserveLoginAttempt(em, { username: user.username, ip, knownAddress }, limits, 'password');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await pruneLoginThrottle(em, limits);
    throw new ValidationFailed([{ field: 'currentPassword', message: 'The current password is not correct' }]);
  }
  await releaseLoginAttempt(em, reservation);
  user.passwordHash = await hashPassword(input.newPassword);
  await em.flush();
  await endSessionsOf(em, user.id, keepSessionId);
}

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

function findByUsernameIgnoringCase(em: EntityManager, username: string): Promise<User | null> {
  return em.findOne(User, { username: { $ilike: username.replace(/[\\%_]/g, (c) => `\\${c}`) } });
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

function newPasswordErrors(password: string, field = 'password'): FieldError[] {
  const message =
    password.length < MIN_NEW_PASSWORD_LENGTH
      ? `Password must be at least ${MIN_NEW_PASSWORD_LENGTH} characters`
      : password.length > MAX_PASSWORD_LENGTH
        ? `Password must be at most ${MAX_PASSWORD_LENGTH} characters`
        : null;
  return message ? [{ field, message }] : [];
}

/**
 * The sign-in rule for a (trimmed) username: what every stored account satisfies, including
 * accounts made before the stricter rule for new ones. Backups are checked with it too.
 */
export function signInUsernameProblem(username: string): string | null {
  if (!username) return 'Username is required';
  if (username.length > MAX_USERNAME_LENGTH) return `Username must be at most ${MAX_USERNAME_LENGTH} characters`;
  return forbiddenCharactersMessage('Username', username);
}

function parseCredentials(input: unknown): { username: string; password: string } {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  const username = typeof raw.username === 'string' ? raw.username.trim() : '';
  const password = typeof raw.password === 'string' ? raw.password : '';
  const usernameProblem = signInUsernameProblem(username);
  if (usernameProblem) errors.push({ field: 'username', message: usernameProblem });
  if (!password) errors.push({ field: 'password', message: 'Password is required' });
  else if (password.length > MAX_PASSWORD_LENGTH)
    errors.push({ field: 'password', message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` });
  if (errors.length > 0) throw new ValidationFailed(errors);
  return { username, password };
}
