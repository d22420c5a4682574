import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../caller.js';

// OWNER: helper "sign-in" (contract-26.md). Ten single-use recovery codes, stored hashed.

export async function regenerateRecoveryCodes(_em: EntityManager, _caller: Caller): Promise<string[]> {
  throw new Error('not built yet');
}
