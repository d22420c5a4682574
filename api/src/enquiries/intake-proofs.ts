import { createHmac, timingSafeEqual } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Config } from '../config.js';
import { persistentSecret } from '../shared/secrets.js';

// The proofs an enquiry carries besides its words, each keyed from the session secret (so every
// instance issues and reads them alike): the form token (when the form was handed out, for the
// minimum-time rule), the ALTCHA proof of work (altcha-lib's v1 challenge: a SHA-256 preimage
// search, signed by us), and the keyed hash that stands for the client address.

type Keyed = Pick<Config, 'sessionSecret' | 'dataDir'>;

/** How long an ALTCHA challenge may be solved and sent. */
export const CHALLENGE_MINUTES = 20;

const keys = new Map<string, string>();
/** A key for one purpose, derived from the session secret (hex; altcha-lib takes a string). */
function keyOf(config: Keyed, purpose: string): string {
  const secret = config.sessionSecret ?? persistentSecret(config.dataDir, 'sessionSecret');
  const id = `${purpose}\n${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = createHmac('sha256', secret).update(`enquiries: ${purpose}`).digest('hex');
    keys.set(id, key);
  }
  return key;
}

const sign = (key: string, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** The form token: the time it was issued (ms), signed. */
export function issueFormToken(config: Keyed, now = Date.now()): string {
  const body = String(now);
  return `${body}.${sign(keyOf(config, 'form token'), body)}`;
}

/** When a genuine form token was issued; null for anything else (never throws). */
export function formTokenIssuedAt(config: Keyed, token: unknown): number | null {
  if (typeof token !== 'string' || token.length > 100) return null;
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(sign(keyOf(config, 'form token'), match[1]!));
  const given = Buffer.from(match[2]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(match[1]);
}

/** The keyed hash that stands for a client address (hex): the same address always gives the same hash, which says nothing of it. */
export function clientHashOf(config: Keyed, address: string): string {
  return createHmac('sha256', keyOf(config, 'client address')).update(address).digest('hex');
}

/** A new ALTCHA challenge (JSON: algorithm, challenge, salt, signature, maxnumber), valid CHALLENGE_MINUTES. */
export async function newAltchaChallenge(config: Keyed & Pick<Config, 'enquiry'>): Promise<string> {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    hmacKey: keyOf(config, 'altcha'),
    maxNumber: config.enquiry.altchaMaxNumber,
    expires: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
  });
  return JSON.stringify(challenge);
}

/** A verified ALTCHA solution: the signature it is spent by, and when its challenge expires. */
export interface SolvedChallenge {
  signature: string;
  expiresAt: Date;
}

/** Longest payload read (a genuine one is some 300 characters of base64). */
const MAX_PAYLOAD_LENGTH = 2000;

/**
 * The solution's challenge when the payload (base64 JSON: algorithm, challenge, number, salt,
 * signature) solves a challenge we issued that has not expired; null otherwise (never throws).
 * Whether it was used already is the caller's to check (spent in the storing transaction).
 */
export async function verifyAltcha(config: Keyed, payload: unknown): Promise<SolvedChallenge | null> {
  if (typeof payload !== 'string' || payload.length > MAX_PAYLOAD_LENGTH) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { algorithm, challenge, number, salt, signature } = parsed as Record<string, unknown>;
  if (algorithm !== 'SHA-256' || typeof challenge !== 'string' || typeof salt !== 'string' || typeof signature !== 'string') return null;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) return null;
  const solution = { algorithm, challenge, number, salt, signature } as const;
  // Every challenge we issue carries its expiry in the (signed) salt.
  const expires = Number(extractParams(solution).expires);
  if (!Number.isSafeInteger(expires)) return null;
  try {
    if (!(await verifySolution(solution, keyOf(config, 'altcha'), true))) return null;
  } catch {
    return null;
  }
  return { signature, expiresAt: new Date(expires * 1000) };
}

/** Longest Turnstile token sent on (Cloudflare documents at most 2048 characters). */
const MAX_TURNSTILE_TOKEN = 2048;

/**
 * Whether Cloudflare Turnstile (siteverify at TURNSTILE_VERIFY_URL) accepts the token; null when
 * it could not be asked (unreachable, a non-JSON answer) within 10 seconds.
 */
export async function verifyTurnstile(turnstile: { secret: string; verifyUrl: string }, token: unknown, address: string): Promise<boolean | null> {
  if (typeof token !== 'string' || token === '' || token.length > MAX_TURNSTILE_TOKEN) return false;
  try {
    const answer = await fetch(turnstile.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: turnstile.secret, response: token, remoteip: address }),
      signal: AbortSignal.timeout(10_000),
      redirect: 'error',
    });
    if (!answer.ok) return null;
    const result = (await answer.json()) as { success?: unknown };
    return result.success === true;
  } catch {
    return null;
  }
}
