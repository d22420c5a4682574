import type { EntityManager } from '@mikro-orm/postgresql';
import { logActivity } from '../../activity/activity.js';
import type { Config } from '../../config.js';
import { SecondStepRequired, Unauthorized } from '../../shared/errors.js';
import { login, recordSignIn } from '../auth.service.js';
import { parseSecondStepCode } from '../factors/codes.js';
import { passkeysAvailable } from '../factors/passkeys.js';
import { recoveryCodesLeft, spendRecoveryCode } from '../factors/recovery-codes.js';
import { verifyTotpSignIn } from '../factors/totp.js';
import { releaseLoginAttempt, reserveCodeAttempt } from '../rate-limit.js';
import { User } from '../user.entity.js';
import { issueGrant, type SessionGrant } from './session-grant.js';
import { authPolicy, secondFactorsOf, type SignInMethod } from './policy.js';
import { issueStepToken, readStepToken, type StepPurpose, type StepToken, spendStepToken } from './sign-in-tokens.js';

// The sign-in state machine every adapter calls.
//
//   password ──► signed in                  (no second factor, and the policy does not require one)
//            ├─► second-factor (token) ──► code (signInWithCode) or passkey (passkey-sign-in.ts) ──► signed in
//            └─► enrol (token)          ──► set up an app or a passkey (enrolment.ts)              ──► signed in
//
// Every "signed in" is a grant from issueGrant (session-grant.ts), which checks the policy itself.

export interface SignInContext {
  ip: string;
  config: Config;
}

/** What the password step leads to. */
export type SignInOutcome =
  | { status: 'signed-in'; grant: SessionGrant }
  | { status: 'second-factor'; token: string; methods: SignInMethod[]; expiresAt: Date }
  | { status: 'enrol'; token: string; methods: EnrolMethod[]; expiresAt: Date };

/** What an account can set up as its second factor ('passkey' only where passkeys work: passkeys.ts `passkeysAvailable`). */
export type EnrolMethod = 'totp' | 'passkey';

export const EXPIRED_STEP_MESSAGE = 'This sign-in has expired. Sign in again.';
export const INVALID_CODE_MESSAGE = 'Invalid code';

/** The password step: signed in, or the step the account needs next (with its token). */
export async function signInWithPassword(em: EntityManager, input: unknown, ctx: SignInContext): Promise<SignInOutcome> {
  const user = await login(em, input, ctx.ip, ctx.config.loginLimits);
  const [methods, policy] = await Promise.all([secondFactorsOf(em, user.id), authPolicy(em)]);
  if (methods.length > 0) {
    const { token, expiresAt } = issueStepToken(ctx.config, 'second-factor', user.id);
    return { status: 'second-factor', token, methods, expiresAt };
  }
  if (policy.requireSecondFactor) {
    const { token, expiresAt } = issueStepToken(ctx.config, 'enrol', user.id);
    return { status: 'enrol', token, methods: enrolMethods(ctx.config), expiresAt };
  }
  const grant = await issueGrant(em, user, null);
  await recordSignIn(em, user, ctx.ip);
  return { status: 'signed-in', grant };
}

/** For the adapters of the password step that only answer "signed in": the grant, or SecondStepRequired with the step. */
export function grantOrSecondStep(outcome: SignInOutcome): SessionGrant {
  if (outcome.status === 'signed-in') return outcome.grant;
  throw new SecondStepRequired(outcome.status, { token: outcome.token, methods: outcome.methods, expiresAt: outcome.expiresAt });
}

export function enrolMethods(config: Config): EnrolMethod[] {
  return passkeysAvailable(config) ? ['totp', 'passkey'] : ['totp'];
}

/**
 * A step token of `purpose` that is genuine, unexpired, not spent, and whose account exists:
 * the token and the account, or 401 "This sign-in has expired. Sign in again.".
 */
export async function openStep(em: EntityManager, ctx: SignInContext, token: unknown, purpose: StepPurpose): Promise<{ step: StepToken; user: User }> {
  const step = readStepToken(ctx.config, token, purpose);
  if (!step?.userId) throw new Unauthorized(EXPIRED_STEP_MESSAGE);
  const [spent] = await em.getConnection().execute<unknown[]>('select 1 from spent_nonces where nonce = ?', [`${step.purpose}:${step.nonce}`]);
  if (spent) throw new Unauthorized(EXPIRED_STEP_MESSAGE);
  const user = await em.findOne(User, { id: step.userId });
  if (!user) throw new Unauthorized(EXPIRED_STEP_MESSAGE);
  return { step, user };
}

/** Completes a step: its token is spent (401 when another request spent it first), the sign-in recorded, the grant issued. */
export async function completeStep(em: EntityManager, ctx: SignInContext, step: StepToken, user: User, secondFactor: NonNullable<SessionGrant['secondFactor']>): Promise<SessionGrant> {
  if (!(await spendStepToken(em, step))) throw new Unauthorized(EXPIRED_STEP_MESSAGE);
  const grant = await issueGrant(em, user, secondFactor);
  await recordSignIn(em, user, ctx.ip, secondFactor);
  return grant;
}

/**
 * The second step with a code: six digits from the authenticator app, or a recovery code. The
 * token is checked first (401), then the code's shape (400), then the attempt is reserved (429,
 * before anything is verified), then the code: 401 "Invalid code" for a wrong, replayed or spent one.
 */
export async function signInWithCode(em: EntityManager, input: { token: unknown; code: unknown }, ctx: SignInContext): Promise<SessionGrant> {
  const { step, user } = await openStep(em, ctx, input.token, 'second-factor');
  const code = parseSecondStepCode(input.code);
  const reservation = await reserveCodeAttempt(em, { userId: user.id, ip: ctx.ip }, ctx.config.loginLimits);
  const valid = code.kind === 'totp' ? await verifyTotpSignIn(em, user.id, code.code) : await spendRecoveryCode(em, user.id, code.code);
  if (!valid) {
    logActivity(em, { kind: 'sign-in-failed', actor: null, username: user.username, summary: `Failed second step as “${user.username}”`, address: ctx.ip, details: { accountExists: true, secondStep: code.kind } });
    await em.flush();
    throw new Unauthorized(INVALID_CODE_MESSAGE);
  }
  await releaseLoginAttempt(em, reservation);
  const grant = await completeStep(em, ctx, step, user, code.kind);
  if (code.kind === 'recovery-code') {
    const left = await recoveryCodesLeft(em, user.id);
    logActivity(em, { kind: 'account.recovery-codes', actor: user, summary: `Signed in with a recovery code (${left} left)`, address: ctx.ip, details: { account: user.username, accountId: user.id, left } });
    await em.flush();
  }
  return grant;
}
