import type { EntityManager } from '@mikro-orm/postgresql';

// Ending sessions is a rule of the auth service (a password reset or change, a removed user); the
// sessions themselves are kept by the session middleware (session-store.ts) in the `sessions` table.

/** Ends every session of a user, except `exceptSessionId` (the caller's own, when kept). */
export async function endSessionsOf(em: EntityManager, userId: string, exceptSessionId: string | null = null): Promise<void> {
  await em
    .getConnection()
    .execute(`delete from sessions where sess->>'userId' = ? and sid is distinct from ?`, [userId, exceptSessionId]);
}
