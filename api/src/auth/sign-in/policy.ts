import type { EntityManager } from '@mikro-orm/postgresql';
import { AuthPolicy } from './auth-policy.entity.js';

// The sign-in policy and what an account has: read by the grant (session-grant.ts) on every sign-in.

/** A way to complete a sign-in besides the password. */
export type SignInMethod = 'totp' | 'recovery-code' | 'passkey';

/** The policy row (the defaults when it was never written). */
export async function authPolicy(em: EntityManager): Promise<AuthPolicy> {
  return (await em.findOne(AuthPolicy, { id: 1 }, { refresh: true })) ?? em.create(AuthPolicy, { id: 1 }, { persist: false });
}

/** The second steps an account can complete: TOTP and its recovery codes, passkeys. Empty: none. */
export async function secondFactorsOf(em: EntityManager, userId: string): Promise<SignInMethod[]> {
  const [row] = await em.getConnection().execute<Array<{ totp: boolean; codes: boolean; passkeys: boolean }>>(
    `select (u.totp_secret is not null) as totp,
            exists (select 1 from recovery_codes r where r.user_id = u.id and r.used_at is null) as codes,
            exists (select 1 from passkeys p where p.user_id = u.id) as passkeys
       from users u where u.id = ?`,
    [userId],
  );
  if (!row) return [];
  const methods: SignInMethod[] = [];
  if (row.totp) methods.push('totp');
  if (row.codes && (row.totp || row.passkeys)) methods.push('recovery-code');
  if (row.passkeys) methods.push('passkey');
  return methods;
}

// OWNER of what follows: helper "sign-in" (contract-26.md).

/**
 * Switches the policy (the `accounts` permission). Switching it on ends every session that was
 * signed in without a second step (password only), except the caller's own `keepSessionId` when
 * the caller's session completed one; an admin whose own session has none is refused (400) until
 * they set up a factor. Returns the new policy.
 */
export async function setSecondFactorRequired(_em: EntityManager, _caller: import('../caller.js').Caller, _required: boolean, _ctx: { keepSessionId: string | null }): Promise<AuthPolicy> {
  throw new Error('not built yet');
}
