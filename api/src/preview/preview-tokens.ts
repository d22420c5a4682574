import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.js';
import { persistentSecret } from '../shared/secrets.js';

// A share link's token: 32 random bytes and their HMAC-SHA256 under the site's link key,
// base64url, 86 characters. The key is derived from SESSION_SECRET when it is set (every replica
// of a site has the same one, and each its own DATA_DIR: a link made on one opens on any), else
// generated once and kept in DATA_DIR (shared/secrets.ts: a single instance).
// A token the server did not make is refused by its signature alone, before any database query,
// so guessing costs a forger nothing but costs the server nothing either. The database keeps only
// the token's SHA-256 (tokenHash), so its rows are not links.

const RANDOM_BYTES = 32;
const SIGNATURE_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{86}$/;

/** What the key comes from: the site's SESSION_SECRET, else its DATA_DIR. */
export type LinkKeySource = Pick<Config, 'dataDir' | 'sessionSecret'>;

const keys = new Map<string, Buffer>();

/** The site's link key (made once per process and source). */
function keyOf({ dataDir, sessionSecret }: LinkKeySource): Buffer {
  const id = sessionSecret === null ? `dir ${dataDir}` : `secret ${sessionSecret}`;
  let key = keys.get(id);
  if (!key) {
    // A key of its own, not the session secret itself: a link's signature says nothing about sessions.
    key =
      sessionSecret === null
        ? Buffer.from(persistentSecret(dataDir, 'previewLinkSecret'), 'base64url')
        : createHmac('sha256', sessionSecret).update('preview-link-signing').digest();
    keys.set(id, key);
  }
  return key;
}

const sign = (key: Buffer, random: Buffer) => createHmac('sha256', key).update(random).digest();

/** A new token. */
export function newToken(site: LinkKeySource): string {
  const random = randomBytes(RANDOM_BYTES);
  return Buffer.concat([random, sign(keyOf(site), random)]).toString('base64url');
}

/** Whether `token` carries this site's signature (no database involved). */
export function isSigned(site: LinkKeySource, token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const bytes = Buffer.from(token, 'base64url');
  // base64url of 64 bytes is 86 characters; the last one holds 2 spare bits: only the canonical spelling counts.
  if (bytes.length !== RANDOM_BYTES + SIGNATURE_BYTES || bytes.toString('base64url') !== token) return false;
  return timingSafeEqual(bytes.subarray(RANDOM_BYTES), sign(keyOf(site), bytes.subarray(0, RANDOM_BYTES)));
}

/** What the database keeps of a token. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
