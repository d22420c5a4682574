import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionGrant } from './session-grant.js';
import type { SignInContext } from './sign-in-flow.js';

// OWNER: helper "passkeys" (contract-26.md). Signing in with a passkey: alone (a discoverable
// credential, user verification required), or as the second step after a password (its token).

export async function passkeySignInOptions(_em: EntityManager, _input: { token?: string | null }, _ctx: SignInContext): Promise<Record<string, unknown>> {
  throw new Error('not built yet');
}

export async function signInWithPasskey(_em: EntityManager, _input: { token?: string | null; response: unknown }, _ctx: SignInContext): Promise<SessionGrant> {
  throw new Error('not built yet');
}
