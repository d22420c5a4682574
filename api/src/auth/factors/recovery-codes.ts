import { createHash, randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { logActivity } from '../../activity/activity.js';
import { ValidationFailed } from '../../shared/errors.js';
import { requireAdmin } from '../auth.service.js';
import type { Caller } from '../caller.js';
import { countCodeVerification, normalisedRecoveryCode, RECOVERY_CODE_ALPHABET, RECOVERY_CODE_LENGTH } from './codes.js';

// Ten single-use recovery codes, stored hashed.
//
// A code is ten characters from an alphabet without look-alikes (no i, l, o, 0, 1), shown as
// `xxxxx-xxxxx` (about 49 bits); typed in any case, with or without the hyphen, spaces ignored.
// Only sha256(`${userId}\n${code}`) is stored (the code without its hyphen, lower case). They are
// made with an account's first second factor (an authenticator app or a passkey), replaced on
// request, and go with the account's last factor.

export { normalisedRecoveryCode, RECOVERY_CODE_ALPHABET };
export const RECOVERY_CODE_COUNT = 10;

const hashOf = (userId: string, normalised: string) => createHash('sha256').update(`${userId}\n${normalised}`).digest('hex');

function newCode(): string {
  const chars = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Replaces the account's recovery codes with ten new ones and returns them (shown this once).
 * Runs in `em`'s transaction when it has one.
 */
export async function createRecoveryCodes(em: EntityManager, userId: string): Promise<string[]> {
  const connection = em.getConnection();
  const context = em.getTransactionContext();
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  const list = [...codes];
  await connection.execute('delete from recovery_codes where user_id = ?', [userId], 'run', context);
  await connection.execute(
    `insert into recovery_codes (user_id, code_hash) values ${list.map(() => '(?, ?)').join(', ')}`,
    list.flatMap((code) => [userId, hashOf(userId, normalisedRecoveryCode(code)!)]),
    'run',
    context,
  );
  return list;
}

/** The codes for an account's first second factor (the caller checked it is the first, with no unused codes left). */
export const createFirstRecoveryCodes = createRecoveryCodes;

/** Whether the account has recovery codes not used yet. */
export async function hasUnusedRecoveryCodes(em: EntityManager, userId: string): Promise<boolean> {
  const rows = await em.getConnection().execute<unknown[]>('select 1 from recovery_codes where user_id = ? and used_at is null limit 1', [userId], 'all', em.getTransactionContext());
  return rows.length > 0;
}

/**
 * Spends the account's recovery code `normalised` (normalisedRecoveryCode): true once, false for
 * a code it does not have or used before (atomic: two requests with one code, one wins).
 */
export async function spendRecoveryCode(em: EntityManager, userId: string, normalised: string): Promise<boolean> {
  countCodeVerification();
  const rows = await em
    .getConnection()
    .execute<unknown[]>('update recovery_codes set used_at = now() where user_id = ? and code_hash = ? and used_at is null returning id', [userId, hashOf(userId, normalised)]);
  return rows.length > 0;
}

/** How many unused codes the account has. */
export async function recoveryCodesLeft(em: EntityManager, userId: string): Promise<number> {
  const [row] = await em.getConnection().execute<Array<{ left: number }>>('select count(*)::int as left from recovery_codes where user_id = ? and used_at is null', [userId]);
  return row?.left ?? 0;
}

/** Replaces the signed-in account's recovery codes with ten new ones (the old ones stop working); only with a second factor. */
export async function regenerateRecoveryCodes(em: EntityManager, caller: Caller): Promise<string[]> {
  const user = await requireAdmin(em, caller);
  return em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    const [row] = await connection.execute<Array<{ factors: boolean }>>(
      `select (u.totp_secret is not null or exists (select 1 from passkeys p where p.user_id = u.id)) as factors from users u where u.id = ? for update`,
      [user.id],
      'all',
      context,
    );
    if (!row?.factors) throw new ValidationFailed([{ field: 'codes', message: 'Set up an authenticator app or a passkey first' }]);
    const codes = await createRecoveryCodes(tx, user.id);
    logActivity(tx, { kind: 'account.recovery-codes', actor: user, summary: 'Made new recovery codes (the old ones stopped working)', details: { account: user.username, accountId: user.id } });
    await tx.flush();
    return codes;
  });
}
