import { ConnectionException } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { failureFields, SummarisedLog } from './summarised-log.js';

// Whether the database is reachable, as seen by this process, and the one place that logs an
// outage. While PostgreSQL is down every request fails the same way; logging each one (with a
// stack) buried the log (156 MB in 45 s), so failures are summarised at most once a second.

/** Node socket errors and PostgreSQL SQLSTATEs that mean "no database right now", not "bad query". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / in recovery
  '53300', // too_many_connections
]);

/** What `pg` and `pg-pool` say when the socket goes away or no connection can be had in time. */
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/i,
];

/**
 * True when `error` (or what it wraps: `cause`, AggregateError's `errors`, GraphQL's
 * `originalError`, MikroORM's DriverException which copies the driver's `code`) says the
 * database could not be reached, as opposed to a query it refused.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || error === null || typeof error !== 'object') return false;
  if (error instanceof ConnectionException) return true;
  const { code, message, cause, errors, originalError } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
    originalError?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1) || isDatabaseUnavailable(originalError, depth + 1);
}

/** How long one reported failure keeps the database counted as unavailable. */
const FAILURE_MEMORY_MS = 1000;
const LOG_INTERVAL_MS = 1000;

/**
 * What a background task (listener, worker) logs about a failure: for an unreachable database one
 * line without a stack (the outage is expected and reported elsewhere), for anything else the
 * error itself.
 */
export function logFieldsOf(error: unknown): Record<string, unknown> {
  if (!isDatabaseUnavailable(error)) return { err: error };
  return failureFields(error);
}

export class DatabaseHealth {
  private postmasterDown = false;
  private lastFailureAt = -Infinity;
  private readonly failureLog: SummarisedLog;
  private outageStartedAt: number | null = null;
  private answered503 = 0;

  constructor(private readonly now: () => number = Date.now) {
    this.failureLog = new SummarisedLog(LOG_INTERVAL_MS, now);
  }

  /**
   * False while the embedded postmaster is being restarted, or within a second of a request
   * failing for want of a database. Callers that can answer without one (a stale page) use it.
   */
  get available(): boolean {
    return !this.postmasterDown && this.now() - this.lastFailureAt >= FAILURE_MEMORY_MS;
  }

  /**
   * A request could not reach the database (it is being answered 503). Logs one warning per
   * second at most, without a stack, counting the failures it did not log.
   */
  reportUnavailable(error: unknown, logger: Logger): void {
    const now = this.now();
    this.lastFailureAt = now;
    this.outageStartedAt ??= now;
    this.answered503 += 1;
    this.failureLog.report((notLogged) => logger.warn({ ...failureFields(error), notLogged }, 'database unavailable: answering 503'));
  }

  /** The supervisor saw the embedded postmaster exit. */
  markPostmasterDown(): void {
    this.postmasterDown = true;
    this.outageStartedAt ??= this.now();
  }

  /** The database answers again (a restart finished, or /readyz got through): ends the outage. */
  markAvailable(logger: Logger): void {
    const started = this.outageStartedAt;
    this.postmasterDown = false;
    this.lastFailureAt = -Infinity;
    this.outageStartedAt = null;
    if (started !== null) {
      logger.info({ downMs: this.now() - started, answered503: this.answered503 }, 'database available again');
    }
    this.answered503 = 0;
    this.failureLog.reset();
  }
}

/** The process-wide state: written by the supervisor and the error handlers, read by anyone. */
export const databaseHealth = new DatabaseHealth();
