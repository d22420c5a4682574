import type { EntityManager } from '@mikro-orm/postgresql';
import { logActivity } from '../../activity/activity.js';
import { NotFound, Unauthorized } from '../../shared/errors.js';
import type { Caller } from '../caller.js';
import { can, requirePermission, type Role } from '../permissions.js';
import type { SignInMethod } from '../sign-in/policy.js';
import { User } from '../user.entity.js';
import { browserNames } from './user-agent.js';

// "Where you are signed in": the sessions of an account
// from the `sessions` table (what the session middleware stores in its `sess` JSON: session-store.ts),
// each shown by a view id, never by its session id (that is the cookie's secret). Everyone sees and
// ends their own; the `accounts` permission sees and ends anyone's. Every ending is an activity entry.

export interface SessionView {
  /** Not the session id (that is the cookie's secret): the first 32 hex characters of its SHA-256. */
  id: string;
  /** "Chrome 131", from the User-Agent (bowser); "Unknown browser" without one. */
  browser: string;
  /** "macOS 15", "Android 14"; "Unknown system". */
  system: string;
  /** The coarse client address at sign-in ("203.0.113.0/24"), or null. */
  address: string | null;
  signedInAt: Date;
  lastSeenAt: Date;
  current: boolean;
  secondFactor: SignInMethod | 'enrolled' | null;
}

interface StoredSession {
  sid: string;
  view_id: string;
  user_id: string;
  sess: {
    startedAt?: number;
    lastSeenAt?: number;
    userAgent?: string;
    address?: string;
    secondFactor?: SessionView['secondFactor'];
  };
}

/** SQL: a session's view id. */
const VIEW_ID = `left(encode(sha256(convert_to(s.sid, 'UTF8')), 'hex'), 32)`;
/** SQL: the sessions that still sign someone in (as the store loads them: its end is never past the absolute lifetime). */
const LIVE = `(s.expire >= now() and (s.sess->>'startedAt') ~ '^[0-9]{1,15}$')`;
const VIEW_ID_PATTERN = /^[0-9a-f]{32}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SECOND_FACTORS: ReadonlySet<string> = new Set(['totp', 'recovery-code', 'passkey', 'enrolled']);

const sessionsOf = (em: EntityManager, where: string, params: unknown[]) =>
  em
    .getConnection()
    .execute<StoredSession[]>(`select s.sid, ${VIEW_ID} as view_id, s.sess->>'userId' as user_id, s.sess from sessions s where ${LIVE} and ${where}`, params);

function viewOf(row: StoredSession, currentSessionId: string | null): SessionView {
  const { browser, system } = browserNames(row.sess.userAgent);
  const signedInAt = new Date(Number.isFinite(row.sess.startedAt) ? row.sess.startedAt! : 0);
  const seen = row.sess.lastSeenAt;
  return {
    id: row.view_id,
    browser,
    system,
    address: typeof row.sess.address === 'string' ? row.sess.address : null,
    signedInAt,
    lastSeenAt: Number.isFinite(seen) && seen! >= signedInAt.getTime() ? new Date(seen!) : signedInAt,
    current: currentSessionId !== null && row.sid === currentSessionId,
    secondFactor: row.sess.secondFactor && SECOND_FACTORS.has(row.sess.secondFactor) ? row.sess.secondFactor : null,
  };
}

/** The signed-in account (Unauthorized for an anonymous caller or one whose account is gone). */
async function signedInUser(em: EntityManager, caller: Caller): Promise<User> {
  const user = caller.userId ? await em.findOne(User, { id: caller.userId }) : null;
  if (!user) throw new Unauthorized();
  return user;
}

async function requireAccount(em: EntityManager, userId: string): Promise<User> {
  const user = UUID.test(userId) ? await em.findOne(User, { id: userId }) : null;
  if (!user) throw new NotFound('No such account');
  return user;
}

/** The account whose sessions `userId` names: the caller's own, or (the `accounts` permission) anyone's. */
async function accountFor(em: EntityManager, caller: Caller, userId: string | null | undefined): Promise<{ acting: User; account: User }> {
  if (!userId || userId === caller.userId) {
    const acting = await signedInUser(em, caller);
    return { acting, account: acting };
  }
  const acting = await requirePermission(em, caller, 'accounts');
  return { acting, account: await requireAccount(em, userId) };
}

/** An activity entry for ending sessions of `account` by `acting`. */
function logEnded(em: EntityManager, acting: User, account: User, summary: string, details: Record<string, unknown>): void {
  logActivity(em, {
    kind: 'account.sessions',
    actor: { id: acting.id, username: acting.username },
    summary,
    details: { account: account.username, accountId: account.id, ...details },
  });
}

/** The sessions of the caller (userId absent) or of any account (userId: the `accounts` permission), most recently seen first. */
export async function listSessions(em: EntityManager, caller: Caller, input: { userId?: string | null; currentSessionId: string | null }): Promise<SessionView[]> {
  const { account } = await accountFor(em, caller, input.userId);
  const rows = await sessionsOf(em, `s.sess->>'userId' = ?`, [account.id]);
  return rows
    .map((row) => viewOf(row, input.currentSessionId))
    .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || b.signedInAt.getTime() - a.signedInAt.getTime() || a.id.localeCompare(b.id));
}

/** Ends one session by its view id: the caller's own, or any account's with the `accounts` permission. NotFound otherwise. */
export async function endSessionById(em: EntityManager, caller: Caller, input: { id: string; currentSessionId: string | null }): Promise<void> {
  const acting = await signedInUser(em, caller);
  const id = input.id.trim().toLowerCase();
  let [row] = VIEW_ID_PATTERN.test(id) ? await sessionsOf(em, `s.sess->>'userId' = ? and ${VIEW_ID} = ?`, [acting.id, id]) : [];
  let account = acting;
  if (!row) {
    // Not one of the caller's own: another account's, for those who may end them. The rest are told
    // it is not found, whether or not it exists (as the id says nothing to them either).
    if (!can(acting.role as Role, 'accounts')) throw new NotFound('No such session');
    [row] = VIEW_ID_PATTERN.test(id) ? await sessionsOf(em, `${VIEW_ID} = ?`, [id]) : [];
    const owner = row && UUID.test(row.user_id) ? await em.findOne(User, { id: row.user_id }) : null;
    if (!row || !owner) throw new NotFound('No such session');
    account = owner;
  }
  const result = await em.getConnection().execute<{ affectedRows: number }>('delete from sessions where sid = ?', [row.sid], 'run');
  if (result.affectedRows === 0) throw new NotFound('No such session');
  const { short } = browserNames(row.sess.userAgent);
  const summary = account.id === acting.id ? `Signed out a session (${short})` : `Ended a session of "${account.username}" (${short})`;
  logEnded(em, acting, account, summary, { session: row.view_id, current: row.sid === input.currentSessionId });
  await em.flush();
}

/** Deletes the sessions of `userId` except `keep`; how many of them were live (expired ones go uncounted). */
async function deleteSessionsOf(em: EntityManager, userId: string, keep: string | null): Promise<number> {
  const rows = await em
    .getConnection()
    .execute<{ live: boolean }[]>(`delete from sessions s where s.sess->>'userId' = ? and s.sid is distinct from ? returning (${LIVE}) as live`, [userId, keep], 'all');
  return rows.filter((row) => row.live).length;
}

const sessions = (count: number) => `${count} ${count === 1 ? 'session' : 'sessions'}`;

/** Ends the caller's other sessions; how many ended. */
export async function endOtherSessions(em: EntityManager, caller: Caller, currentSessionId: string | null): Promise<number> {
  const acting = await signedInUser(em, caller);
  const ended = await deleteSessionsOf(em, acting.id, currentSessionId);
  if (ended > 0) {
    logEnded(em, acting, acting, `Signed out ${ended} other ${ended === 1 ? 'session' : 'sessions'}`, { ended });
    await em.flush();
  }
  return ended;
}

/** Ends every session of an account (the `accounts` permission; the caller's own current one stays when it is theirs); how many ended. */
export async function endSessionsOfAccount(em: EntityManager, caller: Caller, input: { userId: string; currentSessionId: string | null }): Promise<number> {
  const acting = await requirePermission(em, caller, 'accounts');
  const account = await requireAccount(em, input.userId);
  const ended = await deleteSessionsOf(em, account.id, account.id === acting.id ? input.currentSessionId : null);
  if (ended > 0) {
    const summary = account.id === acting.id ? `Signed out ${ended} other ${ended === 1 ? 'session' : 'sessions'}` : `Ended ${sessions(ended)} of "${account.username}"`;
    logEnded(em, acting, account, summary, { ended });
    await em.flush();
  }
  return ended;
}
