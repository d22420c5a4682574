import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from './caller.js';
import { type FieldError, Unauthorized, ValidationFailed } from '../shared/errors.js';
import { decoyPasswordHash, verifyPassword } from './passwords.js';
import { assertLoginAllowed, clearUsernameFailures, recordLoginFailure } from './rate-limit.js';
import { User } from './user.entity.js';
import { FORBIDDEN_CONTROL_CHARACTERS } from '../content/fields.js';

const MAX_USERNAME_LENGTH = 100;
const MAX_PASSWORD_LENGTH = 1000;

/**
 * Checks credentials. Throws ValidationFailed for missing fields, TooManyRequests while the
 * username or IP is throttled, Unauthorized('Invalid credentials') for a wrong username or password.
 * Starting the session is the adapter's job (session.ts).
 */
export async function login(em: EntityManager, input: unknown, ip: string): Promise<User> {
  const { username, password } = parseCredentials(input);
  const keys = { username, ip };
  await assertLoginAllowed(em, keys);

  const user = await em.findOne(User, { username });
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!user || !valid) {
    await recordLoginFailure(em, keys);
    throw new Unauthorized('Invalid credentials');
  }
  await clearUsernameFailures(em, username);
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

function parseCredentials(input: unknown): { username: string; password: string } {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  const username = typeof raw.username === 'string' ? raw.username.trim() : '';
  const password = typeof raw.password === 'string' ? raw.password : '';
  if (!username) errors.push({ field: 'username', message: 'Username is required' });
  else if (username.length > MAX_USERNAME_LENGTH)
    errors.push({ field: 'username', message: `Username must be at most ${MAX_USERNAME_LENGTH} characters` });
  else if (FORBIDDEN_CONTROL_CHARACTERS.test(username))
    errors.push({ field: 'username', message: 'Username contains characters that are not allowed' });
  if (!password) errors.push({ field: 'password', message: 'Password is required' });
  else if (password.length > MAX_PASSWORD_LENGTH)
    errors.push({ field: 'password', message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` });
  if (errors.length > 0) throw new ValidationFailed(errors);
  return { username, password };
}
