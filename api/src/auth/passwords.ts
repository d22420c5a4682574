import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id is @node-rs/argon2's default algorithm; its default cost parameters follow OWASP.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Password verifications done by this process (argon2 runs): the login throttle's tests count them. */
let verifications = 0;
export function passwordVerifications(): number {
  return verifications;
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  verifications++;
  return verify(passwordHash, password).catch(() => false);
}

/** A hash no password matches: verified against when the username is unknown, so timing does not tell. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}

/** 20 characters from a URL-safe alphabet (about 120 bits). */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}
