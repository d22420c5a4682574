import type { EntityManager } from '@mikro-orm/postgresql';
import type { LoginLimits } from '../config.js';
import { logActivity } from '../activity/activity.js';
import type { Caller } from './caller.js';
import { forbiddenCharactersMessage } from '@consulting/model';
import { type FieldError, Unauthorized, ValidationFailed } from '../shared/errors.js';
import { isKnownAddress, rememberAddress } from './known-addresses.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import { pruneLoginThrottle, releaseLoginAttempt, reserveLoginAttempt } from './rate-limit.js';
import { endSessionsOf } from './session-revocation.js';
import { User } from './user.entity.js';

export const MAX_USERNAME_LENGTH = 100;
const MAX_PASSWORD_LENGTH = 1000;
const MIN_NEW_PASSWORD_LENGTH = 8;
/**
 * Checks credentials. Throws ValidationFailed for missing fields, TooManyRequests while the
 * username or IP is throttled, Unauthorized('Invalid credentials') for a wrong username or password.
 * The attempt is reserved in the throttle before the password is verified (rate-limit.ts).
 * This is the password step only: what a sign-in needs next (a second step, enrolment) and the
 * session are the sign-in flow's (sign-in/sign-in-flow.ts), which records the sign-in when it
 * completes (recordSignIn).
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
    // Written by its own flush: the sign-in throws next. A request the throttle refused above
    // checked no password and is not an entry (its attempt was counted; the earlier ones are).
    logActivity(em, { kind: 'sign-in-failed', actor: null, username, summary: `Failed sign-in as “${username}”`, address: ip, details: { accountExists: user !== null } });
    await em.flush();
    throw new Unauthorized('Invalid credentials');
  }
  await releaseLoginAttempt(em, reservation);
  return user;
}

/**
 * A sign-in completed (every step the policy asks for): the address is known from now on, the
 * account's last sign-in time, and the activity entry. `secondFactor`: how the second step was
 * completed (null: the password alone).
 */
export async function recordSignIn(em: EntityManager, user: User, ip: string, secondFactor: string | null = null): Promise<void> {
  await rememberAddress(em, user.id, ip);
  user.lastSignInAt = new Date();
  logActivity(em, { kind: 'sign-in', actor: user, summary: 'Signed in', address: ip, ...(secondFactor ? { details: { secondFactor } } : {}) });
  await em.flush();
}

/** Before a session ends: the sign-out of its account (nothing for an anonymous one). Starting and ending the session is the adapter's job. */
export async function recordSignOut(em: EntityManager, caller: Caller, ip: string): Promise<void> {
  const user = await currentUser(em, caller);
  if (!user) return;
  logActivity(em, { kind: 'sign-out', actor: user, summary: 'Signed out', address: ip });
  await em.flush();
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
  logActivity(em, { kind: 'account.password', actor: user, summary: 'Changed their own password', details: { account: user.username, accountId: user.id } });
  await em.flush();
  await endSessionsOf(em, user.id, keepSessionId);
}

export function findByUsernameIgnoringCase(em: EntityManager, username: string): Promise<User | null> {
  return em.findOne(User, { username: { $ilike: username.replace(/[\\%_]/g, (c) => `\\${c}`) } });
}

export function newPasswordErrors(password: string, field = 'password'): FieldError[] {
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
