import type { EntityManager } from '@mikro-orm/postgresql';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { logActivity } from '../../activity/activity.js';
import type { Config } from '../../config.js';
import { firmName } from '../../content/firm-name.js';
import { ValidationFailed } from '../../shared/errors.js';
import { requireAdmin } from '../auth.service.js';
import type { Caller } from '../caller.js';
import { authPolicy } from '../sign-in/policy.js';
import type { User } from '../user.entity.js';
import { countCodeVerification, totpCodeOf } from './codes.js';
import { createRecoveryCodes } from './recovery-codes.js';

// TOTP (RFC 6238, otplib): 6 digits, 30 s, SHA-1 (what
// every authenticator app reads from a QR code), one step of clock drift either way, each time
// step accepted once per account (users.totp_last_step, moved forward atomically).

export interface TotpEnrolmentStart {
  /** Base32 secret, for typing into the app. */
  secret: string;
  /** otpauth:// URI (the QR code's content). */
  uri: string;
  /** The QR code as an SVG document. */
  qrSvg: string;
}

/** How long a secret shown for setting up stays valid for its confirming code. */
export const PENDING_SECRET_MINUTES = 30;
/** ± this many seconds of clock drift: one 30-second step either way. */
const EPOCH_TOLERANCE = 30;

export const LAST_FACTOR_MESSAGE = 'Every account needs a second factor: add another before removing this one';
const WRONG_CODE_MESSAGE = 'The code is not correct';

/**
 * Starts setting up an authenticator app: a new secret, kept pending on the account until a code
 * confirms it (confirmTotpEnrolment); each start replaces the one before. Refused (400) while the
 * account has an app already: it is removed first.
 */
export async function beginTotpEnrolment(em: EntityManager, user: User, _config: Config): Promise<TotpEnrolmentStart> {
  if (user.totpSecret) throw new ValidationFailed([{ field: 'totp', message: 'An authenticator app is already set up: remove it first to set up another' }]);
  const secret = generateSecret();
  user.totpPendingSecret = secret;
  user.totpPendingAt = new Date();
  await em.flush();
  const uri = generateURI({ issuer: await firmName(em), label: user.username, secret });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/**
 * The time step of `code` when it is one of `secret`'s within one step of now and later than
 * `afterTimeStep`; null otherwise. Counted (codeVerifications).
 */
async function matchingStep(secret: string, code: string, afterTimeStep: number | null): Promise<number | null> {
  countCodeVerification();
  try {
    const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE, ...(afterTimeStep === null ? {} : { afterTimeStep }) });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** Confirms with a first code; returns new recovery codes when this is the account's first second factor (else null). */
export async function confirmTotpEnrolment(em: EntityManager, user: User, code: unknown): Promise<{ recoveryCodes: string[] | null }> {
  const digits = totpCodeOf(code);
  if (!digits) throw new ValidationFailed([{ field: 'code', message: 'Enter the 6-digit code from your app' }]);
  const pending = user.totpPendingSecret;
  const fresh = user.totpPendingAt && user.totpPendingAt.getTime() > Date.now() - PENDING_SECRET_MINUTES * 60 * 1000;
  if (!pending || !fresh) throw new ValidationFailed([{ field: 'code', message: 'This setup has expired: start again' }]);
  const step = await matchingStep(pending, digits, null);
  if (step === null) throw new ValidationFailed([{ field: 'code', message: WRONG_CODE_MESSAGE }]);

  const recoveryCodes = await em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    const [before] = await connection.execute<Array<{ totp: boolean; passkeys: boolean; codes: boolean }>>(
      `select (u.totp_secret is not null) as totp,
              exists (select 1 from passkeys p where p.user_id = u.id) as passkeys,
              exists (select 1 from recovery_codes r where r.user_id = u.id and r.used_at is null) as codes
         from users u where u.id = ? for update`,
      [user.id],
      'all',
      context,
    );
    // The pending secret is taken as it is now (another start since replaced it: that one is pending).
    const taken = await connection.execute<unknown[]>(
      `update users set totp_secret = totp_pending_secret, totp_pending_secret = null, totp_pending_at = null,
              totp_last_step = ?, totp_enabled_at = now(), updated_at = now()
        where id = ? and totp_pending_secret = ? and totp_secret is null returning id`,
      [step, user.id, pending],
      'all',
      context,
    );
    if (taken.length === 0) throw new ValidationFailed([{ field: 'code', message: 'This setup has expired: start again' }]);
    logActivity(tx, { kind: 'account.totp', actor: user, summary: 'Set up an authenticator app', details: { account: user.username, accountId: user.id } });
    await tx.flush();
    return before && !before.totp && !before.passkeys && !before.codes ? createRecoveryCodes(tx, user.id) : null;
  });
  await em.refresh(user);
  return { recoveryCodes };
}

/**
 * Whether `code` (six digits) is the account's current authenticator code, within one step of
 * drift and later than the last one accepted; an accepted code's step is recorded atomically, so
 * a code (or an older one) works once even when sent twice at the same moment.
 */
export async function verifyTotpSignIn(em: EntityManager, userId: string, code: string): Promise<boolean> {
  const [row] = await em.getConnection().execute<Array<{ secret: string | null; last: string | number | null }>>('select totp_secret as secret, totp_last_step as last from users where id = ?', [userId]);
  if (!row?.secret) {
    countCodeVerification();
    return false;
  }
  const step = await matchingStep(row.secret, code, row.last === null ? null : Number(row.last));
  if (step === null) return false;
  const moved = await em
    .getConnection()
    .execute<unknown[]>('update users set totp_last_step = ? where id = ? and (totp_last_step is null or totp_last_step < ?) returning id', [step, userId, step]);
  return moved.length > 0;
}

/** Removes the signed-in account's authenticator app; its recovery codes go too when it has no passkey. Refused (400 on `factor`) for the last factor while the policy requires one. */
export async function removeTotp(em: EntityManager, caller: Caller): Promise<void> {
  const user = await requireAdmin(em, caller);
  await em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    // One factor change at a time per account (passkeys.ts locks the same row).
    const [row] = await connection.execute<Array<{ totp: boolean; passkeys: number }>>(
      `select (u.totp_secret is not null) as totp, (select count(*)::int from passkeys p where p.user_id = u.id) as passkeys
         from users u where u.id = ? for update`,
      [user.id],
      'all',
      context,
    );
    if (!row?.totp) throw new ValidationFailed([{ field: 'factor', message: 'No authenticator app is set up' }]);
    const lastFactor = row.passkeys === 0;
    if (lastFactor && (await authPolicy(tx)).requireSecondFactor) throw new ValidationFailed([{ field: 'factor', message: LAST_FACTOR_MESSAGE }], LAST_FACTOR_MESSAGE);
    await connection.execute(
      `update users set totp_secret = null, totp_pending_secret = null, totp_pending_at = null, totp_last_step = null, totp_enabled_at = null, updated_at = now() where id = ?`,
      [user.id],
      'run',
      context,
    );
    if (lastFactor) await connection.execute('delete from recovery_codes where user_id = ?', [user.id], 'run', context);
    logActivity(tx, { kind: 'account.totp', actor: user, summary: 'Removed the authenticator app', details: { account: user.username, accountId: user.id } });
    await tx.flush();
  });
  await em.refresh(user);
}
