import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

// The browsers each account has signed in from. Every browser that signs in gets a long-lived
// random cookie `bid` (HttpOnly, SameSite=Lax, Secure like the session cookie, 400 days: the most
// browsers keep a cookie). The table known_browsers keeps, per account, hashes only: of the
// account id with that cookie, and with what the browser looks like (its browser and system names
// and the coarse network it signed in from), so a browser that lost its cookie (a private window,
// cleared cookies, a client that keeps none) on the same network is not new every time. A sign-in
// matching neither is from a new browser (session.ts records it; session-store.ts writes the cookie).

export const BROWSER_COOKIE = 'bid';
/** The cookie's lifetime, and how long a browser stays known after its last sign-in. */
export const BROWSER_DAYS = 400;
/** How many keys (two a browser) an account keeps (the most recently used). */
export const KNOWN_BROWSERS_PER_ACCOUNT = 100;

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

/** SQL: the stored hash of a browser key (parameter) for the account `u`. */
const BROWSER_HASH = `encode(sha256(convert_to(u.id::text || E'\\n' || ?, 'UTF8')), 'hex')`;

/** The keys a sign-in's browser is known by: its cookie, and what it looks like from where. */
export function browserKeys(browserId: string, looks: { short: string; network: string | null }): string[] {
  return [`cookie\n${browserId}`, `looks\n${looks.short}\n${looks.network ?? ''}`];
}

/**
 * After a sign-in: the browser (its keys, browserKeys) is known to the account from now on. True
 * when none of its keys was known before (a new browser). The oldest and expired ones go.
 */
export async function rememberBrowser(em: EntityManager, userId: string, keys: string[]): Promise<boolean> {
  return em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    let added = 0;
    for (const key of keys) {
      const rows = await connection.execute<{ added: boolean }[]>(
        `insert into known_browsers (user_id, browser_hash, last_signed_in_at)
         select u.id, ${BROWSER_HASH}, clock_timestamp() from users u where u.id = ?
         on conflict (user_id, browser_hash) do update set last_signed_in_at = excluded.last_signed_in_at
         returning (xmax = 0) as added`,
        [key, userId],
        'all',
        context,
      );
      if (rows[0]?.added === true) added++;
    }
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
    return keys.length > 0 && added === keys.length;
  });
}
