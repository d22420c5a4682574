import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.js';
import type { Caller } from '../caller.js';
import type { User } from '../user.entity.js';
import type { Passkey } from './passkey.entity.js';

// OWNER: helper "passkeys" (contract-26.md). WebAuthn with @simplewebauthn/server.

/** Whether passkeys can work here: the relying party id (PUBLIC_URL's host, or the request's) is a domain, not an IP address. */
export function passkeysAvailable(_config: Config): boolean {
  throw new Error('not built yet');
}

export async function listPasskeys(_em: EntityManager, _userId: string): Promise<Passkey[]> {
  throw new Error('not built yet');
}

export async function passkeyRegistrationOptions(_em: EntityManager, _user: User, _config: Config): Promise<Record<string, unknown>> {
  throw new Error('not built yet');
}

/** Registers a passkey; returns new recovery codes when it is the account's first second factor (else null). */
export async function registerPasskey(_em: EntityManager, _user: User, _input: { name: unknown; response: unknown }, _config: Config): Promise<{ passkey: Passkey; recoveryCodes: string[] | null }> {
  throw new Error('not built yet');
}

export async function renamePasskey(_em: EntityManager, _caller: Caller, _id: string, _name: unknown): Promise<Passkey> {
  throw new Error('not built yet');
}

export async function removePasskey(_em: EntityManager, _caller: Caller, _id: string): Promise<void> {
  throw new Error('not built yet');
}
