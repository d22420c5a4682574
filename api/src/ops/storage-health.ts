import type { Logger } from 'pino';
import { failureFields, SummarisedLog } from './summarised-log.js';

// A full disk (or quota) under the uploads or the database. Every write fails the same way
// until someone frees space, so requests get a 507 and the condition one log line a second at
// most (as a database outage), never a 500 with a stack per request.

/** errno codes of a full device or quota, and PostgreSQL's disk_full SQLSTATE. */
const OUT_OF_STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);

const LOG_INTERVAL_MS = 1000;

/**
 * True when `error` (or what it wraps: `cause`, AggregateError's `errors`, GraphQL's
 * `originalError`, MikroORM's DriverException which copies the driver's `code`) says a write
 * failed for want of space.
 */
export function isOutOfStorage(error: unknown, depth = 0): boolean {
  if (depth > 5 || error === null || typeof error !== 'object') return false;
  const { code, cause, errors, originalError } = error as { code?: unknown; cause?: unknown; errors?: unknown; originalError?: unknown };
  if (typeof code === 'string' && OUT_OF_STORAGE_CODES.has(code)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isOutOfStorage(inner, depth + 1))) return true;
  return isOutOfStorage(cause, depth + 1) || isOutOfStorage(originalError, depth + 1);
}

export class StorageHealth {
  private readonly fullLog: SummarisedLog;

  constructor(now: () => number = Date.now) {
    this.fullLog = new SummarisedLog(LOG_INTERVAL_MS, now);
  }

  /** A request failed for want of space (it is being answered 507): one warning a second at most, no stack. */
  reportFull(error: unknown, logger: Logger): void {
    this.fullLog.report((notLogged) => logger.warn({ ...failureFields(error), notLogged }, 'out of storage space: answering 507'));
  }
}

/** The process-wide state, written by the error handlers. */
export const storageHealth = new StorageHealth();
