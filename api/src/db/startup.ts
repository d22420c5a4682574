import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Database } from './database.js';
import { migrate, openOrm } from './orm.js';

// The start-up sequence every entry point shares (server, admin CLI, demo seed, migration
// generator): open the database, open the ORM, migrate (under the migration lock), then the
// caller's preparation; and the one teardown, in reverse order, that never hangs on a dead
// database.

/** Each teardown step gets this long; a dead database must not keep the process alive. */
const CLOSE_STEP_MS = 5000;

export interface OpenedDatabase {
  database: Database;
  orm: MikroORM;
  /** Migrations this start applied. */
  applied: string[];
  /** Closes the ORM's pool, then stops the embedded server this process started. */
  close(): Promise<void>;
}

export interface StartupOptions {
  logger: Logger;
  /** Runs after the migrations under the same lock (first-start content, first admin). */
  prepare?(orm: MikroORM): Promise<void>;
}

export async function openMigratedDatabase(
  open: () => Promise<Database>,
  { logger, prepare }: StartupOptions,
): Promise<OpenedDatabase> {
  const database = await open();
  let orm: MikroORM | undefined;
  const close = async () => {
    if (orm) await within(orm.close(), CLOSE_STEP_MS, () => logger.warn('closing the database pool timed out'));
    await database.stop();
  };
  try {
    orm = await openOrm(database.url, logger);
    const opened = orm;
    const applied = await migrate(opened, prepare && (() => prepare(opened)));
    if (applied.length > 0) logger.info({ migrations: applied }, 'applied migrations');
    return { database, orm: opened, applied, close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

/**
 * Runs a command-line task against the migrated database, tears down, and exits: with the
 * task's code, or 1 (and the error's message on stderr) when anything throws.
 */
export async function runWithDatabase(
  open: () => Promise<Database>,
  options: StartupOptions,
  task: (orm: MikroORM) => Promise<number | void>,
): Promise<never> {
  let exitCode: number;
  let opened: OpenedDatabase | undefined;
  try {
    opened = await openMigratedDatabase(open, options);
    exitCode = (await task(opened.orm)) ?? 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    exitCode = 1;
  } finally {
    await opened?.close().catch(() => {});
  }
  process.exit(exitCode);
}

/** Waits for `promise` at most `ms`; calls `onTimeout` and moves on when it takes longer. */
export async function within(promise: Promise<unknown>, ms: number, onTimeout: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  const outcome = await Promise.race([promise.then(() => 'done' as const), timedOut]).finally(() => clearTimeout(timer));
  if (outcome === 'timeout') onTimeout();
}
