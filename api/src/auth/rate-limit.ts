import type { EntityManager } from '@mikro-orm/postgresql';
import type { LoginLimits } from '../config.js';
import { TooManyRequests } from '../shared/errors.js';

// Password attempts (sign-ins and changes of one's own password) are counted per key in a fixed
// window, in PostgreSQL (table login_throttle), so the limits hold across app instances and
// restarts. An attempt is *reserved* before its password is verified: one transaction takes a
// slot from every key (conditional upserts, which lock the rows), or from none, so N parallel
// attempts verify at most the limit. A successful attempt gives its slots back and clears its
// username's count.
//
// An address the account has signed in from before (known-addresses.ts) is not locked out by
// guesses from elsewhere: its attempts draw from a bucket of their own for that account and
// address, and from the account's shared bucket only while that has room. Guesses from a known
// address still count (in both), and the per-IP limits hold for every address.
//
// Second-step codes (an authenticator's or a recovery code) are reserved the same way
// (reserveCodeAttempt): a bucket of the account's own (`factor:<userId>`, LOGIN_MAX_CODE_ATTEMPTS)
// and the same per-IP buckets as passwords. A correct code clears the account's bucket.

export interface ThrottleKeys {
  username: string;
  ip: string;
  /** The address has signed in to this account before (known-addresses.ts). */
  knownAddress?: boolean;
}

interface Bucket {
  key: string;
  limit: number;
  windowSeconds: number;
  /** A full bucket does not refuse the attempt (the account's bucket, for a known address). */
  soft?: boolean;
}

/** The slots an attempt took: what a successful attempt gives back (releaseLoginAttempt). */
export interface Reservation {
  taken: string[];
}

const DAY_SECONDS = 24 * 60 * 60;

const userKey = (username: string) => `user:${username.toLowerCase()}`;
const knownAddressKey = ({ username, ip }: ThrottleKeys) => `known:${username.toLowerCase()}:${ip}`;

/** The buckets an attempt draws from, in one fixed (sorted) order so that row locks never deadlock. */
function bucketsOf(keys: ThrottleKeys, limits: LoginLimits): Bucket[] {
  const { username, ip, knownAddress = false } = keys;
  const buckets: Bucket[] = [
    { key: `day:ip:${ip}`, limit: limits.perIpPerDay, windowSeconds: DAY_SECONDS },
    { key: `ip:${ip}`, limit: limits.perIp, windowSeconds: limits.windowSeconds },
    { key: userKey(username), limit: limits.perUsername, windowSeconds: limits.windowSeconds, soft: knownAddress },
  ];
  if (knownAddress) buckets.push({ key: knownAddressKey(keys), limit: limits.perUsername, windowSeconds: limits.windowSeconds });
  return buckets.sort((a, b) => (a.key < b.key ? -1 : 1));
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
    super('password attempt refused');
  }
}

/**
 * Reserves one attempt for the username and the IP, or throws TooManyRequests (nothing taken)
 * while any of their buckets is full. Call before verifying the password; `what` names the
 * attempts in the message ('login': "Too many login attempts. ...").
 */
export async function reserveLoginAttempt(
  em: EntityManager,
  keys: ThrottleKeys,
  limits: LoginLimits,
  what: 'login' | 'password' = 'login',
): Promise<Reservation> {
  return reserve(em, bucketsOf(keys, limits), what);
}

/**
 * Reserves one second-step code attempt for the account and the IP, or throws TooManyRequests
 * ("Too many code attempts. ...", nothing taken) while the account's code bucket or the IP's is
 * full. Call before verifying the code; releaseLoginAttempt after a correct one.
 */
export async function reserveCodeAttempt(em: EntityManager, keys: { userId: string; ip: string }, limits: LoginLimits): Promise<Reservation> {
  const buckets: Bucket[] = [
    { key: `day:ip:${keys.ip}`, limit: limits.perIpPerDay, windowSeconds: DAY_SECONDS },
    { key: `factor:${keys.userId}`, limit: limits.codesPerAccount, windowSeconds: limits.windowSeconds },
    { key: `ip:${keys.ip}`, limit: limits.perIp, windowSeconds: limits.windowSeconds },
  ];
  return reserve(em, buckets.sort((a, b) => (a.key < b.key ? -1 : 1)), 'code');
}

async function reserve(em: EntityManager, buckets: Bucket[], what: 'login' | 'password' | 'code'): Promise<Reservation> {
  try {
    return await em.transactional(async (tx) => {
      const connection = tx.getConnection();
      const context = tx.getTransactionContext();
      const taken: string[] = [];
      for (const bucket of buckets) {
        const { key, windowSeconds, limit } = bucket;
        const rows: unknown[] = await connection.execute(RESERVE, [key, windowSeconds, windowSeconds, windowSeconds, limit], 'all', context);
        if (rows.length > 0) taken.push(key);
        else if (!bucket.soft) throw new Refused(bucket); // rolls back the slots already taken
      }
      return { taken };
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const retryAfter = await secondsUntilWindowEnds(em, error.bucket);
    const minutes = Math.ceil(retryAfter / 60);
    throw new TooManyRequests(
      `Too many ${what} attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
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

/**
 * After a successful attempt: the username starts afresh (when this attempt drew from its bucket:
 * a known address's success leaves a lock that guesses from elsewhere set), the address's own
 * bucket for the account too (a correct code: the account's code bucket), and the IP gets its
 * slots back.
 */
export async function releaseLoginAttempt(em: EntityManager, reservation: Reservation): Promise<void> {
  const connection = em.getConnection();
  const cleared = reservation.taken.filter((key) => key.startsWith('user:') || key.startsWith('known:') || key.startsWith('factor:'));
  const returned = reservation.taken.filter((key) => !cleared.includes(key));
  const list = (keys: string[]) => keys.map(() => '?').join(', ');
  if (cleared.length > 0) await connection.execute(`delete from login_throttle where key in (${list(cleared)})`, cleared);
  if (returned.length > 0) {
    await connection.execute(`update login_throttle set failures = greatest(failures - 1, 0) where key in (${list(returned)})`, returned);
  }
}

/** Rows whose window ran out count for nothing: dropped now and then, so the table stays small. */
export async function pruneLoginThrottle(em: EntityManager, limits: LoginLimits): Promise<void> {
  await em.getConnection().execute(
    `delete from login_throttle
      where window_started_at + make_interval(secs => case when key like 'day:%' then ? else ? end) <= now()`,
    [DAY_SECONDS, limits.windowSeconds],
  );
}
