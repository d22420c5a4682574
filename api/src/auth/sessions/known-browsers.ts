import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

// The browsers each account has signed in from. Every browser that signs in gets a long-lived
// random cookie `bid` (HttpOnly, SameSite=Lax, Secure like the session cookie, 400 days: the most
// browsers keep a cookie); the table known_browsers keeps only a hash of the account id and that
// value. A sign-in whose browser is not among the account's is a new browser (session.ts records
// it). The cookie proves nothing by itself: it only tells a browser seen before from one that is not.

export const BROWSER_COOKIE = 'bid';
/** The cookie's lifetime, and how long a browser stays known after its last sign-in. */
export const BROWSER_DAYS = 400;
/** How many browsers an account keeps (the most recently used). */
export const KNOWN_BROWSERS_PER_ACCOUNT = 50;

/** 32 random bytes, base64url. */
const BROWSER_ID = /^[A-Za-z0-9_-]{43}$/;

/** The browser id a Cookie header carries, when it is one of ours (anything else: none). */
export function browserIdFromCookies(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.split('=');
    if (name.trim() !== BROWSER_COOKIE) continue;
    const id = value.join('=').trim();
    if (BROWSER_ID.test(id)) return id;
  }
  return null;
}

export const newBrowserId = () => randomBytes(32).toString('base64url');

/** SQL: the stored hash of a browser id (parameter) for the account `u`. */
const BROWSER_HASH = `encode(sha256(convert_to(u.id::text || E'\\n' || ?, 'UTF8')), 'hex')`;

/**
 * After a sign-in: the browser is known to the account from now on. True when it was not before
 * (a new browser). The oldest and expired ones go.
 */
export async function rememberBrowser(em: EntityManager, userId: string, browserId: string): Promise<boolean> {
  return em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    const rows = await connection.execute<{ added: boolean }[]>(
      `insert into known_browsers (user_id, browser_hash, last_signed_in_at)
       select u.id, ${BROWSER_HASH}, clock_timestamp() from users u where u.id = ?
       on conflict (user_id, browser_hash) do update set last_signed_in_at = excluded.last_signed_in_at
       returning (xmax = 0) as added`,
      [browserId, userId],
      'all',
      context,
    );
    await connection.execute(
      `delete from known_browsers
        where user_id = ?
          and (last_signed_in_at <= now() - make_interval(days => ?)
               or browser_hash not in (select browser_hash from known_browsers where user_id = ?
                                        order by last_signed_in_at desc, browser_hash limit ?))`,
      [userId, BROWSER_DAYS, userId, KNOWN_BROWSERS_PER_ACCOUNT],
      'run',
      context,
    );
    return rows[0]?.added === true;
  });
}
