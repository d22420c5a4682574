import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.js';
import { persistentSecret } from '../../shared/secrets.js';

// Short-lived signed tokens for the steps of a sign-in that is not finished yet: the second step
// after a correct password, an enrolment the policy demands, a passkey challenge. Nothing is stored
// until a step is completed; then its nonce is spent (spent_nonces), so a token completes one
// sign-in at most. The key is derived from the session secret, so every instance reads them.

export type StepPurpose = 'second-factor' | 'enrol' | 'passkey';

export interface StepToken {
  purpose: StepPurpose;
  /** The account (null: a passkey challenge before anyone is named). */
  userId: string | null;
  nonce: string;
  expiresAt: Date;
}

/** How long a step stays open. */
export const STEP_TOKEN_SECONDS = 5 * 60;

const keys = new Map<string, Buffer>();
function keyOf(config: Pick<Config, 'sessionSecret' | 'dataDir'>): Buffer {
  const secret = config.sessionSecret ?? persistentSecret(config.dataDir, 'sessionSecret');
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('sign-in step tokens').digest();
    keys.set(secret, key);
  }
  return key;
}

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** A new token for `purpose` (and the account, when known), valid STEP_TOKEN_SECONDS. */
export function issueStepToken(config: Pick<Config, 'sessionSecret' | 'dataDir'>, purpose: StepPurpose, userId: string | null): { token: string; expiresAt: Date } {
  const expiresAt = new Date(Date.now() + STEP_TOKEN_SECONDS * 1000);
  const body = Buffer.from(JSON.stringify({ p: purpose, u: userId, n: randomBytes(16).toString('base64url'), e: expiresAt.getTime() })).toString('base64url');
  return { token: `${body}.${sign(keyOf(config), body)}`, expiresAt };
}

/** The token's contents when it is genuine, for `purpose`, and not expired; null otherwise (never throws). */
export function readStepToken(config: Pick<Config, 'sessionSecret' | 'dataDir'>, token: unknown, purpose: StepPurpose): StepToken | null {
  if (typeof token !== 'string' || token.length > 1000) return null;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(keyOf(config), body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p?: unknown; u?: unknown; n?: unknown; e?: unknown };
    if (data.p !== purpose || typeof data.n !== 'string' || typeof data.e !== 'number' || data.e <= Date.now()) return null;
    if (data.u !== null && typeof data.u !== 'string') return null;
    return { purpose, userId: data.u, nonce: data.n, expiresAt: new Date(data.e) };
  } catch {
    return null;
  }
}

/**
 * Marks a token's nonce as used: true the first time, false ever after (atomic across
 * instances). Expired nonces are dropped on the way, so the table stays small.
 */
export async function spendStepToken(em: EntityManager, token: StepToken): Promise<boolean> {
  const connection = em.getConnection();
  await connection.execute('delete from spent_nonces where expires_at < now()');
  const rows: unknown[] = await connection.execute(
    'insert into spent_nonces (nonce, expires_at) values (?, ?) on conflict (nonce) do nothing returning nonce',
    [`${token.purpose}:${token.nonce}`, token.expiresAt],
  );
  return rows.length > 0;
}
