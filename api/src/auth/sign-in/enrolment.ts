import type { EntityManager } from '@mikro-orm/postgresql';
import { Unauthorized } from '../../shared/errors.js';
import { currentUser } from '../auth.service.js';
import type { Caller } from '../caller.js';
import type { User } from '../user.entity.js';
import { secondFactorsOf } from './policy.js';
import type { SessionGrant } from './session-grant.js';
import { completeStep, EXPIRED_STEP_MESSAGE, openStep, type SignInContext } from './sign-in-flow.js';
import { readStepToken } from './sign-in-tokens.js';

// Who is setting up a second factor: the signed-in
// caller, or the account of an enrolment token (the policy sent it here right after its password).
// An enrolment token sets up the account's FIRST factor only: once the account has one, its
// sign-in goes through the second step like any other, and the token is refused.

export interface Enrolling {
  user: User;
  /** The enrolment token of a sign-in the policy stopped (null: a signed-in caller). */
  token: string | null;
}

export async function enrollingAccount(em: EntityManager, caller: Caller, token: string | null | undefined, ctx: SignInContext): Promise<Enrolling> {
  if (token !== null && token !== undefined && token !== '') {
    const { user } = await openStep(em, ctx, token, 'enrol');
    if ((await secondFactorsOf(em, user.id)).length > 0) throw new Unauthorized(EXPIRED_STEP_MESSAGE);
    return { user, token };
  }
  const user = await currentUser(em, caller);
  if (!user) throw new Unauthorized();
  return { user, token: null };
}

/** After a factor was set up under an enrolment token: the grant of the sign-in it completes (the token is spent). */
export async function completeEnrolmentSignIn(em: EntityManager, enrolling: Enrolling, ctx: SignInContext): Promise<SessionGrant> {
  const step = readStepToken(ctx.config, enrolling.token, 'enrol');
  if (!step || step.userId !== enrolling.user.id) throw new Unauthorized(EXPIRED_STEP_MESSAGE);
  return completeStep(em, ctx, step, enrolling.user, 'enrolled');
}
