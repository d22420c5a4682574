import { defineConfig, MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Logger } from 'pino';
import { entities } from './entities.js';
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
  });
}

export function openOrm(clientUrl: string, logger: Logger): Promise<MikroORM> {
  return MikroORM.init(ormOptions(clientUrl, logger));
}

/** Applies the committed migrations that have not run yet; returns their names. */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}
