import type { EntityManager } from '@mikro-orm/postgresql';

// The addresses each account has signed in from (table sign_in_addresses, so every app instance
// knows them): a correct password from one of them passes the account's failed-attempt lock, so
// guesses from elsewhere cannot lock the owner out (rate-limit.ts). Only a hash of the account id
// and the address is stored; an account keeps its most recent few, each for a limited time.

/** How many addresses an account keeps (the most recently used). */
export const KNOWN_ADDRESSES_PER_ACCOUNT = 10;
/** How long an address stays known after its last successful sign-in. */
export const KNOWN_ADDRESS_DAYS = 90;

/** SQL: the stored hash of an address (parameter) for the account `u`. */
const ADDRESS_HASH = `encode(sha256(convert_to(u.id::text || E'\\n' || ?, 'UTF8')), 'hex')`;

/**
 * Whether the account (by its exact username, as sign-in looks it up, or its id) signed in
 * successfully from this address within the last KNOWN_ADDRESS_DAYS. One query whether or not
 * the account exists.
 */
export async function isKnownAddress(em: EntityManager, account: { username: string } | { userId: string }, ip: string): Promise<boolean> {
  const [column, value] = 'username' in account ? ['u.username', account.username] : ['u.id::text', account.userId];
  const rows = await em.getConnection().execute<unknown[]>(
    `select 1 from users u join sign_in_addresses a on a.user_id = u.id
      where ${column} = ? and a.address_hash = ${ADDRESS_HASH}
        and a.last_signed_in_at > now() - make_interval(days => ?)`,
    [value, ip, KNOWN_ADDRESS_DAYS],
  );
  return rows.length > 0;
}

/** After a successful sign-in: the address is known (again) from now on; the oldest and expired ones go. */
export async function rememberAddress(em: EntityManager, userId: string, ip: string): Promise<void> {
  await em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    await connection.execute(
      `insert into sign_in_addresses (user_id, address_hash, last_signed_in_at)
       select u.id, ${ADDRESS_HASH}, clock_timestamp() from users u where u.id = ?
       on conflict (user_id, address_hash) do update set last_signed_in_at = excluded.last_signed_in_at`,
      [ip, userId],
      'run',
      context,
    );
    await connection.execute(
      `delete from sign_in_addresses
        where user_id = ?
          and (last_signed_in_at <= now() - make_interval(days => ?)
               or address_hash not in (select address_hash from sign_in_addresses where user_id = ?
                                        order by last_signed_in_at desc, address_hash limit ?))`,
      [userId, KNOWN_ADDRESS_DAYS, userId, KNOWN_ADDRESSES_PER_ACCOUNT],
      'run',
      context,
    );
  });
}
