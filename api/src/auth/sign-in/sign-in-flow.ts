import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.js';
import type { SessionGrant } from './session-grant.js';
import type { SignInMethod } from './policy.js';

// OWNER: helper "sign-in" (contract-26.md). The sign-in state machine every adapter calls.

export interface SignInContext {
  ip: string;
  config: Config;
}

/** What the password step leads to. */
export type SignInOutcome =
  | { status: 'signed-in'; grant: SessionGrant }
  | { status: 'second-factor'; token: string; methods: SignInMethod[]; expiresAt: Date }
  | { status: 'enrol'; token: string; methods: EnrolMethod[]; expiresAt: Date };

/** What an account can set up as its second factor ('passkey' only where passkeys work: passkeys.ts `passkeysAvailable`). */
export type EnrolMethod = 'totp' | 'passkey';

export async function signInWithPassword(_em: EntityManager, _input: unknown, _ctx: SignInContext): Promise<SignInOutcome> {
  throw new Error('not built yet');
}

export async function signInWithCode(_em: EntityManager, _input: { token: unknown; code: unknown }, _ctx: SignInContext): Promise<SessionGrant> {
  throw new Error('not built yet');
}
