import { defineConfig, MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Logger } from 'pino';
import { applyContentTriggers } from './content-triggers.js';
import { contentTables, entities } from './entities.js';
import { migrationsList } from './migrations/index.js';

export function ormOptions(clientUrl: string, logger: Logger): Options {
  const log = logger.child({ component: 'orm' });
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    // Migrations are listed in code (not discovered on disk), so src (tsx, jest) and dist behave alike.
    migrations: { migrationsList, snapshot: false, silent: true, transactional: true, allOrNothing: true },
    ensureDatabase: false,
    allowGlobalContext: false,
    debug: false,
    logger: (message) => log.debug(message),
    pool: { max: 10 },
    // A database host that does not answer fails a request within seconds (a 503), not minutes.
    driverOptions: { connectionTimeoutMillis: 5000 },
  });
}

export function openOrm(clientUrl: string, logger: Logger): Promise<MikroORM> {
  return MikroORM.init(ormOptions(clientUrl, logger));
}

/** Fixed key of the session-level advisory lock taken around migrations (any int8; "cnsltmig"). */
export const MIGRATION_LOCK_KEY = 0x636e736c746d6967n;

/**
 * Applies the committed migrations that have not run yet, (re)creates the content tables'
 * triggers, then `afterwards` (first-start content), all under a PostgreSQL advisory lock, so
 * instances starting together against one database migrate and seed once: the others wait, then
 * find nothing left to do. Returns the names of the migrations this call applied.
 */
export async function migrate(orm: MikroORM, afterwards?: () => Promise<void>): Promise<string[]> {
  const pool = await orm.em.getConnection().getNativeClient();
  const client = await pool.connect();
  let released = false;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    const applied = await orm.migrator.up();
    // Every content table's revision and webhook triggers, from the registry (content-triggers.ts).
    await applyContentTriggers(orm.em.fork(), contentTables);
    await afterwards?.();
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    return applied.map((m) => m.name);
  } catch (error) {
    // Destroying the connection ends its session, which releases the lock whatever happened.
    client.release(true);
    released = true;
    throw error;
  } finally {
    if (!released) client.release();
  }
}
