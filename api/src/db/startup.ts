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

/** After SIGINT/SIGTERM/SIGHUP, a task gets this long to stop on its own (roll back, remove its files). */
const INTERRUPT_GRACE_MS = 10_000;
const SIGNAL_EXIT_CODES: Record<string, number> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };

/** The reason a command-line task's signal is aborted with: the process was asked to stop. */
export class Interrupted extends Error {
  constructor(readonly signal: NodeJS.Signals) {
    super(`interrupted by ${signal}`);
    this.name = 'Interrupted';
  }
}

/**
 * Runs a command-line task against the migrated database, tears down, and exits: with the
 * task's code, or 1 (and the error's message on stderr) when anything throws. The database this
 * process started is stopped on every way out: the task's end, an error, an uncaught exception,
 * and SIGINT/SIGTERM/SIGHUP, which abort the task's signal (it stops, cleans up, and the process
 * exits 128 + the signal's number); a task that has not stopped INTERRUPT_GRACE_MS later, or a
 * second signal, gets the database stopped under it.
 */
export async function runWithDatabase(
  open: () => Promise<Database>,
  options: StartupOptions,
  task: (orm: MikroORM, signal: AbortSignal) => Promise<number | void>,
): Promise<never> {
  const interrupt = new AbortController();
  const opening = openMigratedDatabase(open, options);
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= opening.then(
      (opened) => opened.close().catch(() => {}),
      () => {},
    ));
  const exit = async (code: number): Promise<never> => {
    await close();
    process.exit(code);
  };
  const signalCode = () => SIGNAL_EXIT_CODES[(interrupt.signal.reason as Interrupted).signal] ?? 1;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupt.signal.aborted) return void exit(signalCode());
    interrupt.abort(new Interrupted(signal));
    setTimeout(() => void exit(signalCode()), INTERRUPT_GRACE_MS);
  };
  const onFatal = (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    void exit(1);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
  process.on('uncaughtException', onFatal);
  process.on('unhandledRejection', onFatal);

  let exitCode: number;
  try {
    const opened = await opening;
    interrupt.signal.throwIfAborted();
    exitCode = (await task(opened.orm, interrupt.signal)) ?? 0;
  } catch (error) {
    if (!(error instanceof Interrupted)) console.error(error instanceof Error ? error.message : error);
    exitCode = 1;
  }
  return exit(interrupt.signal.aborted ? signalCode() : exitCode);
}

/** Waits for `promise` at most `ms`; calls `onTimeout` and moves on when it takes longer. */
export async function within(promise: Promise<unknown>, ms: number, onTimeout: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  const outcome = await Promise.race([promise.then(() => 'done' as const), timedOut]).finally(() => clearTimeout(timer));
  if (outcome === 'timeout') onTimeout();
}
