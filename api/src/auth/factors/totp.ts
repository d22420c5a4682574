import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.js';
import type { User } from '../user.entity.js';
import type { Caller } from '../caller.js';

// OWNER: helper "sign-in" (contract-26.md). TOTP (RFC 6238, otplib).

export interface TotpEnrolmentStart {
  /** Base32 secret, for typing into the app. */
  secret: string;
  /** otpauth:// URI (the QR code's content). */
  uri: string;
  /** The QR code as an SVG document. */
  qrSvg: string;
}

export async function beginTotpEnrolment(_em: EntityManager, _user: User, _config: Config): Promise<TotpEnrolmentStart> {
  throw new Error('not built yet');
}

/** Confirms with a first code; returns new recovery codes when this is the account's first second factor (else null). */
export async function confirmTotpEnrolment(_em: EntityManager, _user: User, _code: unknown): Promise<{ recoveryCodes: string[] | null }> {
  throw new Error('not built yet');
}

export async function removeTotp(_em: EntityManager, _caller: Caller): Promise<void> {
  throw new Error('not built yet');
}
