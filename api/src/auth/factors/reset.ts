import type { EntityManager } from '@mikro-orm/postgresql';
import { logActivity } from '../../activity/activity.js';
import { NotFound } from '../../shared/errors.js';
import { COMMAND_LINE, type Actor } from '../accounts.service.js';
import { requirePermission } from '../permissions.js';
import { authPolicy } from '../sign-in/policy.js';
import { endSessionsOf } from '../session-revocation.js';
import { User } from '../user.entity.js';

// Recovery for an account that lost its second factor
// (`npm run admin -- reset-second-factor <username>`): the authenticator app, the passkeys and the
// recovery codes go, and every session of the account ends. It signs in with its password alone
// afterwards, or (when the policy requires a second factor) is sent to set one up.

export interface SecondFactorReset {
  user: User;
  /** Whether an authenticator app was set up (or being set up). */
  totp: boolean;
  passkeys: number;
  /** Recovery codes not yet used. */
  recoveryCodes: number;
  /** The sign-in policy requires a second factor: the account sets one up at its next sign-in. */
  secondFactorRequired: boolean;
}

/** Removes every second factor of the account `username` and ends its sessions (the `accounts` permission, or the command line). */
export async function resetSecondFactors(em: EntityManager, actor: Actor, username: string): Promise<SecondFactorReset> {
  const acting = actor === COMMAND_LINE ? null : await requirePermission(em, actor, 'accounts');
  const name = username.trim();
  // PostgreSQL text cannot hold NUL: no account has such a name.
  const user = name.includes('\u0000') ? null : await em.findOne(User, { username: name });
  if (!user) throw new NotFound(`No user "${name}"`);
  const removed = await em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    const [totp] = await connection.execute<{ had: boolean }[]>(
      `update users u set totp_secret = null, totp_pending_secret = null, totp_pending_at = null, totp_last_step = null, totp_enabled_at = null, updated_at = now()
         from (select id, (totp_secret is not null or totp_pending_secret is not null) as had from users where id = ? for update) old
        where u.id = old.id returning old.had`,
      [user.id],
      'all',
      context,
    );
    const passkeys = await connection.execute<unknown[]>(`delete from passkeys where user_id = ? returning id`, [user.id], 'all', context);
    const codes = await connection.execute<{ unused: boolean }[]>(`delete from recovery_codes where user_id = ? returning (used_at is null) as unused`, [user.id], 'all', context);
    const result = { totp: totp?.had === true, passkeys: passkeys.length, recoveryCodes: codes.filter((code) => code.unused).length };
    logActivity(tx, {
      kind: 'account.second-factor-reset',
      actor: acting ? { id: acting.id, username: acting.username } : null,
      summary: `Reset the second factors of "${user.username}"${acting ? '' : ' (command line)'}`,
      details: { account: user.username, accountId: user.id, ...result, ...(acting ? {} : { via: 'command line' }) },
    });
    return result;
  });
  await endSessionsOf(em, user.id);
  return { user, ...removed, secondFactorRequired: (await authPolicy(em)).requireSecondFactor };
}

/** The command line's line for a reset: what went. */
export function describeReset(reset: SecondFactorReset): string {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const parts = [
    ...(reset.totp ? ['the authenticator app'] : []),
    ...(reset.passkeys > 0 ? [plural(reset.passkeys, 'passkey', 'passkeys')] : []),
    ...(reset.recoveryCodes > 0 ? [plural(reset.recoveryCodes, 'recovery code', 'recovery codes')] : []),
  ];
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  const done =
    parts.length === 0
      ? `"${reset.user.username}" had no second factor to remove; their sessions are ended.`
      : `Reset the second factors of "${reset.user.username}": removed ${list}; their sessions are ended.`;
  return reset.secondFactorRequired ? `${done} Every account needs a second factor: they set up a new one at their next sign-in.` : done;
}
