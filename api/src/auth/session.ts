import type { Request } from 'express';
import { logActivity } from '../activity/activity.js';
import { emOf } from '../shared/request-context.js';
import { recordSignOut } from './auth.service.js';
import type { Caller } from './caller.js';
import { coarseAddress } from './sessions/coarse-address.js';
import { browserIdFromCookies, browserKeys, newBrowserId, rememberBrowser } from './sessions/known-browsers.js';
import { browserNames } from './sessions/user-agent.js';
import { isIssuedGrant, type SessionGrant } from './sign-in/session-grant.js';
import { setBrowserCookie } from './session-store.js';

/** The most of a User-Agent a session keeps. */
export const MAX_USER_AGENT_LENGTH = 512;

/** Who is calling, from the session cookie (loaded only while its user exists and it has not expired). */
export function callerOf(req: Request): Caller {
  return { userId: req.session?.userId ?? null };
}

/**
 * Signs the user of a grant in (the grant is the sign-in policy's word: sign-in/session-grant.ts):
 * a fresh session id (no fixation), then the user id and what "Where you are signed in" shows
 * (the User-Agent, the coarse address, the times), saved before answering. The browser gets its
 * long-lived cookie; one the account has not signed in from is recorded as a new browser.
 */
export async function startSession(req: Request, grant: SessionGrant): Promise<void> {
  if (!isIssuedGrant(grant)) throw new Error('startSession needs a grant from issueGrant');
  await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
  const now = Date.now();
  const userAgent = req.get('user-agent');
  req.session.userId = grant.user.id;
  req.session.startedAt = now;
  req.session.secondFactor = grant.secondFactor;
  if (userAgent) req.session.userAgent = userAgent.slice(0, MAX_USER_AGENT_LENGTH);
  req.session.address = coarseAddress(req.ip) ?? undefined;
  req.session.lastSeenAt = now;
  await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
  await noteBrowser(req, grant.user, userAgent);
}

/** Renews the browser cookie; a browser new to the account (sessions/known-browsers.ts): an activity entry and a warning in the server log. */
async function noteBrowser(req: Request, user: SessionGrant['user'], userAgent: string | undefined): Promise<void> {
  const browserId = browserIdFromCookies(req.headers.cookie) ?? newBrowserId();
  // express-session has settled the session cookie's Secure ('auto': whether this request came over TLS).
  setBrowserCookie(req.res!, browserId, req.session.cookie.secure === true);
  const names = browserNames(userAgent);
  const address = coarseAddress(req.ip);
  const em = emOf(req);
  if (!(await rememberBrowser(em, user.id, browserKeys(browserId, { short: names.short, network: address })))) return;
  logActivity(em, {
    kind: 'sign-in.new-browser',
    actor: { id: user.id, username: user.username },
    summary: `Signed in from a new browser (${names.short})`,
    address: req.ip ?? 'unknown',
    details: { browser: names.browser, system: names.system, network: address },
  });
  await em.flush();
  req.log?.warn({ userId: user.id, username: user.username, browser: names.short, network: address }, 'sign-in from a new browser');
}

/** Signs the caller out: the sign-out goes to the activity log (auth.service.ts), then the session is destroyed. */
export async function endSession(req: Request): Promise<void> {
  if (!req.session) return;
  await recordSignOut(emOf(req), callerOf(req), req.ip ?? 'unknown');
  await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
}
