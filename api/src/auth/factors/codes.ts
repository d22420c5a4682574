import { ValidationFailed } from '../../shared/errors.js';

// A code typed at the second step: six digits from the authenticator app, or a recovery code.
// Told apart by shape; anything else is malformed (400 before any attempt is counted).

export type SecondStepCode = { kind: 'totp'; code: string } | { kind: 'recovery-code'; code: string };

export const MALFORMED_CODE_MESSAGE = 'Enter the 6-digit code from your app or a recovery code';

/** The characters of recovery codes: no look-alikes (i, l, o, 0, 1). */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_LENGTH = 10;
const RECOVERY_CODE_PATTERN = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/** The stored form of a recovery code as typed (lower case, no hyphen or spaces), or null when it is not one's shape. */
export function normalisedRecoveryCode(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 100) return null;
  const code = input.replace(/[\s-]+/g, '').toLowerCase();
  return RECOVERY_CODE_PATTERN.test(code) ? code : null;
}

/** Six ASCII digits, spaces around or inside ignored ("123 456" as some apps show it). */
export function totpCodeOf(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 100) return null;
  const code = input.replace(/\s+/g, '');
  return /^[0-9]{6}$/.test(code) ? code : null;
}

/** The code's kind and its normal form, or ValidationFailed on `code`. */
export function parseSecondStepCode(input: unknown): SecondStepCode {
  const totp = totpCodeOf(input);
  if (totp) return { kind: 'totp', code: totp };
  const recovery = normalisedRecoveryCode(input);
  if (recovery) return { kind: 'recovery-code', code: recovery };
  throw new ValidationFailed([{ field: 'code', message: MALFORMED_CODE_MESSAGE }]);
}

/** Codes checked against an account by this process (TOTP or recovery): the code throttle's tests count them. */
let verifications = 0;
export function codeVerifications(): number {
  return verifications;
}

/** Counts one verification (totp.ts and recovery-codes.ts call it as they check a code). */
export function countCodeVerification(): void {
  verifications++;
}
