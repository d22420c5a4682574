import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { persistentSecret } from '../shared/secrets.js';
import { runningEmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres.js';

export interface Database {
  url: string;
  /** Stops the embedded server this process started; a no-op otherwise. */
  stop(): Promise<void>;
}

/**
 * The database to use: DATABASE_URL when set; otherwise the embedded server of DATA_DIR,
 * joining it when another process of the app already runs it, starting it when not.
 */
export async function openDatabase(config: Config, logger: Logger): Promise<Database> {
  const noop = async () => {};
  if (config.databaseUrl) return { url: config.databaseUrl, stop: noop };
  const directory = path.join(config.dataDir, 'pg');
  const password = persistentSecret(config.dataDir, 'postgresPassword');
  const running = runningEmbeddedPostgres(directory, password);
  if (running) {
    logger.info('using the embedded PostgreSQL already running for this DATA_DIR');
    return { url: running, stop: noop };
  }
  return startEmbeddedPostgres({ directory, password, logger });
}
