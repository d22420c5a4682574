import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { persistentSecret } from '../shared/secrets.js';
import { joinEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';

export interface Database {
  url: string;
  /** The embedded server when there is one (the server supervises it); undefined with DATABASE_URL. */
  embedded?: EmbeddedPostgres;
  /** Stops the embedded server this process started; a no-op otherwise. Never hangs. */
  stop(): Promise<void>;
}

/**
 * The database to use: DATABASE_URL when set; otherwise the embedded server of DATA_DIR,
 * joining it when another process of the app already runs it, starting it when not.
 */
export async function openDatabase(config: Config, logger: Logger): Promise<Database> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  const options = {
    directory: path.join(config.dataDir, 'pg'),
    password: persistentSecret(config.dataDir, 'postgresPassword'),
    logger,
  };
  const joined = joinEmbeddedPostgres(options);
  if (joined) {
    logger.info('using the embedded PostgreSQL already running for this DATA_DIR');
    return { url: joined.url, embedded: joined, stop: () => joined.stop() };
  }
  const started = await startEmbeddedPostgres(options);
  return { url: started.url, embedded: started, stop: () => started.stop() };
}

/** A throwaway embedded server in a temporary directory, deleted when stopped (migration generator). */
export async function openScratchDatabase(logger: Logger): Promise<Database> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'scratch-pg-'));
  try {
    const started = await startEmbeddedPostgres({ directory: path.join(directory, 'pg'), password: 'scratch', logger, persistent: false });
    return {
      url: started.url,
      embedded: started,
      async stop() {
        await started.stop();
        fs.rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}
