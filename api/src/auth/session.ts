import type { Request } from 'express';
import { emOf } from '../shared/request-context.js';
import { recordSignOut } from './auth.service.js';
import type { Caller } from './caller.js';
import { isIssuedGrant, type SessionGrant } from './sign-in/session-grant.js';
import './session-store.js';

/** Who is calling, from the session cookie (loaded only while its user exists and it has not expired). */
export function callerOf(req: Request): Caller {
  return { userId: req.session?.userId ?? null };
}

/**
 * Signs the user of a grant in (the grant is the sign-in policy's word: sign-in/session-grant.ts):
 * a fresh session id (no fixation), then the user id, saved before answering.
 */
export async function startSession(req: Request, grant: SessionGrant): Promise<void> {
  if (!isIssuedGrant(grant)) throw new Error('startSession needs a grant from issueGrant');
  await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
  req.session.userId = grant.user.id;
  req.session.startedAt = Date.now();
  req.session.secondFactor = grant.secondFactor;
  await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

/** Signs the caller out: the sign-out goes to the activity log (auth.service.ts), then the session is destroyed. */
export async function endSession(req: Request): Promise<void> {
  if (!req.session) return;
  await recordSignOut(emOf(req), callerOf(req), req.ip ?? 'unknown');
  await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
}
