import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../caller.js';
import type { SignInMethod } from '../sign-in/policy.js';

// OWNER: helper "sessions" (contract-26.md). "Where you are signed in".

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

/** The sessions of the caller (userId absent) or of any account (userId: the `accounts` permission), most recently seen first. */
export async function listSessions(_em: EntityManager, _caller: Caller, _input: { userId?: string | null; currentSessionId: string | null }): Promise<SessionView[]> {
  throw new Error('not built yet');
}

/** Ends one session by its view id: the caller's own, or any account's with the `accounts` permission. NotFound otherwise. */
export async function endSessionById(_em: EntityManager, _caller: Caller, _input: { id: string; currentSessionId: string | null }): Promise<void> {
  throw new Error('not built yet');
}

/** Ends the caller's other sessions; how many ended. */
export async function endOtherSessions(_em: EntityManager, _caller: Caller, _currentSessionId: string | null): Promise<number> {
  throw new Error('not built yet');
}

/** Ends every session of an account (the `accounts` permission; the caller's own current one stays when it is theirs); how many ended. */
export async function endSessionsOfAccount(_em: EntityManager, _caller: Caller, _input: { userId: string; currentSessionId: string | null }): Promise<number> {
  throw new Error('not built yet');
}
