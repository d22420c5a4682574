import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { persistentSecret } from '../shared/secrets.js';

// A share link's token: 32 random bytes and their HMAC-SHA256 under a secret kept in DATA_DIR
// (shared/secrets.ts; every instance of one site reads the same file), base64url, 86 characters.
// A token the server did not make is refused by its signature alone, before any database query,
// so guessing costs a forger nothing but costs the server nothing either. The database keeps only
// the token's SHA-256 (tokenHash), so its rows are not links.

const RANDOM_BYTES = 32;
const SIGNATURE_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{86}$/;

const secrets = new Map<string, Buffer>();

/** The signing key of the site whose data lives in `dataDir` (read once per process). */
function keyOf(dataDir: string): Buffer {
  let key = secrets.get(dataDir);
  if (!key) {
    key = Buffer.from(persistentSecret(dataDir, 'previewLinkSecret'), 'base64url');
    secrets.set(dataDir, key);
  }
  return key;
}

const sign = (key: Buffer, random: Buffer) => createHmac('sha256', key).update(random).digest();

/** A new token. */
export function newToken(dataDir: string): string {
  const random = randomBytes(RANDOM_BYTES);
  return Buffer.concat([random, sign(keyOf(dataDir), random)]).toString('base64url');
}

/** Whether `token` carries this site's signature (no database involved). */
export function isSigned(dataDir: string, token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const bytes = Buffer.from(token, 'base64url');
  // base64url of 64 bytes is 86 characters; the last one holds 2 spare bits: only the canonical spelling counts.
  if (bytes.length !== RANDOM_BYTES + SIGNATURE_BYTES || bytes.toString('base64url') !== token) return false;
  return timingSafeEqual(bytes.subarray(RANDOM_BYTES), sign(keyOf(dataDir), bytes.subarray(0, RANDOM_BYTES)));
}

/** What the database keeps of a token. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
