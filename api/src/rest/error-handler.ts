import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { databaseHealth, isDatabaseUnavailable } from '../ops/database-health.js';
import { isOutOfStorage, storageHealth } from '../ops/storage-health.js';
import { AppError, InsufficientStorage, ServiceUnavailable } from '../shared/errors.js';
import { clientErrorOf, type HttpError } from '../http/client-errors.js';

// The one place REST maps errors to responses. Bodies are JSON and never carry a stack trace.

export function jsonErrorHandler(logger: Logger): ErrorRequestHandler {
  return (raised: HttpError, req, res, _next) => {
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    let error = raised;
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: 503, and one log line a second for all requests (no stack).
      databaseHealth.reportUnavailable(error, logger);
      error = new ServiceUnavailable();
    } else if (isOutOfStorage(error)) {
      // A full disk: 507, and one log line a second for all requests (no stack).
      storageHealth.reportFull(error, logger);
      error = new InsufficientStorage();
    }
    if (error instanceof AppError) {
      res.set(error.headers()).status(error.status).json(error.body());
    } else if (clientErrorOf(error)) {
      // The body parser's and Express's own: bad JSON, too large, a malformed %-escape, ...
      const { status, message } = clientErrorOf(error)!;
      res.status(status).json({ message });
    } else {
      logger.error({ err: error, method: req.method, url: req.originalUrl }, 'request failed');
      res.status(500).json({ message: 'Internal server error' });
    }
  };
}
