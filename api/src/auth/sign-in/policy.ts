import type { EntityManager } from '@mikro-orm/postgresql';
import { logActivity } from '../../activity/activity.js';
import { ValidationFailed } from '../../shared/errors.js';
import type { Caller } from '../caller.js';
import { requirePermission } from '../permissions.js';
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

/**
 * Switches the policy (the `accounts` permission). Switching it on ends every session that was
 * signed in without a second step (password only), except the caller's own `keepSessionId` when
 * the caller's session completed one; an admin whose own session has none is refused (400) until
 * they set up a factor. Returns the new policy.
 */
export async function setSecondFactorRequired(em: EntityManager, caller: Caller, required: boolean, ctx: { keepSessionId: string | null }): Promise<AuthPolicy> {
  const user = await requirePermission(em, caller, 'accounts');
  if (typeof required !== 'boolean') throw new ValidationFailed([{ field: 'required', message: 'Required must be true or false' }]);
  const connection = em.getConnection();
  if (required) {
    // The caller's own session must have completed a second step (or set a factor up), and the
    // account must still have one: else switching it on would lock them out at their next sign-in.
    const [session] = ctx.keepSessionId
      ? await connection.execute<Array<{ factor: string | null }>>(`select sess->>'secondFactor' as factor from sessions where sid = ?`, [ctx.keepSessionId])
      : [];
    if (!session?.factor || (await secondFactorsOf(em, user.id)).length === 0) {
      throw new ValidationFailed([{ field: 'required', message: 'Set up a second factor for your own account first' }]);
    }
  }
  await em.transactional(async (tx) => {
    const context = tx.getTransactionContext();
    const txConnection = tx.getConnection();
    await txConnection.execute(
      `insert into auth_policy (id, require_second_factor, updated_at) values (1, ?, now())
       on conflict (id) do update set require_second_factor = excluded.require_second_factor, updated_at = excluded.updated_at`,
      [required],
      'run',
      context,
    );
    if (required) {
      // Sessions signed in with a password alone (before this, or before second steps existed) end now.
      await txConnection.execute(`delete from sessions where coalesce(sess->>'secondFactor', '') = '' and sid is distinct from ?`, [ctx.keepSessionId], 'run', context);
    }
    logActivity(tx, {
      kind: 'account.policy',
      actor: user,
      summary: required ? 'Required a second factor for every account' : 'Stopped requiring a second factor for every account',
      details: { requireSecondFactor: required },
    });
    await tx.flush();
  });
  return authPolicy(em);
}
