import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../caller.js';
import type { User } from '../user.entity.js';
import type { SessionGrant } from './session-grant.js';
import type { SignInContext } from './sign-in-flow.js';

// OWNER: helper "sign-in" (contract-26.md). Who is setting up a second factor: the signed-in
// caller, or the account of an enrolment token (the policy sent it here right after its password).

export interface Enrolling {
  user: User;
  /** The enrolment token of a sign-in the policy stopped (null: a signed-in caller). */
  token: string | null;
}

export async function enrollingAccount(_em: EntityManager, _caller: Caller, _token: string | null | undefined, _ctx: SignInContext): Promise<Enrolling> {
  throw new Error('not built yet');
}

/** After a factor was set up under an enrolment token: the grant of the sign-in it completes (the token is spent). */
export async function completeEnrolmentSignIn(_em: EntityManager, _enrolling: Enrolling, _ctx: SignInContext): Promise<SessionGrant> {
  throw new Error('not built yet');
}
