import type { EntityManager } from '@mikro-orm/postgresql';
import { Unauthorized } from '../../shared/errors.js';
import type { User } from '../user.entity.js';
import { authPolicy, secondFactorsOf, type SignInMethod } from './policy.js';

// The one gate to a session. startSession (session.ts) takes nothing but a grant issued here, and
// issueGrant applies the sign-in policy itself: an account with a second factor, or any account
// while the policy requires one, gets a grant only with a completed second step. A sign-in path
// added later cannot make a session without passing this check.

const issued = new WeakSet<object>();

export interface SessionGrant {
  readonly user: User;
  /** How the second step was completed ('enrolled': a factor set up during this sign-in); null: password only. */
  readonly secondFactor: SignInMethod | 'enrolled' | null;
}

/**
 * A grant for `user`, signed in by `secondFactor` (null: the password alone). Throws Unauthorized
 * when the policy needs a second step that was not completed (a path that skipped it is a bug; the
 * caller should have answered with the second step instead).
 */
export async function issueGrant(em: EntityManager, user: User, secondFactor: SessionGrant['secondFactor']): Promise<SessionGrant> {
  if (secondFactor === null) {
    const [factors, policy] = await Promise.all([secondFactorsOf(em, user.id), authPolicy(em)]);
    if (factors.length > 0 || policy.requireSecondFactor) throw new Unauthorized('A second step is required to sign in');
  }
  const grant: SessionGrant = Object.freeze({ user, secondFactor });
  issued.add(grant);
  return grant;
}

/** Whether `grant` came from issueGrant (startSession refuses anything else). */
export function isIssuedGrant(grant: unknown): grant is SessionGrant {
  return typeof grant === 'object' && grant !== null && issued.has(grant);
}
