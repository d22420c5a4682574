import type { EntityManager } from '@mikro-orm/postgresql';
import type { LoginLimits } from '../config.js';
import { TooManyRequests } from '../shared/errors.js';

// Login attempts are counted per key in a fixed window, in PostgreSQL (table login_throttle), so
// the limits hold across app instances and restarts. An attempt is *reserved* before its password
// is verified: one transaction takes a slot from every key (conditional upserts, which lock the
// rows), or from none, so N parallel attempts verify at most the limit. A successful login gives
// its slots back and clears its username's count.

export interface ThrottleKeys {
  username: string;
  ip: string;
}

interface Bucket {
  key: string;
  limit: number;
  windowSeconds: number;
}

const DAY_SECONDS = 24 * 60 * 60;

/** The buckets an attempt draws from, in one fixed (sorted) order so that row locks never deadlock. */
function bucketsOf({ username, ip }: ThrottleKeys, limits: LoginLimits): Bucket[] {
  return [
    { key: `day:ip:${ip}`, limit: limits.perIpPerDay, windowSeconds: DAY_SECONDS },
    { key: `ip:${ip}`, limit: limits.perIp, windowSeconds: limits.windowSeconds },
    { key: `user:${username.toLowerCase()}`, limit: limits.perUsername, windowSeconds: limits.windowSeconds },
  ].sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** Takes one slot from a bucket unless it is full; a bucket whose window ran out starts again at 1. */
const RESERVE = `
  insert into login_throttle (key, failures, window_started_at) values (?, 1, now())
  on conflict (key) do update set
    failures = case when login_throttle.window_started_at + make_interval(secs => ?) <= now()
                    then 1 else login_throttle.failures + 1 end,
    window_started_at = case when login_throttle.window_started_at + make_interval(secs => ?) <= now()
                             then now() else login_throttle.window_started_at end
  where login_throttle.window_started_at + make_interval(secs => ?) <= now() or login_throttle.failures < ?
  returning key`;

class Refused extends Error {
  constructor(readonly bucket: Bucket) {
    super('login attempt refused');
  }
}

/**
 * Reserves one attempt for the username and the IP, or throws TooManyRequests (nothing taken)
 * while any of their buckets is full. Call before verifying the password.
 */
export async function reserveLoginAttempt(em: EntityManager, keys: ThrottleKeys, limits: LoginLimits): Promise<void> {
  const buckets = bucketsOf(keys, limits);
  try {
    await em.transactional(async (tx) => {
      const connection = tx.getConnection();
      const context = tx.getTransactionContext();
      for (const bucket of buckets) {
        const { key, windowSeconds, limit } = bucket;
        const rows: unknown[] = await connection.execute(RESERVE, [key, windowSeconds, windowSeconds, windowSeconds, limit], 'all', context);
        if (rows.length === 0) throw new Refused(bucket); // rolls back the slots already taken
      }
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const retryAfter = await secondsUntilWindowEnds(em, error.bucket);
    const minutes = Math.ceil(retryAfter / 60);
    throw new TooManyRequests(
      `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      retryAfter,
    );
  }
}

async function secondsUntilWindowEnds(em: EntityManager, { key, windowSeconds }: Bucket): Promise<number> {
  const rows: Array<{ retry_after: number }> = await em.getConnection().execute(
    `select ceil(extract(epoch from (window_started_at + make_interval(secs => ?) - now())))::int as retry_after
       from login_throttle where key = ?`,
    [windowSeconds, key],
  );
  return Math.max(1, rows[0]?.retry_after ?? 1);
}

/** After a successful login: the username starts afresh and the IP gets its slots back. */
export async function releaseLoginAttempt(em: EntityManager, keys: ThrottleKeys, limits: LoginLimits): Promise<void> {
  const [userKey, ...ipKeys] = bucketsOf(keys, limits)
    .map((bucket) => bucket.key)
    .sort((a, b) => Number(b.startsWith('user:')) - Number(a.startsWith('user:')));
  const connection = em.getConnection();
  await connection.execute('delete from login_throttle where key = ?', [userKey]);
  await connection.execute('update login_throttle set failures = greatest(failures - 1, 0) where key in (?, ?)', ipKeys);
}

/** Rows whose window ran out count for nothing: dropped now and then, so the table stays small. */
export async function pruneLoginThrottle(em: EntityManager, limits: LoginLimits): Promise<void> {
  await em.getConnection().execute(
    `delete from login_throttle
      where window_started_at + make_interval(secs => case when key like 'day:%' then ? else ? end) <= now()`,
    [DAY_SECONDS, limits.windowSeconds],
  );
}
