import type { EntityManager } from '@mikro-orm/postgresql';
import { TooManyRequests } from '../shared/errors.js';

// Failed logins are counted per key in a fixed window, in PostgreSQL (table login_throttle),
// so the limit holds across app instances and restarts. A successful login clears its
// username's count; the IP count runs out with its window.

export const LOGIN_LIMITS = {
  perUsername: 5,
  perIp: 20,
  windowSeconds: 15 * 60,
} as const;

export interface ThrottleKeys {
  username: string;
  ip: string;
}

function keysOf({ username, ip }: ThrottleKeys): Array<{ key: string; limit: number }> {
  return [
    { key: `user:${username.toLowerCase()}`, limit: LOGIN_LIMITS.perUsername },
    { key: `ip:${ip}`, limit: LOGIN_LIMITS.perIp },
  ];
}

/** Throws TooManyRequests while either key has used up its failures in the current window. */
export async function assertLoginAllowed(em: EntityManager, keys: ThrottleKeys): Promise<void> {
  const limits = keysOf(keys);
  const rows: Array<{ key: string; failures: number; retry_after: number }> = await em.getConnection().execute(
    `select key, failures, ceil(extract(epoch from (window_started_at + make_interval(secs => ?) - now())))::int as retry_after
       from login_throttle where key in (?, ?)`,
    [LOGIN_LIMITS.windowSeconds, limits[0].key, limits[1].key],
  );
  for (const row of rows) {
    const limit = limits.find((l) => l.key === row.key)!.limit;
    if (row.failures >= limit && row.retry_after > 0) {
      const minutes = Math.ceil(row.retry_after / 60);
      throw new TooManyRequests(
        `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        row.retry_after,
      );
    }
  }
}

export async function recordLoginFailure(em: EntityManager, keys: ThrottleKeys): Promise<void> {
  const connection = em.getConnection();
  // Rows whose window ran out count for nothing: drop them, so the table stays as small as the
  // failures of the last window.
  await connection.execute(`delete from login_throttle where window_started_at + make_interval(secs => ?) <= now()`, [
    LOGIN_LIMITS.windowSeconds,
  ]);
  for (const { key } of keysOf(keys)) {
    // One atomic statement per key: a new window starts when the old one has run out.
    await connection.execute(
      `insert into login_throttle (key, failures, window_started_at) values (?, 1, now())
       on conflict (key) do update set
         failures = case when login_throttle.window_started_at + make_interval(secs => ?) <= now()
                         then 1 else login_throttle.failures + 1 end,
         window_started_at = case when login_throttle.window_started_at + make_interval(secs => ?) <= now()
                                  then now() else login_throttle.window_started_at end`,
      [key, LOGIN_LIMITS.windowSeconds, LOGIN_LIMITS.windowSeconds],
    );
  }
}

export async function clearUsernameFailures(em: EntityManager, username: string): Promise<void> {
  await em.getConnection().execute('delete from login_throttle where key = ?', [`user:${username.toLowerCase()}`]);
}
